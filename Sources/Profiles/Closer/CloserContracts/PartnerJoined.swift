// What a successful acceptInviteCallable sends the inviter: the `partner_joined` queue record and
// push. Normative: specs/cloud-functions.md §partner_joined (D-CF-72, D-CF-75).

import CloserWire

public enum PartnerJoined {
    /// The payload key (push-routing.md; the manual's routing table).
    public static let type = "partner_joined"

    /// The inviter's queue record, then one push to the inviter carrying `coupleId` (the route
    /// `pairingSuccess(coupleId)` reads it); the acceptor gets neither (D-CF-72). The ids are
    /// document ids (the caller checks them).
    public static func plan(inviter: String, coupleId: String) -> CascadePlan {
        let record = FirestoreWrite(
            kind: .add, path: "users/\(inviter)/notification_queue",
            members: ["type": .string(type), "read": .bool(false)], serverTimestamps: ["createdAt"])
        return CascadePlan(
            writes: [record], pushes: [CascadePush(recipient: inviter, type: type, members: ["coupleId": coupleId])])
    }
}
