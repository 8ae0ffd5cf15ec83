// A stored Reward-E instant (createdAt, achievedAt, lastModified, expiresAt): the Firestore Timestamp
// as Closer's documents hold one, `{"timestampValue": "<RFC 3339>"}` with exactly that member, or the
// integral epoch milliseconds of the profile's first vector sets.
// Normative: specs/profiles/reward-e/documents.md §"Timestamps".

import CoreWire

package enum RewardETimestamp {
    /// The instant in epoch milliseconds, rounded up (so `expiresAt > now` holds exactly when the
    /// instant is after `now`). A number outside 0…2^53 − 1 or an instant before 1970 is
    /// `rewarde.out_of_range`; a timestamp text that is not RFC 3339 (date-keys.md §Instant) is
    /// `rewarde.invalid_timestamp`; any other shape is `rewarde.wrong_type`.
    package static func milliseconds(_ value: JSONValue, at path: String) throws(CloserError) -> Int64 {
        switch value {
        case .number(let d):
            let ms = try RewardESchema.integral(d, at: path)
            guard RewardEModel.instantRange.contains(ms) else {
                throw CloserError(.rewardEOutOfRange, "\(path) is 0...\(RewardEModel.instantRange.upperBound)")
            }
            return ms
        case .object(let members):
            guard members.count == 1, case .string(let text)? = members["timestampValue"] else {
                throw CloserError(.rewardEWrongType, "\(path) must be {\"timestampValue\": RFC 3339} or an integer")
            }
            let instant: Instant
            do { instant = try Instant(rfc3339: text) } catch {
                throw CloserError(.rewardEInvalidTimestamp, "\(path).timestampValue is not RFC 3339")
            }
            guard instant.seconds >= 0 else { throw CloserError(.rewardEOutOfRange, "\(path) is before 1970") }
            return instant.seconds * 1000 + (Int64(instant.nanoseconds) + 999_999) / 1_000_000
        default:
            throw CloserError(.rewardEWrongType, "\(path) must be {\"timestampValue\": RFC 3339} or an integer")
        }
    }
}
