// The accept_invite suite's cases. Normative: specs/cloud-functions.md §acceptInviteCallable.

import CloserHarness
import CloserVectorModel
import CloserWire

extension AcceptInviteSuite {
    static func acceptedOutput(_ attempt: JSONValue = standardAttempt) -> [(String, JSONValue)] {
        var response = material
        response["coupleId"] = .string("couple-1")
        var couple = material.filter { $0.key != "recoveryPhrase" }
        couple.merge([
            "id": .string("couple-1"), "userIds": .array([.string("alice"), .string("bob")]),
            "inviteCode": .string(code), "encryptionVersion": V.int(2),
        ]) { $1 }
        return [
            ("outcome", .string("accepted")), ("attempt", attempt), ("response", .object(response)),
            ("couple", .object(couple)), ("linkUsers", .array([.string("alice"), .string("bob")])),
            (
                "inviteUpdate",
                .object(["status": .string("accepted"), "deleteMembers": .array([.string("recoveryPhrase")])])
            ),
        ]
    }

    static func accept(_ comment: String, _ flags: [VectorFlag], _ s: State, attempt: JSONValue = standardAttempt)
        -> VectorCase
    {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.acceptInviteEvaluate.name, input: s.input,
            output: acceptedOutput(attempt))
    }

    static func refuse(
        _ comment: String, _ flags: [VectorFlag], _ s: State, _ outcome: String, _ reason: String, recorded: Bool = true
    ) -> VectorCase {
        var out: [(String, JSONValue)] = [("outcome", .string(outcome)), ("reason", .string(reason))]
        if recorded { out.append(("attempt", standardAttempt)) }
        return .valid(comment, flags: flags, op: HarnessOpSpec.acceptInviteEvaluate.name, input: s.input, output: out)
    }

    static func accepted() -> [VectorCase] {
        let base = State()
        let a = [accepts]
        let r = [rateLimit]
        var nine = attempts(9)
        nine.append(.object(["code": .string("ZZZZZZ"), "attemptedAt": ts("2026-06-15T11:00:00Z")]))
        var skewed = attempts(9)
        skewed.append(.object(["code": .string("ZZZZZZ"), "attemptedAt": ts("2026-06-15T12:00:01Z")]))
        var corrupt = attempts(9)
        corrupt.append(.object(["code": .string("ZZZZZZ"), "attemptedAt": .string("2026-06-15T11:30:00Z")]))
        return [
            accept("A pending invite, both unpaired", a + [attempt], base),
            accept("Nine attempts in the hour", r, base.with { $0.attempts = attempts(9) }),
            accept("The tenth attempt is exactly an hour old: outside the window", r, base.with { $0.attempts = nine }),
            accept("An attempt after now does not count", r, base.with { $0.attempts = skewed }),
            accept("A malformed attempt record does not count", r, base.with { $0.attempts = corrupt }),
            accept("No status member: pending", a, base.inviteWith("status", nil)),
            accept("expiresAt exactly now: not yet expired", a, base.inviteWith("expiresAt", ts(now))),
            accept(
                "An empty coupleId is no couple", a, base.with { $0.callerUser = .object(["coupleId": .string("")]) }),
            accept(
                "No user documents", a,
                base.with {
                    $0.callerUser = .null; $0.inviterUser = .null
                }),
            accept(
                "now with a fraction: the record keeps it, trailing zeros dropped", [attempt],
                base.with { $0.now = "2026-06-15T12:00:00.500Z" },
                attempt: attemptRecord("2026-06-15T12:00:00.5Z", "2026-06-16T13:00:00.5Z")),
            accept(
                "now with an offset: the record is in UTC", [attempt],
                base.with { $0.now = "2026-06-15T14:00:00+02:00" }),
            accept(
                "now across a month end", [attempt],
                base.with { $0.now = "2026-06-30T23:30:00Z" }.inviteWith("expiresAt", ts("2026-07-01T10:00:00Z")),
                attempt: attemptRecord("2026-06-30T23:30:00Z", "2026-07-02T00:30:00Z")),
        ]
    }

    static func refused() -> [VectorCase] {
        let base = State()
        let x = [refusals]
        let o = [order]
        let fp = "failed-precondition"
        return [
            refuse(
                "Unauthenticated: no attempt recorded", x + [attempt], base.with { $0.caller = .null },
                "unauthenticated", "unauthenticated", recorded: false),
            refuse(
                "Ten attempts in the hour: no attempt recorded", [rateLimit, attempt],
                base.with { $0.attempts = attempts(10) }, "resource-exhausted", "rate_limited", recorded: false),
            refuse(
                "No invite: the attempt still counts", x + [attempt], base.with { $0.invite = nil }, "not-found",
                "not_found"),
            refuse(
                "An invite without inviterUserId", x, base.inviteWith("inviterUserId", nil), "not-found", "not_found"),
            refuse("An invite that is an array", x, base.with { $0.invite = .array([]) }, "not-found", "not_found"),
            refuse("status accepted", x, base.inviteWith("status", .string("accepted")), fp, "not_pending"),
            refuse("status expired", x, base.inviteWith("status", .string("expired")), fp, "not_pending"),
            refuse(
                "expiresAt a second ago (the TTL deletes late)", x,
                base.inviteWith("expiresAt", ts("2026-06-15T11:59:59Z")), fp, "expired"),
            refuse("No expiresAt: fails closed", x, base.inviteWith("expiresAt", nil), fp, "expired"),
            refuse(
                "expiresAt as text: fails closed", x, base.inviteWith("expiresAt", .string("2026-06-16T10:00:00Z")), fp,
                "expired"),
            refuse("Own invite", x, base.with { $0.caller = .string("alice") }, fp, "own_invite"),
            refuse(
                "The caller is paired", x, base.with { $0.callerUser = .object(["coupleId": .string("c9")]) }, fp,
                "already_paired"),
            refuse(
                "The inviter is paired", x, base.with { $0.inviterUser = .object(["coupleId": .string("c9")]) }, fp,
                "already_paired"),
            refuse(
                "wrappedCoupleKey null (the iOS [:] invite)", x, base.inviteWith("wrappedCoupleKey", .null), fp,
                "missing_encryption_material"),
            refuse("No recoveryPhrase", x, base.inviteWith("recoveryPhrase", nil), fp, "missing_encryption_material"),
            refuse("An empty kdfSalt", x, base.inviteWith("kdfSalt", .string("")), fp, "missing_encryption_material"),
            refuse(
                "Unauthenticated before the missing invite", o,
                base.with {
                    $0.caller = .null; $0.invite = nil
                }, "unauthenticated", "unauthenticated", recorded: false),
            refuse(
                "The limit before the missing invite", o,
                base.with {
                    $0.attempts = attempts(12); $0.invite = nil
                }, "resource-exhausted", "rate_limited", recorded: false),
            refuse(
                "Not pending before expired", o,
                base.inviteWith("status", .string("accepted")).inviteWith("expiresAt", ts("2026-06-01T00:00:00Z")), fp,
                "not_pending"),
            refuse(
                "Expired before own invite", o,
                base.with { $0.caller = .string("alice") }.inviteWith("expiresAt", ts("2026-06-01T00:00:00Z")), fp,
                "expired"),
            refuse(
                "Own invite before already paired", o,
                base.with {
                    $0.caller = .string("alice"); $0.callerUser = .object(["coupleId": .string("c9")])
                }, fp, "own_invite"),
            refuse(
                "Already paired before missing material", o,
                base.with { $0.inviterUser = .object(["coupleId": .string("c9")]) }.inviteWith("kdfParams", nil), fp,
                "already_paired"),
        ]
    }

    static func badRequests() -> [VectorCase] {
        ["2026-06-15 12:00:00Z", "", "2026-02-30T00:00:00Z"].map { bad in
            .invalid(
                "now \(CloserError.quoted(bad)) is refused", flags: [badRequest],
                op: HarnessOpSpec.acceptInviteEvaluate.name,
                input: State().with { $0.now = bad }.input, error: .dateKeyInvalidInstant, layer: .contract)
        }
    }
}
