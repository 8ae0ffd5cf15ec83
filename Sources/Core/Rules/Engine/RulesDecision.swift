// The evaluator's answer: allow or deny, every violated invariant, and softer wire
// findings. Modelled on a policy that returns a result instead of throwing.
// Normative: specs/rules.md §"Evaluation".

import CoreWire

/// One violated invariant.
public struct Violation: Hashable, Sendable {
    public let invariant: InvariantID
    public let reason: String
    public let source: ManualSource
}

/// How one in-scope invariant came out.
public struct InvariantEvaluation: Hashable, Sendable {
    public let invariant: InvariantID
    public let outcome: InvariantResult.Outcome
}

/// The decision for one request.
public struct RulesDecision: Hashable, Sendable {
    public let allow: Bool
    /// The matched pattern's id, nil when no pattern matched.
    public let matchedPattern: String?
    /// Every violated invariant, in catalogue order.
    public let violations: [Violation]
    /// Fields the rules accept that the rule set's wire probe would reject (never affect `allow`).
    public let findings: [WireFinding]
    /// Every in-scope invariant and its outcome, in catalogue order.
    public let evaluated: [InvariantEvaluation]

    public var violationIDs: [InvariantID] { violations.map(\.invariant) }
}
