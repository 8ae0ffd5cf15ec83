// onGameSessionUpdate's idempotent flag-claim: whether a push keyed `key` may be sent for a
// session, and the claim written before the send. Normative: specs/cloud-functions.md §Game session
// flags (D-CF-55, D-CF-59, D-CF-60).

import CloserWire

extension CloserError.Code {
    public static let gameInvalidPushKey = Self("game.invalid_push_key", .invalidParameters)
}

public enum GamePushClaim {
    /// A push key is a Firestore simple field name (`[A-Za-z_][A-Za-z0-9_]*`, at most 64
    /// characters, not `__…__`), so `notificationsSent.{key}` is one member (D-CF-59).
    public static func validate(key: String) throws(CloserError) {
        let bytes = Array(key.utf8)
        let first = bytes.first.map { $0 == 0x5F || isLetter($0) } ?? false
        let rest = bytes.allSatisfy { $0 == 0x5F || isLetter($0) || (0x30...0x39).contains($0) }
        guard first, rest, bytes.count <= 64 else {
            throw CloserError(.gameInvalidPushKey, "the push key is not a simple field name of 1 to 64 characters")
        }
        guard !(bytes.count >= 4 && key.hasPrefix("__") && key.hasSuffix("__")) else {
            throw CloserError(.gameInvalidPushKey, "the push key is a reserved __…__ field name")
        }
    }

    static func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }

    /// Whether `key` is unclaimed on `session`: `notificationsSent` absent, or a map without `key`.
    /// Any present value claims (D-CF-55); a `notificationsSent` that is present but not a map
    /// claims every key (fail-closed, D-CF-60). Keys compare as exact scalar sequences: a
    /// member "\u{212A}" (Kelvin sign) does not claim "K" (D-CF-62).
    public static func isUnclaimed(session: JSONValue, key: String) -> Bool {
        guard let sent = session.member(exactly: "notificationsSent") else { return true }
        guard case .object = sent else { return false }
        return sent.member(exactly: key) == nil
    }
}
