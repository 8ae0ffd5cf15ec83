// How one expense's amount is split among its participants, in whole cents: the modes (equally, by
// percent, by exact amounts), each share rounded down, and the cents left over given one each by
// largest remainder, ties by member id. Normative: specs/profiles/payback/balance.md §Splits.

import CoreWire

extension CloserError.Code {
    public static let payBackInvalidAmount = Self("payback.invalid_amount", .invalidParameters)
    public static let payBackUnknownSplitMode = Self("payback.unknown_split_mode", .invalidParameters)
    public static let payBackNoParticipants = Self("payback.no_participants", .invalidParameters)
    public static let payBackInvalidPercent = Self("payback.invalid_percent", .invalidParameters)
    public static let payBackPercentTotal = Self("payback.percent_total", .invalidParameters)
    public static let payBackInvalidShare = Self("payback.invalid_share", .invalidParameters)
    public static let payBackExactTotal = Self("payback.exact_total", .invalidParameters)
}

/// An amount in cents: a whole number from 1 to `maximum` (balance.md §Amounts).
public enum PayBackCents {
    /// 10^11 cents: a share's product with a percent in basis points stays below 2^53, exact in
    /// JavaScript numbers (balance.md §Amounts, D-PAYBACK-07).
    public static let maximum = 100_000_000_000

    public static func amount(_ value: Int) throws(CloserError) -> Int {
        guard (1...maximum).contains(value) else {
            throw CloserError(.payBackInvalidAmount, "an amount is a whole number of cents from 1 to \(maximum)")
        }
        return value
    }
}

/// How a participant's share is given: nothing (equally), a percent, or an exact amount.
public enum PayBackSplitMode: String, Sendable, CaseIterable {
    case equal, percent, exact

    public init(name: String) throws(CloserError) {
        guard let mode = Self(rawValue: name) else {
            throw CloserError(.payBackUnknownSplitMode, "a split mode is equal, percent or exact")
        }
        self = mode
    }
}

/// One participant of a split: the member and, by mode, its percent (basis points) or exact cents.
public struct PayBackParticipant: Sendable {
    public let memberID: PayBackMemberID
    public let basisPoints: Int?
    public let exactCents: Int?

    public init(memberID: PayBackMemberID, basisPoints: Int? = nil, exactCents: Int? = nil) {
        self.memberID = memberID
        self.basisPoints = basisPoints
        self.exactCents = exactCents
    }

    /// A percent as written: `0`–`100` with up to two decimals, no sign, no leading zero, no
    /// exponent ("33.33", "5", "100.00"); answered in basis points (balance.md §Percent).
    public static func basisPoints(percent text: String) throws(CloserError) -> Int {
        let bad = CloserError(.payBackInvalidPercent, "a percent is 0 to 100 with at most two decimals, like 33.33")
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0].utf8)
        let fraction = parts.count == 2 ? Array(parts[1].utf8) : []
        let isDigits = { (d: [UInt8]) in d.allSatisfy { (0x30...0x39).contains($0) } }
        guard (1...3).contains(whole.count), isDigits(whole), whole.count == 1 || whole[0] != 0x30,
            parts.count == 1 || (1...2).contains(fraction.count), isDigits(fraction)
        else { throw bad }
        let digits = (fraction + Array(repeating: 0x30, count: 2 - fraction.count))
        let value = Int(String(decoding: whole + digits, as: UTF8.self))!
        guard value <= 10_000 else { throw bad }
        return value
    }
}

public enum PayBackSplit {
    /// Every participant's share in cents, in the participants' list order (balance.md §Splits).
    /// A participant's basis points (0…10000) and exact cents (0…maximum) are range-checked here,
    /// whoever built it, so no product or sum can overflow.
    public static func shares(amountCents: Int, mode: PayBackSplitMode, participants: [PayBackParticipant])
        throws(CloserError) -> [Int]
    {
        let amount = try PayBackCents.amount(amountCents)
        guard !participants.isEmpty else {
            throw CloserError(.payBackNoParticipants, "a split needs at least one participant")
        }
        switch mode {
        case .equal:
            return allocate(amount, weights: participants.map { _ in 1 }, participants)
        case .percent:
            let points = try participants.map { p throws(CloserError) in
                guard let bp = p.basisPoints, (0...10_000).contains(bp) else {
                    throw CloserError(.payBackInvalidPercent, "a percent is missing or not 0 to 100")
                }
                return bp
            }
            guard points.reduce(0, +) == 10_000 else {
                throw CloserError(.payBackPercentTotal, "the percents of a split add up to exactly 100")
            }
            return allocate(amount, weights: points, participants)
        case .exact:
            let cents = try participants.map { p throws(CloserError) in
                guard let c = p.exactCents else { throw CloserError(.payBackInvalidShare, "an exact share is missing") }
                return try exactCents(c)
            }
            guard cents.reduce(0, +) == amount else {
                throw CloserError(.payBackExactTotal, "the exact amounts of a split add up to the expense amount")
            }
            return cents
        }
    }

    /// Each share is `amount × weight / Σweights` rounded down; the cents left over go one each to
    /// the largest remainders, ties to the lower member id, then the earlier participant.
    static func allocate(_ amount: Int, weights: [Int], _ participants: [PayBackParticipant]) -> [Int] {
        let total = weights.reduce(0, +)
        var shares = weights.map { amount * $0 / total }
        let remainders = weights.map { amount * $0 % total }
        let order = participants.indices.sorted { i, j in
            if remainders[i] != remainders[j] { return remainders[i] > remainders[j] }
            if participants[i].memberID != participants[j].memberID {
                return participants[i].memberID.canonical < participants[j].memberID.canonical
            }
            return i < j
        }
        for i in order.prefix(amount - shares.reduce(0, +)) { shares[i] += 1 }
        return shares
    }

    /// An exact share as given: a whole number of cents from 0 to the maximum amount.
    public static func exactCents(_ value: Int) throws(CloserError) -> Int {
        guard (0...PayBackCents.maximum).contains(value) else {
            throw CloserError(
                .payBackInvalidShare, "an exact share is a whole number of cents from 0 to \(PayBackCents.maximum)")
        }
        return value
    }
}
