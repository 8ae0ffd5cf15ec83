// The gentle_reminder_limit suite: sendGentleReminderCallable's per-user limit (5 per hour in
// rate_limits/{uid}_gentle_reminder). Expected answers written out by hand.
// Normative: specs/cloud-functions.md §sendGentleReminderCallable.

import CloserHarness
import CloserVectorModel
import CloserWire

enum GentleReminderSuite {
    static let name = "gentle_reminder_limit"

    static let counting = VectorFlag(
        "Counting", .basic, .contract, "Inside the window: allowed while count < 5, then refused (D-CF-05).")
    static let window = VectorFlag(
        "WindowEnd", .edgeCase, .contract,
        "An hour after windowStart the window restarts at now with count 1 (D-CF-06).")
    static let retry = VectorFlag(
        "RetryAfter", .edgeCase, .contract,
        "retryAfterMinutes is the time to the window's end in whole minutes, rounded up (D-CF-07).")
    static let corrupt = VectorFlag(
        "CorruptRecord", .missingStep, .contract,
        "A stored counter that is not {windowStart, count} counts as none (D-CF-08).")
    static let badNow = VectorFlag("BadNow", .encoding, .contract, "now is not RFC 3339 (datekey.invalid_instant).")

    static let start = "2026-06-15T12:00:00Z"

    static func record(_ start: JSONValue, _ count: JSONValue) -> JSONValue {
        .object(["windowStart": start, "count": count])
    }

    static func record(_ count: Int, start: String = start) -> JSONValue {
        record(.object(["timestampValue": .string(start)]), V.int(count))
    }

