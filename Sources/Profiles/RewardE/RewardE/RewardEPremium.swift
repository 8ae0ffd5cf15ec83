// RevenueCat ids and family sharing: whether a family has premium from its members'
// subscription records. Normative: specs/profiles/reward-e/premium.md.

import CoreWire

public enum RewardEPremium {
    public static let entitlement = "premium"
    public static let offering = "rewarde_default"
    public static let monthlyProductID = "no.invotek.RewardE.premium.monthly"
    public static let yearlyProductID = "no.invotek.RewardE.premium.yearly"
    public static let iosProductIDs = [monthlyProductID, yearlyProductID]

    /// One member's subscription record (`families/{id}/subscription/{doc}`), already checked
    /// against `RewardEDocument.subscription`.
    public struct Record: Sendable {
        public let active: Bool
        public let platform: String
        public let productID: String
        public let expiresAt: Int64?
        public let ownerID: String

        public init(active: Bool, platform: String, productID: String, expiresAt: Int64?, ownerID: String) {
            (self.active, self.platform, self.productID) = (active, platform, productID)
            (self.expiresAt, self.ownerID) = (expiresAt, ownerID)
        }
    }

    /// The owner whose record grants the family premium at `now`, or nil. A record grants when
    /// `active` and not expired (`expiresAt` absent, or after `now`); of several, the lowest
    /// owner id (byte order), so both sides name the same one.
    /// - Throws: `rewarde.unknown_enum_value` for a platform other than `ios` or `android` (so that
    ///   `"IOS"` cannot skip the product check); `rewarde.unknown_product` for an iOS record whose
    ///   product is not one of the two.
    public static func grantingOwner(_ records: [Record], at now: Int64) throws(CloserError) -> String? {
        for (i, r) in records.enumerated() where !RewardEModel.platforms.contains(r.platform) {
            throw CloserError(.rewardEUnknownEnumValue, "subscriptions[\(i)].platform is ios or android")
        }
        for (i, r) in records.enumerated() where r.platform == "ios" && !iosProductIDs.contains(r.productID) {
            throw CloserError(.rewardEUnknownProduct, "subscriptions[\(i)].productId is not a Reward-E iOS product")
        }
        let granting = records.filter { $0.active && ($0.expiresAt.map { $0 > now } ?? true) }
        return granting.map(\.ownerID).min { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
