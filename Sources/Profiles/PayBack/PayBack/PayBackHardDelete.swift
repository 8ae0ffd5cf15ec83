// The hard-delete cascade of the deletion protocol (manual §7.1): the user's accounts record, then
// every account_friends row the user owns, then every other user's row linked to the user through
// the three link indexes (by_linked_account_id, by_linked_account_email, by_linked_member_id).
// Normative: specs/profiles/payback/deletion.md.

import CoreWire

public enum PayBackHardDelete {
    /// The link indexes, in the manual's order; a cascaded row names the first that finds it.
    public static let linkIndexes = ["by_linked_account_id", "by_linked_account_email", "by_linked_member_id"]

    /// One step: `deleteAccount` (the auth id), `deleteOwnedFriend` or `deleteLinkedFriend` (a row's
    /// `_id`; `via`, the index that found a linked row).
    public struct Step: Equatable, Sendable {
        public let step: String
        public let id: String
        public let via: String?
    }

    /// The steps for hard deleting `account` (its `accounts` document) over every stored
    /// `account_friends` row (list order).
    package static func plan(account: JSONValue, friends: [JSONValue]) throws(CloserError) -> [Step] {
        let a = try PayBackFields(account, "account")
        guard let authID = try a.nonEmpty("id") else {
            throw CloserError(.payBackMissingAuthID, "the account has no auth id (its Convex _id is not one)")
        }
        guard let email = PayBackIdentity.normalizeEmail(try a.string("email")) else {
            throw PayBackFields.bad("account.email", "is missing")
        }
        let member = try a.member("member_id")
        var owned: [Step] = []
        var linked: [Step] = []
        for row in friends {
            let f = try PayBackFields(row, "friend")
            guard let id = try f.nonEmpty("_id") else { throw PayBackFields.bad("friend._id", "is missing") }
            guard let owner = PayBackIdentity.normalizeEmail(try f.string("account_email")) else {
                throw PayBackFields.bad("friend.account_email", "is missing")
            }
            let linkedID = try f.nonEmpty("linked_account_id")
            let linkedEmail = PayBackIdentity.normalizeEmail(try f.string("linked_account_email"))
            let linkedMember = try f.member("linked_member_id")
            let hits = [linkedID == authID, linkedEmail == email, member != nil && linkedMember == member]
            if owner == email {
                owned.append(Step(step: "deleteOwnedFriend", id: id, via: nil))
            } else if let first = hits.firstIndex(of: true) {
                linked.append(Step(step: "deleteLinkedFriend", id: id, via: linkIndexes[first]))
            }
        }
        return [Step(step: "deleteAccount", id: authID, via: nil)] + owned + linked
    }
}
