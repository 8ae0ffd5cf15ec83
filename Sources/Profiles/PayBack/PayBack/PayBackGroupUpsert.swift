// groups:create's idempotent upsert by client id (manual §9.1): with no stored group of that id it
// inserts; a stored one is patched only when the auth caller owns it.
// Normative: specs/profiles/payback/groups.md §"Group upsert ownership".

import CoreWire

extension CloserError.Code {
    public static let payBackInvalidGroupID = Self("payback.invalid_group_id", .invalidParameters)
    public static let payBackNotGroupOwner = Self("payback.not_group_owner", .invalidParameters)
}

public enum PayBackGroupUpsert {
    /// Checks, in groups.md's order: the caller (auth), the group's client id, then the stored group's
    /// owner. Returns `insert` or `patch` and the owner e-mail the server writes (the caller's).
    package static func authorize(
        caller: JSONValue, group: JSONValue, existing: JSONValue
    ) throws(CloserError) -> (action: String, ownerEmail: String) {
        guard case .object = caller,
            let email = PayBackIdentity.normalizeEmail(try PayBackMutationAuth.callerEmail(caller))
        else {
            throw CloserError(.payBackUnauthenticated, "no signed-in caller: groups:create needs getCurrentUserOrThrow")
        }
        let clientID = try groupID(try PayBackFields(group, "group").string("id"))
        guard clientID != nil, existing != .null else { return ("insert", email) }
        let owner = try PayBackFields(existing, "existing").string("owner_email")
        guard PayBackIdentity.normalizeEmail(owner) == email else {
            // No address in the message: PII (manual §6).
            throw CloserError(.payBackNotGroupOwner, "the stored group of this id is not the caller's")
        }
        return ("patch", email)
    }

    /// A group id: a UUID compared by value (as member ids, identity.md §Member ids); nil stays nil.
    package static func groupID(_ text: String?) throws(CloserError) -> PayBackMemberID? {
        guard let text else { return nil }
        do { return try PayBackMemberID(text) } catch {
            throw CloserError(.payBackInvalidGroupID, "a group id is not a UUID")
        }
    }
}
