// `--profile NAME`: which app profile a command uses (default closer). The profiles are the
// ones the executable composes (AppProfiles.all), the same the harness server serves.

import ArgumentParser
import CloserConformance
import CloserHarness
import CloserRules
import CloserVectorModel
import FitLinkConformance
import PayBackConformance
import RewardEConformance
import UnstoppableConformance

/// Every app profile this executable knows, Closer's first, with its vector set. Adding a
/// profile is one line here and its own folder under Sources/Profiles/ (docs/adding-a-profile.md).
enum AppProfiles {
    static let all: [AppProfile] = [
        .closer, FitLinkConformance.profile, RewardEConformance.profile, UnstoppableConformance.profile,
        PayBackConformance.profile,
    ]
    static let vectorSets: [VectorSet] = [
        CloserVectorSet.set, FitLinkConformance.vectors, RewardEConformance.vectors, UnstoppableConformance.vectors,
        PayBackConformance.vectors,
    ]

    static func named(_ name: String) -> AppProfile? { all.first { $0.name == name } }
}

extension AppProfile: ExpressibleByArgument {
    public init?(argument: String) {
        guard let profile = AppProfiles.named(argument) else { return nil }
        self = profile
    }

    public static var allValueStrings: [String] { AppProfiles.all.map(\.name) }
    public var defaultValueDescription: String { name }
}
