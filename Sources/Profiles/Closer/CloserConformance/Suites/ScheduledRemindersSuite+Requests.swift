// The scheduled_reminders suite's refused requests. Normative: specs/cloud-functions.md
// §The scheduled reminders, "Refusals".

import CloserHarness
import CloserVectorModel
import CloserWire

extension ScheduledRemindersSuite {
    static func badRequests() -> [VectorCase] {
        let malformed = RequestCodes.malformedRequest
        let re = HarnessOpSpec.reminderReengagement.name
        let out = HarnessOpSpec.reminderOutcome.name
        let ch = HarnessOpSpec.reminderChallengeDay.name
        func replacing(_ input: [(String, JSONValue)], _ name: String, _ value: JSONValue) -> [(String, JSONValue)] {
            input.map { $0.0 == name ? ($0.0, value) : $0 }
        }
        let bad: [(String, String, [(String, JSONValue)], CloserError.Code, VectorLayer)] = [
            ("users holding a string", re, reInput(users: .object(["alice": .string("x")])), malformed, .request),
            ("couple null", re, replacing(reInput(), "couple", .null), malformed, .request),
            ("coupleId with a slash", re, reInput(coupleId: .string("c/1")), malformed, .request),
            ("run without a zone", re, reInput(run: "2026-06-15T17:00:00"), .dateKeyInvalidInstant, .contract),
            (
                "outcomes holding a string, not an array", out,
                outcomeInput(outcomes: .object(["alice": .string("day_30")])), malformed, .request
            ),
            (
                "outcomes holding an array with a number", out,
                outcomeInput(outcomes: .object(["alice": .array([V.int(30)])])), malformed, .request
            ),
            ("totalDays 0", ch, challengeInput(totalDays: V.int(0)), malformed, .request),
            ("totalDays 367", ch, challengeInput(totalDays: V.int(367)), malformed, .request),
            ("totalDays 1.5", ch, challengeInput(totalDays: .number(1.5)), malformed, .request),
            ("totalDays the string \"7\"", ch, challengeInput(totalDays: .string("7")), malformed, .request),
            ("completed holding -1", ch, challengeInput(completed: .object(["alice": V.int(-1)])), malformed, .request),
            (
                "completed holding 2.5", ch, challengeInput(completed: .object(["alice": .number(2.5)])), malformed,
                .request
            ),
            (
                "completed holding the string \"3\"", ch, challengeInput(completed: .object(["alice": .string("3")])),
                malformed, .request
            ),
            (
                "startedAt a date, not an instant", ch, challengeInput(startedAt: "2026-06-01"), .dateKeyInvalidInstant,
                .contract
            ),
            (
                "A bad run and totalDays 0: the type check first", ch,
                challengeInput(run: "yesterday", totalDays: V.int(0)), malformed, .request
            ),
        ]
        return bad.map { comment, op, input, error, layer in
            .invalid(comment, flags: [badRequest], op: op, input: input, error: error, layer: layer)
        }
    }
}
