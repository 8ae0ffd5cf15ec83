// The date_keys suite: the daily-question document a client reads (UTC−23 h), the key the
// functions write (fixed UTC−6) and the gentle-reminder UTC day of an instant, valid and hostile. Every expected key is written by hand from the page's rule.
// Normative: specs/date-keys.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum DateKeysSuite {
    static let name = "date_keys"

    static let fixedOffset = VectorFlag(
        "FixedOffset", .wrongParameters, .contract,
        "The functions' assignment key uses UTC−6 all year (CST_OFFSET_HOURS = -6, D-DATE-01); a port using America/Chicago with DST gets another key for this instant (specs/date-keys.md §assignmentKey)."
    )
    static let minusSixRead = VectorFlag(
        "MinusSixRead", .wrongParameters, .contract,
        "The former rule (read daily_question/{date(now − 6 h)}) names a document the 23:00 UTC run has not created yet; the document to read is date(now − 23 h) (D-DATE-03, specs/date-keys.md §Which document a client reads)."
    )
    static let expiry = VectorFlag(
        "Expiry", .edgeCase, .contract,
        "At or next to the previous document's expiry (18:00 America/Chicago the day after its key, D-DATE-04): 23:00 UTC in CDT, 00:00 UTC in CST; the newest document is read (D-DATE-05)."
    )
    static let manualConflict = VectorFlag(
        "ManualConflict", .manualConflict, .contract,
        "The manual contradicts itself here; the expected value pins one reading and the page names the other (specs/date-keys.md §Manual conflicts, D-DATE-02, D-DATE-07)."
    )
    static let reminderLock = VectorFlag(
        "ReminderLockMismatch", .manualConflict, .contract,
        "sendGentleReminderCallable locks gentle_reminders/{UTC day it is sent} (reminderDay) while the proactive reminder checks gentle_reminders/{questionDate} (dailyQuestion): the two differ at this instant unless both keys are equal (D-DATE-07)."
    )
    static let dst = VectorFlag(
        "DstTransition", .edgeCase, .contract,
        "An instant at or next to an America/Chicago DST change; the fixed offset ignores it.")
    static let midnight = VectorFlag(
        "Midnight", .edgeCase, .contract, "At or next to a day boundary of the key's offset.")
    static let monthEnd = VectorFlag(
        "MonthEnd", .edgeCase, .contract,
        "The last second of a month's key, or the first of the next: month lengths and leap years.")
    static let cron = VectorFlag(
        "Cron", .basic, .contract,
        "The instant assignDailyQuestion runs at, read as 23:00 UTC (the manual's \"11 PM UTC\", D-DATE-02).")
    static let utcDay = VectorFlag("UtcDay", .basic, .contract, "The gentle-reminder lock's UTC calendar day.")
    static let offset = VectorFlag(
        "Offset", .edgeCase, .contract,
        "An RFC 3339 instant with a numeric offset: the key is computed from the UTC instant, not the local date written."
    )
    static let yearRange = VectorFlag(
        "YearRange", .edgeCase, .contract, "At the edge of the four-digit years 0001–9999 of keys and instants.")
    static let badInstant = VectorFlag(
        "BadInstant", .encoding, .contract, "Not an RFC 3339 timestamp the op accepts (datekey.invalid_instant).")
    static let badKind = VectorFlag(
        "UnknownKind", .basic, .contract, "kind is not dailyQuestion, assignmentKey or reminderDay.")

    static func dq(_ comment: String, _ flags: [VectorFlag], _ instant: String, _ key: String) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.dateKeyCompute.name,
            input: [("instant", V.str(instant)), ("kind", V.str("dailyQuestion"))], output: [("key", V.str(key))])
    }

    static func rd(_ comment: String, _ flags: [VectorFlag], _ instant: String, _ key: String) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.dateKeyCompute.name,
            input: [("instant", V.str(instant)), ("kind", V.str("reminderDay"))], output: [("key", V.str(key))])
    }

    static func ak(_ comment: String, _ flags: [VectorFlag], _ instant: String, _ key: String) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.dateKeyCompute.name,
            input: [("instant", V.str(instant)), ("kind", V.str("assignmentKey"))], output: [("key", V.str(key))])
    }

    static func bad(
        _ comment: String, _ flags: [VectorFlag], _ instant: String, kind: String = "dailyQuestion",
        _ code: CloserError.Code
    ) -> VectorCase {
        .invalid(
            comment, flags: flags, op: HarnessOpSpec.dateKeyCompute.name,
            input: [("instant", V.str(instant)), ("kind", V.str(kind))], error: code, layer: .contract)
    }

    /// Month lengths of 2025 (not a leap year) and February 2024, written out, not computed.
    static let monthEnds2025: [(month: String, last: String, next: String)] = [
        ("2025-01", "2025-01-31", "2025-02-01"), ("2025-02", "2025-02-28", "2025-03-01"),
        ("2025-03", "2025-03-31", "2025-04-01"), ("2025-04", "2025-04-30", "2025-05-01"),
        ("2025-05", "2025-05-31", "2025-06-01"), ("2025-06", "2025-06-30", "2025-07-01"),
        ("2025-07", "2025-07-31", "2025-08-01"), ("2025-08", "2025-08-31", "2025-09-01"),
        ("2025-09", "2025-09-30", "2025-10-01"), ("2025-10", "2025-10-31", "2025-11-01"),
        ("2025-11", "2025-11-30", "2025-12-01"), ("2025-12", "2025-12-31", "2026-01-01"),
        ("2024-02", "2024-02-29", "2024-03-01"), ("2100-02", "2100-02-28", "2100-03-01"),
        ("2000-02", "2000-02-29", "2000-03-01"),
    ]

    /// Instants and kinds the op refuses (datekey.* at layer contract).
    static func refused() -> [VectorCase] {
        var invalid: [VectorCase] = [
            bad("No zone designator", [badInstant], "2025-03-15T03:00:00", .dateKeyInvalidInstant),
            bad("Lower-case t and z", [badInstant], "2025-03-15t03:00:00z", .dateKeyInvalidInstant),
            bad("Leap second", [badInstant], "2016-12-31T23:59:60Z", .dateKeyInvalidInstant),
            bad("February 30", [badInstant], "2025-02-30T12:00:00Z", .dateKeyInvalidInstant),
            bad("Ten fraction digits", [badInstant], "2025-03-15T03:00:00.1234567890Z", .dateKeyInvalidInstant),
            bad("Date only", [badInstant], "2025-03-15", .dateKeyInvalidInstant),
            bad("Key before year 0001", [yearRange], "0001-01-01T05:00:00Z", .dateKeyOutOfRange),
            bad("Unknown kind", [badKind], "2025-03-15T03:00:00Z", kind: "chicagoLocal", .dateKeyUnknownKind),
        ]
        invalid += [
            bad(
                "Year 9999 with -06:00: the UTC day is 10000-01-01", [yearRange, offset], "9999-12-31T23:59:59-06:00",
                kind: "reminderDay", .dateKeyOutOfRange),
            bad(
                "Year 9999 with -23:59: even the −6 h key is in year 10000", [yearRange, offset],
                "9999-12-31T23:59:59-23:59", kind: "assignmentKey", .dateKeyOutOfRange),
            bad(
                "The read key one second before the first 23:00 UTC run of year 0001 is in year 0000", [yearRange],
                "0001-01-01T22:59:59Z", .dateKeyOutOfRange),
            bad(
                "Year 0001 with +01:00: the UTC day is in year 0000", [yearRange, offset], "0001-01-01T00:59:59+01:00",
                kind: "reminderDay", .dateKeyOutOfRange),
            bad("Year 0000", [badInstant, yearRange], "0000-12-31T12:00:00Z", .dateKeyInvalidInstant),
            bad("Five-digit year", [badInstant, yearRange], "10000-01-01T00:00:00Z", .dateKeyInvalidInstant),
            bad("Offset hours 24", [badInstant, offset], "2025-03-15T00:00:00-24:00", .dateKeyInvalidInstant),
            bad("Offset minutes 60", [badInstant, offset], "2025-03-15T00:00:00-05:60", .dateKeyInvalidInstant),
            bad("Offset without a colon", [badInstant, offset], "2025-03-15T00:00:00-0600", .dateKeyInvalidInstant),
            bad(
                "February 29 in a common year", [badInstant, monthEnd], "2025-02-29T12:00:00Z", .dateKeyInvalidInstant),
            bad(
                "February 29, 2100 (not a leap year)", [badInstant, monthEnd], "2100-02-29T12:00:00Z",
                .dateKeyInvalidInstant),
            bad("April 31", [badInstant, monthEnd], "2025-04-31T12:00:00Z", .dateKeyInvalidInstant),
            bad("Hour 24", [badInstant, midnight], "2025-03-14T24:00:00Z", .dateKeyInvalidInstant),
            bad("Fraction point without digits", [badInstant], "2025-03-15T03:00:00.Z", .dateKeyInvalidInstant),
            bad("A space instead of T", [badInstant], "2025-03-15 03:00:00Z", .dateKeyInvalidInstant),
            bad("Trailing space", [badInstant], "2025-03-15T03:00:00Z ", .dateKeyInvalidInstant),
            bad("Empty text", [badInstant], "", .dateKeyInvalidInstant),
            bad(
                "Unknown kind in another case", [badKind], "2025-03-15T03:00:00Z", kind: "dailyquestion",
                .dateKeyUnknownKind),
        ]
        return invalid
    }

    static func build() throws(CloserError) -> WireSuite {
        var daily: [VectorCase] = [
            ak(
                "Cron in summer: 23:00 UTC = 18:00 CDT; key is the same UTC date", [cron], "2025-07-15T23:00:00Z",
                "2025-07-15"),
            ak(
                "Cron in winter: 23:00 UTC = 17:00 CST; key is the same UTC date", [cron], "2025-01-15T23:00:00Z",
                "2025-01-15"),
            ak("Midnight UTC is 18:00 the previous day at UTC−6", [midnight], "2025-03-15T00:00:00Z", "2025-03-14"),
            ak("06:00 UTC is 00:00 at UTC−6: the new key starts", [midnight], "2025-03-15T06:00:00Z", "2025-03-15"),
            ak(
                "One nanosecond before 06:00 UTC is still the previous key", [midnight],
                "2025-03-15T05:59:59.999999999Z",
                "2025-03-14"),
            ak(
                "Spring forward (2025-03-09 08:00 UTC, 02:00 CST → 03:00 CDT): one second before", [dst],
                "2025-03-09T07:59:59Z", "2025-03-09"),
            ak("Spring forward: at the change", [dst], "2025-03-09T08:00:00Z", "2025-03-09"),
            ak(
                "Cron on the spring-forward day (17:00 CST the day before, 18:00 CDT this day)", [dst, cron],
                "2025-03-09T23:00:00Z", "2025-03-09"),
            ak(
                "Fall back (2025-11-02 07:00 UTC, 02:00 CDT → 01:00 CST): one second before", [dst],
                "2025-11-02T06:59:59Z",
                "2025-11-02"),
            ak("Fall back: at the change", [dst], "2025-11-02T07:00:00Z", "2025-11-02"),
            ak(
                "DST note: 05:30 UTC in July is 00:30 CDT on the 1st in Chicago, but the functions' key is the 30th",
                [fixedOffset], "2025-07-01T05:30:00Z", "2025-06-30"),
            ak(
                "DST note on the fall-back day: 05:30 UTC is 00:30 CDT 11-02 in Chicago; the key is 11-01",
                [fixedOffset, dst], "2025-11-02T05:30:00Z", "2025-11-01"),
            ak("Winter: UTC−6 and Chicago agree at 05:30 UTC", [midnight], "2025-01-15T05:30:00Z", "2025-01-14"),
            ak("Year boundary", [midnight], "2026-01-01T05:59:59Z", "2025-12-31"),
            ak("Leap day", [midnight], "2024-03-01T05:00:00Z", "2024-02-29"),
            ak("Numeric offset: 00:30-06:00 is 06:30 UTC", [offset], "2025-03-15T00:30:00-06:00", "2025-03-15"),
            ak(
                "Numeric offset: 01:00+05:30 is 19:30 UTC the day before", [offset], "2025-03-15T01:00:00+05:30",
                "2025-03-14"),
        ]
        var reminders: [VectorCase] = [
            rd("Gentle reminder: the UTC day at 23:59:59", [utcDay], "2025-03-14T23:59:59Z", "2025-03-14"),
            rd(
                "Gentle reminder: the UTC day turns at 00:00 UTC (not at UTC−6)", [utcDay, midnight],
                "2025-03-15T00:00:00Z",
                "2025-03-15"),
            rd(
                "Gentle reminder at 03:00 UTC: reminder day and daily-question key differ", [utcDay],
                "2025-03-15T03:00:00Z",
                "2025-03-15"),
            dq(
                "…and the daily-question document read at the same instant (the 14th's, assigned 23:00 UTC)",
                [midnight], "2025-03-15T03:00:00Z", "2025-03-14"),
        ]

        for m in monthEnds2025 {
            daily.append(ak("Month end \(m.month): last second of the key", [monthEnd], m.next + "T05:59:59Z", m.last))
            daily.append(
                ak(
                    "Month end \(m.month): the next month's key starts at 06:00 UTC", [monthEnd], m.next + "T06:00:00Z",
                    m.next))
            reminders.append(
                rd(
                    "Month end \(m.month): the UTC day's last second", [monthEnd, utcDay], m.last + "T23:59:59Z", m.last
                ))
        }
        daily += [
            ak(
                "Negative offset at the boundary: 23:59:59-06:00 is 05:59:59 UTC the next day", [offset, midnight],
                "2025-03-14T23:59:59-06:00", "2025-03-14"),
            ak(
                "Negative offset: 00:00:00-06:00 is exactly 06:00 UTC, the new key", [offset, midnight],
                "2025-03-15T00:00:00-06:00", "2025-03-15"),
            ak(
                "Offset -23:59 carries the instant into the next UTC day", [offset, midnight],
                "2025-03-14T06:00:00-23:59", "2025-03-14"),
            ak("Offset -00:00 is UTC", [offset], "2025-03-15T06:00:00-00:00", "2025-03-15"),
            ak("Year 9999: the last instant", [yearRange], "9999-12-31T23:59:59.999999999Z", "9999-12-31"),
            ak(
                "Year 9999 with -06:00: the UTC instant is in year 10000, the key is still 9999-12-31",
                [yearRange, offset], "9999-12-31T23:59:59-06:00", "9999-12-31"),
            ak("The first key: 0001-01-01", [yearRange], "0001-01-01T06:00:00Z", "0001-01-01"),
        ]
        reminders += [
            rd(
                "Negative offset: 23:59:59-00:01 is 00:00:59 UTC the next day", [offset, midnight, utcDay],
                "2025-03-14T23:59:59-00:01", "2025-03-15"),
            rd(
                "Negative offset: 18:00:00-06:00 is 00:00 UTC the next day", [offset, midnight, utcDay],
                "2025-03-14T18:00:00-06:00", "2025-03-15"),
            rd(
                "Positive offset: 00:59:59+01:00 is 23:59:59 UTC the day before", [offset, midnight, utcDay],
                "2025-03-15T00:59:59+01:00", "2025-03-14"),
            rd("Year 9999: the last UTC day", [yearRange, utcDay], "9999-12-31T23:59:59Z", "9999-12-31"),
            rd("Year 0001: the first UTC day", [yearRange, utcDay], "0001-01-01T00:00:00Z", "0001-01-01"),
        ]

        return WireSuite(
            name: name, algorithm: "closer-date-keys",
            header: [
                "Date keys (specs/date-keys.md): datekey.compute of an RFC 3339 instant. dailyQuestion is the document a",
                "client reads: the UTC date of the instant minus 23 hours (the latest 23:00 UTC run, D-DATE-03); assignmentKey",
                "is the key the functions write at their run instant: the UTC date minus 6 hours all year (CST_OFFSET_HOURS,",
                "no DST, D-DATE-01); reminderDay is the UTC date (D-DATE-06). Every key is written out by hand from those",
                "rules; ManualConflict cases pin one side of a contradiction in the manual (D-DATE-02, D-DATE-07);",
                "refusals are datekey.* codes at layer contract.",
            ],
            groups: [
                VectorGroup(
                    "DailyQuestionRead", comment: "datekey.compute kind dailyQuestion: the document a client reads",
                    cases: dailyQuestionRead() + manualConflictCases()),
                VectorGroup(
                    "AssignmentKey", comment: "datekey.compute kind assignmentKey: the key the functions write",
                    cases: daily),
                VectorGroup(
                    "GentleReminderLock",
                    comment: "the lock sendGentleReminderCallable writes vs the one the proactive reminder checks",
                    cases: reminderLockCases()),
                VectorGroup("ReminderDay", comment: "datekey.compute kind reminderDay", cases: reminders),
                VectorGroup("DateKeyRefused", comment: "instants and kinds the op refuses", cases: refused()),
            ])
    }
}

