// The fixed vectors as guided explore's baseline: every test of every vector set answered by
// CloserSpec in process, one test at a time, so that the guided executable can count the edges
// of the reference's code they reach. Normative: specs/explore.md §"Guided" (the edge report).

import CloserWire

package enum ExploreVectorReplay {
    /// Runs every test of every set below `root` (Closer's and each `profiles/<name>/`) through
    /// an in-process server of `profiles`, in set, file and test order, calling `after` after each
    /// test. Returns the number of tests run.
    package static func replay(root: String, profiles: [AppProfile], after: () -> Void) throws(CloserError) -> Int {
        let port = InProcessPort(server: HarnessServer(profiles: profiles))
        var count = 0
        for set in try VectorDirectory.sets(root: root) {
            for suite in try set.suites() {
                for test in suite.tests {
                    _ = VectorRunner.run(test, on: port)
                    after()
                    count += 1
                }
            }
        }
        return count
    }
}
