// Which app's bindings an op uses: the optional `profile` request field (`closer` default,
// `fitlink`). Only ops whose answer depends on the app read it (rules.evaluate).
// Normative: specs/harness.md §"Ops", specs/fitlink-rules-gaps.md.

import CloserRules
import CloserWire

extension HarnessOps {
    /// The rule sets by profile name.
    package static let ruleSets: [String: RuleSet] = [
        "closer": CloserRuleSet.v1, "fitlink": FitLinkRuleSet.v1, "reward-e": RewardERuleSet.v1,
    ]

    /// The rule set a `rules.evaluate` request names (default closer).
    static func ruleSet(_ r: HarnessRequest) throws(CloserError) -> RuleSet {
        let name = try r.optionalString("profile") ?? "closer"
        guard let set = ruleSets[name] else {
            throw CloserError(
                .harnessMalformedRequest,
                "field \"profile\" must be one of \(ruleSets.keys.sorted().joined(separator: ", "))")
        }
        return set
    }
}
