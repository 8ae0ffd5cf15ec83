// The proactive_reminder suite's cases. Normative: specs/cloud-functions.md
// §sendDailyQuestionProactiveReminder.

import CloserHarness
import CloserVectorModel
import CloserWire

extension ProactiveReminderSuite {
    static func sentCases() -> [VectorCase] {
        let claim = [VectorPin("D-CF-76", .accept), VectorPin("D-CF-77", .accept)]
        func cite(_ c: VectorCase, _ more: [VectorPin]) -> VectorCase {
            var c = c
            c.pins += more
            return c
        }
        let odd: JSONValue = .object([
            "userIds": .array([.string("bob"), .string(""), .string("a/b"), .string("alice"), .string("bob")])
        ])
        return [
            cite(
                remind(
                    "Due, unclaimed, no gentle reminder, no answer: both members", [sent], input(),
                    to: ["alice", "bob"]), claim + [VectorPin("D-CF-75", .accept)]),
            cite(
                remind(
                    "expiresAt exactly three hours after the run: due", [window],
                    input(question: question(ts("2026-06-16T00:00:00Z"))), to: ["alice", "bob"]),
                [VectorPin("D-CF-75", .accept)]),
            cite(
                remind(
                    "expiresAt a nanosecond after the run: due", [window],
                    input(question: question(ts("2026-06-15T21:00:00.000000001Z"))), to: ["alice", "bob"]),
                [VectorPin("D-CF-75", .accept)]),
            cite(
                remind(
                    "userIds in another order, an empty member, one with a slash, a repeat", [membersFlag],
                    input(couple: odd), to: ["bob", "alice"]), [VectorPin("D-CF-77", .accept)]),
        ]
    }

    static func skipCases() -> [VectorCase] {
        let notDue = [window]
        let due = VectorPin("D-CF-75", .refuse)
        let stated = VectorPin("D-CF-76", .refuse)
        return [
            skip(
                "expiresAt a second past the three hours", notDue,
                input(question: question(ts("2026-06-16T00:00:01Z"))), "not_due"
            ).citing(due),
            skip(
                "expiresAt exactly at the run: already over", notDue,
                input(question: question(ts("2026-06-15T21:00:00Z"))), "not_due"
            ).citing(due),
            skip("expiresAt before the run", notDue, input(question: question(ts("2026-06-15T20:00:00Z"))), "not_due")
                .citing(due),
            skip("No expiresAt: the range query does not return it", notDue, input(question: question(nil)), "not_due")
                .citing(due),
            skip(
                "expiresAt a string, not a timestamp", notDue,
                input(question: question(.string("2026-06-15T23:00:00Z"))), "not_due"
            ).citing(due),
            skip(
                "The auto-reminder slot is already claimed", [skips], input(autoClaimed: .bool(true)), "already_claimed"
            )
            .citing(stated),
            skip(
                "A gentle reminder was sent for the question's date", [skips], input(gentleSent: .bool(true)),
                "gentle_sent"
            ).citing(stated),
            skip("One partner has answered", [skips], input(answers: [.string("bob")]), "answered").citing(stated),
            skip(
                "Claimed, gentle and answered: the claim names it", [order],
                input(autoClaimed: .bool(true), gentleSent: .bool(true), answers: [.string("alice")]), "already_claimed"
            )
            .citing(VectorPin("D-CF-76", .accept)),
            skip(
                "Gentle and answered: the gentle reminder names it", [order],
                input(gentleSent: .bool(true), answers: [.string("alice")]), "gentle_sent"
            )
            .citing(VectorPin("D-CF-76", .accept)),
            skip("A couple without userIds", [membersFlag], input(couple: .object([:])), "no_members")
                .citing(VectorPin("D-CF-77", .refuse)),
            skip(
                "userIds holding no document id", [membersFlag],
                input(couple: .object(["userIds": .array([.string(""), .string("a/b")])])), "no_members"
            )
            .citing(VectorPin("D-CF-77", .refuse)),
        ]
    }

    static func badRequests() -> [VectorCase] {
        let bad: [(String, [(String, JSONValue)], CloserError.Code, VectorLayer)] = [
            (
                "autoClaimed the string \"true\"", input(autoClaimed: .string("true")), RequestCodes.malformedRequest,
                .request
            ),
            ("answers holding a number", input(answers: [V.int(7)]), RequestCodes.malformedRequest, .request),
            ("An empty coupleId", input(coupleId: .string("")), RequestCodes.malformedRequest, .request),
            ("question null", input(question: .null), RequestCodes.malformedRequest, .request),
            ("run without a zone", input(run: "2026-06-15T21:00:00"), .dateKeyInvalidInstant, .contract),
        ]
        return bad.map { comment, input, error, layer in
            .invalid(
                comment, flags: [badRequest], op: HarnessOpSpec.reminderProactive.name, input: input, error: error,
                layer: layer)
        }
    }
}
