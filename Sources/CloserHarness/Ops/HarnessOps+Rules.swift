// Harness op for the Firestore rules. Fields: specs/harness.md §"Ops";
// semantics: specs/rules.md §"Requests" and §"Evaluation".

import CloserRules
import CloserWire

extension HarnessOps {
    static let rules: [HarnessOp] = [
        // rules.evaluate(auth, method, path, data?, existing?, world?) -> allow, violations, findings
        HarnessOp("rules.evaluate") { r throws(CloserError) in
            let request = try RulesRequest(
                auth: r.optionalJSON("auth"), method: try r.string("method"), path: try r.string("path"),
                data: r.optionalJSON("data"), existing: r.optionalJSON("existing"),
                world: r.optionalJSON("world"), query: r.optionalJSON("query"))
            return RulesEvaluator(ruleSet: try ruleSet(r)).evaluate(request).harnessFields
        }
    ]
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
