// Harness op for the Firestore rules (issue 4). Fields: specs/harness.md §"Ops";
// semantics: specs/rules.md §"Requests" and §"Evaluation".

import CloserRules
import CloserWire

extension HarnessOps {
    static let rules: [HarnessOp] = [
        // rules.evaluate(auth, method, path, data?, existing?, world?) -> allow, violations, findings
        HarnessOp("rules.evaluate") { r throws(CloserError) in
            let request = try RulesCheck.request(
                auth: r.optionalJSON("auth"), method: try r.string("method"), path: try r.string("path"),
                data: r.optionalJSON("data"), existing: r.optionalJSON("existing"),
                world: r.optionalJSON("world"))
            return CloserRuleSet.evaluate(request).harnessFields
        }
    ]
}
