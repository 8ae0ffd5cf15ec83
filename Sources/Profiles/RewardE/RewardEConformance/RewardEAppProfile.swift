// The Reward-E profile as a value: its rule set, harness ops, error codes and inspector for the
// harness and the CLI, and its vector set (vectors/profiles/reward-e/). Normative:
// specs/profiles/reward-e/README.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

package enum RewardEConformance {
    package static let profile = AppProfile(
        name: "reward-e", ruleSet: RewardERuleSet.v1, ops: RewardEOps.all, errorCodes: CloserError.Code.allRewardE,
        detailLayers: ["rewarde": .contract], inspect: RewardEInspector.inspect,
        opsPage: "profiles/reward-e/contracts.md")

    /// The profile's vector set; its own semver (CHANGELOG.md).
    package static let vectors = VectorSet(
        profile: "reward-e", directory: "profiles/reward-e", version: "1.3.0",
        files: [
            VectorFileBuilder(WireSuiteBuilder(name: RewardERulesSuite.name, build: RewardERulesSuite.build)),
            VectorFileBuilder(
                WireSuiteBuilder(name: RewardEContractsSuite.name, build: RewardEContractsSuite.build)),
        ])
}
