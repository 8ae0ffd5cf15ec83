// What each app profile registers, listed (docs/adding-a-profile.md §"Adding a profile"): its ops,
// its vector set (version and suites), explore generators, error areas, rule set, inspector and
// ops page, for every profile of the one list (ProfileRegistry's AppProfiles.all). The listing is
// held against what does not come from the registry: the ops each profile's page and ports name
// (written out below), the vector files committed under vectors/, the profile's folders and
// pages, and the published set's list of profiles.

import CloserVectorSet
import Foundation
import ProfileRegistry
import Testing

@testable import CloserHarness
@testable import closer_spec

@Suite("what each profile registers")
struct ProfileRegistrationTests {
    /// One profile's registration, as a newcomer reads it.
    struct Row: Equatable, CustomStringConvertible {
        let name: String
        let ops: [String]
        let files: [String]
        let vectorSet: String
        let generators: [String]
        let errorAreas: [String]
        let ruleSet: Bool
        let inspector: Bool
        let opsPage: String?

        var description: String {
            "\(name): \(ops.count) ops, vector set \(vectorSet), \(files.count) vector files "
                + "(\(files.joined(separator: ", "))), \(generators.count) explore generators "
                + "(\(generators.joined(separator: ", "))), error areas \(errorAreas.joined(separator: ", ")), rule set \(ruleSet ? "yes" : "no"), inspector \(inspector ? "yes" : "no"), "
                + "ops page specs/\(opsPage ?? "-")"
        }
    }

    static func row(_ profile: AppProfile) -> Row {
        let set = profile.vectors
        let areas = Set(profile.errorCodes.map { String($0.rawValue.split(separator: ".").first ?? "") })
        return Row(
            name: profile.name, ops: profile.ops.map(\.spec.name), files: (set?.files.map(\.name) ?? []).sorted(),
            vectorSet: set.map { "\($0.profile) \($0.version)" } ?? "-",
            generators: profile.exploreGenerators.map(\.op), errorAreas: areas.sorted(),
            ruleSet: profile.ruleSet != nil, inspector: profile.inspect != nil, opsPage: profile.opsPage)
    }

    /// The app profiles' ops as their pages list them (specs/profiles/<id>/).
    static let profileOps: [String: [String]] = [
        "fitlink": [
            "fitlink.chatId", "fitlink.publicKey", "fitlink.encrypt", "fitlink.decrypt", "fitlink.validate",
            "fitlink.storagePath", "fitlink.openPreview",
        ],
        "reward-e": [
            "rewarde.validate", "rewarde.balance", "rewarde.familyWrite", "rewarde.quota", "rewarde.formatDeepLink",
            "rewarde.parseDeepLink", "rewarde.inviteCode", "rewarde.familyPremium",
        ],
        "unstoppable": [
            "unstoppable.validate", "unstoppable.routineTime", "unstoppable.dayKey", "unstoppable.auth",
            "unstoppable.profileCompletion", "unstoppable.userRecords", "unstoppable.webhook",
        ],
        "payback": [
            "payback.isMe", "payback.areSamePerson", "payback.normalizeEmail", "payback.splitExpense",
            "payback.netBalance", "payback.validateExpense", "payback.decodeAccountFriend",
            "payback.encodeAccountFriend", "payback.linkAccountFriend", "payback.decodeUserAccount",
            "payback.remapImport", "payback.authorizeMutation", "payback.confirmDirectFriend",
            "payback.authorizeGroupUpsert", "payback.planGroupDelete", "payback.planHardDelete",
            "payback.authorizeMemberIdUpdate", "payback.isSelfFriend", "payback.visibleLinkedAccounts",
        ],
    ]

    @Test func theListingNamesEveryProfileInOrder() {
        let rows = AppProfiles.all.map(Self.row)
        for row in rows { print("profile", row) }
        #expect(rows.map(\.name) == ["closer", "fitlink", "reward-e", "unstoppable", "payback"])
        #expect(rows.first { $0.name == "closer" }?.ops.count == 55)
        #expect(rows.filter(\.ruleSet).map(\.name) == ["closer", "fitlink", "reward-e"])
        #expect(rows.filter(\.inspector).map(\.name) == ["fitlink", "reward-e", "unstoppable", "payback"])
        #expect(rows.map(\.vectorSet) == AppProfiles.all.map { "\($0.name) \($0.vectors?.version ?? "?")" })
        #expect(rows.allSatisfy { !$0.generators.isEmpty && !$0.errorAreas.isEmpty })
    }

