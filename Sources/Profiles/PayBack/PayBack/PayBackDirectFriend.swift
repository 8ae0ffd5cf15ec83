// expenses.create's friend confirmation for a direct group (manual §7.7, §8.8): the other member is a
// confirmed friend when one of the caller's account_friends rows names them by identity — its
// member_id, its linked_member_id, its linked account's member_id and alias_member_ids, each widened
// by the alias closure of member_aliases — and, failing every row, by one unique normalized name.
// Normative: specs/profiles/payback/server.md §"Direct-expense friend confirmation".

import CoreWire

extension CloserError.Code {
    public static let payBackNotAConfirmedFriend = Self("payback.not_a_confirmed_friend", .invalidParameters)
}

public enum PayBackDirectFriend {
    /// The confirmed row's member id and how it matched (`identity` or `name`).
    package static func confirm(
        memberID: PayBackMemberID, memberName: String?, friends: [JSONValue], aliases: [JSONValue],
        accounts: [JSONValue]
    ) throws(CloserError) -> (friend: PayBackMemberID, matchedBy: String) {
        let closure = try AliasClosure(aliases)
        var rows: [(member: PayBackMemberID, name: String?, ids: Set<PayBackMemberID>)] = []
        for row in friends {
            let f = try PayBackFields(row, "friend")
            guard let member = try f.member("member_id") else {
                throw PayBackFields.bad("friend.member_id", "is missing")
            }
            var ids: Set<PayBackMemberID> = [member]
            if let linked = try f.member("linked_member_id") { ids.insert(linked) }
            for account in try linkedAccounts(f, accounts) {
                if let m = try account.member("member_id") { ids.insert(m) }
                ids.formUnion(try account.members("alias_member_ids"))
            }
            rows.append((member, try f.string("name"), closure.widen(ids)))
        }
        if let hit = rows.first(where: { $0.ids.contains(memberID) }) { return (hit.member, "identity") }
        if let wanted = normalizeName(memberName) {
            let named = rows.filter { normalizeName($0.name) == wanted }
            if named.count == 1 { return (named[0].member, "name") }
        }
        throw CloserError(.payBackNotAConfirmedFriend, "the other member is not a confirmed friend")  // no name: PII
    }

    /// The accounts a row links to: `id` equal to its linked_account_id, or normalized `email` equal to
    /// its normalized linked_account_email (server.md §"Linked accounts").
    static func linkedAccounts(_ f: PayBackFields, _ accounts: [JSONValue]) throws(CloserError) -> [PayBackFields] {
        let id = try f.nonEmpty("linked_account_id")
        let email = PayBackIdentity.normalizeEmail(try f.string("linked_account_email"))
        var out: [PayBackFields] = []
        for doc in accounts {
            let a = try PayBackFields(doc, "account")
            if let id, try a.nonEmpty("id") == id {
                out.append(a)
            } else if let email, PayBackIdentity.normalizeEmail(try a.string("email")) == email {
                out.append(a)
            }
        }
        return out
    }

    /// The legacy fallback's name key: ASCII white space trimmed, ASCII letters lower-cased (as e-mails,
    /// identity.md §Email); empty is no name.
    static func normalizeName(_ name: String?) -> String? { PayBackIdentity.normalizeEmail(name) }
}

/// The member_aliases rows `{canonical_member_id, alias_member_id}` as an undirected graph: an id's
/// closure is every id joined to it by a chain of rows.
struct AliasClosure {
    var edges: [PayBackMemberID: [PayBackMemberID]] = [:]

    init(_ rows: [JSONValue]) throws(CloserError) {
        for row in rows {
            let f = try PayBackFields(row, "alias")
            guard let a = try f.member("canonical_member_id"), let b = try f.member("alias_member_id") else {
                throw PayBackFields.bad("alias", "lacks canonical_member_id or alias_member_id")
            }
            edges[a, default: []].append(b)
            edges[b, default: []].append(a)
        }
    }

    func widen(_ ids: Set<PayBackMemberID>) -> Set<PayBackMemberID> {
        var seen = ids
        var queue = Array(ids)
        while let next = queue.popLast() {
            for n in edges[next] ?? [] where seen.insert(n).inserted { queue.append(n) }
        }
        return seen
    }
}
