// An app profile: one app's bindings on the generic core — its rule set, its harness ops, its
// error codes and how its error areas map to layers, an inspector for its values, its vector set
// (the suites that generate it) and its explore generators. Closer is
// the product's own profile; FitLink, Reward-E and the others live in Sources/Profiles/<App>/
// and are handed to the server, the driver and the CLI as values, so adding a profile touches no
// file of another profile or of Closer. Normative: specs/harness.md §"Profiles",
// specs/vectors.md §"Profiles".

import CloserContracts
import CloserRules
import CloserVectorModel
import CloserWire

package struct AppProfile: Sendable {
    /// The profile's name: `rules.evaluate`'s `profile`, `--profile`, `vectors/profiles/<name>/`.
    package let name: String
    /// The app's Firestore rule set, if the app has one.
    package let ruleSet: RuleSet?
    /// The harness ops the profile adds (Closer's are the core's).
    package let ops: [HarnessOp]
    /// Every error code the profile's libraries raise (listed on its errors page).
    package let errorCodes: [CloserError.Code]
    /// The layer each of the profile's error areas (`fitlink` of `fitlink.invalid_chat_id`) names.
    package let detailLayers: [String: VectorLayer]
    /// Takes one of the app's values apart, for `closer-spec inspect --profile NAME`.
    package let inspect: (@Sendable (String) -> WireInspection)?
    /// The spec page (below specs/) whose GENERATED markers hold the profile's op table.
    package let opsPage: String?
    /// The profile's vector set: its suites, which `generate` writes to `vectors/<directory>/`.
    package let vectors: VectorSet?
    /// The profile's explore generators, each group at its place in a run's case order.
    package let exploreGroups: [ExploreGeneratorGroup]

    package init(
        name: String, ruleSet: RuleSet?, ops: [HarnessOp] = [], errorCodes: [CloserError.Code] = [],
        detailLayers: [String: VectorLayer] = [:], inspect: (@Sendable (String) -> WireInspection)? = nil,
        opsPage: String? = nil, vectors: VectorSet? = nil, explore: [ExploreGeneratorGroup] = []
    ) {
        self.name = name
        self.ruleSet = ruleSet
        self.ops = ops
        self.errorCodes = errorCodes
        self.detailLayers = detailLayers
        self.inspect = inspect
        self.opsPage = opsPage
        self.vectors = vectors
        self.exploreGroups = explore
    }

    /// This profile with its vector set and explore generators (Closer's: the core holds its ops,
    /// its conformance target its suites and generators).
    package func with(vectors: VectorSet, explore: [ExploreGeneratorGroup]) -> AppProfile {
        AppProfile(
            name: name, ruleSet: ruleSet, ops: ops, errorCodes: errorCodes, detailLayers: detailLayers,
            inspect: inspect, opsPage: opsPage, vectors: vectors, explore: explore)
    }

    /// Closer's ops, rule set and error codes, which the core still holds; the profile as
    /// registered (with its vector set and explore generators) is CloserConformance.profile.
    package static let closer = AppProfile(
        name: "closer", ruleSet: CloserRuleSet.v1, ops: HarnessOps.closer,
        errorCodes: CloserError.Code.all + CloserError.Code.allRules + CloserError.Code.allHarness,
        opsPage: "harness.md")
}

extension AppProfile {
    /// The rows of the profile's op table: Closer's starts with `info`.
    package var tableSpecs: [HarnessOpSpec] { (name == "closer" ? [.info] : []) + ops.map(\.spec) }

    /// The profile's explore generators, in its groups' order.
    package var exploreGenerators: [ExploreGenerator] { [self].exploreGenerators }
}

extension Sequence<AppProfile> {
    /// The layer an error detail names, through the profiles' own areas first.
    package func layer(ofDetail detail: String) -> VectorLayer? {
        let area = detail.split(separator: ".").first.map(String.init) ?? ""
        for profile in self { if let layer = profile.detailLayers[area] { return layer } }
        return VectorLayer.of(detail: detail)
    }
}
