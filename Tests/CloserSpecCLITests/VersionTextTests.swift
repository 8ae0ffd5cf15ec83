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
        var expected: [String] = []
        for (profile, path) in [
            ("closer", "vectors"), ("fitlink", "vectors/profiles/fitlink"), ("reward-e", "vectors/profiles/reward-e"),
        ] {
            let text = try #require(PackageFiles.text(path + "/MANIFEST.json"))
            let manifest = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            expected.append("vector-set \(profile) \(try #require(manifest?["vectorSetVersion"] as? String))")
        }
        #expect(Array(lines.dropFirst()) == expected)
        #expect(CloserSpecCommand.configuration.version == VersionText.text)
    }
}
