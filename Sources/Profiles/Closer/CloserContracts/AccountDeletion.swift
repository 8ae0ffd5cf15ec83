// onUserDelete's cascade: the couple tree, the user's tree, pending invites, the rate limit, the
// partner's unlink and push. Normative: specs/cloud-functions.md §leaveCouple and account deletion
// (D-CF-54, D-CF-58).

import CloserWire

/// An `invites/{code}` document the deletion reads (the query `inviterUserId == uid`).
public struct InviteListing: Sendable, Equatable {
    public var code: String
    public var document: JSONValue

    public init(code: String, document: JSONValue) {
        self.code = code
        self.document = document
    }
}

extension CoupleCascade {
    /// onUserDelete for `uid` (D-CF-54, D-CF-58), writes in this order: the linked partner's
    /// `coupleId` deleted, its queue record; the couple tree (when the user's couple document is
    /// absent or lists `uid`); each of `invites` that is `pending` and names `uid` as inviter, in
    /// the order given; `rate_limits/{uid}_gentle_reminder`; the user's tree. One
    /// `partner_deleted_account` push to the linked partner.
    public static func deleteAccount(
        uid: String, user: JSONValue?, couple: JSONValue?, partnerUser: JSONValue?, invites: [InviteListing]
    ) -> CascadePlan {
        var plan = CascadePlan()
        if let coupleId = coupleId(of: user) {
            tellPartner(
                partner(of: uid, in: couple), partnerUser: partnerUser, coupleId: coupleId,
                type: "partner_deleted_account", into: &plan)
            if couple == nil || lists(couple, uid) {
                plan.writes.append(FirestoreWrite(kind: .deleteRecursive, path: "couples/\(coupleId)"))
            }
        }
        for invite in invites
        where invite.document.member(exactly: "status")?.isString(exactly: "pending") == true
            && invite.document.member(exactly: "inviterUserId")?.isString(exactly: uid) == true
        {
            plan.writes.append(FirestoreWrite(kind: .delete, path: "invites/\(invite.code)"))
        }
        plan.writes.append(FirestoreWrite(kind: .delete, path: "rate_limits/\(uid)_gentle_reminder"))
        plan.writes.append(FirestoreWrite(kind: .deleteRecursive, path: "users/\(uid)"))
        return plan
    }
}
