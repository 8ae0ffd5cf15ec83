// The Unstoppable profile as a value: its harness ops, error codes and inspector for the harness
// and the CLI, and its vector set (vectors/profiles/unstoppable/). Normative:
// specs/profiles/unstoppable/README.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

package enum UnstoppableConformance {
    package static let profile = AppProfile(
        name: "unstoppable", ruleSet: nil, ops: UnstoppableOps.all, errorCodes: CloserError.Code.allUnstoppable,
        detailLayers: ["unstoppable": .contract], inspect: UnstoppableInspector.inspect,
        opsPage: "profiles/unstoppable/payloads.md")

    /// The profile's vector set; its own semver (CHANGELOG.md).
    package static let vectors = VectorSet(
        profile: "unstoppable", directory: "profiles/unstoppable", version: "1.2.0",
        files: [
            VectorFileBuilder(
                WireSuiteBuilder(name: UnstoppablePayloadsSuite.name, build: UnstoppablePayloadsSuite.build)),
            VectorFileBuilder(
                WireSuiteBuilder(name: UnstoppableWebhookSuite.name, build: UnstoppableWebhookSuite.build)),
        ])
}
