// What a port's CI pins of the vector sets it runs: the SHA-256 of each set's MANIFEST.json
// bytes and/or its vectorSetVersion (`--manifest-sha256 [PROFILE=]HEX`,
// `--vector-set-version [PROFILE=]X` on `verify` and `harness`). The manifest pins the files'
// digests, so a pinned manifest pins every byte of the set. Normative: specs/threat-model.md
// §"Pinning".

import CloserVectorModel
import CloserWire

extension CloserError.Code {
    package static let vectorsPinMismatch = Self("vectors.pin_mismatch", .malformedRequest)
}

package struct VectorPins: Sendable {
    /// Profile (`closer`, `fitlink`, …) → lowercase hex SHA-256 of its MANIFEST.json.
    package var manifestSHA256: [String: String] = [:]
    /// Profile → vectorSetVersion.
    package var versions: [String: String] = [:]

    package init(manifestSHA256: [String: String] = [:], versions: [String: String] = [:]) {
        self.manifestSHA256 = manifestSHA256
        self.versions = versions
    }

    package var isEmpty: Bool { manifestSHA256.isEmpty && versions.isEmpty }

    /// Every pin the sets read do not meet, each naming the set; a pin of a set that was not
    /// read is a mismatch too (a pin always pins something).
    package func problems(_ sets: [VectorDirectory]) -> [CloserError] {
        var problems: [CloserError] = []
        let byProfile = Dictionary(sets.map { ($0.profile, $0) }, uniquingKeysWith: { a, _ in a })
        for (profile, pinned) in manifestSHA256.sorted(by: { $0.key < $1.key }) {
            guard let set = byProfile[profile] else {
                problems.append(CloserError(.vectorsPinMismatch, "the pinned set \(profile) was not read"))
                continue
            }
            let actual = set.manifest.map { Hex.encode(sha256($0)) } ?? "nothing"
            if actual != pinned {
                problems.append(
                    CloserError(
                        .vectorsPinMismatch,
                        "\(set.path)/MANIFEST.json has SHA-256 \(actual), --manifest-sha256 pins \(pinned)"))
            }
        }
        for (profile, pinned) in versions.sorted(by: { $0.key < $1.key }) {
            guard let set = byProfile[profile] else {
                problems.append(CloserError(.vectorsPinMismatch, "the pinned set \(profile) was not read"))
                continue
            }
            let actual = VectorManifest.version(set) ?? "none"
            if actual != pinned {
                problems.append(
                    CloserError(
                        .vectorsPinMismatch,
                        "\(set.path)/MANIFEST.json is version \(actual), --vector-set-version pins \(pinned)"))
            }
        }
        return problems
    }
}
