// The response-body cases and the written values (routineTime, dayKey) of unstoppable_payloads
// (specs/profiles/unstoppable/payloads.md).

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppablePayloadsSuite {
    static let noSubscription =
        #"{"state":"none","isActive":false,"willRenew":false,"productId":null,"entitlementIds":[],"expiresAtMs":null,"source":"none","lastEventId":null,"lastEventTimestampMs":null}"#
    static let activeSubscription =
        #"{"state":"active","isActive":true,"willRenew":true,"productId":"unstoppable_annual","entitlementIds":["pro"],"expiresAtMs":1803859200000,"source":"webhook","lastEventId":"evt-1","lastEventTimestampMs":1772323200000}"#

    static func bootstrap(
        profile: String = "{}", complete: String = "false", completion: String = "0", routine: String = "null",
        today: String = "null", subscription: String = noSubscription
    ) -> String {
        #"{"userId":"uid-1","profile":\#(profile),"isProfileComplete":\#(complete),"profileCompletion":\#(completion),"routine":\#(routine),"streak":{"currentDays":0,"longestDays":0},"progress":{"today":\#(today)},"subscription":\#(subscription)}"#
    }

    static func responseCases() throws(CloserError) -> [VectorCase] {
        let b = "GET /v1/bootstrap"
        let s = "GET /v1/user/subscription"
        let full =
            #"{"nickname":"Ana","ageGroup":"18-24","gender":"other","notificationsEnabled":true,"termsAccepted":true,"termsOver16Accepted":true,"paymentOption":"skip"}"#
        let routineBody = #"{"routineTime":"07:05","tasks":\#(tasks)}"#
        let today = #"{"date":"2026-03-01","completed":1,"total":2,"completedTaskIds":["t1"]}"#
        return [
            try validate("bootstrap of a new user", [valid], b, .response, bootstrap()),
            try validate(
                "bootstrap of an onboarded user", [valid], b, .response,
                bootstrap(
                    profile: full, complete: "true", completion: "100", routine: routineBody, today: today,
                    subscription: activeSubscription)),
            try validate(
                "bootstrap without subscription", [shape], b, .response,
                #"{"userId":"uid-1","profile":{},"isProfileComplete":false,"profileCompletion":0,"routine":null,"streak":{"currentDays":0,"longestDays":0},"progress":{"today":null}}"#,
                .unstoppableMissingField),
            try validate(
                "profileCompletion 101", [shape], b, .response, bootstrap(completion: "101"), .unstoppableOutOfRange),
            try validate(
                "profileCompletion 0.5 (a percentage, integral)", [wrongType], b, .response,
                bootstrap(completion: "0.5"), .unstoppableWrongType),
            try validate(
                "a stored paymentOption weekly", [enumValue], b, .response,
                bootstrap(profile: #"{"paymentOption":"weekly"}"#), .unstoppableUnknownEnumValue),
            try validate(
                "a stored routineTime 7:05", [routineTime], b, .response,
                bootstrap(routine: #"{"routineTime":"7:05","tasks":[]}"#), .unstoppableInvalidRoutineTime),
            try validate(
                "today's date 2026-3-1", [date], b, .response,
                bootstrap(today: #"{"date":"2026-3-1","completed":0,"total":0,"completedTaskIds":[]}"#),
                .unstoppableInvalidDate),
            try validate("the snapshot of a user without one", [valid], s, .response, noSubscription),
            try validate("the snapshot after a purchase", [valid], s, .response, activeSubscription),
            try validate(
                "source server is not in the list", [enumValue], s, .response,
                #"{"state":"none","isActive":false,"willRenew":false,"productId":null,"entitlementIds":[],"expiresAtMs":null,"source":"server","lastEventId":null,"lastEventTimestampMs":null}"#,
                .unstoppableUnknownEnumValue),
        ]
    }

    static func routineTimes() throws(CloserError) -> [VectorCase] {
        let op = HarnessOpSpec.unstoppableRoutineTime.name
        var c: [VectorCase] = []
        for (h, m) in [(7, 5), (0, 0), (23, 59), (12, 30), (9, 0)] {
            let text = try UnstoppableRoutineTime(hour: h, minute: m).text
            c.append(
                .valid(
                    "\(h) h \(m) min is \(text)", flags: [valid, routineTime], op: op,
                    input: [("hour", V.int(h)), ("minute", V.int(m))], output: [("routineTime", V.str(text))]))
        }
        for (h, m) in [(24, 0), (7, 60), (-1, 0), (0, -1)] {
            c.append(
                .invalid(
                    "\(h) h \(m) min is no time of day", flags: [shape], op: op,
                    input: [("hour", V.int(h)), ("minute", V.int(m))], error: .unstoppableOutOfRange, layer: .contract))
        }
        return c
    }

    static func dayKeys() throws(CloserError) -> [VectorCase] {
        let op = HarnessOpSpec.unstoppableDayKey.name
        var c: [VectorCase] = []
        let days: [(String, Int, String)] = [
            ("2026-03-01T07:30:00Z", -480, "07:30 UTC is still the previous evening in California (UTC-8)"),
            ("2026-03-01T07:30:00Z", 0, "the same instant in UTC"),
            ("2026-03-01T23:30:00Z", 60, "23:30 UTC is already the next day in Berlin (UTC+1)"),
            ("2026-03-01T10:00:00Z", 840, "UTC+14 (Kiritimati): the next day at 10:00 UTC"),
            ("2026-03-01T11:59:59Z", -720, "UTC-12: the previous day"),
            ("2026-03-01T18:29:59Z", 330, "India (UTC+5:30), one second before local midnight"),
            ("2026-03-01T18:30:00Z", 330, "India (UTC+5:30), local midnight"),
            ("2026-03-08T09:30:00Z", -420, "the US DST change day at the new offset (PDT)"),
            ("2028-03-01T07:59:59Z", -480, "leap day, one second before its end in UTC-8"),
            ("2026-03-01T00:30:00+09:00", 0, "the instant's own offset only locates the instant"),
            ("2026-12-31T23:59:59.999Z", 0, "the fraction never changes the day"),
        ]
        for (instant, offset, why) in days {
            let date = try UnstoppableDay.key(at: try Instant(rfc3339: instant), utcOffsetMinutes: offset)
            c.append(
                .valid(
                    "\(instant) at \(offset) min: \(why)", flags: [valid, localDay], op: op,
                    input: [("instant", V.str(instant)), ("utcOffsetMinutes", V.int(offset))],
                    output: [("date", V.str(date))]))
        }
        for offset in [841, -841, 100_000] {
            c.append(
                .invalid(
                    "offset \(offset) min is beyond ±14:00", flags: [shape], op: op,
                    input: [("instant", V.str("2026-03-01T12:00:00Z")), ("utcOffsetMinutes", V.int(offset))],
                    error: .unstoppableInvalidUTCOffset, layer: .contract))
        }
        for instant in ["2026-03-01", "2026-03-01 12:00:00Z"] {
            c.append(
                .invalid(
                    "\"\(instant)\" is not an RFC 3339 instant", flags: [shape], op: op,
                    input: [("instant", V.str(instant)), ("utcOffsetMinutes", V.int(0))], error: .dateKeyInvalidInstant,
                    layer: .contract))
        }
        return c
    }
}
