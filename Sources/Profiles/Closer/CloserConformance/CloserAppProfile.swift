// The Closer profile as registered: the core's Closer bindings (its ops, rule set, error codes and
// explore generators, AppProfile.closer, which the core still holds) with its vector set.
// Normative: specs/harness.md §"Profiles", specs/vectors.md §"Profiles".

import CloserHarness

package enum CloserConformance {
    package static let profile = AppProfile.closer.with(vectors: CloserVectorSet.set)
}
