// The payback_server suite: the Convex contracts of manual §8.1/§8.4 (the caller from auth, the
// payload keys) and §7.7/§8.8 (direct-expense friend confirmation by identity, then a unique name).
// Normative: specs/profiles/payback/server.md.

import CloserHarness
import CloserVectorModel
import CoreWire

enum PayBackServerSuite {
    static let name = "payback_server"

    static let valid = VectorFlag("Valid", .basic, .contract, "The contract as server.md pins it.")
    static let authFlag = VectorFlag(
        "CallerFromAuth", .missingStep, .contract,
        "The account comes from auth; a client accountEmail is legacy, checked, never trusted (§8.1).")
    static let keys = VectorFlag(
        "PayloadKeys", .wrongParameters, .contract, "The payload keys §8.4 requires, named exactly.")
    static let identity = VectorFlag(
        "IdentityMatch", .missingStep, .contract,
        "A friend is matched over member_id, linked_member_id, the linked account's ids and the alias closure (§8.8).")
    static let nameFallback = VectorFlag(
        "NameFallback", .edgeCase, .contract, "The legacy fallback: one unique normalized friend name (§7.7 item 4).")
    static let refused = VectorFlag(
        "Refused", .wrongParameters, .contract, "Input the page refuses gets its named error.")
    static let order = VectorFlag(
        "CheckOrder", .edgeCase, .contract, "With two faults, the earlier check names the error.")

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "payback-server-contracts",
            header: [
                "PayBack's Convex contracts (specs/profiles/payback/server.md): payback.authorizeMutation derives the",
                "account from auth and checks the §8.4 payload keys; payback.confirmDirectFriend confirms a direct",
                "expense's other member by identity over account_friends, member_aliases and accounts, then by name;",
                "payback.authorizeGroupUpsert and payback.planGroupDelete (groups.md) the group upsert's ownership and",
                "the group delete cascade; payback.planHardDelete (deletion.md) the hard-delete cascade;",
                "payback.authorizeMemberIdUpdate (members.md) users:updateLinkedMemberId's bootstrap-only check;",
                "payback.isSelfFriend (members.md) self-friend detection, by name only without a session;",
                "payback.visibleLinkedAccounts (members.md) linked account metadata for the caller's visible ids only.",
            ],
            groups: [
                VectorGroup("PayBackAuthorizeMutation", comment: "§8.1, §8.4", cases: authorizeCases()),
                VectorGroup("PayBackConfirmDirectFriend", comment: "§7.7, §8.8", cases: confirmCases()),
                VectorGroup("PayBackGroupUpsert", comment: "§9.1", cases: upsertCases()),
                VectorGroup("PayBackGroupDeleteCascade", comment: "§9.2", cases: deleteCases()),
                VectorGroup("PayBackHardDeleteCascade", comment: "§7.1", cases: hardDeleteCases()),
                VectorGroup("PayBackMemberIdUpdate", comment: "§9.3", cases: memberCases()),
                VectorGroup("PayBackSelfFriend", comment: "§9.6", cases: selfFriendCases()),
                VectorGroup("PayBackVisibleLinkedAccounts", comment: "§9.4", cases: linkedAccountCases()),
            ])
    }

    static func authorize(
        _ comment: String, _ flags: [VectorFlag], _ mutation: String, caller: String?, _ payload: [String: JSONValue]
    ) -> VectorCase {
        let who: JSONValue = caller.map { .object(["email": .string($0)]) } ?? .null
        return PayBackCase.run(
            .payBackAuthorizeMutation, comment, flags,
            [("mutation", .string(mutation)), ("caller", who), ("payload", .object(payload))])
    }

    static func confirm(
        _ comment: String, _ flags: [VectorFlag], _ member: String, name: String? = nil, friends: [JSONValue],
        aliases: [(String, String)] = [], accounts: [JSONValue] = []
    ) -> VectorCase {
        PayBackCase.run(
            .payBackConfirmDirectFriend, comment, flags,
            [
                ("friends", .array(friends)),
                (
                    "memberAliases",
                    .array(
                        aliases.map {
                            .object(["canonical_member_id": .string($0.0), "alias_member_id": .string($0.1)])
                        })
                ),
                ("accounts", .array(accounts)), ("memberId", .string(member)),
                ("memberName", name.map(JSONValue.string) ?? .null),
            ])
    }

    static func row(_ member: String, _ name: String, _ extra: [String: String] = [:]) -> JSONValue {
        var o: [String: JSONValue] = ["member_id": .string(member), "name": .string(name)]
        for (k, v) in extra { o[k] = .string(v) }
        return .object(o)
    }

    static func account(_ id: String, _ email: String, _ member: String, _ aliases: [String] = []) -> JSONValue {
        .object([
            "id": .string(id), "email": .string(email), "member_id": .string(member),
            "alias_member_ids": .array(aliases.map(JSONValue.string)),
        ])
    }
}
