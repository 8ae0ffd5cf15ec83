// An instant on the UTC time line, read from RFC 3339 text: the clock every profile's dated
// contract computes from (Closer's date keys, specs/date-keys.md; Unstoppable's day keys,
// specs/profiles/unstoppable/values.md).

extension CloserError.Code {
    public static let dateKeyInvalidInstant = Self("datekey.invalid_instant", .decodeError)
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
