// Optimistic locking of a family document: a write names the version it was based on; it is
// applied only when that is the stored version, and then increments it and records its author.
// Normative: specs/profiles/reward-e/version.md.

import CoreWire

public struct RewardEFamilyVersion: Equatable, Sendable {
    public let version: Int64
    public let lastModifiedBy: String?

    public init(version: Int64, lastModifiedBy: String?) {
        self.version = version
        self.lastModifiedBy = lastModifiedBy
    }

    /// A stored family as decoded: a family without `version` (pre-versioning data, read with
    /// `decodeIfPresent`) is at version 0 (version.md, D-REWARDE-07).
    public init(storedVersion: Int64?, lastModifiedBy: String?) {
        self.init(version: storedVersion ?? 0, lastModifiedBy: lastModifiedBy)
    }

    /// The stored state after a write by `userID` based on `baseVersion`.
    /// - Throws: `rewarde.stale_version` when `baseVersion` is not the stored version (older, or
    ///   newer than anything stored); `rewarde.out_of_range` when the stored version is already
    ///   Int32.max (no increment is left) or a version is negative.
    public func write(baseVersion: Int64, by userID: String) throws(CloserError) -> Self {
        guard version >= 0, baseVersion >= 0, version <= RewardEModel.int32Max else {
            throw CloserError(.rewardEOutOfRange, "a version is 0...\(Int32.max)")
        }
        guard baseVersion == version else {
            throw CloserError(
                .rewardEStaleVersion, "the write is based on version \(baseVersion), the family is at \(version)")
        }
        guard version < RewardEModel.int32Max else {
            throw CloserError(.rewardEOutOfRange, "the family's version cannot be incremented past \(Int32.max)")
        }
        return Self(version: version + 1, lastModifiedBy: userID)
    }
}
