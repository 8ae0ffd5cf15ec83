// The PayBack profile as a value: its harness ops, error codes and inspector for the harness and the CLI, and
// its vector set (vectors/profiles/payback/). Normative: specs/profiles/payback/README.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

package enum PayBackConformance {
    package static let profile = AppProfile(
        name: "payback", ruleSet: nil, ops: PayBackOps.all, errorCodes: CloserError.Code.allPayBack,
        detailLayers: ["payback": .contract], inspect: PayBackInspector.inspect, opsPage: "profiles/payback/README.md",
        vectors: vectors, explore: [ExploreGeneratorGroup(position: 1, ExploreGenerator.payBack)])

    /// The profile's vector set; its own semver (CHANGELOG.md).
    package static let vectors = VectorSet(
        profile: "payback", directory: "profiles/payback", version: "1.3.0",
        files: [
            VectorFileBuilder(WireSuiteBuilder(name: PayBackIdentitySuite.name, build: PayBackIdentitySuite.build)),
            VectorFileBuilder(WireSuiteBuilder(name: PayBackBalanceSuite.name, build: PayBackBalanceSuite.build)),
            VectorFileBuilder(
                WireSuiteBuilder(name: PayBackValidationSuite.name, build: PayBackValidationSuite.build)),
            VectorFileBuilder(WireSuiteBuilder(name: PayBackMappingSuite.name, build: PayBackMappingSuite.build)),
            VectorFileBuilder(WireSuiteBuilder(name: PayBackImportSuite.name, build: PayBackImportSuite.build)),
            VectorFileBuilder(WireSuiteBuilder(name: PayBackServerSuite.name, build: PayBackServerSuite.build)),
        ]
    )
}
