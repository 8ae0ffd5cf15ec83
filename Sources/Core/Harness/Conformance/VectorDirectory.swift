// A directory of vector files and its MANIFEST.json, and a vectors root: Closer's set at the top
// and each app profile's set in `profiles/<name>/`. Normative: specs/vectors.md §"Manifest" and
// §"Profiles".

import CloserVectorModel
import CloserWire
import Foundation

extension CloserError.Code {
    package static let vectorsUnreadable = Self("vectors.unreadable", .malformedRequest)
}

package struct VectorDirectory {
    package let path: String
    /// The app profile whose set this is: `closer` at the root, else its folder's name.
    package let profile: String
    /// File name → bytes, for every `*.json` but MANIFEST.json and kill-matrix.json (the
    /// suites), sorted by name.
    package let files: [(String, [UInt8])]
    package let manifest: [UInt8]?
    /// The set's kill matrix (specs/vectors.md §"Kill matrix"), when it has one: never a suite.
    package let killMatrix: [UInt8]?

    /// Reads the directory: every `*.json` through `BoundedFile` (a regular file of at most
    /// 64 MiB, never through a symbolic link, charged to `budget`). specs/threat-model.md
    /// §"Limits"; a directory that cannot be listed is `vectors.unreadable`.
    package init(path: String, profile: String = "closer", budget: ReadBudget = .vectors()) throws(CloserError) {
        self.path = path
        self.profile = profile
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw CloserError(.vectorsUnreadable, "cannot list the vector directory \(path)")
        }
        var files: [(String, [UInt8])] = []
        var manifest: [UInt8]? = nil
        var killMatrix: [UInt8]? = nil
        for name in names.sorted() where name.hasSuffix(".json") {
            let bytes = try BoundedFile.read(
                path + "/" + name, limit: BoundedFile.maximumVectorFileBytes, budget: budget, links: .refuse)
            switch name {
            case "MANIFEST.json": manifest = bytes
            case KillMatrix.fileName: killMatrix = bytes
            default: files.append((name, bytes))
            }
        }
        self.files = files
        self.manifest = manifest
        self.killMatrix = killMatrix
    }

    /// The sets below a vectors root: the root itself (Closer's set) and every
    /// `profiles/<name>/` that holds a MANIFEST.json, in name order; only `profiles` when given.
    /// All of them share one read budget; a `profiles/<name>` that is a symbolic link is refused.
    package static func sets(root: String, profiles: Set<String>? = nil, budget: ReadBudget = .vectors())
        throws(CloserError) -> [VectorDirectory]
    {
        var sets: [VectorDirectory] = []
        if profiles == nil || profiles!.contains("closer") {
            sets.append(try VectorDirectory(path: root, budget: budget))
        }
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: root + "/profiles")) ?? []
        for name in names.sorted() where profiles == nil || profiles!.contains(name) {
            let path = root + "/profiles/" + name
            if (try? fm.destinationOfSymbolicLink(atPath: path)) != nil {
                throw CloserError(.inputSymlink, "\(path) is a symbolic link, which is not followed")
            }
            if fm.fileExists(atPath: path + "/MANIFEST.json") {
                sets.append(try VectorDirectory(path: path, profile: name, budget: budget))
            }
        }
        return sets
    }

    /// Parses the suites, optionally only those named, in parallel (each file on its own; the
    /// first error in file order is thrown).
    package func suites(named: Set<String>? = nil) throws(CloserError) -> [LoadedSuite] {
        let chosen = files.filter { file, _ in named.map { $0.contains(String(file.dropLast(".json".count))) } ?? true }
        let parsed = ParallelResults<Result<LoadedSuite, CloserError>>(count: chosen.count)
        DispatchQueue.concurrentPerform(iterations: chosen.count) { i in
            parsed[i] = Result { () throws(CloserError) in
                try VectorFile.load(chosen[i].1, name: String(chosen[i].0.dropLast(".json".count)))
            }
        }
        var out: [LoadedSuite] = []
        for result in parsed.values {
            switch result {
            case .success(let suite)?: out.append(suite)
            case .failure(let error)?: throw error
            case nil: throw CloserError(.vectorsUnreadable, "a suite of \(path) was not parsed")
            }
        }
        return out
    }
}
