// `closer-spec --version`: the tool's version, then one line per vector set it generates and
// serves (Closer's first, then each app profile's), so a port's CI can pin both.
// Normative: specs/distribution.md §"Versions".

import CloserVectorModel
import ProfileRegistry

/// The text `--version` prints.
enum VersionText {
    /// `closer-spec 0.1.0` then `vector-set closer 3.1.0`, `vector-set fitlink 1.0.0`, ….
    static var text: String {
        let sets = AppProfiles.vectorSets.map { "vector-set \($0.profile) \($0.version)" }
        return (["\(CloserSpecVersion.implementation) \(CloserSpecVersion.version)"] + sets)
            .joined(separator: "\n")
    }
}
