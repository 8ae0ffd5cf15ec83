// Generators of the Reward-E profile's contract ops (specs/profiles/reward-e/): invite codes as
// typed (every letter case, the alphabet's missing I, O, 0, 1, spaces, other lengths), deep links
// and child ids (1 and 128 characters, `-` and `_`, other schemes and hosts, case, path and query
// additions), balances and versions at every Int32 bound, and the quotas' caps and rolling windows
// at their edges. Normative: specs/explore.md §"Generators".

import CloserHarness
import CoreWire

extension ExploreRandom {
    /// A Reward-E child id (1–128 of `[A-Za-z0-9_-]`), or (`mutate`%) one deep-link.md refuses.
    func childID(mutate: Int = 8) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let n = chance(70) ? 20 : pick([1, 2, 36, 127, 128])
        let id = String((0..<n).map { _ in pick(alphabet) })
        guard chance(mutate) else { return id }
        return pick(["", "a/b", "a b", "é", String(repeating: "a", count: 129), id + "?x=1", id + "/", "a.b", "%41"])
    }

    /// An Int32-bounded integer near the edges: 0, 1, 2^31 − 1 and just past them, or small.
    func int32Edge() -> Double {
        chance(60)
            ? Double(below(1000)) : pick([0, 1, -1, 2_147_483_646, 2_147_483_647, 2_147_483_648, 4_294_967_296, 0.5])
    }
}

extension ExploreGenerator {
    /// Reward-E's generators (RewardEConformance.profile's explore group).
    package static var rewardE: [ExploreGenerator] {
        [
            ExploreGenerator(.rewardEInviteCode, byteExact: false) { r, _ in
                let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
                var code = String((0..<6).map { _ in r.pick(alphabet) })
                if r.chance(30) { code = code.lowercased() }
                guard r.chance(30) else { return GeneratedInput(["typed": .string(code)]) }
                let bad = r.pick([
                    String(code.dropLast()), code + "A", " " + code, code + " ",
                    String(code.dropLast()) + r.pick(["I", "O", "0", "1", "i", "o"]),
                    String(code.dropLast()) + r.pick(["é", "Ａ", "-", "ß", "ı"]), "",
                    code.prefix(3) + "-" + code.dropFirst(3),
                ])
                return GeneratedInput(["typed": .string(bad)], "contract: typed code")
            },
            ExploreGenerator(.rewardEFormatDeepLink, byteExact: false) { r, _ in
                GeneratedInput(["childId": .string(r.childID())])
            },
            ExploreGenerator(.rewardEParseDeepLink, byteExact: false) { r, _ in
                let id = r.childID(mutate: 5)
                var url = "reward-e://child/" + id
                guard r.chance(40) else { return GeneratedInput(["url": .string(url)]) }
                url = r.pick([
                    url.uppercased(), "REWARD-E://Child/" + id, "reward-e://goal/" + id, "rewarde://child/" + id,
                    "reward-e:/child/" + id, "reward-e://child//" + id, url + "/", url + "?a=b", url + "#x", " " + url,
                    "https://child/" + id, "reward-e://child/", "reward-e://child", "reward-e://CHILD/" + id,
                ])
                return GeneratedInput(["url": .string(url)], "contract: url")
            },
            ExploreGenerator(.rewardEBalance, byteExact: false) { r, _ in
                let txs: [JSONValue] = (0..<r.pick([0, 1, 2, 3, 5])).map { _ in
                    var t: [String: JSONValue] = [
                        "type": .string(r.chance(95) ? r.pick(["earn", "spend"]) : r.pick(["bonus", "Earn", ""])),
                        "amount": .number(r.int32Edge()),
                    ]
                    if r.chance(3) { t["amount"] = r.pick([nil, .null, .string("5")]) }
                    return .object(t)
                }
                return GeneratedInput(["balance": .number(r.int32Edge()), "transactions": .array(txs)])
            },
            ExploreGenerator(.rewardEFamilyWrite, byteExact: false) { r, _ in
                var input: [String: JSONValue] = [:]
                let stored = r.int32Edge()
                if r.chance(85) { input["version"] = .number(stored) }
                if r.chance(70) { input["lastModifiedBy"] = .string(r.pick(["parent-a", "parent-b", ""])) }
                input["baseVersion"] = .number(r.chance(60) ? (r.chance(85) ? stored : 0) : r.int32Edge())
                input["userId"] = .string(r.pick(["parent-a", "parent-b", r.id()]))
                return GeneratedInput(input)
            },
            ExploreGenerator(.rewardEQuota, byteExact: false, rewardEQuota),
        ]
    }

    @Sendable static func rewardEQuota(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        let quota =
            r.chance(95)
            ? r.pick(["familiesPerUserPerDay", "transactionsPerChildPerHour", "childrenPerFamily", "goalsPerChild"])
            : r.pick(["FamiliesPerUserPerDay", "goals", ""])
        guard quota.hasSuffix("Hour") || quota.hasSuffix("Day") else {
            let count = r.chance(70) ? r.pick([0, 19, 20, 21, 49, 50, 51]) : r.pick([-1, r.below(100)])
            return GeneratedInput(["quota": .string(quota), "count": .number(Double(count))])
        }
        let window = quota.hasSuffix("Day") ? 86_400_000 : 3_600_000
        let limit = quota.hasSuffix("Day") ? 5 : 100
        let at = 1_764_201_600_000 + r.below(1_000_000_000)
        let n = r.pick([0, limit - 1, limit, limit + 1, r.below(limit + 3)])
        let recent: [JSONValue] = (0..<n).map { _ in
            let back = r.chance(20) ? r.pick([window, window - 1, window + 1, 0, -1]) : r.below(window + window / 4)
            return .number(Double(at - back))
        }
        return GeneratedInput(["quota": .string(quota), "recent": .array(recent), "at": .number(Double(at))])
    }
}
