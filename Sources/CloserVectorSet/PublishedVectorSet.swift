// The vector sets as a SwiftPM product: `vectors/` (Closer's set, and each profile's under
// profiles/<name>/) is this target's resource (its path is the package root, Package.swift), so
// the bundle holds the committed files themselves. Every file is checked against its set's MANIFEST.json on load.
// Normative: specs/distribution.md §"SwiftPM".

import Crypto
import Foundation

/// Why a vector set or suite could not be loaded.
public enum VectorSetError: Error, Equatable, CustomStringConvertible {
    /// No set of that profile in this package.
    case unknownProfile(String)
    /// No suite of that name in the set.
    case unknownSuite(String, profile: String)
    /// The file's SHA-256 is not the manifest's: it is not the published set.
    case digestMismatch(file: String, actual: String, expected: String)
    /// The file is missing, unreadable or (MANIFEST.json) not a manifest.
    case unreadable(String)

    public var description: String {
        switch self {
        case .unknownProfile(let p): return "CloserVectorSet: no vector set \(p)"
        case .unknownSuite(let s, let p): return "CloserVectorSet: no suite \(s) in vector set \(p)"
        case .digestMismatch(let f, let a, let e):
            return "CloserVectorSet: \(f): SHA-256 \(a) does not match MANIFEST.json (\(e))"
        case .unreadable(let f): return "CloserVectorSet: \(f): missing or not readable"
        }
    }
}

/// One published vector set: Closer's (`closer`) or an app profile's (`fitlink`, `reward-e`, `unstoppable`, `payback`).
public struct PublishedVectorSet: Sendable {
    /// The profiles whose sets this package carries.
    public static let profiles = ["closer", "fitlink", "reward-e", "unstoppable", "payback"]

    public let profile: String
    /// The set's `vectorSetVersion` (semver, specs/vectors.md §Manifest).
    public let version: String
    /// The suite names (file names without `.json`), sorted.
    public let suiteNames: [String]
    private let directory: URL
    private let digests: [String: String]

    /// The bundled `vectors/` folder.
    package static var bundledRoot: URL? { Bundle.module.url(forResource: "vectors", withExtension: nil) }

    /// The set of `profile`, from this package's resources.
    public static func named(_ profile: String) throws(VectorSetError) -> PublishedVectorSet {
        guard profiles.contains(profile), let root = bundledRoot else { throw .unknownProfile(profile) }
        let directory = profile == "closer" ? root : root.appendingPathComponent("profiles/\(profile)")
        return try PublishedVectorSet(profile: profile, directory: directory)
    }

    /// A set read from `directory` (its MANIFEST.json and suites); tests point it at a copy.
    package init(profile: String, directory: URL) throws(VectorSetError) {
        let file = directory.appendingPathComponent("MANIFEST.json")
        guard let data = try? Data(contentsOf: file),
            let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = manifest["vectorSetVersion"] as? String,
            let files = manifest["files"] as? [String: [String: Any]]
        else { throw .unreadable("\(profile)/MANIFEST.json") }
        self.profile = profile
        self.version = version
        self.directory = directory
        self.digests = files.compactMapValues { $0["sha256"] as? String }
        self.suiteNames = digests.keys.map { String($0.dropLast(".json".count)) }.sorted()
    }

    /// The suite `name`'s JSON bytes (e.g. `enc_v1`), after its SHA-256 was checked.
    public func suite(named name: String) throws(VectorSetError) -> Data {
        guard let expected = digests[name + ".json"] else { throw .unknownSuite(name, profile: profile) }
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(name + ".json")) else {
            throw .unreadable("\(profile)/\(name).json")
        }
        let actual = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        guard actual == expected else {
            throw .digestMismatch(file: "\(profile)/\(name).json", actual: actual, expected: expected)
        }
        return data
    }
}
