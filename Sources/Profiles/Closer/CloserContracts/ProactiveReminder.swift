// sendDailyQuestionProactiveReminder's decision for one daily question: whether it is due, the
// three stated skips in order, and the claim, queue records and pushes it issues.
// Normative: specs/cloud-functions.md §sendDailyQuestionProactiveReminder (D-CF-75..77).

import CloserWire

/// What the scheduler reads for one `daily_question` document the query returned.
public struct ProactiveReminderState: Sendable {
    public var run: Instant
    public var coupleId: String
    public var questionDate: String
    /// The `daily_question/{questionDate}` document.
    public var question: JSONValue
    /// Whether `couples/{c}/daily_reminders/auto_{questionDate}` exists (skip a).
    public var autoClaimed: Bool
    /// Whether `couples/{c}/gentle_reminders/{questionDate}` exists (skip b).
    public var gentleSent: Bool
    /// The ids of the question's `answers/` documents (skip c).
    public var answers: [String]
    /// `couples/{c}`.
    public var couple: JSONValue

    public init(
        run: Instant, coupleId: String, questionDate: String, question: JSONValue, autoClaimed: Bool,
        gentleSent: Bool, answers: [String], couple: JSONValue
    ) {
        self.run = run
        self.coupleId = coupleId
        self.questionDate = questionDate
        self.question = question
        self.autoClaimed = autoClaimed
        self.gentleSent = gentleSent
        self.answers = answers
        self.couple = couple
    }
}

public enum ProactiveReminder {
    /// The query's horizon: `expiresAt` within this long after the run (stated, D-CF-75).
    public static let horizonSeconds: Int64 = 3 * 3600
    /// The payload key and queue type (push-routing.md's reminder key; decided, D-CF-77).
    public static let type = "daily_question_reminder"

    /// Why a question gets no reminder, in check order (D-CF-75, D-CF-76, D-CF-77).
    public enum Skip: String, Sendable {
        case notDue = "not_due", alreadyClaimed = "already_claimed", gentleSent = "gentle_sent"
        case answered, noMembers = "no_members"
    }

    /// The skip, or the claim (create), one queue record per member and one push per member.
    public static func decide(_ s: ProactiveReminderState) -> Result<CascadePlan, SkipReason> {
        guard let expires = s.question.member(exactly: "expiresAt").flatMap(DocumentShape.timestamp),
            s.run < expires,
            !(Instant(secondsSince1970: s.run.seconds + horizonSeconds, nanoseconds: s.run.nanoseconds) < expires)
        else { return .failure(SkipReason(.notDue)) }
        if s.autoClaimed { return .failure(SkipReason(.alreadyClaimed)) }
        if s.gentleSent { return .failure(SkipReason(.gentleSent)) }
        if !s.answers.isEmpty { return .failure(SkipReason(.answered)) }
        let members = ScheduledReminders.members(of: s.couple)
        guard !members.isEmpty else { return .failure(SkipReason(.noMembers)) }
        var plan = ScheduledReminders.plan(members.map { ($0, type) })
        plan.writes.insert(
            FirestoreWrite(
                kind: .create, path: "couples/\(s.coupleId)/daily_reminders/auto_\(s.questionDate)",
                serverTimestamps: ["claimedAt"]),
            at: 0)
        return .success(plan)
    }

    /// A skip as an Error, so that `decide` can answer a `Result`.
    public struct SkipReason: Error, Sendable, Equatable {
        public let skip: Skip
        init(_ skip: Skip) { self.skip = skip }
    }
}
