// The proactive_reminder suite: sendDailyQuestionProactiveReminder's decision for one daily
// question (due, the three skips in order, the claim, queue records and pushes) through
// reminder.proactive. Expected answers written out by hand. Normative:
// specs/cloud-functions.md §sendDailyQuestionProactiveReminder.

import CloserHarness
import CloserVectorModel
import CloserWire

enum ProactiveReminderSuite {
    static let name = "proactive_reminder"

    static let sent = VectorFlag(
        "Reminded", .basic, .contract,
        "Claim daily_reminders/auto_{date}, then a queue record and a push per member (D-CF-76, D-CF-77).")
    static let window = VectorFlag(
        "DueWindow", .edgeCase, .contract, "Due when expiresAt is in (run, run + 3 h] (D-CF-75).")
    static let skips = VectorFlag(
        "Skip", .missingStep, .contract, "Already claimed, a gentle reminder sent, or an answer: nothing (D-CF-76).")
    static let order = VectorFlag(
        "CheckOrder", .edgeCase, .contract, "Several skips hold: the first stated one names it (D-CF-76).")
    static let membersFlag = VectorFlag(
        "Members", .edgeCase, .contract,
        "Every member of userIds that is a document id, once, in order; none: no_members (D-CF-77).")
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request, "A field of the wrong type, an id that is not a document id, a bad run.")

    static func ts(_ s: String) -> JSONValue { .object(["timestampValue": .string(s)]) }
    static let pair: JSONValue = .object(["userIds": .array([.string("alice"), .string("bob")])])

    static func input(
        run: String = "2026-06-15T21:00:00Z", coupleId: JSONValue = .string("c1"),
        question: JSONValue = .object(["questionId": .string("q1"), "expiresAt": ts("2026-06-15T23:00:00Z")]),
        autoClaimed: JSONValue = .bool(false), gentleSent: JSONValue = .bool(false), answers: [JSONValue] = [],
        couple: JSONValue = pair
    ) -> [(String, JSONValue)] {
        [
            ("run", .string(run)), ("coupleId", coupleId), ("questionDate", .string("2026-06-15")),
            ("question", question), ("autoClaimed", autoClaimed), ("gentleSent", gentleSent),
            ("answers", .array(answers)), ("couple", couple),
        ]
    }

    static func question(_ expires: JSONValue?) -> JSONValue {
        var m: [String: JSONValue] = ["questionId": .string("q1")]
        m["expiresAt"] = expires
        return .object(m)
    }

    static func remind(_ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], to members: [String])
        -> VectorCase
    {
        var writes: [JSONValue] = [
            .object([
                "kind": .string("create"), "path": .string("couples/c1/daily_reminders/auto_2026-06-15"),
                "members": .object([:]), "serverTimestamps": .array([.string("claimedAt")]),
            ])
        ]
        var pushes: [JSONValue] = []
        for uid in members {
            writes.append(
                .object([
                    "kind": .string("add"), "path": .string("users/\(uid)/notification_queue"),
                    "members": .object(["type": .string("daily_question_reminder"), "read": .bool(false)]),
                    "serverTimestamps": .array([.string("createdAt")]),
                ]))
            pushes.append(
                .object(["recipient": .string(uid), "data": .object(["type": .string("daily_question_reminder")])]))
        }
        return .valid(
            comment, flags: flags, op: HarnessOpSpec.reminderProactive.name, input: input,
            output: [("send", .bool(true)), ("writes", .array(writes)), ("pushes", .array(pushes))])
    }

    static func skip(_ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], _ reason: String)
        -> VectorCase
    {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.reminderProactive.name, input: input,
            output: [
                ("send", .bool(false)), ("skip", .string(reason)), ("writes", .array([])), ("pushes", .array([])),
            ])
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-proactive-reminder",
            header: [
                "sendDailyQuestionProactiveReminder (specs/cloud-functions.md): reminder.proactive(run, coupleId, questionDate,",
                "question, autoClaimed, gentleSent, answers, couple) -> send, skip, the ordered writes, the pushes.",
            ],
            groups: [
                VectorGroup("ProactiveReminderSent", comment: "reminders and what they write", cases: sentCases()),
                VectorGroup("ProactiveReminderSkipped", comment: "skips in check order", cases: skipCases()),
                VectorGroup("ProactiveReminderRequest", comment: "requests the op refuses", cases: badRequests()),
            ])
    }
}
