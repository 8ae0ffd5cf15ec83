// The fixed vectors' edges, kept next to the binary between runs: they depend only on the
// binary and the vector files, which the cache key hashes (SHA-256 of the binary's bytes, then of
// every file below the vectors root in path order, each path and length first).
// specs/explore.md §"Guided" (the edge report).

import Crypto
import Foundation

enum GuidedBaselineCache {
    /// The cache file: `<binary>.vector-edges` (32-byte key, 8-byte test count, one byte per edge).
    static var path: String { (ProcessInfo.processInfo.arguments.first ?? "closer-spec-guided") + ".vector-edges" }

    static func key(vectors root: String) -> [UInt8]? {
        guard let binary = FileManager.default.contents(atPath: "/proc/self/exe") else { return nil }
        var hash = SHA256()
        hash.update(data: binary)
        let files = (FileManager.default.subpaths(atPath: root) ?? []).sorted()
        for name in files where name.hasSuffix(".json") {
            guard let bytes = FileManager.default.contents(atPath: root + "/" + name) else { continue }
            hash.update(data: Data(name.utf8) + Data([0]) + Data(String(bytes.count).utf8) + Data([0]))
            hash.update(data: bytes)
        }
        return Array(hash.finalize())
    }

    /// The cached baseline for `key`, if the file holds one of the right size.
    static func load(key: [UInt8], edges count: Int) -> (edges: [UInt8], tests: Int)? {
        guard let data = FileManager.default.contents(atPath: path), data.count == 40 + count,
            Array(data.prefix(32)) == key
        else { return nil }
        let tests = data[32..<40].reduce(0) { $0 << 8 | Int($1) }
        return (Array(data.suffix(count)), tests)
    }

    static func store(key: [UInt8], edges: [UInt8], tests: Int) {
        let count = (0..<8).map { UInt8(truncatingIfNeeded: tests >> (8 * (7 - $0))) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(key + count + edges))
    }
}
