// The FitLink profile as a value: its rule set, harness ops, error codes and inspector for the
// harness and the CLI, and its vector set (vectors/profiles/fitlink/). Normative:
// specs/profiles/fitlink/README.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import FitLink

package enum FitLinkConformance {
    package static let profile = AppProfile(
        name: "fitlink", ruleSet: FitLinkRuleSet.v1, ops: FitLinkOps.all + FitLinkDocumentOps.all,
        errorCodes: CloserError.Code.allFitLink,
        detailLayers: ["fitlink": .binding, "x25519": .kem], inspect: FitLinkInspector.inspect,
        opsPage: "profiles/fitlink/chat.md",
        vectors: vectors, explore: [ExploreGeneratorGroup(position: 2, ExploreGenerator.fitLink)])

    /// The profile's vector set; its own semver (CHANGELOG.md).
    package static let vectors = VectorSet(
        profile: "fitlink", directory: "profiles/fitlink", version: "1.3.0",
        files: [
            VectorFileBuilder(WireSuiteBuilder(name: FitLinkChatSuite.name, build: FitLinkChatSuite.build)),
            VectorFileBuilder(WireSuiteBuilder(name: FitLinkRulesSuite.name, build: FitLinkRulesSuite.build)),
            VectorFileBuilder(
                WireSuiteBuilder(name: FitLinkDocumentsSuite.name, build: FitLinkDocumentsSuite.build)),
        ])
}
