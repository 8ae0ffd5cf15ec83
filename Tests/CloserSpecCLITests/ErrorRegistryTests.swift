// The error-code registry is closed and specs/errors.md is its normative list: every code a
// core module declares is in its registry, and the page lists exactly the registered codes with
// their categories. App profiles' codes are checked against their own pages (specs/profiles/).

import CloserRules
import CloserWire
import Foundation
import Testing

@testable import CloserConformance
@testable import CloserHarness
@testable import CloserVectorModel
@testable import closer_spec

@Suite("error registry")
struct ErrorRegistryTests {
    static let registered: [CloserError.Code] =
        AppProfile.closer.errorCodes + CloserError.Code.allVectors + CloserError.Code.allInspect
        + CloserError.Code.allCLI

    @Test("no code is registered twice")
    func unique() {
        let names = Self.registered.map(\.rawValue)
        #expect(Set(names).count == names.count)
    }

    @Test("every code declared in Sources/ is in a registry")
    func closed() throws {
        let pattern = try Regex(#"Self\(\s*"([a-z0-9_.]+)",\s*\.(\w+)\s*\)"#)
        let registered = Set(Self.registered.map(\.rawValue))
        var declared = 0
        // App profiles register their own codes on their own pages (ProfileErrorRegistryTests);
        // Closer's, in Sources/Profiles/Closer/, are the ones specs/errors.md lists.
        for (path, text) in PackageFiles.swiftSources()
        where !path.hasPrefix("Sources/Profiles/") || path.hasPrefix("Sources/Profiles/Closer/") {
            for match in text.matches(of: pattern) {
                let code = String(match.output[1].substring ?? "")
                declared += 1
                let listed = registered.contains(code)
                #expect(listed, "\(path) declares \(code), which no registry lists")
            }
        }
        #expect(declared == Self.registered.count)
    }

    @Test("specs/errors.md lists exactly the registered codes with their categories")
    func specListsRegistry() throws {
        let page = try #require(PackageFiles.text("specs/errors.md"))
        let row = try Regex(#"^\| `([a-z0-9_]+\.[a-z0-9_.]+)` \| ([a-z_]+) \|"#)
        var listed: [String: String] = [:]
        for line in page.split(separator: "\n") {
            guard let m = String(line).firstMatch(of: row) else { continue }
            let code = String(m.output[1].substring ?? "")
            #expect(listed[code] == nil, "errors.md lists \(code) twice")
            listed[code] = String(m.output[2].substring ?? "")
        }
        for code in Self.registered {
            #expect(
                listed[code.rawValue] == code.category.rawValue,
                "errors.md: \(code.rawValue) is \(code.category.rawValue)")
        }
        let extra = Set(listed.keys).subtracting(Self.registered.map(\.rawValue))
        #expect(extra.isEmpty, "errors.md lists codes no module raises: \(extra.sorted())")
    }
}
