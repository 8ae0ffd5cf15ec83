// Harness op for the Firestore rules. Fields: specs/harness.md §"Ops";
// semantics: specs/rules.md §"Requests" and §"Evaluation".

import CloserRules
import CloserWire

extension HarnessOps {
    static let rules: [HarnessOp] = [
        HarnessOp(.rulesEvaluate) { r throws(CloserError) in
            let request = try RulesRequest(
                auth: r.optionalJSON("auth"), method: try r.string("method"), path: try r.string("path"),
                data: r.optionalJSON("data"), existing: r.optionalJSON("existing"),
                world: r.optionalJSON("world"), query: r.optionalJSON("query"))
            return RulesEvaluator(ruleSet: try ruleSet(r)).evaluate(request).harnessFields
        }
    ]
}

extension HarnessOps {
    /// The rule set a `rules.evaluate` request names (default closer) among the serving
    /// profiles' (specs/harness.md §"Ops").
    static func ruleSet(_ r: HarnessRequest) throws(CloserError) -> RuleSet {
        let name = try r.optionalString("profile") ?? "closer"
        guard let set = r.ruleSets[name] else {
            throw CloserError(
                .harnessMalformedRequest,
                "field \"profile\" must be one of \(r.ruleSets.keys.sorted().joined(separator: ", "))")
        }
        return set
    }
}

extension RulesDecision {
    /// The `rules.evaluate` response fields: `allow`, `violations` (ids), `findings`.
    var harnessFields: [String: JSONValue] {
        [
            "allow": .bool(allow),
            "violations": .array(violations.map { .string($0.invariant.rawValue) }),
            "findings": .array(findings.map(\.json)),
        ]
    }
}
