// sendChallengeDayReminders' decision for one couple's challenge: today's day, and per member
// nothing, challenge_waiting or challenge_day_ready. Normative: specs/cloud-functions.md
// §sendChallengeDayReminders (D-CF-84, D-CF-85; decided).

import CloserWire

/// A challenge's state as the op takes it (the documents are not in the manual; D-CF-84).
public struct ChallengeState: Sendable {
    /// When day 1 opened.
    public var startedAt: Instant
    public var totalDays: Int64
    /// An object: member uid → the highest day that member has completed (a number; absent: 0).
    public var completed: JSONValue

    public init(startedAt: Instant, totalDays: Int64, completed: JSONValue) {
        self.startedAt = startedAt
        self.totalDays = totalDays
        self.completed = completed
    }
}

public enum ChallengeDayReminder {
    public static let ready = "challenge_day_ready"
    public static let waiting = "challenge_waiting"
    /// The bounds of `totalDays` and of a `completed` value (decided, D-CF-84).
    public static let dayRange: ClosedRange<Int64> = 0...366

    /// Today's day and the reminders, or the skip.
    public static func decide(run: Instant, challenge: ChallengeState, couple: JSONValue) -> Result<
        (day: Int64, plan: CascadePlan), ScheduledReminders.Skip
    > {
        guard let elapsed = ScheduledReminders.elapsedDays(from: challenge.startedAt, to: run) else {
            return .failure(.init(run < challenge.startedAt ? "not_started" : "finished"))
        }
        let day = elapsed + 1
        if day < 1 { return .failure(.init("not_started")) }
        if day > challenge.totalDays { return .failure(.init("finished")) }
        let members = ScheduledReminders.members(of: couple)
        guard !members.isEmpty else { return .failure(.noMembers) }
        let done = members.map { uid in
            guard case .number(let n)? = challenge.completed.member(exactly: uid) else { return false }
            return n >= Double(day)
        }
        var recipients: [(uid: String, type: String)] = []
        for (i, uid) in members.enumerated() where !done[i] {
            let partnerDone = done.indices.contains { $0 != i && done[$0] }
            recipients.append((uid, partnerDone ? waiting : ready))
        }
        guard !recipients.isEmpty else { return .failure(.init("all_done")) }
        return .success((day, ScheduledReminders.plan(recipients)))
    }
}
