// The date keys Closer's Cloud Functions write under, as pure functions an app calls.
// Normative: specs/date-keys.md.

extension CloserError.Code {
    public static let dateKeyInvalidInstant = Self("datekey.invalid_instant", .decodeError)
    public static let dateKeyOutOfRange = Self("datekey.out_of_range", .invalidParameters)
    public static let dateKeyUnknownKind = Self("datekey.unknown_kind", .invalidParameters)
}

/// An instant: whole seconds since 1970-01-01T00:00:00Z plus nanoseconds (0…999,999,999).
public struct Instant: Hashable, Sendable, Comparable {
    public let seconds: Int64
    public let nanoseconds: Int32

    public init(secondsSince1970 seconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public static func < (a: Self, b: Self) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }

    /// Parses an RFC 3339 timestamp: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of 1–9 digits,
    /// then `Z` or `±HH:MM`. Upper-case `T` and `Z` only, years 0001–9999, no leap second
    /// (`datekey.invalid_instant`).
    public init(rfc3339 text: String) throws(CloserError) {
        let b = Array(text.utf8)
        func bad(_ why: String) -> CloserError {
            CloserError(.dateKeyInvalidInstant, "instant is not RFC 3339: \(why)")
        }
        func digits(_ at: Int, _ n: Int) throws(CloserError) -> Int {
            guard at + n <= b.count else { throw bad("too short") }
            var v = 0
            for c in b[at..<at + n] {
                guard c >= 0x30, c <= 0x39 else { throw bad("digit expected at offset \(at)") }
                v = v * 10 + Int(c - 0x30)
            }
            return v
        }
        func expect(_ at: Int, _ c: UInt8) throws(CloserError) {
            guard at < b.count, b[at] == c else {
                throw bad("'\(Character(Unicode.Scalar(c)))' expected at offset \(at)")
            }
        }
        guard b.count <= 64 else { throw bad("longer than 64 bytes") }
        let year = try digits(0, 4)
        try expect(4, 0x2D)
        let month = try digits(5, 2)
        try expect(7, 0x2D)
        let day = try digits(8, 2)
        try expect(10, 0x54)
        let hour = try digits(11, 2)
        try expect(13, 0x3A)
        let minute = try digits(14, 2)
        try expect(16, 0x3A)
        let second = try digits(17, 2)
        var i = 19
        var nanos = 0
        if i < b.count, b[i] == 0x2E {
            i += 1
            var n = 0
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                guard n < 9 else { throw bad("more than 9 fraction digits") }
                nanos = nanos * 10 + Int(b[i] - 0x30)
                n += 1
                i += 1
            }
            guard n > 0 else { throw bad("empty fraction") }
            for _ in n..<9 { nanos *= 10 }
        }
        var offsetSeconds = 0
        guard i < b.count else { throw bad("missing Z or offset") }
        if b[i] == 0x5A {
            i += 1
        } else if b[i] == 0x2B || b[i] == 0x2D {
            let sign = b[i] == 0x2D ? -1 : 1
            let oh = try digits(i + 1, 2)
            try expect(i + 3, 0x3A)
            let om = try digits(i + 4, 2)
            guard oh <= 23, om <= 59 else { throw bad("offset out of range") }
            offsetSeconds = sign * (oh * 3600 + om * 60)
            i += 6
        } else {
            throw bad("Z or ±HH:MM expected at offset \(i)")
        }
        guard i == b.count else { throw bad("trailing characters") }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { throw bad("field out of range (leap seconds are refused)") }
        let days = CivilDate(year: year, month: month, day: day).daysSince1970
        self.seconds = Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        self.nanoseconds = Int32(nanos)
    }
}

/// A proleptic Gregorian calendar date.
public struct CivilDate: Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    package static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
    /// Days in month `m` (1…12) of year `y`.
    package static func daysIn(month m: Int, year y: Int) -> Int {
        [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    }

    /// Days since 1970-01-01 (H. Hinnant's days_from_civil).
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The date `days` after 1970-01-01 (civil_from_days).
    public init(daysSince1970 z0: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// `YYYY-MM-DD`.
    public var key: String {
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
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
