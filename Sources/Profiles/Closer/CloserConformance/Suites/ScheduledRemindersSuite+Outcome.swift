// The scheduled_reminders suite's outcome-reminder cases. Normative: specs/cloud-functions.md
// §scheduledOutcomesReminder (D-CF-78, D-CF-82, D-CF-83).

import CloserHarness
import CloserVectorModel
import CloserWire

extension ScheduledRemindersSuite {
    static let paired = "2026-03-01T18:00:00Z"
    /// paired + 30, 60 and 90 days.
    static let day30 = "2026-03-31T18:00:00Z"
    static let day60 = "2026-04-30T18:00:00Z"
    static let day90 = "2026-05-30T18:00:00Z"

    static func outcomeInput(
        run: String = day30, createdAt: JSONValue? = ts(paired), userIds: JSONValue? = ids(["alice", "bob"]),
        outcomes: JSONValue = .object([:])
    ) -> [(String, JSONValue)] {
        var couple: [String: JSONValue] = [:]
        couple["userIds"] = userIds
        couple["createdAt"] = createdAt
        return [
            ("run", .string(run)), ("coupleId", .string("c1")), ("couple", .object(couple)), ("outcomes", outcomes),
        ]
    }

    static func outcomeSentCase(
        _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], _ dayKey: String, to uids: [String],
        pins: [VectorPin]
    ) -> VectorCase {
        cited(
            VectorCase.valid(
                comment, flags: [sentFlag] + flags, op: HarnessOpSpec.reminderOutcome.name, input: input,
                output: [("send", .bool(true)), ("dayKey", .string(dayKey))]
                    + reminded(uids.map { ($0, "outcome_reminder") })), pins)
    }

    static func outcomeSent() -> [VectorCase] {
        let at = VectorPin("D-CF-82", .accept)
        let who = VectorPin("D-CF-83", .accept)
        return [
            outcomeSentCase(
                "Thirty days after pairing, nobody submitted: both", [checkpoint], outcomeInput(), "day_30",
                to: ["alice", "bob"], pins: [at, who, VectorPin("D-CF-79", .accept)]),
            outcomeSentCase(
                "Sixty days, alice submitted day_60: bob only", [submitted],
                outcomeInput(run: day60, outcomes: .object(["alice": ids(["day_0", "day_60"])])), "day_60", to: ["bob"],
                pins: [at, who]),
            outcomeSentCase(
                "Ninety days, alice has day_30 and day_60 only: both", [checkpoint],
                outcomeInput(run: day90, outcomes: .object(["alice": ids(["day_30", "day_60"])])), "day_90",
                to: ["alice", "bob"], pins: [at, who]),
            outcomeSentCase(
                "Thirty-one days less a nanosecond: still thirty whole days", [checkpoint, elapsed],
                outcomeInput(run: "2026-04-01T17:59:59.999999999Z"), "day_30", to: ["alice", "bob"],
                pins: [at, VectorPin("D-CF-78", .accept)]),
            outcomeSentCase(
                "bob's outcomes keyed by a decomposed é: not bob's uid, so bob is reminded", [membersFlag],
                outcomeInput(
                    userIds: ids(["alice", "jos\u{E9}"]),
                    outcomes: .object(["alice": ids(["day_30"]), "jose\u{301}": ids(["day_30"])])), "day_30",
                to: ["jos\u{E9}"], pins: [who]),
        ]
    }

    static func outcomeSkipped() -> [VectorCase] {
        let off = VectorPin("D-CF-82", .refuse)
        return [
            skippedCase(
                .reminderOutcome,
                "Thirty days less a nanosecond: twenty-nine", [checkpoint, elapsed],
                outcomeInput(run: "2026-03-31T17:59:59.999999999Z"), "not_checkpoint",
                pins: [off, VectorPin("D-CF-78", .accept)]),
            skippedCase(
                .reminderOutcome,
                "Thirty-one days", [checkpoint], outcomeInput(run: "2026-04-01T18:00:00Z"), "not_checkpoint",
                pins: [off]),
            skippedCase(
                .reminderOutcome,
                "Pairing day: day_0 is not reminded", [checkpoint], outcomeInput(run: paired), "not_checkpoint",
                pins: [off]),
            skippedCase(
                .reminderOutcome,
                "One hundred and twenty days", [checkpoint], outcomeInput(run: "2026-06-29T18:00:00Z"),
                "not_checkpoint",
                pins: [off]),
            skippedCase(
                .reminderOutcome,
                "createdAt thirty-one days after the run", [checkpoint, elapsed],
                outcomeInput(createdAt: ts("2026-05-01T18:00:00Z")), "not_checkpoint", pins: [off]),
            skippedCase(
                .reminderOutcome, "No createdAt", [checkpoint], outcomeInput(createdAt: nil), "no_start", pins: [off]),
            skippedCase(
                .reminderOutcome,
                "createdAt a string", [checkpoint], outcomeInput(createdAt: .string(paired)), "no_start", pins: [off]),
            skippedCase(
                .reminderOutcome,
                "No createdAt and no userIds: no_start first", [skipOrder],
                outcomeInput(createdAt: .null, userIds: nil),
                "no_start", pins: [off]),
            skippedCase(
                .reminderOutcome,
                "A checkpoint, but no userIds", [membersFlag], outcomeInput(userIds: nil), "no_members",
                pins: [VectorPin("D-CF-77", .refuse)]),
            skippedCase(
                .reminderOutcome,
                "Both submitted day_30", [submitted],
                outcomeInput(outcomes: .object(["alice": ids(["day_30"]), "bob": ids(["day_0", "day_30"])])),
                "submitted", pins: [VectorPin("D-CF-83", .refuse)]),
        ]
    }
}
