// Every app profile's error codes: each code declared under Sources/Profiles/<App>/ is in the
// profile's registry (its AppProfile's errorCodes), specs/profiles/<name>/errors.md lists exactly
// those codes with their categories, and none is also a core code. One test for every profile the
// executable composes (AppProfiles.all), so a new profile is checked without a new test.

import CloserWire
import Foundation
import ProfileRegistry
import Testing

@testable import CloserHarness
@testable import closer_spec

@Suite("app profiles' error registries")
struct ProfileErrorRegistryTests {
    static let profiles = AppProfiles.all.map(\.name).filter { $0 != "closer" }

    /// `Sources/Profiles/<App>/` of a profile: the folder whose name, lower-cased, is the profile's
    /// name without dashes (`reward-e` → `RewardE`).
    static func sourceFolder(_ profile: AppProfile) throws -> String {
        let base = PackageFiles.root.appendingPathComponent("Sources/Profiles").path
        let folders = try FileManager.default.contentsOfDirectory(atPath: base)
        let key = profile.name.replacingOccurrences(of: "-", with: "")
        let folder = try #require(
            folders.first { $0.lowercased() == key }, "no Sources/Profiles folder for \(profile.name)")
        return "Sources/Profiles/" + folder
    }

    /// Code → category, as the profile's errors page lists them.
    static func listed(_ profile: AppProfile) throws -> [String: String] {
        let page = try #require(PackageFiles.text("specs/profiles/\(profile.name)/errors.md"))
        let row = try Regex(#"^\| `([a-z0-9_]+\.[a-z0-9_.]+)` \| ([a-z_]+) \|"#)
        var listed: [String: String] = [:]
        for line in page.split(separator: "\n") {
            guard let m = String(line).firstMatch(of: row) else { continue }
            listed[String(m.output[1].substring ?? "")] = String(m.output[2].substring ?? "")
        }
        return listed
    }

    /// Every code a Swift file below the profile's folder declares.
    static func declared(_ profile: AppProfile) throws -> Set<String> {
        let declaration = try Regex(#"Self\(\s*"([a-z0-9_.]+)",\s*\.(\w+)\s*\)"#)
        let folder = try sourceFolder(profile) + "/"
        var declared: Set<String> = []
        for (path, text) in PackageFiles.swiftSources() where path.hasPrefix(folder) {
            for m in text.matches(of: declaration) { declared.insert(String(m.output[1].substring ?? "")) }
        }
        return declared
    }

    @Test(
        "the profile's page lists its registry, and every code its sources declare is registered", arguments: profiles)
    func registry(_ name: String) throws {
        let profile = try #require(AppProfiles.named(name))
        let registered = Set(profile.errorCodes.map(\.rawValue))
        let listed = try Self.listed(profile)
        #expect(Set(listed.keys) == registered, "\(profile.name): errors.md and the registry differ")
        for code in profile.errorCodes {
            #expect(listed[code.rawValue] == code.category.rawValue, "\(profile.name): \(code.rawValue)")
        }
        #expect(try Self.declared(profile) == registered, "\(profile.name): declared codes and the registry differ")
        #expect(registered.isDisjoint(with: AppProfile.closer.errorCodes.map(\.rawValue)))
    }
}
