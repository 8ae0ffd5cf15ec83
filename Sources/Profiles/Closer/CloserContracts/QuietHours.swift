// The server-side quiet-hours check the four partner-action senders consult before they push
// (manual M-001). Fail-open: whatever is missing or malformed in the user document delivers.
// Normative: specs/quiet-hours.md.

import CloserWire

/// The recipient's quiet-hours window as `users/{uid}` stores it (specs/quiet-hours.md §Members).
public struct QuietHoursWindow: Hashable, Sendable {
    /// `quietHoursStartMinutes`: minutes after local midnight, 0…1439; inclusive (D-QH-03).
    public let startMinutes: Int
    /// `quietHoursEndMinutes`: minutes after local midnight, 0…1439; exclusive (D-QH-03).
    public let endMinutes: Int
    /// `timezone`: an IANA time zone identifier (`TimeZone.getDefault().id` on Android).
    public let timeZone: String

    public init(startMinutes: Int, endMinutes: Int, timeZone: String) {
        self.startMinutes = startMinutes
        self.endMinutes = endMinutes
        self.timeZone = timeZone
    }

    /// The enabled window of a stored user document (rules.md document encoding), or nil when the
    /// document does not describe one: not an object, `quietHoursEnabled` not `true`, a minute that
    /// is not an integral number in 0…1439, a `timezone` that is not a non-empty string
    /// (specs/quiet-hours.md §Fail-open, D-QH-02).
    public init?(user: JSONValue) {
        guard case .object(let doc) = user, doc["quietHoursEnabled"] == .bool(true),
            let start = Self.minute(doc["quietHoursStartMinutes"]), let end = Self.minute(doc["quietHoursEndMinutes"]),
            case .string(let zone)? = doc["timezone"], !zone.isEmpty
        else { return nil }
        self.init(startMinutes: start, endMinutes: end, timeZone: zone)
    }

    /// An integral JSON number in 0…1439 (an integer in the document encoding), else nil.
    static func minute(_ value: JSONValue?) -> Int? {
        guard case .number(let d)? = value, d.isFinite, d == d.rounded(), d >= 0, d <= 1439 else { return nil }
        if d == 0, d.sign == .minus { return nil }  // −0 is a double in rules.md's value model
        return Int(d)
    }

    /// Whether the local minute of the day (0…1439) is inside the window: start inclusive, end
    /// exclusive; start > end crosses midnight; start == end is an empty window (D-QH-03, D-QH-04).
    public func contains(localMinute m: Int) -> Bool {
        if startMinutes < endMinutes { return m >= startMinutes && m < endMinutes }
        if startMinutes > endMinutes { return m >= startMinutes || m < endMinutes }
        return false
    }
}

/// `recipientInQuietHours(userData)` at an instant (specs/quiet-hours.md).
public enum QuietHours {
    /// The four senders that must consult the check before pushing (manual M-001 (3); D-QH-07).
    public static let senders = ["onMessageWritten", "onAnswerWritten", "onAnswerRevealed", "onGameSessionUpdate"]

    /// Whether a push to `user` at `instant` is suppressed. `utcOffset(zone, instant)` is the
    /// zone's offset from UTC in seconds at the instant, or nil for an identifier the tz database
    /// does not know; nil — like every malformed member — means not quiet (fail-open).
    public static func isQuiet(
        user: JSONValue, at instant: Instant, utcOffset: (_ zone: String, _ instant: Instant) -> Int?
    ) -> Bool {
        guard let window = QuietHoursWindow(user: user), let offset = utcOffset(window.timeZone, instant) else {
            return false
        }
        return window.contains(localMinute: localMinute(at: instant, utcOffsetSeconds: offset))
    }

    /// The local wall-clock minute of the day, seconds dropped (floor): 00:00:00–00:00:59 is 0.
    public static func localMinute(at instant: Instant, utcOffsetSeconds: Int) -> Int {
        let local = instant.seconds + Int64(utcOffsetSeconds)
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return Int(secondOfDay / 60)
    }
}
