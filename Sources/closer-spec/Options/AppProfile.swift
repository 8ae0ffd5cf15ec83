// `--profile closer|fitlink|reward-e`: which app's rule set a command uses (default closer).
// The map is the harness's (`rules.evaluate`'s `profile` field), so both agree.

import ArgumentParser
import CloserHarness
import CloserRules

struct AppProfile: ExpressibleByArgument, Sendable {
    let name: String
    let ruleSet: RuleSet

    static let closer = AppProfile(name: "closer", ruleSet: CloserRuleSet.v1)

    init(name: String, ruleSet: RuleSet) {
        self.name = name
        self.ruleSet = ruleSet
    }

    init?(argument: String) {
        guard let set = HarnessOps.ruleSets[argument] else { return nil }
        self.init(name: argument, ruleSet: set)
    }

    static var allValueStrings: [String] { HarnessOps.ruleSets.keys.sorted() }
    var defaultValueDescription: String { name }
}
