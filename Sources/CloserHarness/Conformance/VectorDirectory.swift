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
    /// File name → bytes, for every `*.json` but MANIFEST.json, sorted by name.
    package let files: [(String, [UInt8])]
    package let manifest: [UInt8]?

    /// Reads the directory. Files above 64 MiB are refused (no vector file is near that).
    package init(path: String, profile: String = "closer") throws(CloserError) {
        self.path = path
        self.profile = profile
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: path) else {
            throw CloserError(.vectorsUnreadable, "cannot list \(path)")
        }
        var files: [(String, [UInt8])] = []
        var manifest: [UInt8]? = nil
        for name in names.sorted() where name.hasSuffix(".json") {
            let full = path + "/" + name
            if let size = (try? fm.attributesOfItem(atPath: full))?[.size] as? Int, size > 64 << 20 {
                throw CloserError(.vectorsUnreadable, "\(full) is over 64 MiB")
            }
            guard let data = fm.contents(atPath: full) else {
                throw CloserError(.vectorsUnreadable, "cannot read \(full)")
            }
            if name == "MANIFEST.json" { manifest = Array(data) } else { files.append((name, Array(data))) }
        }
        self.files = files
        self.manifest = manifest
    }

    /// The sets below a vectors root: the root itself (Closer's set) and every
    /// `profiles/<name>/` that holds a MANIFEST.json, in name order; only `profiles` when given.
    package static func sets(root: String, profiles: Set<String>? = nil) throws(CloserError) -> [VectorDirectory] {
        var sets: [VectorDirectory] = []
        if profiles == nil || profiles!.contains("closer") { sets.append(try VectorDirectory(path: root)) }
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: root + "/profiles")) ?? []
        for name in names.sorted() where profiles == nil || profiles!.contains(name) {
            let path = root + "/profiles/" + name
            if fm.fileExists(atPath: path + "/MANIFEST.json") {
                sets.append(try VectorDirectory(path: path, profile: name))
            }
        }
        return sets
    }

    /// Parses the suites, optionally only those named.
    package func suites(named: Set<String>? = nil) throws(CloserError) -> [LoadedSuite] {
        var out: [LoadedSuite] = []
        for (file, bytes) in files {
            let name = String(file.dropLast(".json".count))
            if let named, !named.contains(name) { continue }
            out.append(try VectorFile.load(bytes, name: name))
        }
        return out
    }
}
