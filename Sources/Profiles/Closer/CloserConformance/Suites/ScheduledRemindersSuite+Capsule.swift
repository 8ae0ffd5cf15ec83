// The scheduled_reminders suite's memory-capsule unlock cases. Normative: specs/cloud-functions.md
// §unlockDueMemoryCapsules (D-CF-86, D-CF-87).

import CloserHarness
import CloserVectorModel
import CloserWire

extension ScheduledRemindersSuite {
    static let capsuleDue = VectorFlag(
        "CapsuleDue", .edgeCase, .contract, "A capsule opens at the first run at or after its unlock instant (D-CF-86)."
    )

    static func capsuleInput(
        run: String = "2026-06-15T17:00:00Z", unlockAt: String = "2026-06-15T16:30:00Z",
        unlocked: JSONValue = .bool(false),
        capsuleId: JSONValue = .string("cap1"), userIds: JSONValue? = ids(["alice", "bob"])
    ) -> [(String, JSONValue)] {
        var couple: [String: JSONValue] = [:]
        couple["userIds"] = userIds
        return [
            ("run", .string(run)), ("coupleId", .string("c1")), ("capsuleId", capsuleId),
            ("unlockAt", .string(unlockAt)),
            ("unlocked", unlocked), ("couple", .object(couple)),
        ]
    }

    static func capsuleCase(
        _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], skip: String?, pins: [VectorPin]
    ) -> VectorCase {
        let output: [(String, JSONValue)] =
            skip.map { [("send", .bool(false)), ("skip", .string($0))] + nothing }
            ?? [("send", .bool(true))]
            + reminded([("alice", "memory_capsule_unlocked"), ("bob", "memory_capsule_unlocked")])
        return cited(
            VectorCase.valid(
                comment, flags: (skip == nil ? [sentFlag] : []) + flags, op: HarnessOpSpec.reminderCapsuleUnlock.name,
                input: input, output: output), pins)
    }

    static func capsuleCases() -> [VectorCase] {
        let due = VectorPin("D-CF-86", .accept)
        let notDue = VectorPin("D-CF-86", .refuse)
        let sent = VectorPin("D-CF-87", .accept)
        return [
            capsuleCase(
                "Unlock instant half an hour before the run: both told", [], capsuleInput(), skip: nil,
                pins: [due, sent]),
            capsuleCase(
                "Unlock instant exactly at the run", [capsuleDue], capsuleInput(unlockAt: "2026-06-15T17:00:00Z"),
                skip: nil,
                pins: [due]),
            capsuleCase(
                "Unlock instant a nanosecond after the run: still locked", [capsuleDue],
                capsuleInput(unlockAt: "2026-06-15T17:00:00.000000001Z"), skip: "locked", pins: [notDue]),
            capsuleCase(
                "Unlock instant given with an offset: 12:30-05:00 is 17:30Z, after the run", [capsuleDue],
                capsuleInput(unlockAt: "2026-06-15T12:30:00-05:00"), skip: "locked", pins: [notDue]),
            capsuleCase(
                "Already unlocked", [capsuleDue], capsuleInput(unlocked: .bool(true)), skip: "already_unlocked",
                pins: [notDue]),
            capsuleCase(
                "Locked and already unlocked: locked first", [skipOrder],
                capsuleInput(unlockAt: "2026-06-16T00:00:00Z", unlocked: .bool(true)), skip: "locked", pins: [notDue]),
            capsuleCase(
                "No userIds", [membersFlag], capsuleInput(userIds: nil), skip: "no_members",
                pins: [VectorPin("D-CF-87", .refuse)]),
        ]
    }

    static func capsuleBadRequests() -> [VectorCase] {
        let op = HarnessOpSpec.reminderCapsuleUnlock.name
        let bad: [(String, [(String, JSONValue)], CloserError.Code, VectorLayer)] = [
            (
                "unlocked the string \"false\"", capsuleInput(unlocked: .string("false")),
                RequestCodes.malformedRequest, .request
            ),
            ("capsuleId empty", capsuleInput(capsuleId: .string("")), RequestCodes.malformedRequest, .request),
            ("unlockAt a date only", capsuleInput(unlockAt: "2026-06-15"), .dateKeyInvalidInstant, .contract),
        ]
        return bad.map { comment, input, error, layer in
            .invalid(comment, flags: [badRequest], op: op, input: input, error: error, layer: layer)
        }
    }
}