// The document a client reads (specs/date-keys.md §Which document a client reads), the manual's
// schedule conflict and the gentle-reminder lock mismatch (§Manual conflicts).
extension DateKeysSuite {
    /// Summer (CDT) around 2025-07-15/16, winter (CST) around 2025-01-15/16, DST days, month and
    /// year ends: the key of the latest 23:00 UTC run, written out by hand.
    static func dailyQuestionRead() -> [VectorCase] {
        [
            dq(
                "Summer, one second before the 23:00 UTC run: the 14th's document (assigned 2025-07-14 23:00 UTC)",
                [cron],
                "2025-07-15T22:59:59Z", "2025-07-14"),
            dq(
                "Summer, one nanosecond before the run: still the 14th's", [cron], "2025-07-15T22:59:59.999999999Z",
                "2025-07-14"),
            dq(
                "Summer, the run's instant (23:00 UTC = 18:00 CDT): the 15th's document; the 14th's expires now",
                [cron, expiry], "2025-07-15T23:00:00Z", "2025-07-15"),
            dq(
                "Summer, midnight UTC: the document assigned an hour ago", [midnight], "2025-07-16T00:00:00Z",
                "2025-07-15"),
            dq("Summer, 05:59:59 UTC", [midnight], "2025-07-16T05:59:59Z", "2025-07-15"),
            dq(
                "Summer, 06:00 UTC: date(now − 6 h) turns to the 16th, which is not assigned until 23:00 UTC",
                [minusSixRead], "2025-07-16T06:00:00Z", "2025-07-15"),
            dq(
                "Summer, 18:00 UTC (13:00 CDT): still the 15th's document", [minusSixRead], "2025-07-16T18:00:00Z",
                "2025-07-15"),
            dq(
                "Summer, 21:00 UTC (16:00 CDT, the proactive reminder): the 15th's document, 2 h before it expires",
                [minusSixRead], "2025-07-16T21:00:00Z", "2025-07-15"),
            dq(
                "Summer, the 15th's last second (it expires at 18:00 CDT = 23:00 UTC)", [minusSixRead, expiry],
                "2025-07-16T22:59:59Z", "2025-07-15"),
            dq(
                "Summer, 23:00 UTC: the 15th's expiry and the 16th's assignment coincide", [cron, expiry],
                "2025-07-16T23:00:00Z", "2025-07-16"),
            dq(
                "Winter, one second before the run: the 14th's document", [cron], "2025-01-15T22:59:59Z",
                "2025-01-14"),
            dq(
                "Winter, the run's instant (23:00 UTC = 17:00 CST): the 15th's document", [cron],
                "2025-01-15T23:00:00Z", "2025-01-15"),
            dq(
                "Winter, 23:30 UTC: the 14th's is unexpired until 00:00 UTC (18:00 CST) but the newest is read",
                [expiry], "2025-01-15T23:30:00Z", "2025-01-15"),
            dq(
                "Winter, 00:00 UTC (18:00 CST): the 14th's document expires; the 15th's is read", [expiry, midnight],
                "2025-01-16T00:00:00Z", "2025-01-15"),
            dq("Winter, 06:00 UTC", [minusSixRead], "2025-01-16T06:00:00Z", "2025-01-15"),
            dq("Winter, 18:00 UTC (12:00 CST)", [minusSixRead], "2025-01-16T18:00:00Z", "2025-01-15"),
            dq(
                "Winter, 22:00 UTC (16:00 CST, the proactive reminder): the 15th's document", [minusSixRead],
                "2025-01-16T22:00:00Z", "2025-01-15"),
            dq("Spring-forward day: before the run", [dst, cron], "2025-03-09T22:59:59Z", "2025-03-08"),
            dq("Spring-forward day: the run", [dst, cron], "2025-03-09T23:00:00Z", "2025-03-09"),
            dq("Fall-back day: at the change (07:00 UTC)", [dst], "2025-11-02T07:00:00Z", "2025-11-01"),
            dq("Fall-back day: the run", [dst, cron], "2025-11-02T23:00:00Z", "2025-11-02"),
            dq("Year end: before the run on Dec 31", [monthEnd], "2025-12-31T22:59:59Z", "2025-12-30"),
            dq("Year end: the run on Dec 31", [monthEnd, cron], "2025-12-31T23:00:00Z", "2025-12-31"),
            dq("New Year's Day before its run: Dec 31's document", [monthEnd], "2026-01-01T22:59:59Z", "2025-12-31"),
            dq("Leap day's run", [monthEnd, cron], "2024-02-29T23:00:00Z", "2024-02-29"),
            dq(
                "March 1, 2024 before its run: the leap day's document", [monthEnd], "2024-03-01T22:59:59Z",
                "2024-02-29"),
            dq("March 1, 2025 before its run: Feb 28's document", [monthEnd], "2025-03-01T22:59:59Z", "2025-02-28"),
            dq(
                "Numeric offset: 18:00-05:00 is the 23:00 UTC run", [offset, cron], "2025-07-15T18:00:00-05:00",
                "2025-07-15"),
            dq(
                "Numeric offset: 17:59:59-05:00 is one second before it", [offset], "2025-07-15T17:59:59-05:00",
                "2025-07-14"),
            dq("The first readable key: year 0001's first run", [yearRange], "0001-01-01T23:00:00Z", "0001-01-01"),
            dq("Year 9999: the last instant", [yearRange], "9999-12-31T23:59:59.999999999Z", "9999-12-31"),
        ]
    }

