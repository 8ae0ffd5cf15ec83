// Replays a rules vector's `request` object through the evaluator: the same JSON → request
// step (`RulesRequest(auth:method:path:data:existing:world:)`) as `rules.evaluate` and
// `closer-spec check`. Normative: specs/rules.md §"Vectors".

import CloserVectorModel
import CloserRules
import CloserWire

package enum RulesVectorReplay {
    /// Evaluates a vector's `request` object.
    package static func evaluate(vectorRequest json: JSONValue, ruleSet: RuleSet = CloserRuleSet.v1)
        throws(CloserError) -> RulesDecision
    {
        guard case .object(let o) = json, let method = o["method"]?.stringValue,
            let path = o["path"]?.stringValue
        else {
            throw CloserError(.rulesCheckInput, "a vector request needs string method and path")
        }
        let request = try RulesRequest(
            auth: o["auth"], method: method, path: path, data: o["data"], existing: o["existing"],
            world: o["world"])
        return RulesEvaluator(ruleSet: ruleSet).evaluate(request)
    }
}