    static func allowed(
        _ comment: String, _ flags: [VectorFlag], _ stored: JSONValue, _ now: String, windowStart: String, count: Int
    ) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.gentleReminderRateLimit.name,
            input: [("record", stored), ("now", .string(now))],
            output: [("allowed", .bool(true)), ("record", record(count, start: windowStart))])
    }

    static func refused(_ comment: String, _ flags: [VectorFlag], _ stored: JSONValue, _ now: String, _ minutes: Int)
        -> VectorCase
    {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.gentleReminderRateLimit.name,
            input: [("record", stored), ("now", .string(now))],
            output: [("allowed", .bool(false)), ("retryAfterMinutes", V.int(minutes))])
    }

    static func build() throws(CloserError) -> WireSuite {
        let c = [counting]
        let w = [window]
        let r = [retry]
        let x = [corrupt]
        let cases: [VectorCase] = [
            allowed(
                "No counter yet: the window starts now", c + w, .null, "2026-06-15T12:10:00Z",
                windowStart: "2026-06-15T12:10:00Z", count: 1),
            allowed("count 0", c, record(0), "2026-06-15T12:10:00Z", windowStart: start, count: 1),
            allowed("count 1", c, record(1), "2026-06-15T12:30:00Z", windowStart: start, count: 2),
            allowed("The fifth reminder", c, record(4), "2026-06-15T12:59:00Z", windowStart: start, count: 5),
            refused("The sixth reminder at the window's start", c + r, record(5), start, 60),
            refused("The sixth reminder half-way", c + r, record(5), "2026-06-15T12:30:00Z", 30),
            refused("29 min 59 s left rounds up to 30", r, record(5), "2026-06-15T12:30:01Z", 30),
            refused("30 seconds left is 1 minute", r, record(5), "2026-06-15T12:59:30Z", 1),
            refused("Half a second left is 1 minute", r, record(5), "2026-06-15T12:59:59.5Z", 1),
            refused("A count above the limit", c + r, record(9), "2026-06-15T12:10:00Z", 50),
            refused("now with an offset (14:20+02:00 is 12:20Z)", r, record(5), "2026-06-15T14:20:00+02:00", 40),
            allowed(
                "Exactly an hour later the window restarts", w, record(5), "2026-06-15T13:00:00Z",
                windowStart: "2026-06-15T13:00:00Z", count: 1),
            allowed(
                "Two hours later with count 3", w, record(3), "2026-06-15T14:00:00Z",
                windowStart: "2026-06-15T14:00:00Z", count: 1),
            allowed(
                "The restart keeps now's text", w, record(5), "2026-06-15T15:00:00+02:00",
                windowStart: "2026-06-15T15:00:00+02:00", count: 1),
            allowed(
                "windowStart as a string, not a timestamp", x, record(.string(start), V.int(5)), "2026-06-15T12:10:00Z",
                windowStart: "2026-06-15T12:10:00Z", count: 1),
            allowed(
                "count as a string", x, record(.object(["timestampValue": .string(start)]), .string("5")),
                "2026-06-15T12:10:00Z",
                windowStart: "2026-06-15T12:10:00Z", count: 1),
            allowed(
                "A negative count", x, record(.object(["timestampValue": .string(start)]), V.int(-1)),
                "2026-06-15T12:10:00Z",
                windowStart: "2026-06-15T12:10:00Z", count: 1),
            allowed(
                "A malformed timestamp", x, record(.object(["timestampValue": .string("yesterday")]), V.int(5)),
                "2026-06-15T12:10:00Z", windowStart: "2026-06-15T12:10:00Z", count: 1),
            allowed(
                "A record that is an array", x, .array([]), "2026-06-15T12:10:00Z", windowStart: "2026-06-15T12:10:00Z",
                count: 1),
        ]
        let badNows: [VectorCase] = ["2026-06-15 12:10:00Z", "", "12:10"].map { now in
            .invalid(
                "now \(CloserError.quoted(now)) is refused", flags: [badNow],
                op: HarnessOpSpec.gentleReminderRateLimit.name,
                input: [("record", record(5)), ("now", .string(now))], error: .dateKeyInvalidInstant, layer: .contract)
        }
        return WireSuite(
            name: name, algorithm: "closer-gentle-reminder-limit",
            header: [
                "sendGentleReminderCallable's per-user limit (specs/cloud-functions.md): gentleReminder.rateLimit(record, now). At most",
                "5 per window; the window is an hour from windowStart and restarts at now; refused answers carry retryAfterMinutes, rounded up.",
            ],
            groups: [
                VectorGroup(
                    "GentleReminderLimit", comment: "the counter of rate_limits/{uid}_gentle_reminder", cases: cases),
                VectorGroup("GentleReminderRefused", comment: "requests the op refuses", cases: badNows),
                VectorGroup(
                    "GentleReminderFarYears", comment: "windowStart in the years 0001 and 9999", cases: farYears()),
            ])
    }

    static let farYear = VectorFlag(
        "FarYears", .edgeCase, .contract,
        "windowStart in the year 0001 or 9999: no overflow; the window is over once now >= windowStart + 1 h, and "
            + "retryAfterMinutes is rounded up however large (D-CF-06, D-CF-07).")

    /// Instants whose nanoseconds since 1970 do not fit in 64 bits (the fuzzer's trap, fixed in 3.2.0).
    static func farYears() -> [VectorCase] {
        let y = [farYear]
        let now = "2026-06-15T12:10:00Z"
        let first = "0001-01-01T00:00:00Z"
        let last = "9999-12-31T23:59:59Z"
        return [
            allowed(
                "Year 0001, count 5: the window is long over", y, record(5, start: first), now, windowStart: now,
                count: 1),
            allowed(
                "Year 0001, count 2: the window restarts", y, record(2, start: first), now, windowStart: now, count: 1),
            refused("Year 0001, count 5, half an hour in", y, record(5, start: first), "0001-01-01T00:30:00Z", 30),
            refused(
                "Year 9999, count 5: refused for 4,193,679,650 minutes", y, record(5, start: last), now, 4_193_679_650),
            allowed(
                "Year 9999, count 2: counted in its window", y, record(2, start: last), now, windowStart: last, count: 3
            ),
            refused("Year 9999, count 5, at windowStart", y, record(5, start: last), last, 60),
        ]
    }
}
