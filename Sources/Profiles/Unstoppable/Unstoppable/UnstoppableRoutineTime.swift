// `routineTime`: the wall-clock time of the user's routine as `HH:mm` (24-hour, two digits each,
// 00:00…23:59). Normative: specs/profiles/unstoppable/payloads.md §"routineTime".

import CoreWire

public struct UnstoppableRoutineTime: Hashable, Sendable {
    public let hour: Int
    public let minute: Int

    /// A time from its parts: hour 0…23, minute 0…59, else `unstoppable.out_of_range`.
    public init(hour: Int, minute: Int) throws(CloserError) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw CloserError(.unstoppableOutOfRange, "a routine time has hour 0...23 and minute 0...59")
        }
        self.hour = hour
        self.minute = minute
    }

    /// Parses exactly `HH:mm`: five ASCII bytes, two digits, `:`, two digits; `7:05`, `24:00`,
    /// `07:60`, `07:05:00` and `07.05` are `unstoppable.invalid_routine_time`.
    public init(parsing text: String) throws(CloserError) {
        let b = Array(text.utf8)
        func digit(_ i: Int) -> Int? { b[i] >= 0x30 && b[i] <= 0x39 ? Int(b[i] - 0x30) : nil }
        guard b.count == 5, b[2] == UInt8(ascii: ":"), let h1 = digit(0), let h2 = digit(1), let m1 = digit(3),
            let m2 = digit(4), h1 * 10 + h2 <= 23, m1 * 10 + m2 <= 59
        else {
            throw CloserError(.unstoppableInvalidRoutineTime, "routineTime is HH:mm, 00:00...23:59, two digits each")
        }
        hour = h1 * 10 + h2
        minute = m1 * 10 + m2
    }

    /// `HH:mm`, zero-padded.
    public var text: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
