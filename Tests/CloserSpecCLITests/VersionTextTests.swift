// `closer-spec --version`: the tool's version, then every vector set's version as its
// MANIFEST.json says. Normative: specs/distribution.md §"Versions".

import Foundation
import Testing

@testable import closer_spec

@Suite("closer-spec --version")
struct VersionTextTests {
    @Test("the tool line, then one line per set with the committed manifest's version")
    func versionLines() throws {
        let lines = VersionText.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("closer-spec ") == true)
        // Closer's set first, then one line per profile set (vectors/profiles/<name>/), each with
        // its committed manifest's version.
        let profiles = try FileManager.default.contentsOfDirectory(
            atPath: PackageFiles.root.appendingPathComponent("vectors/profiles").path
        )
        .filter { PackageFiles.text("vectors/profiles/\($0)/MANIFEST.json") != nil }
        var expected: [String] = []
        for (profile, path) in [("closer", "vectors")] + profiles.map({ ($0, "vectors/profiles/\($0)") }) {
            let text = try #require(PackageFiles.text(path + "/MANIFEST.json"))
            let manifest = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            expected.append("vector-set \(profile) \(try #require(manifest?["vectorSetVersion"] as? String))")
        }
        let printed = Array(lines.dropFirst())
        #expect(printed.first == expected.first)
        #expect(printed.sorted() == expected.sorted())
        #expect(CloserSpecCommand.configuration.version == VersionText.text)
    }
}
