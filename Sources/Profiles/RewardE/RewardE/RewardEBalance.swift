// A child's star balance under a sequence of transactions: never negative (a spend above the
// balance is refused, as FamilyService's Firestore transaction refuses it), amounts within Int32 and
// the result of an earn clamped to Int32 (Core Data's attribute type). Normative: specs/profiles/reward-e/balance.md.

import CoreWire

public enum RewardEBalance {
    /// One transaction's effect.
    public enum Kind: String, Sendable { case earn, spend }

    /// Int32 clamping (stated: "Int values use safe Int32 clamping"): values above Int32.max
    /// become Int32.max, below Int32.min become Int32.min.
    public static func clampInt32(_ value: Int64) -> Int64 {
        min(max(value, Int64(Int32.min)), Int64(Int32.max))
    }

    /// The balance after applying `transactions` to `balance`, in order. Every amount is checked
    /// before any applies (balance.md 1); only results are clamped (balance.md 3).
    /// - Throws: `rewarde.out_of_range` for a starting balance outside 0…Int32.max or an amount
    ///   outside 1…Int32.max; `rewarde.insufficient_balance` for a spend above the balance
    ///   (nothing applied).
    public static func apply(_ transactions: [(Kind, Int64)], to balance: Int64) throws(CloserError) -> Int64 {
        guard (0...RewardEModel.int32Max).contains(balance) else {
            throw CloserError(.rewardEOutOfRange, "balance is 0...\(Int32.max)")
        }
        for (i, (_, amount)) in transactions.enumerated() where !(1...RewardEModel.int32Max).contains(amount) {
            throw CloserError(.rewardEOutOfRange, "transactions[\(i)].amount is 1...\(Int32.max)")
        }
        var current = balance
        for (i, (kind, amount)) in transactions.enumerated() {
            switch kind {
            case .earn:
                current = clampInt32(current + amount)
            case .spend:
                guard amount <= current else {
                    throw CloserError(
                        .rewardEInsufficientBalance, "transactions[\(i)] spends more stars than the balance holds")
                }
                current -= amount
            }
        }
        return current
    }
}
