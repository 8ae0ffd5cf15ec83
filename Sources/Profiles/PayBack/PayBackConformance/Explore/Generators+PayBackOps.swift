// The PayBack ops' generators, built from the values of Generators+PayBack.swift: identity
// (`isMe`, `areSamePerson`, `normalizeEmail`), splits and balances, expense validation, and the
// account_friends / accounts mappings. `payback.remapImport` is not generated (explore.md).
// Normative: specs/explore.md §"Generators", specs/profiles/payback/.

import CloserHarness
import CoreWire

extension ExploreRandom {
    /// An `account_friends` row (mapping.md): every member present, absent, null or retyped.
    func accountFriendRow() -> JSONValue {
        var row: [String: JSONValue] = [:]
        row["member_id"] = retyped(.string(memberID()), 4)
        row["name"] = retyped(.string(text(max: 12, long: false)), 4)
        if chance(60) { row["has_linked_account"] = retyped(.bool(chance(50))) }
        if chance(60) {
            row["linked_account_id"] = retyped(.string(pick(["", "user_2bob", text(max: 6, long: false)])))
        }
        if chance(60) { row["linked_account_email"] = retyped(.string(spacedText())) }
        if chance(60) { row["linked_member_id"] = retyped(.string(memberID())) }
        if chance(70) { row["alias_member_ids"] = retyped(.array((0..<below(5)).map { _ in .string(memberID()) })) }
        if chance(30) { row["_id"] = .string("jd7f3k9q2w8x1m4n6p0r5t7v9y2b4c6e") }
        if chance(30) { row["_creationTime"] = .number(1_760_000_000_000) }
        return chance(2) ? .array([]) : .object(row)
    }

    /// An `AccountFriend` (camelCase, mapping.md §"Sending a row").
    func accountFriend() -> JSONValue {
        var f: [String: JSONValue] = [:]
        f["memberId"] = retyped(.string(memberID()), 4)
        f["name"] = retyped(.string(text(max: 12, long: false)), 4)
        f["hasLinkedAccount"] = retyped(.bool(chance(50)))
        f["linkedAccountId"] = retyped(
            chance(30) ? .null : .string(pick(["", "user_2bob", text(max: 6, long: false)])))
        f["linkedAccountEmail"] = retyped(chance(30) ? .null : .string(spacedText()))
        f["linkedMemberId"] = retyped(chance(30) ? .null : .string(memberID()))
        f["aliasMemberIds"] = retyped(.array((0..<below(5)).map { _ in .string(memberID()) }))
        return .object(f)
    }

    /// An `accounts` document (mapping.md §accounts): auth id, e-mail, member id, aliases.
    func accountsDocument() -> JSONValue {
        var d: [String: JSONValue] = [:]
        if chance(90) {
            d["id"] = retyped(
                .string(chance(80) ? "user_" + Hex.encode(bytes(3)) : pick(["", text(max: 8, long: false)])), 5)
        }
        if chance(50) { d["_id"] = .string("jd7f3k9q2w8x1m4n6p0r5t7v9y2b4c6e") }
        if chance(70) { d["email"] = retyped(.string(spacedText())) }
        if chance(70) { d["member_id"] = retyped(.string(memberID())) }
        if chance(70) { d["alias_member_ids"] = retyped(.array((0..<below(5)).map { _ in .string(memberID()) })) }
        return .object(d)
    }
}

extension ExploreGenerator {
    /// PayBack's generators (PayBackConformance.profile's explore group).
    package static var payBack: [ExploreGenerator] {
        [
            ExploreGenerator(.payBackIsMe, byteExact: false) { r, _ in
                GeneratedInput(["account": r.paybackAccount(), "memberId": .string(r.memberID(mutate: 5))])
            },
            ExploreGenerator(.payBackAreSamePerson, byteExact: false) { r, _ in
                let friends: [JSONValue] = (0..<r.below(5)).map { _ in
                    var f: [String: JSONValue] = ["memberId": .string(r.memberID())]
                    f["aliasMemberIds"] = r.retyped(.array((0..<r.below(4)).map { _ in .string(r.memberID()) }), 3)
                    return .object(f)
                }
                return GeneratedInput([
                    "friends": .array(friends), "a": .string(r.memberID()), "b": .string(r.memberID()),
                ])
            },
            ExploreGenerator(.payBackNormalizeEmail, byteExact: false) { r, _ in
                GeneratedInput(["email": r.chance(90) ? .string(r.spacedText()) : r.pick([.null, .number(1)])])
            },
            ExploreGenerator(.payBackSplitExpense, byteExact: false) { r, _ in GeneratedInput(r.split()) },
            ExploreGenerator(.payBackNetBalance, byteExact: false, paybackNetBalance),
            ExploreGenerator(.payBackValidateExpense, byteExact: false) { r, _ in
                var input = r.split()
                input["description"] = .string(r.spacedText())
                return GeneratedInput(input)
            },
            ExploreGenerator(.payBackDecodeAccountFriend, byteExact: false) { r, _ in
                GeneratedInput(["row": r.accountFriendRow()])
            },
            ExploreGenerator(.payBackEncodeAccountFriend, byteExact: false) { r, _ in
                GeneratedInput(["friend": r.accountFriend()])
            },
            ExploreGenerator(.payBackLinkAccountFriend, byteExact: false) { r, _ in
                GeneratedInput(["row": r.accountFriendRow(), "account": r.accountsDocument()])
            },
            ExploreGenerator(.payBackDecodeUserAccount, byteExact: false) { r, _ in
                GeneratedInput(["document": r.accountsDocument()])
            },
        ]
    }

    @Sendable static func paybackNetBalance(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        let friend: JSONValue = .object([
            "memberId": .string(r.memberID()),
            "accountFriendMemberId": r.chance(40) ? .null : .string(r.memberID()),
        ])
        let expenses: [JSONValue] = (0..<r.pick([0, 1, 2, 3, 4])).map { _ in
            var e = r.split()
            e["paidBy"] = .string(r.memberID())
            return .object(e)
        }
        return GeneratedInput(["account": r.paybackAccount(), "friend": friend, "expenses": .array(expenses)])
    }
}
