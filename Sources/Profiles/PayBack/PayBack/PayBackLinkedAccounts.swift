// users:resolveLinkedAccountsForMemberIds (manual §9.4): not a global directory lookup; metadata
// only for requested member ids on the caller's visible identity surface.
// Normative: specs/profiles/payback/members.md §"Linked account resolution".

import CoreWire

public enum PayBackLinkedAccounts {
    /// One answer: the requested id (canonical), the account's auth id and its e-mail (nil: none).
    package typealias Entry = (memberID: PayBackMemberID, accountID: String, email: String?)

    /// In request order, a repeated id once: each requested id on `visible` that an account's
    /// member_id or alias_member_ids holds, resolved to the first such account in list order.
    package static func resolve(
        visible: Set<PayBackMemberID>, accounts: [JSONValue], requested: [PayBackMemberID]
    ) throws(CloserError) -> [Entry] {
        var directory: [(ids: [PayBackMemberID], id: String, email: String?)] = []
        for doc in accounts {
            let f = try PayBackFields(doc, "account")
            guard let id = try f.nonEmpty("id") else { throw PayBackFields.bad("account.id", "is missing") }
            let ids = (try f.member("member_id")).map { [$0] } ?? []
            directory.append((ids + (try f.members("alias_member_ids")), id, try f.string("email")))
        }
        var seen: Set<PayBackMemberID> = [], out: [Entry] = []
        for member in requested where seen.insert(member).inserted && visible.contains(member) {
            if let hit = directory.first(where: { $0.ids.contains(member) }) {
                out.append((member, hit.id, hit.email))
            }
        }
        return out
    }
}
