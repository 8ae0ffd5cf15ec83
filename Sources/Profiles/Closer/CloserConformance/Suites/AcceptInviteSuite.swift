// The accept_invite suite: acceptInviteCallable's server behaviour (rate limit, checks in order,
// attempt records, what an accept writes) through acceptInvite.evaluate. Expected answers written
// out by hand. Normative: specs/cloud-functions.md §acceptInviteCallable server behaviour.

import CloserVectorModel
import CloserWire

enum AcceptInviteSuite {
    static let name = "accept_invite"

    static let accepts = VectorFlag(
        "Accepts", .basic, .contract,
        "An accept: the couple, both users linked, status accepted, the phrase wiped (D-CF-22, D-CF-23).")
    static let rateLimit = VectorFlag(
        "RateLimit", .edgeCase, .contract,
        "10 attempts per caller in the hour before now; the hour's start instant is outside (D-CF-18, D-CF-34).")
    static let refusals = VectorFlag(
        "Refusal", .missingStep, .contract,
        "not-found, not pending, expired, own invite, already paired, missing material (D-CF-21, D-CF-36, D-CF-37).")
    static let order = VectorFlag(
        "CheckOrder", .edgeCase, .contract, "Two checks fail: the earlier one names the refusal (D-CF-21).")
    static let attempt = VectorFlag(
        "AttemptRecord", .edgeCase, .contract,
        "Every authenticated call under the limit writes {code, attemptedAt, expiresAt = +25 h} (D-CF-19, D-CF-33, D-CF-35)."
    )
    static let badRequest = VectorFlag(
        "BadRequest", .encoding, .contract, "A request field of the wrong type or a bad now.")

    static let now = "2026-06-15T12:00:00Z"
    static let code = "K7M2QX"
    static func ts(_ s: String) -> JSONValue { .object(["timestampValue": .string(s)]) }

    static let material: [String: JSONValue] = [
        "wrappedCoupleKey": .string("q83vEjRWeJA="), "kdfSalt": .string("AAECAwQFBgcICQoLDA0ODw=="),
        "kdfParams": .string("$argon2id$v=19$m=65536,t=3,p=1"), "recoveryPhrase": .string("kX9/encrypted=="),
    ]
    static var invite: [String: JSONValue] {
        material.merging([
            "code": .string(code), "inviterUserId": .string("alice"), "status": .string("pending"),
            "createdAt": ts("2026-06-15T10:00:00Z"), "expiresAt": ts("2026-06-16T10:00:00Z"),
        ]) { $1 }
    }
    static let unpaired: JSONValue = .object(["coupleId": .null, "platform": .string("android")])

    /// `count` attempts within the hour before `now` (12:00:01 … ).
    static func attempts(_ count: Int) -> [JSONValue] {
        (0..<count).map { i in
            let m = 10 + i * 4
            return .object([
                "code": .string("AAAAA\(i % 10)"), "attemptedAt": ts("2026-06-15T11:\(m < 10 ? "0" : "")\(m):00Z"),
                "expiresAt": ts("2026-06-16T12:\(m):00Z"),
            ])
        }
    }

    struct State {
        var caller: JSONValue = .string("bob")
        var now = AcceptInviteSuite.now
        var attempts: [JSONValue] = []
        var invite: JSONValue? = .object(AcceptInviteSuite.invite)
        var callerUser: JSONValue = AcceptInviteSuite.unpaired
        var inviterUser: JSONValue = AcceptInviteSuite.unpaired

        var input: [(String, JSONValue)] {
            [
                ("caller", caller), ("code", .string(code)), ("now", .string(now)), ("attempts", .array(attempts)),
                ("invite", invite ?? .null), ("callerUser", callerUser), ("inviterUser", inviterUser),
                ("coupleId", .string("couple-1")),
            ]
        }

        func with(_ edit: (inout State) -> Void) -> State {
            var s = self
            edit(&s)
            return s
        }

        func inviteWith(_ name: String, _ value: JSONValue?) -> State {
            with { s in
                guard case .object(var m)? = s.invite else { return }
                m[name] = value
                s.invite = .object(m)
            }
        }
    }

    static func attemptRecord(_ at: String, _ expires: String) -> JSONValue {
        .object(["code": .string(code), "attemptedAt": ts(at), "expiresAt": ts(expires)])
    }
    static let standardAttempt = attemptRecord("2026-06-15T12:00:00Z", "2026-06-16T13:00:00Z")

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-accept-invite",
            header: [
                "acceptInviteCallable's server behaviour (specs/cloud-functions.md): acceptInvite.evaluate(caller, code, now, attempts,",
                "invite, callerUser, inviterUser, coupleId) -> outcome (accepted or the HttpsError code), reason, the attempt record, the writes.",
            ],
            groups: [
                VectorGroup("AcceptInviteAccepted", comment: "accepts and what they write", cases: accepted()),
                VectorGroup("AcceptInviteRefused", comment: "refusals in check order", cases: refused()),
                VectorGroup("AcceptInviteRequest", comment: "requests the op refuses", cases: badRequests()),
                VectorGroup(
                    "AcceptInviteManualReading", comment: "the manual's reading of the material check (D-CF-64)",
                    cases: manualReadings()),
            ])
    }
}
