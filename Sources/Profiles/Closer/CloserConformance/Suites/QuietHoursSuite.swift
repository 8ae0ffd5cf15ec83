// The quiet_hours suite: quietHours.check of a users/{uid} document at an instant. Every
// expected answer is written out by hand from the page's rule and the zone's offset (checked
// against Python's zoneinfo in oracles/python/test_server_contracts.py), not computed here.
// Normative: specs/quiet-hours.md.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum QuietHoursSuite {
    static let name = "quiet_hours"

    static let window = VectorFlag(
        "Window", .basic, .contract, "Inside or outside the window; start inclusive, end exclusive (D-QH-03).")
    static let midnight = VectorFlag(
        "CrossesMidnight", .edgeCase, .contract, "A window whose start is after its end wraps past local midnight.")
    static let boundary = VectorFlag(
        "BoundaryMinute", .edgeCase, .contract,
        "The first or last second of a boundary minute: seconds are dropped, the start minute is quiet, the end minute is not."
    )
    static let zone = VectorFlag(
        "ZoneOffset", .wrongParameters, .contract,
        "The local time is the recipient's zone's, with its real offset (half-hour, quarter-hour, Etc/GMT+n inverted sign)."
    )
    static let dst = VectorFlag(
        "DSTTransition", .edgeCase, .contract,
        "An instant on a DST transition day: the offset in force at that instant, not the zone's standard offset.")
    static let failOpen = VectorFlag(
        "FailOpen", .missingStep, .contract,
        "A missing or malformed member (or an unknown zone): not quiet, never an error (M-001 (2), (c); D-QH-02).")
    static let badInstant = VectorFlag(
        "BadInstant", .encoding, .contract,
        "instant is not RFC 3339: a request error (datekey.invalid_instant, D-QH-06).")

    /// A users/{uid} document with quiet hours on.
    static func user(_ start: JSONValue, _ end: JSONValue, _ zone: JSONValue, enabled: JSONValue = .bool(true))
        -> JSONValue
    {
        .object([
            "displayName": .string("Sam"), "platform": .string("android"), "quietHoursEnabled": enabled,
            "quietHoursStartMinutes": start, "quietHoursEndMinutes": end, "timezone": zone,
        ])
    }

    static func user(_ start: Int, _ end: Int, _ zone: String) -> JSONValue {
        user(V.int(start), V.int(end), V.str(zone))
    }

    static func check(_ comment: String, _ flags: [VectorFlag], _ user: JSONValue, _ instant: String, _ quiet: Bool)
        -> VectorCase
    {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.quietHoursCheck.name,
            input: [("user", user), ("instant", V.str(instant))],
            output: [("quiet", .bool(quiet))])
    }

    /// 10 PM–8 AM, the manual's example window (M-001 "Quiet hours — 10 PM–8 AM").
    static func night(_ zone: String) -> JSONValue { user(1320, 480, zone) }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-quiet-hours",
            header: [
                "Quiet hours (specs/quiet-hours.md, manual M-001): quietHours.check(user, instant) -> quiet. The local minute",
                "(seconds dropped) in the document's IANA zone is inside [start, end), wrapping past midnight when start > end;",
                "anything missing or malformed is quiet: false (fail-open). Zone data: any tzdata 2025a-2025c (D-QH-05).",
            ],
            groups: [
                VectorGroup("QuietHoursWindow", comment: "the window rule in UTC", cases: windowCases()),
                VectorGroup("QuietHoursZones", comment: "local time in zones with fixed offsets", cases: zoneCases()),
                VectorGroup(
                    "QuietHoursDST", comment: "both DST transitions of 2026 in three zones",
                    cases: chicagoCases() + berlinCases() + sydneyCases()),
                VectorGroup(
                    "QuietHoursFailOpen", comment: "missing or malformed members: not quiet", cases: failOpenCases()),
                VectorGroup("QuietHoursRefused", comment: "requests the op refuses", cases: refusedCases()),
            ])
    }

    static func windowCases() -> [VectorCase] {
        let w = [window]
        let utc = night("UTC")
        return [
            check("23:00 UTC inside 22:00-08:00", w + [midnight], utc, "2026-06-15T23:00:00Z", true),
            check("Noon outside 22:00-08:00", w + [midnight], utc, "2026-06-15T12:00:00Z", false),
            check("The start minute is quiet (22:00:00)", w + [boundary], utc, "2026-06-15T22:00:00Z", true),
            check("The minute before the start (21:59:59)", w + [boundary], utc, "2026-06-15T21:59:59Z", false),
            check(
                "A fraction of a second before the start", w + [boundary], utc, "2026-06-15T21:59:59.999Z", false),
            check("The last quiet minute (07:59:59)", w + [boundary], utc, "2026-06-16T07:59:59Z", true),
            check("The end minute is not quiet (08:00:00)", w + [boundary], utc, "2026-06-16T08:00:00Z", false),
            check("Local midnight is minute 0, not 24:00", w + [midnight], utc, "2026-06-16T00:00:00Z", true),
            check("00:30 inside a midnight-crossing window", w + [midnight], utc, "2026-06-16T00:30:00Z", true),
            check("A same-day window 13:00-14:00: 13:30", w, user(780, 840, "UTC"), "2026-06-15T13:30:00Z", true),
            check(
                "A same-day window: its start minute", w + [boundary], user(780, 840, "UTC"), "2026-06-15T13:00:00Z",
                true),
            check(
                "A same-day window: its end minute", w + [boundary], user(780, 840, "UTC"), "2026-06-15T14:00:00Z",
                false),
            check("A same-day window does not wrap: 23:00", w, user(780, 840, "UTC"), "2026-06-15T23:00:00Z", false),
            check(
                "start == end is an empty window (D-QH-04)", w + [boundary], user(600, 600, "UTC"),
                "2026-06-15T10:00:00Z", false),
            check("start == end: any other minute", w, user(600, 600, "UTC"), "2026-06-15T03:00:00Z", false),
            check(
                "0-1439 covers all but the last minute: 23:58", w, user(0, 1439, "UTC"), "2026-06-15T23:58:59Z", true),
            check(
                "0-1439: the last minute is the end, not quiet", w + [boundary], user(0, 1439, "UTC"),
                "2026-06-15T23:59:30Z", false),
            check(
                "1439-0: only the last minute of the day", w + [midnight], user(1439, 0, "UTC"), "2026-06-15T23:59:00Z",
                true),
            check(
                "1439-0: midnight is the end", w + [midnight, boundary], user(1439, 0, "UTC"), "2026-06-16T00:00:00Z",
                false),
            check(
                "An instant with an offset is the same instant (23:30+02:00 is 21:30Z)", w, utc,
                "2026-06-15T23:30:00+02:00", false),
            check(
                "Members outside the four are ignored", w,
                .object([
                    "quietHoursEnabled": .bool(true), "quietHoursStartMinutes": V.int(1320),
                    "quietHoursEndMinutes": V.int(480), "timezone": V.str("UTC"), "coupleId": V.str("c-1"),
                    "hasPremium": .bool(true), "quietHoursDays": .array([V.str("SAT")]),
                ]), "2026-06-15T23:00:00Z", true),
        ]
    }

    static func zoneCases() -> [VectorCase] {
        let z = [zone]
        return [
            check("Asia/Kolkata (+05:30) 21:59", z, night("Asia/Kolkata"), "2026-06-15T16:29:00Z", false),
            check("Asia/Kolkata (+05:30) 22:00", z + [boundary], night("Asia/Kolkata"), "2026-06-15T16:30:00Z", true),
            check("Asia/Kathmandu (+05:45) 07:59", z, night("Asia/Kathmandu"), "2026-06-16T02:14:00Z", true),
            check(
                "Asia/Kathmandu (+05:45) 08:00", z + [boundary], night("Asia/Kathmandu"), "2026-06-16T02:15:00Z", false),
            check("Etc/GMT+5 is UTC-5: 03:00Z is 22:00 local", z, night("Etc/GMT+5"), "2026-06-15T03:00:00Z", true),
            check("Etc/GMT+5 is UTC-5: 13:00Z is 08:00 local", z, night("Etc/GMT+5"), "2026-06-15T13:00:00Z", false),
            check("America/Chicago in July (CDT, -5) 22:00", z, night("America/Chicago"), "2026-07-01T03:00:00Z", true),
            check(
                "America/Chicago in July (CDT, -5) 21:59", z, night("America/Chicago"), "2026-07-01T02:59:00Z", false),
            check(
                "America/Chicago in January (CST, -6) 22:00", z, night("America/Chicago"), "2026-01-15T04:00:00Z", true),
            check(
                "America/Chicago in January (CST, -6) 21:59", z, night("America/Chicago"), "2026-01-15T03:59:00Z", false
            ),
            check(
                "Australia/Sydney in January (AEDT, +11) 22:00", z, night("Australia/Sydney"), "2026-01-15T11:00:00Z",
                true),
            check(
                "Australia/Sydney in January (AEDT, +11) 21:59", z, night("Australia/Sydney"), "2026-01-15T10:59:00Z",
                false),
            check(
                "Australia/Sydney in July (AEST, +10) 22:00", z, night("Australia/Sydney"), "2026-07-15T12:00:00Z", true
            ),
            check(
                "Australia/Sydney in July (AEST, +10) 21:59", z, night("Australia/Sydney"), "2026-07-15T11:59:00Z",
                false),
            check("Europe/Berlin in January (CET, +1) 07:59", z, night("Europe/Berlin"), "2026-01-15T06:59:00Z", true),
            check(
                "Europe/Berlin in July (CEST, +2) 07:59 is 05:59Z", z, night("Europe/Berlin"), "2026-07-15T05:59:00Z",
                true),
            check(
                "Europe/Berlin in July (CEST, +2) 06:00Z is 08:00", z, night("Europe/Berlin"), "2026-07-15T06:00:00Z",
                false),
        ]
    }

    /// Chicago: 2026-03-08 02:00 CST -> 03:00 CDT (08:00Z); 2026-11-01 02:00 CDT -> 01:00 CST (07:00Z).
    static func chicagoCases() -> [VectorCase] {
        let d = [dst]
        let n = night("America/Chicago")
        let twoToThree = user(120, 180, "America/Chicago")
        return [
            check("Chicago spring: 12:59Z is 07:59 CDT", d, n, "2026-03-08T12:59:00Z", true),
            check("Chicago spring: 13:30Z is 08:30 CDT (07:30 at CST)", d, n, "2026-03-08T13:30:00Z", false),
            check("Chicago spring: 07:59Z is 01:59 CST", d, n, "2026-03-08T07:59:00Z", true),
            check(
                "Chicago spring: 02:00-03:00 never occurs: 07:59Z (01:59)", d, twoToThree, "2026-03-08T07:59:00Z", false
            ),
            check(
                "Chicago spring: 02:00-03:00 never occurs: 08:00Z (03:00)", d, twoToThree, "2026-03-08T08:00:00Z", false
            ),
            check(
                "Chicago spring: 03:00-04:00 at 08:00Z", d, user(180, 240, "America/Chicago"), "2026-03-08T08:00:00Z",
                true),
            check(
                "Chicago fall: 01:00-02:00, 06:30Z is 01:30 CDT", d, user(60, 120, "America/Chicago"),
                "2026-11-01T06:30:00Z", true),
            check(
                "Chicago fall: 01:00-02:00, 07:30Z is 01:30 CST", d, user(60, 120, "America/Chicago"),
                "2026-11-01T07:30:00Z", true),
            check(
                "Chicago fall: 01:00-02:00, 05:59Z is 00:59 CDT", d, user(60, 120, "America/Chicago"),
                "2026-11-01T05:59:00Z", false),
            check(
                "Chicago fall: 01:00-02:00, 08:00Z is 02:00 CST", d, user(60, 120, "America/Chicago"),
                "2026-11-01T08:00:00Z", false),
            check("Chicago fall: 13:30Z is 07:30 CST (08:30 at CDT)", d, n, "2026-11-01T13:30:00Z", true),
            check("Chicago fall: 14:00Z is 08:00 CST", d, n, "2026-11-01T14:00:00Z", false),
        ]
    }

    /// Berlin: 2026-03-29 02:00 CET -> 03:00 CEST (01:00Z); 2026-10-25 03:00 CEST -> 02:00 CET (01:00Z).
    static func berlinCases() -> [VectorCase] {
        let d = [dst]
        let n = night("Europe/Berlin")
        let twoToThree = user(120, 180, "Europe/Berlin")
        return [
            check("Berlin spring: 05:59Z is 07:59 CEST", d, n, "2026-03-29T05:59:00Z", true),
            check("Berlin spring: 06:30Z is 08:30 CEST (07:30 at CET)", d, n, "2026-03-29T06:30:00Z", false),
            check(
                "Berlin spring: 02:00-03:00 never occurs: 00:59Z (01:59)", d, twoToThree, "2026-03-29T00:59:00Z", false),
            check(
                "Berlin spring: 02:00-03:00 never occurs: 01:00Z (03:00)", d, twoToThree, "2026-03-29T01:00:00Z", false),
            check(
                "Berlin spring: 03:00-04:00 at 01:00Z", d, user(180, 240, "Europe/Berlin"), "2026-03-29T01:00:00Z", true
            ),
            check("Berlin fall: 02:00-03:00, 00:30Z is 02:30 CEST", d, twoToThree, "2026-10-25T00:30:00Z", true),
            check("Berlin fall: 02:00-03:00, 01:30Z is 02:30 CET", d, twoToThree, "2026-10-25T01:30:00Z", true),
            check("Berlin fall: 02:00-03:00, 02:00Z is 03:00 CET", d, twoToThree, "2026-10-25T02:00:00Z", false),
            check("Berlin fall: 06:30Z is 07:30 CET (08:30 at CEST)", d, n, "2026-10-25T06:30:00Z", true),
            check("Berlin fall: 07:00Z is 08:00 CET", d, n, "2026-10-25T07:00:00Z", false),
        ]
    }

    /// Sydney: 2026-04-05 03:00 AEDT -> 02:00 AEST (04-04 16:00Z); 2026-10-04 02:00 AEST -> 03:00 AEDT (10-03 16:00Z).
    static func sydneyCases() -> [VectorCase] {
        let d = [dst]
        let n = night("Australia/Sydney")
        let twoToThree = user(120, 180, "Australia/Sydney")
        return [
            check("Sydney April: 02:00-03:00, 15:30Z is 02:30 AEDT", d, twoToThree, "2026-04-04T15:30:00Z", true),
            check("Sydney April: 02:00-03:00, 16:30Z is 02:30 AEST", d, twoToThree, "2026-04-04T16:30:00Z", true),
            check("Sydney April: 02:00-03:00, 17:00Z is 03:00 AEST", d, twoToThree, "2026-04-04T17:00:00Z", false),
            check("Sydney April: 21:30Z is 07:30 AEST (08:30 at AEDT)", d, n, "2026-04-04T21:30:00Z", true),
            check("Sydney April: 22:00Z is 08:00 AEST", d, n, "2026-04-04T22:00:00Z", false),
            check(
                "Sydney October: 02:00-03:00 never occurs: 15:59Z (01:59)", d, twoToThree, "2026-10-03T15:59:00Z", false
            ),
            check(
                "Sydney October: 02:00-03:00 never occurs: 16:00Z (03:00)", d, twoToThree, "2026-10-03T16:00:00Z", false
            ),
            check("Sydney October: 20:59Z is 07:59 AEDT", d, n, "2026-10-03T20:59:00Z", true),
            check("Sydney October: 21:30Z is 08:30 AEDT (07:30 at AEST)", d, n, "2026-10-03T21:30:00Z", false),
            check("Sydney October eve: 11:00Z is 21:00 AEST", d, n, "2026-10-03T11:00:00Z", false),
            check("Sydney October eve: 12:00Z is 22:00 AEST", d, n, "2026-10-03T12:00:00Z", true),
        ]
    }

    /// Each document would be quiet at 23:00Z with a well-formed UTC window; one member is wrong.
    static func failOpenCases() -> [VectorCase] {
        let f = [failOpen]
        let at = "2026-06-15T23:00:00Z"
        let s = V.int(1320)
        let e = V.int(480)
        let utc = V.str("UTC")
        func without(_ member: String) -> JSONValue {
            guard case .object(var m) = night("UTC") else { return .null }
            m[member] = nil
            return .object(m)
        }
        return [
            check("Control: the well-formed document is quiet", [window], night("UTC"), at, true),
            check("user is null (no document)", f, .null, at, false),
            check("user is an array", f, .array([night("UTC")]), at, false),
            check("user is a string", f, V.str("UTC"), at, false),
            check("user is an empty object", f, .object([:]), at, false),
            check("quietHoursEnabled is false", f, user(s, e, utc, enabled: .bool(false)), at, false),
            check("quietHoursEnabled is the string \"true\"", f, user(s, e, utc, enabled: V.str("true")), at, false),
            check("quietHoursEnabled is 1", f, user(s, e, utc, enabled: V.int(1)), at, false),
            check("quietHoursEnabled is null", f, user(s, e, utc, enabled: .null), at, false),
            check("quietHoursEnabled is missing", f, without("quietHoursEnabled"), at, false),
            check("quietHoursStartMinutes is missing", f, without("quietHoursStartMinutes"), at, false),
            check("quietHoursEndMinutes is missing", f, without("quietHoursEndMinutes"), at, false),
            check("timezone is missing", f, without("timezone"), at, false),
            check("start is the string \"1320\"", f, user(V.str("1320"), e, utc), at, false),
            check("start is 1320.5", f, user(.number(1320.5), e, utc), at, false),
            check("start is -1", f, user(V.int(-1), e, utc), at, false),
            check("start is 1440", f, user(V.int(1440), e, utc), at, false),
            check("end is 1440", f, user(s, V.int(1440), utc), at, false),
            check("end is null", f, user(s, .null, utc), at, false),
            check(
                "start as a REST integerValue map is a map, not a number", f,
                user(.object(["integerValue": V.str("1320")]), e, utc), at, false),
            check("timezone is null", f, user(s, e, .null), at, false),
            check("timezone is empty", f, user(s, e, V.str("")), at, false),
            check("timezone is a number", f, user(s, e, V.int(-300)), at, false),
            check("timezone is not a zone (Mars/Olympus)", f, user(s, e, V.str("Mars/Olympus")), at, false),
            check("timezone is an offset, not an IANA zone", f, user(s, e, V.str("+05:00")), at, false),
            check("timezone with a trailing space", f, user(s, e, V.str("UTC ")), at, false),
        ]
    }

    static func refusedCases() -> [VectorCase] {
        func bad(_ comment: String, _ instant: String) -> VectorCase {
            .invalid(
                comment, flags: [badInstant], op: HarnessOpSpec.quietHoursCheck.name,
                input: [("user", night("UTC")), ("instant", V.str(instant))], error: .dateKeyInvalidInstant,
                layer: .contract)
        }
        return [
            bad("instant with a space for T", "2026-06-15 23:00:00Z"),
            bad("instant without a zone", "2026-06-15T23:00:00"),
            bad("instant is a date only", "2026-06-15"),
            bad("instant is empty", ""),
            bad("instant with a leap second", "2026-06-30T23:59:60Z"),
        ]
    }
}
