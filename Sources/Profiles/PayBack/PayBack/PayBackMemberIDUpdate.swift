// users:updateLinkedMemberId's check (manual §9.3): an account's member_id is canonical and never
// reassigned; only a legacy account without one is bootstrapped, and only with an id not in use.
// Normative: specs/profiles/payback/members.md §"Member id bootstrap".

import CoreWire

extension CloserError.Code {
    public static let payBackMemberIDNotReassignable = Self(
        "payback.member_id_not_reassignable", .invalidParameters)
    public static let payBackMemberIDInUse = Self("payback.member_id_in_use", .invalidParameters)
}

public enum PayBackMemberIDUpdate {
    /// Checks, in members.md's order: the caller (auth), the requested id, the stored account's
    /// member_id, then the ids in use. Returns the canonical id the account is bootstrapped with.
    package static func authorize(
        caller: JSONValue, account: JSONValue, memberID: JSONValue, used: [JSONValue]
    ) throws(CloserError) -> PayBackMemberID {
        guard case .object = caller,
            PayBackIdentity.normalizeEmail(try PayBackMutationAuth.callerEmail(caller)) != nil
        else {
            throw CloserError(
                .payBackUnauthenticated, "no signed-in caller: users:updateLinkedMemberId needs getCurrentUserOrThrow")
        }
        guard let text = memberID.stringValue else { throw PayBackMemberID.invalid }
        let requested = try PayBackMemberID(text)
        if try PayBackFields(account, "account").nonEmpty("member_id") != nil {
            throw CloserError(.payBackMemberIDNotReassignable, "the account has a member_id: it is never reassigned")
        }
        for item in used {
            guard let s = item.stringValue else { throw PayBackFields.bad("usedMemberIds[]", "is not a string") }
            if try PayBackMemberID(s) == requested {
                throw CloserError(.payBackMemberIDInUse, "the requested member id is already in use")
            }
        }
        return requested
    }
}
