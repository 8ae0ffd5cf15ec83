// Closer's rule set: the patterns of CloserRulePaths and the invariant catalogue.
// Normative: specs/rules.md (generated table: one row per invariant, in this order).

/// Namespace for Closer's invariant lists (one file per collection family).
public enum CloserInvariants {
    /// Every invariant in catalogue order (without `paths.no_matching_rule`).
    public static var all: [Invariant] {
        (global + users + couples + answers + threads + conversations + dates + games + serverOnly + migration).map { inv in
            conflicts[inv.id].map(inv.conflicting) ?? inv
        }
    }
}

/// Closer's firestore.rules as an executable rule set.
public enum CloserRuleSet {
    public static let name = "closer-firestore-rules"

    /// The rule set with the given configuration.
    public static func make(configuration: RulesConfiguration = .defaults) -> RuleSet {
        RuleSet(
            name: name, patterns: CloserRulePaths.all, invariants: CloserInvariants.all,
            noMatchingRule: CloserInvariants.noMatchingRule, configuration: configuration,
            wireProbe: .closer)
    }

    /// The rule set with the documented default configuration.
    public static let v1 = make()

    /// Evaluates one request with the default configuration.
    public static func evaluate(_ request: RulesRequest) -> RulesDecision {
        RulesEvaluator(ruleSet: v1).evaluate(request)
    }
}
