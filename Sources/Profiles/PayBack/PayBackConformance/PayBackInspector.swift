// `inspect --profile payback`: the PayBack values a string alone can be recognised as — a member id
// (a UUID of either case, shown in its canonical lower-case text), an e-mail (shown normalized), or
// an `account_friends` row given as JSON (shown as the app decodes it). Normative:
// specs/profiles/payback/identity.md, specs/profiles/payback/mapping.md §account_friends.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

package enum PayBackInspector {
    package static func inspect(_ text: String) -> WireInspection {
        var r = WireInspection()
        r.add("input", "length", .number(Double(text.utf8.count)))
        if text.hasPrefix("{") { return row(text, r) }
        if text.contains("@") {
            r.add("email", "normalized", PayBackIdentity.normalizeEmail(text).map(JSONValue.string) ?? .null)
            return r
        }
        do {
            r.add("memberId", "canonical", .string(try PayBackMemberID(text).canonical))
        } catch {
            r.failure = CloserError(
                error.code, "not a PayBack member id (UUID), e-mail or account_friends row: \(error.reason)")
        }
        return r
    }

    /// An `account_friends` row as the app decodes it (mapping.md's order of checks).
    static func row(_ text: String, _ start: WireInspection) -> WireInspection {
        var r = start
        do {
            let friend = try PayBackMapping.friend(fromRow: try JSONValue(parsing: text))
            r.add("accountFriend", "memberId", .string(friend.memberID.canonical))
            r.add("accountFriend", "aliasMemberIds", .array(friend.aliasMemberIDs.map { .string($0.canonical) }))
            r.add("accountFriend", "hasLinkedAccount", .bool(friend.hasLinkedAccount))
            r.add("accountFriend", "linkedAccountEmail", friend.linkedAccountEmail.map(JSONValue.string) ?? .null)
        } catch { r.failure = error }
        return r
    }
}
