// The shared Add Expense validation (manual §12.1–12.2): one path for the Save button, the save guard
// and the alert, reporting every miss in a fixed order. Normative:
// specs/profiles/payback/validation.md.

import CoreWire

extension CloserError.Code {
    public static let payBackMissingDescription = Self("payback.expense_missing_description", .invalidParameters)
    public static let payBackExpenseInvalidAmount = Self("payback.expense_invalid_amount", .invalidParameters)
    public static let payBackNoParticipant = Self("payback.expense_no_participants", .invalidParameters)
    public static let payBackEmptySplits = Self("payback.expense_empty_splits", .invalidParameters)
}

/// The fields Add Expense validates, as entered (the amount already in cents).
public struct PayBackExpenseDraft: Sendable {
    public let description: String
    /// Nil when the amount is not a whole number of cents.
    public let amountCents: Int?
    public let mode: PayBackSplitMode?
    public let participants: [PayBackParticipant]

    public init(description: String, amountCents: Int?, mode: PayBackSplitMode?, participants: [PayBackParticipant]) {
        self.description = description
        self.amountCents = amountCents
        self.mode = mode
        self.participants = participants
    }
}

public enum PayBackExpenseValidation {
    /// Every miss, in check order: description, amount, participants, computed splits. The splits
    /// check runs only when the amount and the participants passed (validation.md §Order).
    public static func problems(_ draft: PayBackExpenseDraft) -> [CloserError.Code] {
        var out: [CloserError.Code] = []
        if draft.description.unicodeScalars.allSatisfy(isWhiteSpace) { out.append(.payBackMissingDescription) }
        let amountOK = draft.amountCents.map { (1...PayBackCents.maximum).contains($0) } ?? false
        if !amountOK { out.append(.payBackExpenseInvalidAmount) }
        if draft.participants.isEmpty { out.append(.payBackNoParticipant) }
        if amountOK, !draft.participants.isEmpty, !hasSplits(draft) { out.append(.payBackEmptySplits) }
        return out
    }

    /// The computed splits are non-empty: the split succeeds and some share is above zero.
    static func hasSplits(_ draft: PayBackExpenseDraft) -> Bool {
        guard let mode = draft.mode, let amount = draft.amountCents,
            let shares = try? PayBackSplit.shares(
                amountCents: amount, mode: mode, participants: draft.participants)
        else { return false }
        return shares.contains { $0 > 0 }
    }

    /// Unicode's White_Space property, listed (validation.md §Description): Swift's
    /// `.whitespacesAndNewlines` and JavaScript's `trim()` disagree on U+0085 and U+FEFF.
    public static func isWhiteSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
