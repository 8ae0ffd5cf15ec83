// A vector set's files against its MANIFEST.json: every file read must be listed with its
// SHA-256 and test count, every listed file must be there. `verify` reports each disagreement
// as a problem, `harness` refuses to run. Normative: specs/vectors.md §"Manifest" and
// specs/threat-model.md §"Pinning".

import CloserVectorModel
import CloserWire

extension CloserError.Code {
    package static let vectorsManifestMalformed = Self("vectors.manifest_malformed", .malformedRequest)
    package static let vectorsNotInManifest = Self("vectors.not_in_manifest", .malformedRequest)
    package static let vectorsManifestFileMissing = Self("vectors.manifest_file_missing", .malformedRequest)
    package static let vectorsDigestMismatch = Self("vectors.digest_mismatch", .malformedRequest)
    package static let vectorsCountMismatch = Self("vectors.count_mismatch", .malformedRequest)
}

package enum VectorManifest {
    /// Every disagreement between `dir`'s files and its MANIFEST.json, each naming the file.
    /// `counts` are the test counts of the files that were parsed (file name → tests).
    package static func problems(_ dir: VectorDirectory, counts: [String: Int]) -> [CloserError] {
        let where_ = dir.path + "/MANIFEST.json"
        guard let bytes = dir.manifest else {
            return [CloserError(.vectorsManifestMalformed, "\(where_) is missing")]
        }
        guard let manifest = try? JSONValue(parsing: bytes), case .object(let entries)? = manifest["files"] else {
            return [CloserError(.vectorsManifestMalformed, "\(where_) is not JSON with a files object")]
        }
        var problems: [CloserError] = []
        if !isSemver(manifest["vectorSetVersion"]?.stringValue ?? "") {
            problems.append(
                CloserError(.vectorsManifestMalformed, "\(where_): vectorSetVersion is not MAJOR.MINOR.PATCH"))
        }
        let present = Dictionary(dir.files, uniquingKeysWith: { a, _ in a })
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let file = dir.path + "/" + name
            guard let bytes = present[name] else {
                problems.append(
                    CloserError(.vectorsManifestFileMissing, "MANIFEST.json lists \(file), which is missing"))
                continue
            }
            let digest = Hex.encode(sha256(bytes))
            if entry["sha256"]?.stringValue != digest {
                problems.append(
                    CloserError(.vectorsDigestMismatch, "\(file): SHA-256 \(digest) differs from MANIFEST.json"))
            }
            if let count = counts[name], VectorFile.wholeNumber(entry["numberOfTests"]) != count {
                problems.append(
                    CloserError(.vectorsCountMismatch, "\(file): \(count) tests, MANIFEST.json says otherwise"))
            }
        }
        for (name, _) in dir.files where entries[name] == nil {
            problems.append(CloserError(.vectorsNotInManifest, "\(dir.path)/\(name) is not in MANIFEST.json"))
        }
        return problems + killMatrixProblems(dir, manifest["killMatrix"])
    }

    /// The kill matrix against the manifest's `killMatrix` member (`{"sha256"}`): listed and
    /// present with that digest, or neither (specs/vectors.md §"Kill matrix").
    static func killMatrixProblems(_ dir: VectorDirectory, _ entry: JSONValue?) -> [CloserError] {
        let file = dir.path + "/" + KillMatrix.fileName
        switch (entry, dir.killMatrix) {
        case (nil, nil): return []
        case (nil, _?): return [CloserError(.vectorsNotInManifest, "\(file) is not in MANIFEST.json (killMatrix)")]
        case (_?, nil):
            return [
                CloserError(.vectorsManifestFileMissing, "MANIFEST.json lists \(file) (killMatrix), which is missing")
            ]
        case (let entry?, let bytes?):
            let digest = Hex.encode(sha256(bytes))
            guard entry["sha256"]?.stringValue != digest else { return [] }
            return [CloserError(.vectorsDigestMismatch, "\(file): SHA-256 \(digest) differs from MANIFEST.json")]
        }
    }

    /// The manifest's `vectorSetVersion`, when it has one.
    package static func version(_ dir: VectorDirectory) -> String? {
        dir.manifest.flatMap { try? JSONValue(parsing: $0) }?["vectorSetVersion"]?.stringValue
    }

    static func isSemver(_ version: String) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
