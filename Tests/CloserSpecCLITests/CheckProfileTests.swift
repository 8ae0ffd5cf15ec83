// `closer-spec check --profile` and `--query`: the chosen app's rule set decides; closer stays
// the default. Normative: specs/profiles/fitlink/rules-gaps.md, specs/profiles/reward-e/rules.md.

import CloserRules
import FitLink
import RewardE
import CloserWire
import Foundation
import Testing

@testable import closer_spec

@Suite("closer-spec check --profile")
struct CheckProfileTests {
    func file(_ json: String) throws -> String {
        let path = NSTemporaryDirectory() + "check-profile-\(UUID().uuidString).json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the profile names the rule set; unknown names are refused")
    func parse() throws {
        #expect(try Check.parse(["--path", "a/b", "--method", "get"]).profile.name == "closer")
        #expect(
            try Check.parse(["--path", "a/b", "--method", "get", "--profile", "fitlink"]).profile.ruleSet?.name
                == FitLinkRuleSet.name)
        #expect(
            try Check.parse(["--path", "a/b", "--method", "get", "--profile", "reward-e"]).profile.ruleSet?.name
                == RewardERuleSet.name)
        #expect(throws: (any Error).self) {
            try Check.parse(["--path", "a/b", "--method", "get", "--profile", "closr"])
        }
    }

    @Test("the same request, three rule sets")
    func decide() throws {
        let key = try file(#"{"public_key":"x"}"#)
        let run = { (set: RuleSet) throws(CloserError) in
            try RulesCheckFiles.run(
                path: "user_keys/bob", method: "get", auth: "alice", document: nil, existing: key, world: nil,
                ruleSet: set)
        }
        #expect(try !run(CloserRuleSet.v1).allow)
        #expect(try run(FitLinkRuleSet.v1).allow)
        #expect(try !run(RewardERuleSet.v1).allow)
    }

    @Test("--query reaches the request")
    func query() throws {
        let q = try file(#"{"collectionGroup":true,"where":[["userId","==","sam"]]}"#)
        let d = try RulesCheckFiles.run(
            path: "members", method: "list", auth: "sam", document: nil, existing: nil, world: nil, query: q,
            ruleSet: RewardERuleSet.v1)
        #expect(d.allow)
    }
}
