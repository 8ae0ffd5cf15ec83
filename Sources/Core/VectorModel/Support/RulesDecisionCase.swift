// One `rules.evaluate` test of an app's rule set (fitlink_rules, reward_e_rules): the request as
// the harness takes it (specs/harness.md §Ops), checked against the rule set when it is built, so
// a declared decision the evaluator does not reproduce fails generation.

import CoreRules
import CoreWire

package struct RulesDecisionCase {
    /// The suite name (for messages) and the `profile` the requests carry.
    let suite: String
    let profile: String
    let evaluate: (RulesRequest) -> RulesDecision

    package init(suite: String, profile: String, evaluate: @escaping (RulesRequest) -> RulesDecision) {
        self.suite = suite
        self.profile = profile
        self.evaluate = evaluate
    }

    package func make(
        _ comment: String, _ flags: [VectorFlag], uid: String?, _ method: String, _ path: String,
        data: JSONValue? = nil, existing: JSONValue? = nil, world: [(String, JSONValue)] = [],
        query: JSONValue? = nil, allow: Bool, violations: [String] = []
    ) throws(CloserError) -> VectorCase {
        let auth: JSONValue = uid.map { .object(["uid": .string($0)]) } ?? .null
        let worldJSON: JSONValue? =
            world.isEmpty ? nil : .object(Dictionary(world, uniquingKeysWith: { first, _ in first }))
        var input: [(String, JSONValue)] = [("auth", auth), ("method", .string(method)), ("path", .string(path))]
        if let data { input.append(("data", data)) }
        if let existing { input.append(("existing", existing)) }
        if let worldJSON { input.append(("world", worldJSON)) }
        if let query { input.append(("query", query)) }
        input.append(("profile", .string(profile)))
        let request = try RulesRequest(
            auth: auth, method: method, path: path, data: data, existing: existing, world: worldJSON, query: query)
        let decision = evaluate(request)
        let got = decision.violations.map(\.invariant.rawValue)
        guard decision.allow == allow, got == violations else {
            throw CloserError(
                .rulesVectorMismatch,
                "\(suite) \(comment): declared \(allow) \(violations), got \(decision.allow) \(got)")
        }
        return .valid(
            comment, flags: flags, op: "rules.evaluate", input: input,
            output: [
                ("allow", .bool(allow)), ("violations", .array(violations.map(JSONValue.string))),
                ("findings", .array([])),
            ])
    }
}
