// A vector set: the files one app profile's generators write plus their MANIFEST.json (semver
// version, SHA-256 and test counts of each file). Closer's set lives in `vectors/`, each app
// profile's in `vectors/profiles/<name>/` with its own manifest and version. `closer-spec
// generate` writes every set; `--check` regenerates and compares bytes.
// Normative: specs/vectors.md §"Manifest" and §"Profiles".

import CoreWire
import Crypto
import Dispatch

/// One generated file.
package struct GeneratedFile: Hashable, Sendable {
    package let name: String
    package let bytes: [UInt8]
    package let numberOfTests: Int
    package let invalidTests: Int

    package init(name: String, bytes: [UInt8], numberOfTests: Int, invalidTests: Int) {
        self.name = name
        self.bytes = bytes
        self.numberOfTests = numberOfTests
        self.invalidTests = invalidTests
    }

    /// A rendered suite.
    package init(_ suite: WireSuite) {
        let cases = suite.cases
        self.init(
            name: suite.name + ".json", bytes: Array(suite.render().utf8), numberOfTests: cases.count,
            invalidTests: cases.filter { $0.result == .invalid }.count)
    }
}

/// A suite builder: deterministic, from the suite's own DRBG.
package struct WireSuiteBuilder: Sendable {
    package let name: String
    package let build: @Sendable () throws(CloserError) -> WireSuite

    package init(name: String, build: @escaping @Sendable () throws(CloserError) -> WireSuite) {
        self.name = name
        self.build = build
    }
}

/// One file of a set and how to make it.
package struct VectorFileBuilder: Sendable {
    package let name: String
    package let build: @Sendable () throws(CloserError) -> GeneratedFile

    package init(name: String, build: @escaping @Sendable () throws(CloserError) -> GeneratedFile) {
        self.name = name
        self.build = build
    }

    /// The file of a wire suite.
    package init(_ suite: WireSuiteBuilder) {
        self.init(name: suite.name + ".json") { () throws(CloserError) in GeneratedFile(try suite.build()) }
    }
}

/// One app profile's vector set.
package struct VectorSet: Sendable {
    /// The app profile whose set this is (`closer`, `fitlink`, ...).
    package let profile: String
    /// Where the set lives below the vectors root: "" for Closer, `profiles/<name>` otherwise.
    package let directory: String
    /// Semver of the set: major when a tcId changes meaning or a file or field is removed, minor
    /// when tests or suites are added, patch for comments. CHANGELOG.md says what changed.
    package let version: String
    package let files: [VectorFileBuilder]

    package init(profile: String, directory: String, version: String, files: [VectorFileBuilder]) {
        self.profile = profile
        self.directory = directory
        self.version = version
        self.files = files
    }

    /// The folder of this set under `root`.
    package func path(under root: String) -> String { directory.isEmpty ? root : root + "/" + directory }

    /// Generates every file (in parallel; each is deterministic on its own), then MANIFEST.json,
    /// which lists `killMatrix` (the bytes of the set's kill-matrix.json, written by
    /// scripts/kill-matrix.py, not generated) when given.
    package func generate(killMatrix: [UInt8]? = nil) throws(CloserError) -> [GeneratedFile] {
        let builders = files
        let results = ParallelResults<Result<GeneratedFile, CloserError>>(count: builders.count)
        DispatchQueue.concurrentPerform(iterations: builders.count) { i in
            results[i] = Result { () throws(CloserError) in try builders[i].build() }
        }
        var out: [GeneratedFile] = []
        for r in results.values {
            switch r {
            case .success(let f): out.append(f)
            case .failure(let e): throw e
            case nil: throw CloserError(.vectorGenerationFailed, "a suite produced no result")
            }
        }
        out.sort { $0.name < $1.name }
        return out + [manifest(for: out, killMatrix: killMatrix)]
    }

    /// `{"vectorSetVersion", "numberOfTests", "files": {name: {"sha256", "numberOfTests",
    /// "invalidTests"}}}`, then `"killMatrix": {"sha256"}` when the set has a kill matrix
    /// (specs/vectors.md §"Manifest" and §"Kill matrix").
    package func manifest(for files: [GeneratedFile], killMatrix: [UInt8]? = nil) -> GeneratedFile {
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
        var members: [(String, VectorJSON)] = [("vectorSetVersion", .value(.string(version)))]
        if profile != "closer" { members.append(("profile", .value(.string(profile)))) }
        members += [
            ("numberOfTests", .value(.number(Double(files.map(\.numberOfTests).reduce(0, +))))),
            ("files", .object(entries)),
        ]
        if let killMatrix {
            members.append(("killMatrix", .object([("sha256", .value(.string(Hex.encode(sha256(killMatrix)))))])))
        }
        return GeneratedFile(
            name: "MANIFEST.json", bytes: Array(VectorJSON.object(members).render().utf8), numberOfTests: 0,
            invalidTests: 0)
    }
}

extension CloserError.Code {
    package static let vectorGenerationFailed = Self("vectors.generation_failed", .invalidParameters)
}

/// SHA-256 of `bytes` (swift-crypto), the manifests' file digests (specs/vectors.md §Manifest).
package func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }
