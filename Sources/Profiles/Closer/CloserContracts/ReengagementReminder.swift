// sendReengagementReminder's decision for one couple: quiet 3 to 10 days, its own quiet-hours
// check per member, and the reminder. Normative: specs/cloud-functions.md
// §sendReengagementReminder (D-CF-80, D-CF-81; all decided).

import CloserWire

public enum ReengagementReminder {
    public static let type = "reengagement"
    /// Quiet days targeted, both ends in (D-CF-80: "3–10 days quiet").
    public static let quietDays: ClosedRange<Int64> = 3...10

    /// What one run sends to one couple.
    public struct Decision: Sendable, Equatable {
        /// The skip, or nil when sent.
        public var skip: ScheduledReminders.Skip?
        /// The members left out because they are in quiet hours, in member order.
        public var quiet: [String] = []
        public var plan = CascadePlan()
    }

    /// `users` is an object: a member's uid → their `users/{uid}` document (absent: none);
    /// `utcOffset` is quiet-hours.md's zone lookup.
    public static func decide(
        run: Instant, couple: JSONValue, users: JSONValue,
        utcOffset: (_ zone: String, _ instant: Instant) -> Int?
    ) -> Decision {
        guard let last = ScheduledReminders.storedInstant(couple, "lastAnsweredAt"),
            let days = ScheduledReminders.elapsedDays(from: last, to: run), quietDays.contains(days)
        else { return Decision(skip: .init("not_quiet")) }
        let members = ScheduledReminders.members(of: couple)
        guard !members.isEmpty else { return Decision(skip: .noMembers) }
        var decision = Decision(skip: nil)
        var recipients: [(uid: String, type: String)] = []
        for uid in members {
            let user = users.member(exactly: uid) ?? .null
            if QuietHours.isQuiet(user: user, at: run, utcOffset: utcOffset) {
                decision.quiet.append(uid)
            } else {
                recipients.append((uid, type))
            }
        }
        guard !recipients.isEmpty else {
            decision.skip = .init("quiet_hours")
            return decision
        }
        decision.plan = ScheduledReminders.plan(recipients)
        return decision
    }
}
