// The Cloud Functions' quotas: two rates (families per user per day, transactions per child per
// hour) kept in `_rateLimits/{userId}`, and two caps (children per family, goals per child).
// Normative: specs/profiles/reward-e/quotas.md.

import CoreWire

public enum RewardEQuota: String, Sendable, CaseIterable {
    case familiesPerUserPerDay, transactionsPerChildPerHour, childrenPerFamily, goalsPerChild

    /// The limit (stated: 5 / 100 / 20 / 50).
    public var limit: Int {
        switch self {
        case .familiesPerUserPerDay: 5
        case .transactionsPerChildPerHour: 100
        case .childrenPerFamily: 20
        case .goalsPerChild: 50
        }
    }

    /// A rate's rolling window in milliseconds (decided: rolling, not calendar); nil for a cap.
    public var windowMs: Int64? {
        switch self {
        case .familiesPerUserPerDay: 86_400_000
        case .transactionsPerChildPerHour: 3_600_000
        case .childrenPerFamily, .goalsPerChild: nil
        }
    }

    /// What the function does on a breach (stated).
    public var breachAction: String {
        self == .familiesPerUserPerDay ? "delete_created" : "https_error"
    }

    public static func named(_ name: String) throws(CloserError) -> Self {
        guard let q = Self(rawValue: name) else {
            throw CloserError(
                .rewardEUnknownQuota, "quota is one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return q
    }

    /// The outcome of one more write.
    public struct Outcome: Equatable, Sendable {
        public let allowed: Bool
        /// The window's accepted instants after this write (rates), ascending; empty for caps.
        public let window: [Int64]
        public let action: String
    }

    /// A cap: `count` documents exist; may one more be created?
    public func check(count: Int64) throws(CloserError) -> Outcome {
        guard windowMs == nil else { throw CloserError(.rewardEUnknownQuota, "\(rawValue) is a rate, not a cap") }
        guard count >= 0 else { throw CloserError(.rewardEOutOfRange, "count is at least 0") }
        let allowed = count < Int64(limit)
        return Outcome(allowed: allowed, window: [], action: allowed ? "none" : breachAction)
    }

    /// A rate: `recent` are the earlier accepted instants in `_rateLimits`; may a write at `at`
    /// pass? The window is (at − window, at]; instants after `at` are refused as out of range.
    public func check(recent: [Int64], at: Int64) throws(CloserError) -> Outcome {
        guard let windowMs else { throw CloserError(.rewardEUnknownQuota, "\(rawValue) is a cap, not a rate") }
        guard RewardEModel.instantRange.contains(at), recent.allSatisfy({ (0...at).contains($0) }) else {
            throw CloserError(.rewardEOutOfRange, "instants are 0...2^53-1 and none is after the write")
        }
        let kept = recent.filter { $0 > at - windowMs }.sorted()
        let allowed = kept.count < limit
        return Outcome(allowed: allowed, window: allowed ? kept + [at] : kept, action: allowed ? "none" : breachAction)
    }
}
