// The create_invite suite's cases. Normative: specs/cloud-functions.md §createInviteCallable server behaviour.

import CloserHarness
import CloserVectorModel
import CloserWire

extension CreateInviteSuite {
    static func create(
        _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], code: String = code,
        createdAt: String = now, expiresAt: String
    ) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.createInviteEvaluate.name, input: input,
            output: [
                ("outcome", .string("created")), ("response", .object(["code": .string(code)])),
                ("writes", writes(code: code, createdAt: createdAt, expiresAt: expiresAt)),
            ])
    }

    static func refuse(
        _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], _ outcome: String,
        _ reason: String
    ) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.createInviteEvaluate.name, input: input,
            output: [("outcome", .string(outcome)), ("reason", .string(reason)), ("writes", .array([]))])
    }

    static func createdCases() -> [VectorCase] {
        let pins = [
            VectorPin("D-CONTRACTS-06", .accept), VectorPin("D-CF-71", .accept), VectorPin("D-CF-74", .accept),
            VectorPin("D-CONTRACTS-03", .accept),
        ]
        func pinned(_ c: VectorCase, _ more: VectorPin...) -> VectorCase {
            var c = c
            c.pins += pins + more
            return c
        }
        return [
            pinned(
                create(
                    "An Android payload, no invite under the code", [created], input(),
                    expiresAt: "2026-06-16T12:00:00Z")),
            pinned(
                create(
                    "A fraction of a second: createdAt and expiresAt keep it, no trailing zeros", [created],
                    input(now: "2026-06-15T12:00:00.250Z"), createdAt: "2026-06-15T12:00:00.25Z",
                    expiresAt: "2026-06-16T12:00:00.25Z"), VectorPin("D-CF-35", .accept)),
            pinned(
                create(
                    "The TTL crosses a year", [created], input(now: "2026-12-31T23:30:00Z"),
                    createdAt: "2026-12-31T23:30:00Z", expiresAt: "2027-01-01T23:30:00Z")),
            pinned(
                create(
                    "A now with an offset: written in UTC", [created], input(now: "2026-06-15T14:00:00+02:00"),
                    expiresAt: "2026-06-16T12:00:00Z"), VectorPin("D-CF-35", .accept)),
            pinned(
                create(
                    "Other payload members are not stored", [created],
                    input(
                        payload: payload(extra: [("platform", .string("android")), ("status", .string("accepted"))])),
                    expiresAt: "2026-06-16T12:00:00Z")),
            pinned(
                create(
                    "A lower-case code is stored and named as sent", [created, verbatim],
                    input(payload: payload(code: "k7m2qx")), code: "k7m2qx", expiresAt: "2026-06-16T12:00:00Z"),
                VectorPin("D-CF-73", .accept)),
        ]
    }

    static func collisions() -> [VectorCase] {
        let pending: JSONValue = .object([
            "code": .string(code), "inviterUserId": .string("carol"), "status": .string("pending"),
            "expiresAt": ts("2026-06-16T10:00:00Z"),
        ])
        let cases: [(String, JSONValue)] = [
            ("Another inviter's pending invite", pending),
            ("An accepted invite", .object(["status": .string("accepted"), "inviterUserId": .string("carol")])),
            (
                "An expired invite the TTL has not deleted yet",
                .object(["status": .string("pending"), "expiresAt": ts("2026-06-14T10:00:00Z")])
            ),
            ("The caller's own earlier invite", .object(["inviterUserId": .string("alice")])),
            ("An empty document", .object([:])),
        ]
        return cases.map { comment, existing in
            refuse(
                comment + ": already-exists", [collision], input(existing: existing), "already-exists", "code_exists"
            )
            .citing(VectorPin("D-CF-69", .refuse))
        }
    }

    static func refusedCases() -> [VectorCase] {
        let held: JSONValue = .object(["status": .string("pending")])
        return [
            refuse(
                "No caller: unauthenticated before the payload is read", [order],
                input(caller: .null, payload: .object([:])),
                "unauthenticated", "unauthenticated"
            ).citing(VectorPin("D-CONTRACTS-08", .refuse), VectorPin("D-CF-74", .accept)),
            refuse(
                "The iOS payload {}: the material check, before the collision", [payload, order],
                input(payload: .object([:]), existing: held), "failed-precondition",
                "callable.missing_encryption_material"
            )
            .citing(VectorPin("D-CF-74", .accept)),
            refuse(
                "An alias (wrappedKey) instead of wrappedCoupleKey", [payload],
                input(
                    payload: .object(
                        Dictionary(
                            uniqueKeysWithValues: [("wrappedKey", material[0].1)] + material.dropFirst() + [
                                ("code", .string(code))
                            ]))),
                "failed-precondition", "callable.alias_member"
            ).citing(VectorPin("D-CONTRACTS-02", .refuse)),
            refuse(
                "A five-character code, before the collision", [payload, order],
                input(payload: payload(code: "K7M2Q"), existing: held), "invalid-argument", "callable.invalid_code"
            )
            .citing(VectorPin("D-CF-74", .accept)),
            refuse(
                "A payload that is not an object", [payload], input(payload: .array([])), "invalid-argument",
                "callable.payload_not_object"),
        ]
    }

    static func badRequests() -> [VectorCase] {
        let bad: [(String, [(String, JSONValue)], CloserError.Code, VectorLayer)] = [
            ("An empty caller", input(caller: .string("")), RequestCodes.malformedRequest, .request),
            ("A caller with a slash", input(caller: .string("alice/x")), RequestCodes.malformedRequest, .request),
            ("A numeric caller", input(caller: V.int(7)), RequestCodes.malformedRequest, .request),
            ("existing a string", input(existing: .string("K7M2QX")), RequestCodes.malformedRequest, .request),
            ("existing an array", input(existing: .array([])), RequestCodes.malformedRequest, .request),
            ("now without a zone", input(now: "2026-06-15T12:00:00"), .dateKeyInvalidInstant, .contract),
        ]
        return bad.map { comment, input, error, layer in
            .invalid(
                comment, flags: [badRequest], op: HarnessOpSpec.createInviteEvaluate.name, input: input, error: error,
                layer: layer)
        }
    }
}