    /// `0 23 * * *` America/Chicago read literally runs at 04:00 UTC (CDT) / 05:00 UTC (CST) the
    /// next UTC day; the manual also says "11 PM UTC". The reads pin the 23:00 UTC reading.
    static func manualConflictCases() -> [VectorCase] {
        [
            dq(
                "21:00 CDT on the 15th (02:00 UTC): the 15th's document; read literally, the Chicago cron has not run yet and the 14th's would be read",
                [manualConflict], "2025-07-16T02:00:00Z", "2025-07-15"),
            dq(
                "22:59:59 CDT on the 15th (03:59:59 UTC): the 15th's document (literal reading: the 14th's)",
                [manualConflict], "2025-07-16T03:59:59Z", "2025-07-15"),
            dq(
                "22:59:59 CST on the 15th (04:59:59 UTC): the 15th's document (literal reading: the 14th's)",
                [manualConflict], "2025-01-16T04:59:59Z", "2025-01-15"),
            ak(
                "The literal reading's run instant in CDT (23:00 CDT = 04:00 UTC): it would write the same key, the 15th",
                [manualConflict, cron], "2025-07-16T04:00:00Z", "2025-07-15"),
            ak(
                "The literal reading's run instant in CST (23:00 CST = 05:00 UTC): it would write the same key, the 15th",
                [manualConflict, cron], "2025-01-16T05:00:00Z", "2025-01-15"),
        ]
    }

