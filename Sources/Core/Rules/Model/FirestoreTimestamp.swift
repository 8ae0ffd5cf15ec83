// A Firestore timestamp read from the REST encoding's RFC 3339 text.
// Normative: specs/rules.md §"Value model".

import CoreWire

extension CloserError.Code {
    public static let rulesMalformedTimestamp = Self("rules.malformed_timestamp", .decodeError)
}

/// A point in time with nanosecond precision, as Firestore stores it: seconds since the
/// Unix epoch plus nanoseconds, years 0001 to 9999.
public struct FirestoreTimestamp: Hashable, Sendable, Comparable {
    public let seconds: Int64
    public let nanos: Int32

    /// Smallest and largest seconds Firestore accepts (0001-01-01T00:00:00Z, 9999-12-31T23:59:59Z).
    public static let minimumSeconds: Int64 = -62_135_596_800
    public static let maximumSeconds: Int64 = 253_402_300_799

    public init(seconds: Int64, nanos: Int32 = 0) throws(CloserError) {
        guard (Self.minimumSeconds...Self.maximumSeconds).contains(seconds),
            (0..<1_000_000_000).contains(nanos)
        else {
            throw CloserError(.rulesMalformedTimestamp, "timestamp is outside 0001-01-01 to 9999-12-31")
        }
        self.seconds = seconds
        self.nanos = nanos
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction]` followed by `Z` or `±HH:MM` (RFC 3339,
    /// upper-case `T` and `Z`, 1 to 9 fraction digits, no leap second).
    public init(rfc3339 text: String) throws(CloserError) {
        let b = Array(text.utf8)
        func fail(_ why: String) -> CloserError {
            CloserError(.rulesMalformedTimestamp, "timestampValue is not RFC 3339 (\(why))")
        }
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var v = 0
            for i in at..<(at + count) {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) else { return nil }
                v = v * 10 + Int(b[i] - UInt8(ascii: "0"))
            }
            return v
        }
        func byte(_ at: Int, _ c: Character) -> Bool { at < b.count && b[at] == c.asciiValue! }
        guard b.count >= 20, let year = digits(0, 4), byte(4, "-"), let month = digits(5, 2),
            byte(7, "-"),
            let day = digits(8, 2), byte(10, "T"), let hour = digits(11, 2), byte(13, ":"),
            let minute = digits(14, 2), byte(16, ":"), let second = digits(17, 2)
        else { throw fail("expected YYYY-MM-DDTHH:MM:SS") }
        var i = 19
        var nanos = 0
        if byte(i, ".") {
            i += 1
            var count = 0
            while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
                guard count < 9 else { throw fail("more than 9 fraction digits") }
                nanos = nanos * 10 + Int(b[i] - UInt8(ascii: "0"))
                count += 1
                i += 1
            }
            guard count > 0 else { throw fail("empty fraction") }
            for _ in count..<9 { nanos *= 10 }
        }
        var offsetSeconds = 0
        if byte(i, "Z") {
            i += 1
        } else if byte(i, "+") || byte(i, "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            guard let oh = digits(i + 1, 2), byte(i + 3, ":"), let om = digits(i + 4, 2), oh < 24, om < 60
            else {
                throw fail("bad UTC offset")
            }
            offsetSeconds = sign * (oh * 3600 + om * 60)
            i += 6
        } else {
            throw fail("missing Z or UTC offset")
        }
        guard i == b.count else { throw fail("trailing characters") }
        guard year >= 1, (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else { throw fail("field out of range") }
        let days = CivilDate(year: year, month: month, day: day).daysSince1970
        let secs =
            Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        do { try self.init(seconds: secs, nanos: Int32(nanos)) } catch {
            throw fail("outside 0001 to 9999")
        }
    }

    /// RFC 3339 in UTC with `Z`, fraction written with 0, 3, 6 or 9 digits (protobuf JSON style).
    public var rfc3339: String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secOfDay = Int(seconds - Int64(days) * 86_400)
        let civil = CivilDate(daysSince1970: days)
        let (y, m, d) = (civil.year, civil.month, civil.day)
        func pad(_ v: Int, _ w: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        var out =
            "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secOfDay / 3600, 2)):\(pad(secOfDay / 60 % 60, 2)):\(pad(secOfDay % 60, 2))"
        if nanos != 0 {
            let n = Int(nanos)
            if n % 1_000_000 == 0 {
                out += "." + pad(n / 1_000_000, 3)
            } else if n % 1000 == 0 {
                out += "." + pad(n / 1000, 6)
            } else {
                out += "." + pad(n, 9)
            }
        }
        return out + "Z"
    }

    public static func < (a: Self, b: Self) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }
}
