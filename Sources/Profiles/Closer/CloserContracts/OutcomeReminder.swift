// scheduledOutcomesReminder's decision for one couple: the 30/60/90-day checkpoint counted from
// the couple's createdAt, and the members who have not submitted it. Normative:
// specs/cloud-functions.md §scheduledOutcomesReminder (D-CF-82, D-CF-83; decided).

import CloserWire

public enum OutcomeReminder {
    public static let type = "outcome_reminder"
    /// The reminded checkpoints (elapsed days), "30/60/90 reminders".
    public static let checkpoints: [Int64] = [30, 60, 90]

    /// The checkpoint's `dayKey` and the reminder, or the skip.
    /// `outcomes` is an object: a member's uid → the ids of their `outcomes/` documents (an
    /// array of strings; the op checks the types).
    public static func decide(run: Instant, couple: JSONValue, outcomes: JSONValue) -> Result<
        (dayKey: String, plan: CascadePlan), ScheduledReminders.Skip
    > {
        guard let created = ScheduledReminders.storedInstant(couple, "createdAt") else {
            return .failure(.init("no_start"))
        }
        guard let days = ScheduledReminders.elapsedDays(from: created, to: run), checkpoints.contains(days) else {
            return .failure(.init("not_checkpoint"))
        }
        let dayKey = "day_\(days)"
        let members = ScheduledReminders.members(of: couple)
        guard !members.isEmpty else { return .failure(.noMembers) }
        let due = members.filter { uid in
            guard case .array(let ids)? = outcomes.member(exactly: uid) else { return true }
            return !ids.compactMap(\.stringValue).containsIdentical(dayKey)
        }
        guard !due.isEmpty else { return .failure(.init("submitted")) }
        return .success((dayKey, ScheduledReminders.plan(due.map { ($0, type) })))
    }
}
