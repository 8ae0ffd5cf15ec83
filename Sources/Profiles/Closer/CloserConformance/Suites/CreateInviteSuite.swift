// The create_invite suite: createInviteCallable's server behaviour (authentication, the payload
// checks, the code collision, the invite document and the inviter's queue record) through
// createInvite.evaluate. Expected answers written out by hand. Normative:
// specs/cloud-functions.md §createInviteCallable server behaviour.

import CloserVectorModel
import CloserWire

enum CreateInviteSuite {
    static let name = "create_invite"

    static let created = VectorFlag(
        "Created", .basic, .contract,
        "invites/{code} created with the pinned members, then the inviter's invite_created record (D-CONTRACTS-06, D-CF-71, D-CF-74)."
    )
    static let collision = VectorFlag(
        "CodeCollision", .missingStep, .contract,
        "The code already names an invite document, whatever its status or expiry: already-exists, nothing written (D-CF-69)."
    )
    static let verbatim = VectorFlag(
        "CodeAsSent", .edgeCase, .contract, "The code is the document id and the stored code as sent (D-CF-73).")
    static let order = VectorFlag(
        "CheckOrder", .edgeCase, .contract,
        "unauthenticated, then the payload checks of callables.md, then the collision (D-CF-74).")
    static let payload = VectorFlag(
        "PayloadRefused", .missingStep, .contract,
        "A payload callables.md refuses: its HttpsError code and callable.* detail, nothing written (D-CONTRACTS-01).")
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request,
        "A field of the wrong type, a caller that is not a document id, a bad now.")

    static let now = "2026-06-15T12:00:00Z"
    static let code = "K7M2QX"
    static func ts(_ s: String) -> JSONValue { .object(["timestampValue": .string(s)]) }

    static let material: [(String, JSONValue)] = [
        ("wrappedCoupleKey", .string("AAECAwQFBgcICQoLq83vEjRWeJAAAQIDBAUGBwgJCgsMDQ4P")),
        ("kdfSalt", .string("AAECAwQFBgcICQoLDA0ODw==")), ("kdfParams", .string("$argon2id$v=19$m=46080,t=3,p=1")),
        ("recoveryPhrase", .string("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v")),
    ]
    static func payload(code: String = code, extra: [(String, JSONValue)] = []) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: material + [("code", .string(code))] + extra))
    }

    static func input(
        caller: JSONValue = .string("alice"), payload: JSONValue = payload(), now: String = now,
        existing: JSONValue = .null
    ) -> [(String, JSONValue)] {
        [("caller", caller), ("payload", payload), ("now", .string(now)), ("existing", existing)]
    }

    /// The two writes of a create: the invite, then the queue record (D-CF-74).
    static func writes(code: String = code, caller: String = "alice", createdAt: String = now, expiresAt: String)
        -> JSONValue
    {
        var invite = Dictionary(uniqueKeysWithValues: material)
        invite.merge([
            "code": .string(code), "inviterUserId": .string(caller), "status": .string("pending"),
            "createdAt": ts(createdAt), "expiresAt": ts(expiresAt),
        ]) { $1 }
        return .array([
            .object([
                "kind": .string("create"), "path": .string("invites/\(code)"), "members": .object(invite),
                "serverTimestamps": .array([]),
            ]),
            .object([
                "kind": .string("add"), "path": .string("users/\(caller)/notification_queue"),
                "members": .object(["type": .string("invite_created"), "read": .bool(false)]),
                "serverTimestamps": .array([.string("createdAt")]),
            ]),
        ])
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-create-invite",
            header: [
                "createInviteCallable's server behaviour (specs/cloud-functions.md): createInvite.evaluate(caller, payload, now,",
                "existing) -> outcome (created or the HttpsError code), reason, response, the ordered writes.",
            ],
            groups: [
                VectorGroup("CreateInviteCreated", comment: "creates and what they write", cases: createdCases()),
                VectorGroup(
                    "CreateInviteCollision", comment: "a code that already names an invite", cases: collisions()),
                VectorGroup("CreateInviteRefused", comment: "refusals in check order", cases: refusedCases()),
                VectorGroup("CreateInviteRequest", comment: "requests the op refuses", cases: badRequests()),
            ])
    }
}
