// The date_keys suite as plain cases. Normative: specs/date-keys.md.

import CloserWire

public enum DateKeysCases {
    public static let flags: [ContractFlag] = [
        ContractFlag(
            name: "FixedOffset", bugType: "WRONG_PARAMETERS",
            description:
                "The daily-question key uses UTC−6 all year (CST_OFFSET_HOURS = -6); a port using America/Chicago with DST gets another key for this instant (specs/date-keys.md §DST)."
        ),
        ContractFlag(
            name: "DstTransition", bugType: "EDGE_CASE",
            description: "An instant at or next to an America/Chicago DST change; the fixed offset ignores it."),
        ContractFlag(name: "Midnight", bugType: "EDGE_CASE", description: "At or next to a day boundary of the key's offset."),
        ContractFlag(
            name: "Cron", bugType: "BASIC",
            description: "The instant assignDailyQuestion runs at (0 23 * * * America/Chicago, 23:00 UTC in CDT)."),
        ContractFlag(name: "UtcDay", bugType: "BASIC", description: "The gentle-reminder lock's UTC calendar day."),
        ContractFlag(name: "Offset", bugType: "EDGE_CASE", description: "An RFC 3339 instant with a numeric offset."),
        ContractFlag(name: "BadInstant", bugType: "ENCODING", description: "Not an RFC 3339 timestamp the op accepts."),
    ]

    static func dq(_ comment: String, _ flags: [String], _ instant: String, _ key: String) -> ContractCase {
        ContractCase(
            comment, flags: flags, op: "datekey.compute",
            input: ["instant": .string(instant), "kind": .string("dailyQuestion")], expected: ["key": .string(key)])
    }
    static func rd(_ comment: String, _ flags: [String], _ instant: String, _ key: String) -> ContractCase {
        ContractCase(
            comment, flags: flags, op: "datekey.compute",
            input: ["instant": .string(instant), "kind": .string("reminderDay")], expected: ["key": .string(key)])
    }
    static func bad(_ comment: String, _ instant: String, kind: String = "dailyQuestion", _ code: CloserError.Code)
        -> ContractCase
    {
        ContractCase(
            comment, flags: ["BadInstant"], result: "invalid", op: "datekey.compute",
            input: ["instant": .string(instant), "kind": .string(kind)], expected: ContractCase.error(code))
    }

    public static var cases: [ContractCase] {
        [
            dq("Cron in summer: 23:00 UTC = 18:00 CDT; key is the same UTC date", ["Cron"], "2025-07-15T23:00:00Z", "2025-07-15"),
            dq("Cron in winter: 23:00 UTC = 17:00 CST; key is the same UTC date", ["Cron"], "2025-01-15T23:00:00Z", "2025-01-15"),
            dq("Midnight UTC is 18:00 the previous day at UTC−6", ["Midnight"], "2025-03-15T00:00:00Z", "2025-03-14"),
            dq("06:00 UTC is 00:00 at UTC−6: the new key starts", ["Midnight"], "2025-03-15T06:00:00Z", "2025-03-15"),
            dq("One nanosecond before 06:00 UTC is still the previous key", ["Midnight"], "2025-03-15T05:59:59.999999999Z", "2025-03-14"),
            dq("Spring forward (2025-03-09 08:00 UTC, 02:00 CST → 03:00 CDT): one second before", ["DstTransition"], "2025-03-09T07:59:59Z", "2025-03-09"),
            dq("Spring forward: at the change", ["DstTransition"], "2025-03-09T08:00:00Z", "2025-03-09"),
            dq("Cron on the spring-forward day (17:00 CST the day before, 18:00 CDT this day)", ["DstTransition", "Cron"], "2025-03-09T23:00:00Z", "2025-03-09"),
            dq("Fall back (2025-11-02 07:00 UTC, 02:00 CDT → 01:00 CST): one second before", ["DstTransition"], "2025-11-02T06:59:59Z", "2025-11-02"),
            dq("Fall back: at the change", ["DstTransition"], "2025-11-02T07:00:00Z", "2025-11-02"),
            dq(
                "DST note: 05:30 UTC in July is 00:30 CDT on the 1st in Chicago, but the functions' key is the 30th",
                ["FixedOffset"], "2025-07-01T05:30:00Z", "2025-06-30"),
            dq(
                "DST note on the fall-back day: 05:30 UTC is 00:30 CDT 11-02 in Chicago; the key is 11-01",
                ["FixedOffset", "DstTransition"], "2025-11-02T05:30:00Z", "2025-11-01"),
            dq("Winter: UTC−6 and Chicago agree at 05:30 UTC", [], "2025-01-15T05:30:00Z", "2025-01-14"),
            dq("Year boundary", ["Midnight"], "2026-01-01T05:59:59Z", "2025-12-31"),
            dq("Leap day", ["Midnight"], "2024-03-01T05:00:00Z", "2024-02-29"),
            dq("Numeric offset: 00:30-06:00 is 06:30 UTC", ["Offset"], "2025-03-15T00:30:00-06:00", "2025-03-15"),
            dq("Numeric offset: 01:00+05:30 is 19:30 UTC the day before", ["Offset"], "2025-03-15T01:00:00+05:30", "2025-03-14"),
            rd("Gentle reminder: the UTC day at 23:59:59", ["UtcDay"], "2025-03-14T23:59:59Z", "2025-03-14"),
            rd("Gentle reminder: the UTC day turns at 00:00 UTC (not at UTC−6)", ["UtcDay", "Midnight"], "2025-03-15T00:00:00Z", "2025-03-15"),
            rd("Gentle reminder at 03:00 UTC: reminder day and daily-question key differ", ["UtcDay"], "2025-03-15T03:00:00Z", "2025-03-15"),
            dq("…and the daily-question key at the same instant", ["Midnight"], "2025-03-15T03:00:00Z", "2025-03-14"),
            bad("No zone designator", "2025-03-15T03:00:00", .dateKeyInvalidInstant),
            bad("Lower-case t and z", "2025-03-15t03:00:00z", .dateKeyInvalidInstant),
            bad("Leap second", "2016-12-31T23:59:60Z", .dateKeyInvalidInstant),
            bad("February 30", "2025-02-30T12:00:00Z", .dateKeyInvalidInstant),
            bad("Ten fraction digits", "2025-03-15T03:00:00.1234567890Z", .dateKeyInvalidInstant),
            bad("Date only", "2025-03-15", .dateKeyInvalidInstant),
            bad("Key before year 0001", "0001-01-01T05:00:00Z", .dateKeyOutOfRange),
            bad("Unknown kind", "2025-03-15T03:00:00Z", kind: "chicagoLocal", .dateKeyUnknownKind),
        ]
    }
}
