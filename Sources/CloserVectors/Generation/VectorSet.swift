// The vector set: every generated suite plus MANIFEST.json (version and SHA-256 of each
// file). `closer-spec generate` writes it; `--check` regenerates and compares bytes.
// Normative: specs/rules.md §"Vectors" (the vectors issue extends this to every suite).

import CloserWire

/// One generated file.
package struct GeneratedFile: Hashable, Sendable {
    package let name: String
    package let bytes: [UInt8]
}

/// Every suite of the vector set.
package enum VectorSet {
    /// Bumped whenever any suite's content changes meaning.
    package static let version = 1

    /// Generates every suite, then MANIFEST.json, in memory.
    package static func generate() throws(CloserError) -> [GeneratedFile] {
        let suites = [GeneratedFile(name: "rules.json", bytes: Array(try RulesVectorGenerator.generate().text.utf8))]
        return suites + [manifest(for: suites)]
    }

    /// `{"vectorSetVersion", "files": {name: sha256hex}}`.
    package static func manifest(for files: [GeneratedFile]) -> GeneratedFile {
        let hashes = files.sorted { $0.name < $1.name }.map {
            ($0.name, VectorJSON.value(.string(Hex.encode(sha256($0.bytes)))))
        }
        let json = VectorJSON.object([
            ("vectorSetVersion", .value(.number(Double(version)))), ("files", .object(hashes)),
        ])
        return GeneratedFile(name: "MANIFEST.json", bytes: Array(json.render().utf8))
    }
}

/// SHA-256 through CloserWire (a commitment's digest is exactly SHA-256 of the bytes).
func sha256(_ bytes: [UInt8]) -> [UInt8] { Commitment(canonicalBytes: bytes).digest }
