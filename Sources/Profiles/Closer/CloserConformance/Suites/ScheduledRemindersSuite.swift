// The scheduled_reminders suite: what one run of sendReengagementReminder,
// scheduledOutcomesReminder, sendChallengeDayReminders and unlockDueMemoryCapsules sends for one
// couple, through reminder.reengagement, reminder.outcome, reminder.challengeDay and
// reminder.capsuleUnlock. Expected answers written out
// by hand. Normative: specs/cloud-functions.md §The scheduled reminders (every pin decided).

import CloserHarness
import CloserVectorModel
import CloserWire

enum ScheduledRemindersSuite {
    static let name = "scheduled_reminders"

    static let sentFlag = VectorFlag(
        "ScheduledReminder", .basic, .contract,
        "A queue record per recipient, then a push each, in member order (D-CF-79).")
    static let elapsed = VectorFlag(
        "ElapsedDays", .edgeCase, .contract,
        "Whole 24-hour periods, floored toward negative infinity, on nanoseconds (D-CF-78).")
    static let quietRange = VectorFlag(
        "QuietDays", .edgeCase, .contract, "Re-engagement: lastAnsweredAt 3 to 10 days back, both ends in (D-CF-80).")
    static let quietHours = VectorFlag(
        "OwnQuietHours", .edgeCase, .contract,
        "Re-engagement skips a member in quiet hours, fail-open, and lists them in quiet (D-CF-81).")
    static let checkpoint = VectorFlag(
        "Checkpoint", .edgeCase, .contract, "Outcomes: exactly 30, 60 or 90 days after createdAt (D-CF-82).")
    static let submitted = VectorFlag(
        "OutcomeSubmitted", .missingStep, .contract, "Outcomes: a member who has the checkpoint's outcome (D-CF-83).")
    static let challengeDay = VectorFlag(
        "ChallengeDay", .edgeCase, .contract, "Challenge: day = elapsed days + 1, within 1…totalDays (D-CF-84).")
    static let waiting = VectorFlag(
        "WaitingOrReady", .edgeCase, .contract,
        "Challenge: nothing when done, challenge_waiting when a partner is, else challenge_day_ready (D-CF-85).")
    static let skipOrder = VectorFlag(
        "SkipOrder", .edgeCase, .contract, "Several skips hold: the first in the page's order names it.")
    static let membersFlag = VectorFlag(
        "ReminderMembers", .edgeCase, .contract,
        "userIds' document ids, once, in order; uids matched by exact text (D-CF-77's rule).")
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request, "A field of the wrong type or out of range, a bad id, a bad instant.")

    static func ts(_ s: String) -> JSONValue { .object(["timestampValue": .string(s)]) }
    static func ids(_ uids: [String]) -> JSONValue { .array(uids.map(JSONValue.string)) }

    /// The writes and pushes of a reminder to `recipients` (uid, type), D-CF-79.
    static func reminded(_ recipients: [(String, String)]) -> [(String, JSONValue)] {
        let writes: [JSONValue] = recipients.map { uid, type in
            .object([
                "kind": .string("add"), "path": .string("users/\(uid)/notification_queue"),
                "members": .object(["type": .string(type), "read": .bool(false)]),
                "serverTimestamps": .array([.string("createdAt")]),
            ])
        }
        let pushes: [JSONValue] = recipients.map { uid, type in
            .object(["recipient": .string(uid), "data": .object(["type": .string(type)])])
        }
        return [("writes", .array(writes)), ("pushes", .array(pushes))]
    }

    static let nothing: [(String, JSONValue)] = [("writes", .array([])), ("pushes", .array([]))]

    /// A run of `op` that sends nothing, for `skip`.
    static func skippedCase(
        _ op: HarnessOpSpec, _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], _ skip: String,
        pins: [VectorPin]
    ) -> VectorCase {
        cited(
            VectorCase.valid(
                comment, flags: flags, op: op.name, input: input,
                output: [("send", .bool(false)), ("skip", .string(skip))] + nothing), pins)
    }

    /// `c` citing `pins` (each case names the decisions it rests on).
    static func cited(_ c: VectorCase, _ pins: [VectorPin]) -> VectorCase {
        var c = c
        c.pins += pins
        return c
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-scheduled-reminders",
            header: [
                "The scheduled reminders (specs/cloud-functions.md; every pin decided): reminder.reengagement,",
                "reminder.outcome, reminder.challengeDay and reminder.capsuleUnlock -> send, skip, the queue records,",
                "the pushes.",
            ],
            groups: [
                VectorGroup("ReengagementSent", comment: "re-engagement reminders", cases: reengagementSent()),
                VectorGroup("ReengagementSkipped", comment: "re-engagement skips", cases: reengagementSkipped()),
                VectorGroup("OutcomeReminderSent", comment: "30/60/90 reminders", cases: outcomeSent()),
                VectorGroup("OutcomeReminderSkipped", comment: "outcome reminder skips", cases: outcomeSkipped()),
                VectorGroup("ChallengeDaySent", comment: "challenge-day reminders", cases: challengeSent()),
                VectorGroup("ChallengeDaySkipped", comment: "challenge-day skips", cases: challengeSkipped()),
                VectorGroup("ScheduledReminderRequest", comment: "requests the ops refuse", cases: badRequests()),
                VectorGroup("CapsuleUnlock", comment: "memory-capsule unlocks", cases: capsuleCases()),
                VectorGroup(
                    "CapsuleUnlockRequest", comment: "capsule-unlock requests the op refuses",
                    cases: capsuleBadRequests()),
            ])
    }
}
