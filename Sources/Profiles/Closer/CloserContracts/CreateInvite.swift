// createInviteCallable's server behaviour after the payload checks: the code-collision refusal and
// what an accepted create writes (the invite document and the inviter's queue record).
// Normative: specs/cloud-functions.md §createInviteCallable server behaviour (D-CONTRACTS-06,
// D-CF-69, D-CF-71, D-CF-73, D-CF-74); the payload checks are specs/callables.md's.

import CloserWire

/// What createInviteCallable decides once callables.md's payload checks have passed.
public enum CreateInvite {
    /// The invite's TTL: `expiresAt` is this long after `createdAt` (stated, D-CONTRACTS-06).
    public static let ttlSeconds: Int64 = 24 * 3600
    /// The queue record's type (the data model's own example, D-CF-71).
    public static let queueType = "invite_created"
    /// The four members copied verbatim from the payload (specs/callables.md §Names).
    public static let materialMembers = ["wrappedCoupleKey", "kdfSalt", "kdfParams", "recoveryPhrase"]

    /// The outcome of an accepted payload: refused when the code already names an invite
    /// document (D-CF-69: `create()`, whatever the stored document's status or expiry), else the
    /// two writes of one batch, invite first (D-CF-71, D-CF-74).
    public enum Outcome: Sendable, Equatable {
        case alreadyExists
        case created([FirestoreWrite])
    }

    /// `material` holds the four members as sent (strings, checked by callables.md); `code` is the
    /// request's code, stored and used as the document id as sent (D-CF-73); `existing` is
    /// `invites/{code}` as the `create()` finds it (nil when absent).
    public static func decide(
        caller: String, code: String, material: [String: String], now: Instant, existing: JSONValue?
    ) -> Outcome {
        if existing != nil { return .alreadyExists }
        let expires = Instant(secondsSince1970: now.seconds + ttlSeconds, nanoseconds: now.nanoseconds)
        var invite: [String: JSONValue] = [
            "code": .string(code), "inviterUserId": .string(caller), "status": .string("pending"),
            "createdAt": timestamp(now), "expiresAt": timestamp(expires),
        ]
        for name in materialMembers { invite[name] = material[name].map(JSONValue.string) }
        let queue = FirestoreWrite(
            kind: .add, path: "users/\(caller)/notification_queue",
            members: ["type": .string(queueType), "read": .bool(false)], serverTimestamps: ["createdAt"])
        return .created([FirestoreWrite(kind: .create, path: "invites/\(code)", members: invite), queue])
    }

    /// A timestamp as the contract ops write it: UTC text, fraction without trailing zeros (D-CF-35).
    static func timestamp(_ i: Instant) -> JSONValue { .object(["timestampValue": .string(i.utcText)]) }
}
