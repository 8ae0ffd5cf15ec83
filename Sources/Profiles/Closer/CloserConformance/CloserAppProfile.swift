// The Closer profile as registered: the core's Closer bindings (its ops, rule set and error codes,
// AppProfile.closer, which the core still holds) with its vector set and explore generators.
// Normative: specs/harness.md §"Profiles", specs/vectors.md §"Profiles".

import CloserHarness

package enum CloserConformance {
    package static let profile = AppProfile.closer.with(
        vectors: CloserVectorSet.set,
        explore: [
            ExploreGeneratorGroup(position: 0, ExploreGenerator.closerClient),
            ExploreGeneratorGroup(position: 3, ExploreGenerator.closerServer),
        ])
}

extension ExploreGenerator {
    /// Closer's client-side generators (the wire formats, pairing, contracts, documents): the
    /// first group of the explore order (ExploreGeneratorGroup, position 0).
    package static var closerClient: [ExploreGenerator] {
        encodings + json + aead + enc + lower + hybrid + sealed + contracts + documents + cascades + pairing
    }

    /// Closer's server-side generators (push, callables, the RevenueCat webhook), after PayBack's
    /// and FitLink's in the explore order (position 3).
    package static var closerServer: [ExploreGenerator] { push + callables + webhook + reminders }
}
