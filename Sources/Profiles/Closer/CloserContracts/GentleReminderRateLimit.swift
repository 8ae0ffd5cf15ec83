// sendGentleReminderCallable's per-user limit: at most 5 reminders per hour, counted in
// rate_limits/{uid}_gentle_reminder ({windowStart, count}) inside a transaction.
// Normative: specs/cloud-functions.md §sendGentleReminderCallable (decisions D-CF-NN).

import CloserWire

/// The outcome of one reminder request against the stored counter.
public struct GentleReminderDecision: Hashable, Sendable {
    public let allowed: Bool
    /// When refused: whole minutes until the window ends, rounded up (D-CF-07).
    public let retryAfterMinutes: Int?
    /// When allowed: the counter to store — whether the window restarts at `now`, and the new count.
    public let restartsWindow: Bool
    public let count: Int
}

/// specs/cloud-functions.md §sendGentleReminderCallable.
public enum GentleReminderRateLimit {
    public static let maximumPerWindow = 5
    public static let windowSeconds: Int64 = 3600

    /// `record` is the stored `rate_limits/{uid}_gentle_reminder` document (rules.md encoding) or
    /// nil. A record that is not `{windowStart: timestamp, count: integer ≥ 0}` counts as none
    /// (D-CF-08); a window is over once an hour has passed since `windowStart` (D-CF-06).
    public static func decide(record: JSONValue?, now: Instant) -> GentleReminderDecision {
        guard let (start, count) = parse(record) else {
            return GentleReminderDecision(allowed: true, retryAfterMinutes: nil, restartsWindow: true, count: 1)
        }
        // Seconds and nanoseconds apart, never one nanosecond count: a stored windowStart may be
        // any year from 0001 to 9999, beyond Int64 nanoseconds (fuzz/corpus/harness).
        var seconds = start.seconds + windowSeconds - now.seconds
        var nanos = Int64(start.nanoseconds) - Int64(now.nanoseconds)
        if nanos < 0 { (seconds, nanos) = (seconds - 1, nanos + 1_000_000_000) }
        if seconds < 0 || (seconds == 0 && nanos == 0) {
            return GentleReminderDecision(allowed: true, retryAfterMinutes: nil, restartsWindow: true, count: 1)
        }
        if count < maximumPerWindow {
            return GentleReminderDecision(
                allowed: true, retryAfterMinutes: nil, restartsWindow: false, count: count + 1)
        }
        let minutes = Int(seconds / 60 + (seconds % 60 > 0 || nanos > 0 ? 1 : 0))
        return GentleReminderDecision(allowed: false, retryAfterMinutes: minutes, restartsWindow: false, count: count)
    }

    static func parse(_ record: JSONValue?) -> (Instant, Int)? {
        guard case .object(let doc)? = record, case .object(let wrapper)? = doc["windowStart"], wrapper.count == 1,
            case .string(let text)? = wrapper["timestampValue"], let start = try? Instant(rfc3339: text),
            case .number(let c)? = doc["count"], c.isFinite, c == c.rounded(), c >= 0, c <= 1_000_000
        else { return nil }
        return (start, Int(c))
    }
}
