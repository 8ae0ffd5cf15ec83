// The regex helpers of Closer's firestore.rules, verbatim as specs/rules.md gives them
// (its table). Normative: specs/rules.md §"Regex helpers".

/// Closer's regex helpers as exact matchers.
public enum CloserRulesRegex {
    /// `isCiphertext(value)` → `^enc:v1:[A-Za-z0-9+/]+={0,2}$`
    public static let isCiphertext = RulesWireHelper(
        name: "isCiphertext",
        pattern: AnchoredPattern(
            source: "^enc:v1:[A-Za-z0-9+/]+={0,2}$", prefix: "enc:v1:", alphabet: "A-Za-z0-9+/",
            minimumCount: 1,
            maximumCount: nil, padding: "=", maximumPadding: 2),
        format: .enc)
    /// `isSealedPayload(value)` → `^sealed:v1:[A-Za-z0-9_-]{80,}$`
    public static let isSealedPayload = RulesWireHelper(
        name: "isSealedPayload",
        pattern: AnchoredPattern(
            source: "^sealed:v1:[A-Za-z0-9_-]{80,}$", prefix: "sealed:v1:", alphabet: "A-Za-z0-9_-",
            minimumCount: 80,
            maximumCount: nil),
        format: .sealed)
    /// `isKeybox(value)` → `^keybox:v1:[A-Za-z0-9_-]{120,}$`
    public static let isKeybox = RulesWireHelper(
        name: "isKeybox",
        pattern: AnchoredPattern(
            source: "^keybox:v1:[A-Za-z0-9_-]{120,}$", prefix: "keybox:v1:", alphabet: "A-Za-z0-9_-",
            minimumCount: 120, maximumCount: nil),
        format: .keybox)
    /// `isCommitmentHash(value)` → `^sha256:[A-Za-z0-9_-]{43}$`
    public static let isCommitmentHash = RulesWireHelper(
        name: "isCommitmentHash",
        pattern: AnchoredPattern(
            source: "^sha256:[A-Za-z0-9_-]{43}$", prefix: "sha256:", alphabet: "A-Za-z0-9_-",
            minimumCount: 43,
            maximumCount: 43),
        format: .commitment)
    /// `isValidInviteCode(code)` → `^[a-zA-Z0-9]{6}$`
    public static let inviteCode = AnchoredPattern(
        source: "^[a-zA-Z0-9]{6}$", prefix: "", alphabet: "a-zA-Z0-9", minimumCount: 6, maximumCount: 6)

    /// The four wire helpers.
    public static let wireHelpers = [isCiphertext, isSealedPayload, isKeybox, isCommitmentHash]

    /// `isValidSwipeAction(action)` → `'love' | 'maybe' | 'skip'`
    public static let swipeActions: Set<String> = ["love", "maybe", "skip"]
    /// `isValidDatePlanStatus(status)` → `'draft' | 'planned' | 'completed'`
    public static let datePlanStatuses: Set<String> = ["draft", "planned", "completed"]
}
