// The game_push_claim tests of a send that fails (`sendFails`), under both readings of the order
// (D-CF-55): the pinned claim-then-send keeps the claim written, so a retry sends nothing; the
// manual's "sends if absent, writes the flag" writes no flag, so a retry sends again. Normative:
// specs/cloud-functions.md §Game session flags, specs/manual-conflicts.md §"Game push order",
// specs/vectors.md §"Test" (`reading`).

import CloserHarness
import CloserVectorModel
import CloserWire

extension GamePushClaimSuite {
    static let failedSend = VectorFlag(
        "FailedSend", .edgeCase, .contract,
        "sendFails given: the send's outcome, and whether the claim stays written (D-CF-55).")
    static let manualReading = VectorFlag(
        "ManualReading", .manualConflict, .contract,
        "The other reading of a ManualConflict (`reading` names it; D-CF-55): run only with --reading D-CF-55=manual.")

    static var op: String { HarnessOpSpec.gameClaimPush.name }
    static var claimUpdate: JSONValue {
        .object(["notificationsSent.start": .object(["timestampValue": .string(now)])])
    }

    static func request(_ s: JSONValue, sendFails: Bool?) -> [(String, JSONValue)] {
        let base: [(String, JSONValue)] = [("session", s), ("key", .string("start")), ("now", .string(now))]
        return sendFails.map { base + [("sendFails", .bool($0))] } ?? base
    }

    /// The answer to an unclaimed key with `sendFails` given: the claim is written before the send
    /// (pinned), or only after a send that succeeds (manual).
    static func attempt(fails: Bool, manual: Bool) -> [(String, JSONValue)] {
        let written = !(manual && fails)
        return [("send", .bool(true))] + (written ? [("update", claimUpdate)] : []) + [
            ("delivered", .bool(!fails)), ("flagWritten", .bool(written)),
        ]
    }

    /// The session a retry reads after the failed attempt: with the claim (pinned) or as it was (manual).
    static func retrySession(manual: Bool) -> JSONValue {
        manual ? session(nil) : session(.object(["start": .object(["timestampValue": .string(now)])]))
    }

    static func failedSends() -> [VectorCase] {
        let pinned = VectorPin("D-CF-55", .accept)
        let other = VectorPin("D-CF-55", .refuse)
        return [
            .valid(
                "A send that succeeds: claimed and delivered", flags: [failedSend], op: op,
                input: request(session(nil), sendFails: false), output: attempt(fails: false, manual: false)),
            .valid(
                "A claimed key with sendFails: nothing is sent", flags: [failedSend], op: op,
                input: request(session(.object(["start": stamp])), sendFails: true), output: [("send", .bool(false))]),
            .invalid(
                "sendFails a string", flags: [badRequest], op: op,
                input: request(session(nil), sendFails: nil) + [("sendFails", .string("true"))],
                error: RequestCodes.malformedRequest, layer: .request),
            .valid(
                "A send that fails: the claim written before it stays", flags: [failedSend], op: op,
                input: request(session(nil), sendFails: true), output: attempt(fails: true, manual: false)
            ).citing(pinned).reading("D-CF-55", .pinned),
            .flow(
                "A failed send, then the retry: the retry reads the claim and sends nothing", flags: [failedSend],
                steps: [
                    VectorStep(
                        op: op, input: request(session(nil), sendFails: true),
                        expected: .output(attempt(fails: true, manual: false))),
                    VectorStep(
                        op: op, input: request(retrySession(manual: false), sendFails: nil),
                        expected: .output([("send", .bool(false))])),
                ]
            ).citing(pinned).reading("D-CF-55", .pinned),
            .valid(
                "A send that fails: no flag is written (sends if absent, writes the flag)", flags: [manualReading],
                op: op, input: request(session(nil), sendFails: true), output: attempt(fails: true, manual: true)
            ).citing(other).reading("D-CF-55", .manual),
            .flow(
                "A failed send, then the retry: no flag, so the retry sends again", flags: [manualReading],
                steps: [
                    VectorStep(
                        op: op, input: request(session(nil), sendFails: true),
                        expected: .output(attempt(fails: true, manual: true))),
                    VectorStep(
                        op: op, input: request(retrySession(manual: true), sendFails: nil),
                        expected: .output([("send", .bool(true)), ("update", claimUpdate)])),
                ]
            ).citing(other).reading("D-CF-55", .manual),
        ]
    }
}
