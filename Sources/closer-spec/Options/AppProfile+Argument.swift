// `--profile NAME`: which app profile a command uses (default closer). The profiles are the one
// list's (ProfileRegistry's AppProfiles.all), the same the harness server serves.

import ArgumentParser
import CloserHarness
import ProfileRegistry

extension AppProfile: ExpressibleByArgument {
    public init?(argument: String) {
        guard let profile = AppProfiles.named(argument) else { return nil }
        self = profile
    }

    public static var allValueStrings: [String] { AppProfiles.all.map(\.name) }
    public var defaultValueDescription: String { name }
}
