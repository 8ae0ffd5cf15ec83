// The date keys Closer's Cloud Functions write under, as pure functions an app calls.
// Normative: specs/date-keys.md.

import CloserWire

extension CloserError.Code {
    public static let dateKeyUnknownKind = Self("datekey.unknown_kind", .invalidParameters)
}

/// Which date key a document uses (specs/date-keys.md).
public enum DateKeyKind: String, Sendable, CaseIterable {
    /// The `couples/{c}/daily_question/{YYYY-MM-DD}` document a client reads at an instant: the
    /// key of the latest 23:00 UTC assignment run, the UTC date of the instant minus 23 hours
    /// (D-DATE-03).
    case dailyQuestion
    /// The key the functions compute at their run instant and write under: the UTC date of the
    /// instant minus 6 hours (`CST_OFFSET_HOURS = -6`, no daylight saving time, D-DATE-01).
    case assignmentKey
    /// `couples/{c}/gentle_reminders/{YYYY-MM-DD}` written by `sendGentleReminderCallable`: the
    /// UTC calendar date (D-DATE-06).
    case reminderDay

    /// The fixed offset the key is computed at, in seconds.
    public var offsetSeconds: Int64 {
        switch self {
        case .dailyQuestion: Int64(DateKey.dailyQuestionReadOffsetHours) * 3600
        case .assignmentKey: Int64(DateKey.dailyQuestionOffsetHours) * 3600
        case .reminderDay: 0
        }
    }

    public init(name: String) throws(CloserError) {
        guard let k = Self(rawValue: name) else {
            throw CloserError(.dateKeyUnknownKind, "kind must be dailyQuestion, assignmentKey or reminderDay")
        }
        self = k
    }
}

/// The date keys of specs/date-keys.md.
public enum DateKey {
    /// The functions' `CST_OFFSET_HOURS`: the key `assignDailyQuestion` writes at its run instant.
    public static let dailyQuestionOffsetHours = -6
    /// The document a client reads was written by the latest 23:00 UTC run: the UTC date of the
    /// instant minus 23 hours (specs/date-keys.md §Which document a client reads).
    public static let dailyQuestionReadOffsetHours = -23

    /// The key of `kind` at `instant`.
    public static func key(_ kind: DateKeyKind, at instant: Instant) throws(CloserError) -> String {
        let shifted = instant.seconds + kind.offsetSeconds
        // Floor division: instants before 1970 count down correctly.
        let days = shifted >= 0 ? shifted / 86400 : -((-shifted + 86399) / 86400)
        let date = CivilDate(daysSince1970: Int(days))
        guard (1...9999).contains(date.year) else {
            throw CloserError(.dateKeyOutOfRange, "the key's year \(date.year) is outside 0001…9999")
        }
        return date.key
    }

    /// The daily-question document a client reads at `instant` (`YYYY-MM-DD` of the instant
    /// minus 23 hours, UTC): the latest 23:00 UTC assignment.
    public static func dailyQuestion(at instant: Instant) throws(CloserError) -> String {
        try key(.dailyQuestion, at: instant)
    }

    /// The key the functions write at their run instant (`YYYY-MM-DD` at UTC−6, all year).
    public static func assignmentKey(at instant: Instant) throws(CloserError) -> String {
        try key(.assignmentKey, at: instant)
    }

    /// The gentle-reminder lock's day (`YYYY-MM-DD` in UTC).
    public static func reminderDay(at instant: Instant) throws(CloserError) -> String {
        try key(.reminderDay, at: instant)
    }
}
