// Harness ops of PayBack's member id contracts: declarations (rows of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handlers. Normative:
// specs/profiles/payback/members.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackAuthorizeMemberIdUpdate = Self(
        "payback.authorizeMemberIdUpdate", family: "payback",
        fields: [
            .required("caller", "`{email}` from auth, or null: no session"),
            .required("account", "the caller's stored `accounts` document `{email, member_id?}`"),
            .required("memberId", "the member id requested"),
            .required("usedMemberIds", "[id], the member ids already in use"),
        ],
        output: [.required("action", "`bootstrap`"), .required("memberId", "the id written, canonical")],
        layer: .contract)
    static let payBackIsSelfFriend = Self(
        "payback.isSelfFriend", family: "payback",
        fields: [
            .required("session", "bool: an authenticated session (false: no session, local)"),
            .required("account", "`{id, linkedMemberId: id or null, equivalentMemberIds: [id]}`, as payback.isMe's"),
            .required("accountName", "the user's name, string or null"),
            .required("friend", "an `account_friends` row `{member_id, linked_member_id?, name?}`"),
        ],
        output: [.required("isSelf", "bool"), .required("matchedBy", "`identity`, `name` or null")],
        layer: .contract)
    static let payBackVisibleLinkedAccounts = Self(
        "payback.visibleLinkedAccounts", family: "payback",
        fields: [
            .required(
                "surface",
                "the caller's visible ids `{selfIds, groupMemberIds, friendMemberIds, linkedFriendIds}`, each [id]"),
            .required("accounts", "the stored `accounts` documents `[{id, email, member_id, alias_member_ids}]`"),
            .required("memberIds", "[id], the member ids requested, in order"),
        ],
        output: [.required("accounts", "`[{memberId, accountId, email}]`: the visible ones, request order")],
        layer: .contract)
}

extension PayBackOps {
    static let members: [HarnessOp] = [
        HarnessOp(.payBackAuthorizeMemberIdUpdate) { r throws(CloserError) in
            let id = try PayBackMemberIDUpdate.authorize(
                caller: try r.json("caller"), account: try r.json("account"), memberID: try r.json("memberId"),
                used: try list(r.json("usedMemberIds"), "usedMemberIds"))
            return ["action": .string("bootstrap"), "memberId": .string(id.canonical)]
        },
        HarnessOp(.payBackIsSelfFriend) { r throws(CloserError) in
            guard case .bool(let session) = try r.json("session") else { throw malformed("session", "a bool") }
            let name = try r.json("accountName")
            guard name == .null || name.stringValue != nil else { throw malformed("accountName", "a string or null") }
            let by = try PayBackSelfFriend.detect(
                session: session, account: try account(r.json("account")), accountName: name.stringValue,
                friend: try r.json("friend"))
            return ["isSelf": .bool(by != nil), "matchedBy": by.map(JSONValue.string) ?? .null]
        },
        HarnessOp(.payBackVisibleLinkedAccounts) { r throws(CloserError) in
            let surface = try r.json("surface")
            var visible: Set<PayBackMemberID> = []
            for key in ["selfIds", "groupMemberIds", "friendMemberIds", "linkedFriendIds"] {
                visible.formUnion(try memberIDs(surface[key], "surface.\(key)"))
            }
            let found = try PayBackLinkedAccounts.resolve(
                visible: visible, accounts: try list(r.json("accounts"), "accounts"),
                requested: try memberIDs(r.json("memberIds"), "memberIds"))
            return [
                "accounts": .array(
                    found.map {
                        .object([
                            "memberId": .string($0.memberID.canonical), "accountId": .string($0.accountID),
                            "email": $0.email.map(JSONValue.string) ?? .null,
                        ])
                    })
            ]
        },
    ]
}
