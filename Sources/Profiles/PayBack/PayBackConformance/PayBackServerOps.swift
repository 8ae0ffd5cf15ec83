// Harness ops of PayBack's server contracts: declarations (rows of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handlers. Normative:
// specs/profiles/payback/server.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackAuthorizeMutation = Self(
        "payback.authorizeMutation", family: "payback",
        fields: [
            .required("mutation", "one of the five §8.1 names"),
            .required("caller", "`{email}` from auth, or null: no session"),
            .required("payload", "the mutation's arguments as sent"),
        ],
        output: [
            .required("accountEmail", "the caller's, normalized"),
            .required("args", "the required member ids, canonical"),
        ],
        layer: .contract)
    static let payBackConfirmDirectFriend = Self(
        "payback.confirmDirectFriend", family: "payback",
        fields: [
            .required(
                "friends",
                "the caller's `account_friends` rows `[{member_id, name, linked_member_id, linked_account_id, linked_account_email}]`"
            ),
            .required("memberAliases", "`member_aliases` rows `[{canonical_member_id, alias_member_id}]`"),
            .required("accounts", "`accounts` documents `[{id, email, member_id, alias_member_ids}]`"),
            .required("memberId", "the direct group's other member"),
            .required("memberName", "string or null"),
        ],
        output: [.required("friendMemberId"), .required("matchedBy", "`identity` or `name`")],
        layer: .contract)
}

extension PayBackOps {
    static let server: [HarnessOp] = [
        HarnessOp(.payBackAuthorizeMutation) { r throws(CloserError) in
            let out = try PayBackMutationAuth.authorize(
                mutation: try r.string("mutation"), caller: try r.json("caller"), payload: try r.json("payload"))
            return ["accountEmail": .string(out.accountEmail), "args": .object(out.args)]
        },
        HarnessOp(.payBackConfirmDirectFriend) { r throws(CloserError) in
            let name = try r.json("memberName")
            guard name == .null || name.stringValue != nil else { throw malformed("memberName", "a string or null") }
            let out = try PayBackDirectFriend.confirm(
                memberID: try memberID(try r.json("memberId"), "memberId"), memberName: name.stringValue,
                friends: try list(r.json("friends"), "friends"),
                aliases: try list(r.json("memberAliases"), "memberAliases"),
                accounts: try list(r.json("accounts"), "accounts"))
            return ["friendMemberId": .string(out.friend.canonical), "matchedBy": .string(out.matchedBy)]
        },
    ]

    static func list(_ v: JSONValue, _ name: String) throws(CloserError) -> [JSONValue] {
        guard case .array(let items) = v else { throw malformed(name, "an array") }
        return items
    }
}
