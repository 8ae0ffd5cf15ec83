// A rule set: match patterns plus invariants, evaluated deny-by-default.
// Normative: specs/rules.md §"Evaluation".

/// The patterns and invariants of one app's `firestore.rules`.
public struct RuleSet: Sendable {
    public let name: String
    /// Match blocks, tried in order; the first match decides which invariants apply.
    public let patterns: [PathPattern]
    /// Every invariant, in catalogue order (the order violations are reported in).
    public let invariants: [Invariant]
    /// The invariant reported when no pattern matches (deny by default).
    public let noMatchingRule: Invariant
    public let configuration: RulesConfiguration
    /// Reads the fields the rules accept as the wire values they claim to be (wire findings).
    public let wireProbe: WireFieldProbe
    /// `invariants(for:method:)` for every pattern and method, computed once: evaluation
    /// looks its invariants up instead of filtering the catalogue per request.
    private let inScope: [String: [RulesMethod: [Invariant]]]

    public init(
        name: String, patterns: [PathPattern], invariants: [Invariant], noMatchingRule: Invariant,
        configuration: RulesConfiguration, wireProbe: WireFieldProbe = .none
    ) {
        self.name = name
        self.wireProbe = wireProbe
        self.patterns = patterns
        self.invariants = invariants
        self.noMatchingRule = noMatchingRule
        self.configuration = configuration
        var inScope: [String: [RulesMethod: [Invariant]]] = [:]
        for pattern in patterns {
            for method in RulesMethod.allCases {
                inScope[pattern.id, default: [:]][method] = invariants.filter {
                    $0.scope.covers(pattern: pattern.id, method: method)
                }
            }
        }
        self.inScope = inScope
    }

    /// All invariants including `noMatchingRule`, first.
    public var catalogue: [Invariant] { [noMatchingRule] + invariants }

    public func invariant(_ id: InvariantID) -> Invariant? { catalogue.first { $0.id == id } }

    /// The invariants in scope for a pattern and method.
    public func invariants(for pattern: String, method: RulesMethod) -> [Invariant] {
        inScope[pattern]?[method] ?? invariants.filter { $0.scope.covers(pattern: pattern, method: method) }
    }

    /// A copy with other configuration.
    public func with(configuration: RulesConfiguration) -> RuleSet {
        RuleSet(
            name: name, patterns: patterns, invariants: invariants, noMatchingRule: noMatchingRule,
            configuration: configuration, wireProbe: wireProbe)
    }
}

/// Evaluates requests against a rule set. Never throws: a hostile or malformed document is
/// simply a document that violates invariants.
public struct RulesEvaluator: Sendable {
    public let ruleSet: RuleSet

    public init(ruleSet: RuleSet) { self.ruleSet = ruleSet }

    public func evaluate(_ request: RulesRequest) -> RulesDecision {
        let asCollection = request.method == .list
        for pattern in ruleSet.patterns {
            guard let match = pattern.match(request.path, asCollection: asCollection) else { continue }
            let context = RulesContext(
                request: request, pattern: pattern, match: match, configuration: ruleSet.configuration,
                wireProbe: ruleSet.wireProbe)
            var violations: [Violation] = []
            var findings: [WireFinding] = []
            let inScope = ruleSet.invariants(for: pattern.id, method: request.method)
            var evaluated: [InvariantEvaluation] = []
            evaluated.reserveCapacity(inScope.count)
            for invariant in inScope {
                let result = invariant.check(context)
                evaluated.append(InvariantEvaluation(invariant: invariant.id, outcome: result.outcome))
                if case .violated(let reason) = result.outcome {
                    violations.append(
                        Violation(invariant: invariant.id, reason: reason, source: invariant.source))
                }
                for var f in result.findings {
                    f.invariant = invariant.id
                    findings.append(f)
                }
            }
            // No allow statement covers this method: deny by default.
            let anyApplied = evaluated.contains { $0.outcome != .notApplicable }
            if !anyApplied {
                violations.append(
                    Violation(
                        invariant: ruleSet.noMatchingRule.id,
                        reason: "no rule allows \(request.method.rawValue) on \(pattern.template)",
                        source: ruleSet.noMatchingRule.source))
            }
            return RulesDecision(
                allow: violations.isEmpty, matchedPattern: pattern.id, violations: violations,
                findings: findings,
                evaluated: evaluated)
        }
        let what = asCollection ? "collection" : "document"
        return RulesDecision(
            allow: false, matchedPattern: nil,
            violations: [
                Violation(
                    invariant: ruleSet.noMatchingRule.id,
                    reason: "no match block covers the \(what) \(request.path)",
                    source: ruleSet.noMatchingRule.source)
            ], findings: [], evaluated: [])
    }
}
