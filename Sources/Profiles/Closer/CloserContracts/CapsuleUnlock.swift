// unlockDueMemoryCapsules' decision for one capsule: due once its unlock instant has passed,
// then a queue record and a push per member. Normative: specs/cloud-functions.md
// §unlockDueMemoryCapsules (D-CF-86, D-CF-87; decided).

import CloserWire

public enum CapsuleUnlock {
    public static let type = "memory_capsule_unlocked"

    /// The reminders of an unlock, or the skip: `locked` (the instant is after the run),
    /// `already_unlocked`, `no_members`.
    public static func decide(run: Instant, unlockAt: Instant, unlocked: Bool, couple: JSONValue) -> Result<
        CascadePlan, ScheduledReminders.Skip
    > {
        if run < unlockAt { return .failure(.init("locked")) }
        if unlocked { return .failure(.init("already_unlocked")) }
        let members = ScheduledReminders.members(of: couple)
        guard !members.isEmpty else { return .failure(.noMembers) }
        return .success(ScheduledReminders.plan(members.map { ($0, type) }))
    }
}
