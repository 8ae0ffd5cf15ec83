// sendGentleReminderCallable's limit with a stored windowStart anywhere in years 0001–9999:
// the fuzzer found decide() trapping on an Int64 nanosecond overflow for years before 1678
// and after 2262 (fuzz/corpus/harness/regression-rate-limit-year-*). Expected values come from
// Foundation's ISO 8601 parser and Date arithmetic, not from Instant.
// Normative: specs/cloud-functions.md §sendGentleReminderCallable.

import CloserContracts
import CloserWire
import Foundation
import Testing

@Suite("gentle-reminder rate limit, far years")
struct GentleReminderRateLimitTests {
    static func record(_ start: String, count: Int) -> JSONValue {
        .object(["windowStart": .object(["timestampValue": .string(start)]), "count": .number(Double(count))])
    }

    static func foundationDate(_ text: String) throws -> Date {
        let parser = ISO8601DateFormatter()
        return try #require(parser.date(from: text), "\(text)")
    }

    @Test(
        "a window far in the past is over, one far in the future is still open",
        arguments: ["0001-01-01T00:00:00Z", "1013-06-15T12:00:00Z", "4052-06-15T12:00:00Z", "9999-12-31T23:59:59Z"])
    func farYears(start: String) throws {
        let now = "2026-06-15T13:00:00Z"
        let remaining = try Self.foundationDate(start).addingTimeInterval(3600)
            .timeIntervalSince(Self.foundationDate(now))
        for count in [2, 5] {
            let d = GentleReminderRateLimit.decide(
                record: Self.record(start, count: count), now: try Instant(rfc3339: now))
            if remaining <= 0 {
                #expect(d.allowed && d.restartsWindow && d.count == 1, "\(start) count \(count)")
            } else if count < 5 {
                #expect(d.allowed && !d.restartsWindow && d.count == count + 1, "\(start) count \(count)")
            } else {
                #expect(!d.allowed && d.retryAfterMinutes == Int((remaining / 60).rounded(.up)), "\(start)")
            }
        }
    }
}