    @Test(arguments: ["fitlink", "reward-e", "unstoppable", "payback"])
    func aProfileRegistersExactlyItsOps(_ name: String) throws {
        let profile = try #require(AppProfiles.named(name))
        #expect(Self.row(profile).ops == Self.profileOps[name])
        let area = name.replacingOccurrences(of: "-", with: "") + "."
        #expect(profile.ops.allSatisfy { $0.spec.name.hasPrefix(area) }, "ops outside the area \(area)")
    }

    @Test func noOpIsRegisteredTwice() {
        let names = AppProfiles.all.flatMap { $0.tableSpecs.map(\.name) }
        #expect(Set(names).count == names.count)
    }

    /// Each profile's generators feed its own ops only, one generator per op, and the explore
    /// groups' positions are distinct (the run's case order, ExploreGeneratorGroup).
    @Test func everyProfileExploresOnlyItsOwnOps() {
        for profile in AppProfiles.all {
            let own = Set(profile.tableSpecs.map(\.name))
            let explored = profile.exploreGenerators.map(\.op)
            #expect(!explored.isEmpty, "\(profile.name) explores nothing")
            #expect(Set(explored).isSubset(of: own), "\(profile.name) explores \(Set(explored).subtracting(own))")
            #expect(Set(explored).count == explored.count, "\(profile.name) has two generators for one op")
        }
        let positions = AppProfiles.all.flatMap { $0.exploreGroups.map(\.position) }
        #expect(Set(positions).count == positions.count, "explore group positions \(positions)")
        let all = AppProfiles.exploreGenerators.map(\.op)
        #expect(Set(all).count == all.count)
        #expect(all.count == AppProfiles.all.map { $0.exploreGenerators.count }.reduce(0, +))
    }

    /// The explore order (case i is op i mod k, specs/explore.md §"Run"): the groups by position,
    /// so a fixed seed draws the cases it drew before the generators moved into their profiles.
    @Test func theExploreOrderIsThePagesOrder() {
        let owner = Dictionary(
            AppProfiles.all.flatMap { p in p.exploreGenerators.map { ($0.op, p.name) } },
            uniquingKeysWith: { a, _ in a })
        var runs: [String] = []
        for g in AppProfiles.exploreGenerators where runs.last != owner[g.op] { runs.append(owner[g.op] ?? "?") }
        print("explore order by profile:", runs.joined(separator: ", "))
        #expect(runs == ["closer", "payback", "fitlink", "closer", "reward-e", "unstoppable"])
        #expect(AppProfiles.exploreGenerators.first?.op == "encoding.encode")
    }

    /// The published set (CloserVectorSet, a product that links no harness) lists the profiles
    /// of the one list, in its order.
    @Test func thePublishedSetListsTheRegisteredProfiles() {
        #expect(PublishedVectorSet.profiles == AppProfiles.all.map(\.name))
    }

    /// Each set's files are exactly the committed vectors/<directory>/*.json but its manifest and
    /// its kill matrix (written by scripts/kill-matrix.py, not generated).
    @Test func everyVectorSetIsItsCommittedFiles() throws {
        #expect(AppProfiles.vectorSets.map(\.profile) == AppProfiles.all.map(\.name))
        for set in AppProfiles.vectorSets {
            let folder = PackageFiles.root.appendingPathComponent(
                set.directory.isEmpty ? "vectors" : "vectors/\(set.directory)")
            let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") && $0 != "MANIFEST.json" && $0 != "kill-matrix.json" }.sorted()
            #expect(set.files.map(\.name).sorted() == committed, "\(set.profile)")
        }
    }

    /// A profile has its two folders, its pages and its ops page, and the published vector set
    /// (CloserVectorSet, its own target) lists it.
    @Test func everyProfileHasItsFoldersPagesAndPublishedSet() throws {
        let published = try #require(PackageFiles.text("Sources/CloserVectorSet/PublishedVectorSet.swift"))
        for profile in AppProfiles.all {
            #expect(
                published.contains("\"\(profile.name)\""), "\(profile.name) missing from PublishedVectorSet.profiles")
            let page = try #require(profile.opsPage, "\(profile.name) has no ops page")
            #expect(PackageFiles.text("specs/" + page) != nil, "specs/\(page)")
            guard profile.name != "closer" else { continue }
            let folder = try ProfileErrorRegistryTests.sourceFolder(profile)
            let app = URL(fileURLWithPath: folder).lastPathComponent
            for target in [app, app + "Conformance"] {
                var isDirectory: ObjCBool = false
                let path = PackageFiles.root.appendingPathComponent(folder + "/" + target).path
                #expect(
                    FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
            }
            #expect(PackageFiles.text("specs/profiles/\(profile.name)/README.md") != nil)
            #expect(PackageFiles.text("specs/profiles/\(profile.name)/errors.md") != nil)
        }
    }
}
