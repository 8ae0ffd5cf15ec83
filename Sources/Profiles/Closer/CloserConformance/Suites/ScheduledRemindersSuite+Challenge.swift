// The scheduled_reminders suite's challenge-day cases. Normative: specs/cloud-functions.md
// §sendChallengeDayReminders (D-CF-78, D-CF-84, D-CF-85).

import CloserHarness
import CloserVectorModel
import CloserWire

extension ScheduledRemindersSuite {
    static let started = "2026-06-01T05:00:00Z"
    /// started + 2 days: day 3.
    static let dayThree = "2026-06-03T05:00:00Z"

    static func challengeInput(
        run: String = dayThree, startedAt: String = started, totalDays: JSONValue = V.int(7),
        completed: JSONValue = .object([:]), userIds: JSONValue? = ids(["alice", "bob"])
    ) -> [(String, JSONValue)] {
        var couple: [String: JSONValue] = [:]
        couple["userIds"] = userIds
        return [
            ("run", .string(run)), ("coupleId", .string("c1")), ("startedAt", .string(startedAt)),
            ("totalDays", totalDays), ("completed", completed), ("couple", .object(couple)),
        ]
    }

    static func challengeSentCase(
        _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], day: Int, to: [(String, String)],
        pins: [VectorPin]
    ) -> VectorCase {
        cited(
            VectorCase.valid(
                comment, flags: [sentFlag] + flags, op: HarnessOpSpec.reminderChallengeDay.name, input: input,
                output: [("send", .bool(true)), ("day", V.int(day))] + reminded(to)), pins)
    }

    static func challengeSent() -> [VectorCase] {
        let ready = "challenge_day_ready"
        let wait = "challenge_waiting"
        let day = VectorPin("D-CF-84", .accept)
        let who = VectorPin("D-CF-85", .accept)
        return [
            challengeSentCase(
                "Day 3, nobody done: both ready", [], challengeInput(), day: 3, to: [("alice", ready), ("bob", ready)],
                pins: [day, who, VectorPin("D-CF-79", .accept)]),
            challengeSentCase(
                "Day 3, alice done: bob waiting, alice nothing", [waiting],
                challengeInput(completed: .object(["alice": V.int(3)])), day: 3, to: [("bob", wait)], pins: [who]),
            challengeSentCase(
                "Day 3, alice done with day 2 only: both ready", [waiting],
                challengeInput(completed: .object(["alice": V.int(2), "bob": V.int(0)])), day: 3,
                to: [("alice", ready), ("bob", ready)], pins: [who]),
            challengeSentCase(
                "Day 3, bob ahead at day 5: alice waiting", [waiting],
                challengeInput(completed: .object(["bob": V.int(5)])), day: 3, to: [("alice", wait)], pins: [who]),
            challengeSentCase(
                "A uid done that is not a member is nobody's partner", [waiting, membersFlag],
                challengeInput(completed: .object(["carol": V.int(3)])), day: 3,
                to: [("alice", ready), ("bob", ready)],
                pins: [who]),
            challengeSentCase(
                "Three members, bob done: the other two waiting", [waiting, membersFlag],
                challengeInput(completed: .object(["bob": V.int(3)]), userIds: ids(["alice", "bob", "carol"])), day: 3,
                to: [("alice", wait), ("carol", wait)], pins: [who]),
            challengeSentCase(
                "The run at startedAt: day 1", [challengeDay], challengeInput(run: started), day: 1,
                to: [("alice", ready), ("bob", ready)], pins: [day]),
            challengeSentCase(
                "Seven days less a nanosecond after the start: day 7 of 7", [challengeDay, elapsed],
                challengeInput(run: "2026-06-08T04:59:59.999999999Z"), day: 7, to: [("alice", ready), ("bob", ready)],
                pins: [day, VectorPin("D-CF-78", .accept)]),
        ]
    }

    static func challengeSkipped() -> [VectorCase] {
        let off = VectorPin("D-CF-84", .refuse)
        return [
            skippedCase(
                .reminderChallengeDay,
                "A nanosecond before startedAt: day 0, not 1", [challengeDay, elapsed],
                challengeInput(run: "2026-06-01T04:59:59.999999999Z"), "not_started",
                pins: [off, VectorPin("D-CF-78", .accept)]),
            skippedCase(
                .reminderChallengeDay,
                "A day before startedAt", [challengeDay], challengeInput(run: "2026-05-31T05:00:00Z"), "not_started",
                pins: [off]),
            skippedCase(
                .reminderChallengeDay,
                "Seven whole days after the start of a 7-day challenge: day 8", [challengeDay],
                challengeInput(run: "2026-06-08T05:00:00Z"), "finished", pins: [off]),
            skippedCase(
                .reminderChallengeDay,
                "A one-day challenge the next day", [challengeDay],
                challengeInput(run: "2026-06-02T05:00:00Z", totalDays: V.int(1)), "finished", pins: [off]),
            skippedCase(
                .reminderChallengeDay,
                "Both done with day 3", [waiting],
                challengeInput(completed: .object(["alice": V.int(3), "bob": V.int(4)])),
                "all_done", pins: [VectorPin("D-CF-85", .refuse)]),
            skippedCase(
                .reminderChallengeDay,
                "No userIds", [membersFlag], challengeInput(userIds: nil), "no_members",
                pins: [VectorPin("D-CF-77", .refuse)]),
            skippedCase(
                .reminderChallengeDay,
                "Not started and no userIds: not_started first", [skipOrder],
                challengeInput(run: "2026-05-31T05:00:00Z", userIds: nil), "not_started", pins: [off]),
        ]
    }
}
