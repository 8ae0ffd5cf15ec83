// Self-friend detection (manual §9.6): is an account_friends row the signed-in user? By id or link
// in every context; by an equal name only when there is no authenticated session.
// Normative: specs/profiles/payback/members.md §"Self-friend detection".

import CoreWire

public enum PayBackSelfFriend {
    /// `identity` when the row's member_id or linked_member_id is the account's (isMe); else, with no
    /// session, `name` when the normalized names are equal; else nil.
    package static func detect(
        session: Bool, account: PayBackAccount, accountName: String?, friend: JSONValue
    ) throws(CloserError) -> String? {
        let row = try PayBackFields(friend, "friend")
        guard let member = try row.member("member_id") else {
            throw PayBackFields.bad("friend.member_id", "is missing")
        }
        let linked = try row.member("linked_member_id")
        if account.isMe(member) || linked.map(account.isMe) == true { return "identity" }
        let name = PayBackDirectFriend.normalizeName(try row.string("name"))
        guard !session, let name, name == PayBackDirectFriend.normalizeName(accountName) else { return nil }
        return "name"
    }
}