    /// Pairs at one instant: the lock a gentle reminder sent now writes (reminderDay) and the lock
    /// the proactive reminder checks for the question live now (dailyQuestion = its questionDate).
    static func reminderLockCases() -> [VectorCase] {
        let instants: [(instant: String, written: String, checked: String, why: String)] = [
            ("2025-07-16T21:00:00Z", "2025-07-16", "2025-07-15", "the proactive reminder's run in CDT (16:00)"),
            ("2025-01-16T22:00:00Z", "2025-01-16", "2025-01-15", "the proactive reminder's run in CST (16:00)"),
            ("2025-07-16T09:00:00Z", "2025-07-16", "2025-07-15", "a morning reminder about the 15th's question"),
            ("2025-07-16T00:00:00Z", "2025-07-16", "2025-07-15", "midnight UTC, where the two start to differ"),
            ("2025-07-16T22:59:59Z", "2025-07-16", "2025-07-15", "the last second they differ"),
            ("2025-07-16T23:00:00Z", "2025-07-16", "2025-07-16", "23:00 UTC: the one hour a day they agree"),
            ("2025-07-16T23:59:59Z", "2025-07-16", "2025-07-16", "the last second they agree"),
        ]
        return instants.flatMap { i in
            [
                rd("Lock written by a gentle reminder at \(i.why)", [reminderLock, utcDay], i.instant, i.written),
                dq("Lock the proactive reminder checks at \(i.why)", [reminderLock], i.instant, i.checked),
            ]
        }
    }
}
