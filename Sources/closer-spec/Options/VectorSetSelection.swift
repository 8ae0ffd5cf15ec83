// `--profile NAME` (repeatable) on the commands that read vector sets: which sets below the
// vectors root they read (specs/vectors.md §"Profiles"); none named means every set.

import ArgumentParser
import CloserHarness
import CloserWire

struct VectorSetSelection: ParsableArguments {
    @Option(help: "Only this app profile's vector set (repeatable; default every set).")
    var profile: [AppProfile] = []

    /// The selected sets below `root`.
    func sets(root: String) throws(CloserError) -> [VectorDirectory] {
        try VectorDirectory.sets(root: root, profiles: profile.isEmpty ? nil : Set(profile.map(\.name)))
    }
}
