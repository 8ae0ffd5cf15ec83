// `date` of a daily progress: the user's local calendar day as `yyyy-MM-dd` (proleptic Gregorian,
// four-digit year). The day is the one in force on the device at the moment of the progress, at
// the UTC offset the device's time zone has then (decided: specs/profiles/unstoppable/payloads.md
// §"date", D-UNST-05).

import CoreWire

public enum UnstoppableDay {
    /// The largest UTC offset any zone uses, ±14:00, in minutes.
    public static let maximumOffsetMinutes = 14 * 60

    /// Parses exactly `yyyy-MM-dd` of a real date (year 0001…9999): `2026-3-1`, `2026-02-30`,
    /// `2026/03/01` and `2026-03-01T00:00` are `unstoppable.invalid_date`.
    public static func parse(_ text: String) throws(CloserError) -> CivilDate {
        let b = Array(text.utf8)
        let bad = CloserError(.unstoppableInvalidDate, "date is yyyy-MM-dd, a real Gregorian date")
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { throw bad }
        var fields: [Int] = []
        for range in [0..<4, 5..<7, 8..<10] {
            var v = 0
            for i in range {
                guard b[i] >= 0x30, b[i] <= 0x39 else { throw bad }
                v = v * 10 + Int(b[i] - 0x30)
            }
            fields.append(v)
        }
        let (y, m, d) = (fields[0], fields[1], fields[2])
        guard y >= 1, (1...12).contains(m), d >= 1, d <= CivilDate.daysIn(month: m, year: y) else { throw bad }
        return CivilDate(year: y, month: m, day: d)
    }

    /// The local day of `instant` at `offsetMinutes` east of UTC (−840…840, else
    /// `unstoppable.invalid_utc_offset`).
    public static func key(at instant: Instant, utcOffsetMinutes offsetMinutes: Int) throws(CloserError) -> String {
        guard abs(offsetMinutes) <= maximumOffsetMinutes else {
            throw CloserError(.unstoppableInvalidUTCOffset, "a UTC offset is -840...840 minutes")
        }
        let local = instant.seconds + Int64(offsetMinutes) * 60
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let date = CivilDate(daysSince1970: Int(days))
        guard (1...9999).contains(date.year) else {
            throw CloserError(.dateKeyOutOfRange, "the local day's year is outside 0001...9999")
        }
        return date.key
    }
}
