// The one list of app profiles. The CLI (`--profile`, `serve`, `generate`, `harness`, `explore`,
// `interop`, `--version`), the fuzz targets and guided explore all read it: a profile's ops, rule
// set, vector set and explore generators come from its AppProfile value, so adding a profile is
// its own folders, its targets in Package.swift and one line here (docs/adding-a-profile.md).
// Normative: specs/harness.md §"Profiles", specs/vectors.md §"Profiles".

import CloserConformance
import CloserHarness
import CloserVectorModel
import FitLinkConformance
import PayBackConformance
import RewardEConformance
import UnstoppableConformance

/// Every app profile, Closer's first.
package enum AppProfiles {
    package static let all: [AppProfile] = [
        CloserConformance.profile,
        FitLinkConformance.profile,
        RewardEConformance.profile,
        UnstoppableConformance.profile,
        PayBackConformance.profile,
    ]

    /// Every profile's vector set, in the list's order.
    package static var vectorSets: [VectorSet] { all.compactMap(\.vectors) }

    /// Every profile's explore generators, in the explore order (ExploreGeneratorGroup).
    package static var exploreGenerators: [ExploreGenerator] { all.exploreGenerators }

    package static func named(_ name: String) -> AppProfile? { all.first { $0.name == name } }
}
