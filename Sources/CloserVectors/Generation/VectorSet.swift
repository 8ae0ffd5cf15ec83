// The vector set: every generated suite plus MANIFEST.json (semver version, SHA-256 and test
// counts of each file). `closer-spec generate` writes it; `--check` regenerates and compares
// bytes. Normative: specs/vectors.md §"Manifest".

import CloserWire
import Dispatch

/// One generated file.
package struct GeneratedFile: Hashable, Sendable {
    package let name: String
    package let bytes: [UInt8]
    package let numberOfTests: Int
    package let invalidTests: Int
}

/// Every suite of the vector set.
package enum VectorSet {
    /// Semver of the whole set: major when a tcId changes meaning or a field is removed, minor
    /// when tests or suites are added, patch for comments. CHANGELOG.md says what changed.
    package static let version = "1.0.0"

    /// Generates every suite (in parallel; each is deterministic on its own), then MANIFEST.json.
    package static func generate() throws(CloserError) -> [GeneratedFile] {
        let builders = WireSuites.all
        let results = ParallelResults<Result<GeneratedFile, CloserError>>(count: builders.count + 1)
        DispatchQueue.concurrentPerform(iterations: builders.count + 1) { i in
            if i == builders.count {
                results[i] = Result { () throws(CloserError) in
                    let rules = try RulesVectorGenerator.generate()
                    return GeneratedFile(
                        name: "rules.json", bytes: Array(rules.text.utf8), numberOfTests: rules.numberOfTests,
                        invalidTests: rules.invalidTests)
                }
            } else {
                results[i] = Result { () throws(CloserError) in try file(builders[i].build()) }
            }
        }
        var files: [GeneratedFile] = []
        for r in results.values {
            switch r {
            case .success(let f): files.append(f)
            case .failure(let e): throw e
            case nil: throw CloserError(.vectorGenerationFailed, "a suite produced no result")
            }
        }
        files.sort { $0.name < $1.name }
        return files + [manifest(for: files)]
    }

    /// A rendered suite.
    package static func file(_ suite: WireSuite) -> GeneratedFile {
        let cases = suite.cases
        return GeneratedFile(
            name: suite.name + ".json", bytes: Array(suite.render().utf8), numberOfTests: cases.count,
            invalidTests: cases.filter { $0.result == .invalid }.count)
    }

    /// `{"vectorSetVersion", "files": {name: {"sha256", "numberOfTests", "invalidTests"}}}`.
    package static func manifest(for files: [GeneratedFile]) -> GeneratedFile {
        let entries = files.sorted { $0.name < $1.name }.map {
            (
                $0.name,
                VectorJSON.object([
                    ("sha256", .value(.string(Hex.encode(sha256($0.bytes))))),
                    ("numberOfTests", .value(.number(Double($0.numberOfTests)))),
                    ("invalidTests", .value(.number(Double($0.invalidTests)))),
                ])
            )
        }
        let json = VectorJSON.object([
            ("vectorSetVersion", .value(.string(version))),
            ("numberOfTests", .value(.number(Double(files.map(\.numberOfTests).reduce(0, +))))),
            ("files", .object(entries)),
        ])
        return GeneratedFile(name: "MANIFEST.json", bytes: Array(json.render().utf8), numberOfTests: 0, invalidTests: 0)
    }
}

extension CloserError.Code {
    package static let vectorGenerationFailed = Self("vectors.generation_failed", .invalidParameters)
}

/// SHA-256 through CloserWire (a commitment's digest is exactly SHA-256 of the bytes).
func sha256(_ bytes: [UInt8]) -> [UInt8] { Commitment(canonicalBytes: bytes).digest }
