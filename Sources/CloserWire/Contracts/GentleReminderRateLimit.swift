// sendGentleReminderCallable's per-user limit: at most 5 reminders per hour, counted in
// rate_limits/{uid}_gentle_reminder ({windowStart, count}) inside a transaction.
// Normative: specs/cloud-functions.md §sendGentleReminderCallable (decisions D-CF-NN).

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
        // Seconds and nanoseconds apart: nanoseconds since 1970 overflow 64 bits before the
        // year 1678 and after 2262, and windowStart may be any RFC 3339 year (0001–9999).
        var leftSeconds = start.seconds + windowSeconds - now.seconds
        var leftNanos = Int64(start.nanoseconds) - Int64(now.nanoseconds)
        if leftNanos < 0 {
            leftSeconds -= 1
            leftNanos += 1_000_000_000
        }
        if leftSeconds < 0 || (leftSeconds == 0 && leftNanos == 0) {
            return GentleReminderDecision(allowed: true, retryAfterMinutes: nil, restartsWindow: true, count: 1)
        }
        if count < maximumPerWindow {
            return GentleReminderDecision(
                allowed: true, retryAfterMinutes: nil, restartsWindow: false, count: count + 1)
        }
        let minutes = Int(leftSeconds / 60 + (leftSeconds % 60 > 0 || leftNanos > 0 ? 1 : 0))
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
