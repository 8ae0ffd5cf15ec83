// routineTime, the local day and the body checks, against expectations written here from
// specs/profiles/unstoppable/payloads.md (not computed by the code under test).

import CoreWire
import Testing
import Unstoppable

@Suite("Unstoppable values")
struct UnstoppableValuesTests {
    @Test("HH:mm: the 1,440 times of a day parse and print back; 7:05, 24:00 and others are refused")
    func routineTime() throws {
        var count = 0
        for h in 0..<24 {
            for m in 0..<60 {
                let text = (h < 10 ? "0\(h)" : "\(h)") + ":" + (m < 10 ? "0\(m)" : "\(m)")
                let t = try UnstoppableRoutineTime(parsing: text)
                #expect(t.hour == h && t.minute == m && t.text == text)
                count += 1
            }
        }
        #expect(count == 1440)
        for bad in ["7:05", "24:00", "07:60", "07:05:00", "7:5", "07.05", " 07:05", "07:05 ", "", "0a:00", "-1:00"] {
            #expect(throws: CloserError(.unstoppableInvalidRoutineTime, "")) {
                try UnstoppableRoutineTime(parsing: bad)
            }
        }
        #expect(throws: CloserError(.unstoppableOutOfRange, "")) { try UnstoppableRoutineTime(hour: 24, minute: 0) }
    }

    @Test("yyyy-MM-dd of real dates only")
    func date() throws {
        #expect(try UnstoppableDay.parse("2028-02-29") == CivilDate(year: 2028, month: 2, day: 29))
        for bad in ["2026-3-1", "2026-02-30", "2027-02-29", "2100-02-29", "0000-01-01", "2026/03/01", "+2026-03-01"] {
            #expect(throws: CloserError(.unstoppableInvalidDate, "")) { try UnstoppableDay.parse(bad) }
        }
    }

    @Test("the local day at an offset, and the ±14 h bound")
    func localDay() throws {
        let i = try Instant(rfc3339: "2026-03-01T07:30:00Z")
        #expect(try UnstoppableDay.key(at: i, utcOffsetMinutes: -480) == "2026-02-28")
        #expect(try UnstoppableDay.key(at: i, utcOffsetMinutes: 0) == "2026-03-01")
        #expect(
            try UnstoppableDay.key(at: try Instant(rfc3339: "2026-03-01T18:30:00Z"), utcOffsetMinutes: 330)
                == "2026-03-02")
        #expect(
            try UnstoppableDay.key(at: try Instant(rfc3339: "1969-12-31T23:59:59Z"), utcOffsetMinutes: 0)
                == "1969-12-31")
        #expect(throws: CloserError(.unstoppableInvalidUTCOffset, "")) {
            try UnstoppableDay.key(at: i, utcOffsetMinutes: 841)
        }
    }

    @Test("partial profile updates: one member, none, null, an unknown one")
    func profileUpdate() throws {
        let e = "POST /v1/user/profile"
        #expect(
            try UnstoppableEndpoints.validate(e, .request, body: try JSONValue(parsing: #"{"paymentOption":"skip"}"#))
                == ["paymentOption"])
        #expect(throws: CloserError(.unstoppableEmptyUpdate, "")) {
            try UnstoppableEndpoints.validate(e, .request, body: .object([:]))
        }
        #expect(throws: CloserError(.unstoppableWrongType, "")) {
            try UnstoppableEndpoints.validate(e, .request, body: try JSONValue(parsing: #"{"nickname":null}"#))
        }
        #expect(throws: CloserError(.unstoppableUnknownField, "")) {
            try UnstoppableEndpoints.validate(e, .request, body: try JSONValue(parsing: #"{"nickname":"a","zz":1}"#))
        }
        #expect(throws: CloserError(.unstoppableNotAnObject, "")) {
            try UnstoppableEndpoints.validate(e, .request, body: .array([]))
        }
    }
}
