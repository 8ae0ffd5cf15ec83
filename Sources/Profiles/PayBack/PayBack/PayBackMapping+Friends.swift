// `account_friends` rows ↔ `AccountFriend`, and linking a row to an account. Normative:
// specs/profiles/payback/mapping.md §account_friends, §Linking.

import CoreWire

extension PayBackMapping {
    /// A backend row as the app decodes it, fields read in the order of mapping.md's table; the
    /// linked member id is an alias when `alias_member_ids` does not list it (§7.6 sync rule 2).
    public static func friend(fromRow row: JSONValue) throws(CloserError) -> PayBackAccountFriend {
        let f = try PayBackFields(row, "row")
        guard let member = try f.member("member_id") else { throw PayBackFields.bad("row.member_id", "is missing") }
        guard let name = try f.string("name") else { throw PayBackFields.bad("row.name", "is missing") }
        let has = try f.bool("has_linked_account") ?? false
        let accountID = try f.nonEmpty("linked_account_id")
        let email = PayBackIdentity.normalizeEmail(try f.string("linked_account_email"))
        let linked = try f.member("linked_member_id")
        let aliases = unique(try f.members("alias_member_ids") + (linked.map { [$0] } ?? []), besides: member)
        return PayBackAccountFriend(
            memberID: member, name: name, hasLinkedAccount: has, linkedAccountID: accountID,
            linkedAccountEmail: email, linkedMemberID: linked, aliasMemberIDs: aliases)
    }

    /// The row the app sends: absent values are left out (never `null`: Convex's `v.optional`
    /// refuses it), the email normalized again before the send (§8.10).
    public static func row(of friend: PayBackAccountFriend) -> JSONValue {
        var o: [String: JSONValue] = [
            "member_id": .string(friend.memberID.canonical), "name": .string(friend.name),
            "has_linked_account": .bool(friend.hasLinkedAccount), "alias_member_ids": ids(friend.aliasMemberIDs),
        ]
        if let id = friend.linkedAccountID, !id.isEmpty { o["linked_account_id"] = .string(id) }
        if let email = PayBackIdentity.normalizeEmail(friend.linkedAccountEmail) {
            o["linked_account_email"] = .string(email)
        }
        if let linked = friend.linkedMemberID { o["linked_member_id"] = .string(linked.canonical) }
        return .object(o)
    }

    /// The app's model as JSON (`AccountFriend`'s camelCase names; absent is `null`).
    package static func clientJSON(_ friend: PayBackAccountFriend) -> JSONValue {
        .object([
            "memberId": .string(friend.memberID.canonical), "name": .string(friend.name),
            "hasLinkedAccount": .bool(friend.hasLinkedAccount),
            "linkedAccountId": friend.linkedAccountID.map(JSONValue.string) ?? .null,
            "linkedAccountEmail": friend.linkedAccountEmail.map(JSONValue.string) ?? .null,
            "linkedMemberId": friend.linkedMemberID.map { .string($0.canonical) } ?? .null,
            "aliasMemberIds": ids(friend.aliasMemberIDs),
        ])
    }

    /// The app's model from its JSON (the inverse of `clientJSON`, same order of checks).
    package static func friend(fromClient json: JSONValue) throws(CloserError) -> PayBackAccountFriend {
        let f = try PayBackFields(json, "friend")
        guard let member = try f.member("memberId") else { throw PayBackFields.bad("friend.memberId", "is missing") }
        guard let name = try f.string("name") else { throw PayBackFields.bad("friend.name", "is missing") }
        return PayBackAccountFriend(
            memberID: member, name: name, hasLinkedAccount: try f.bool("hasLinkedAccount") ?? false,
            linkedAccountID: try f.nonEmpty("linkedAccountId"), linkedAccountEmail: try f.string("linkedAccountEmail"),
            linkedMemberID: try f.member("linkedMemberId"), aliasMemberIDs: try f.members("aliasMemberIds"))
    }

    /// A friend row linked to an account (§7.5 step 4, §7.6 enrichment, §8.3): `linked_account_id` is
    /// the account's auth id (`id`), never its Convex document id (`_id`).
    package static func link(row: JSONValue, account: JSONValue) throws(CloserError) -> JSONValue {
        var friend = try friend(fromRow: row)
        let a = try PayBackFields(account, "account")
        guard let authID = try a.nonEmpty("id") else {
            throw CloserError(.payBackMissingAuthID, "the linked account has no auth id (its Convex _id is not one)")
        }
        let member = try a.member("member_id")
        friend.hasLinkedAccount = true
        friend.linkedAccountID = authID
        friend.linkedAccountEmail = PayBackIdentity.normalizeEmail(try a.string("email"))
        friend.linkedMemberID = member
        friend.aliasMemberIDs = unique(
            friend.aliasMemberIDs + (try a.members("alias_member_ids")) + (member.map { [$0] } ?? []),
            besides: friend.memberID)
        return PayBackMapping.row(of: friend)
    }
}
