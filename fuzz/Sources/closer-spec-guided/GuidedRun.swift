// One guided run: the session (ports, generators, findings), the union of the reference's edges
// its inputs reached, and the fixed vectors' edges to compare it with. specs/explore.md §"Guided".

import CGuidedCoverage
import CloserHarness
import CloserWire
import Foundation

final class GuidedRun {
    let arguments: GuidedArguments
    let session: ExploreGuidedSession
    let profiles: [AppProfile]
    /// One byte per edge of the reference's libraries: 1 when some input of this run reached it.
    var reached: [UInt8]
    /// The same for the fixed vectors (every test of every set, answered in process).
    let vectorEdges: [UInt8]
    let vectorTests: Int
    /// The counters between the answer and the comparison (the comparison's coverage is not fed back).
    private var saved: [UInt8]
    var inputs = 0

    init(arguments: GuidedArguments, session: ExploreGuidedSession, profiles: [AppProfile], vectors: GuidedBaseline) {
        self.arguments = arguments
        self.session = session
        self.profiles = profiles
        let total = guided_edges_total()
        reached = Array(repeating: 0, count: total)
        vectorEdges = vectors.edges
        vectorTests = vectors.tests
        saved = Array(repeating: 0, count: total)
    }

    /// One fuzzer input: CloserSpec's answer (its edges are what libFuzzer sees and what the run
    /// counts), then the ports' answers and the comparison, whose edges are discarded.
    func one(_ tape: [UInt8]) {
        inputs += 1
        let (c, expected) = session.answer(tape)
        _ = guided_edges_collect(&reached)
        guided_edges_save(&saved)
        session.compare(c, expected)
        guided_edges_restore(saved)
    }

    /// The edge report line: this run's edges against the fixed vectors'.
    func edgeLine() -> String {
        var here = 0
        var vectors = 0
        var beyond = 0
        var missed = 0
        for i in reached.indices {
            let (r, v) = (reached[i] != 0, vectorEdges[i] != 0)
            if r { here += 1 }
            if v { vectors += 1 }
            if r && !v { beyond += 1 }
            if v && !r { missed += 1 }
        }
        return
            "edges: \(here) of \(reached.count) reference edges reached by \(inputs) inputs; the fixed vectors (\(vectorTests) tests) reach \(vectors); "
            + "\(beyond) reached here and by no vector, \(missed) by the vectors and not here"
    }
}

/// The fixed vectors' edges: every test of every set answered in process, one at a time, the
/// counters read and cleared after each. Measured in a child process of the same binary
/// (`--measure-vectors ROOT`) and kept in GuidedBaselineCache: the run's own process never answers
/// a vector, so the lazily initialized state its first inputs meet, and so the edges they reach and
/// the fuzzer's feedback, is the same whether the baseline was cached or not.
struct GuidedBaseline {
    var edges: [UInt8]
    var tests = 0
    var seconds = 0.0
    /// Whether the edges came from GuidedBaselineCache without measuring.
    var fromCache = false

    /// From the cache when its key matches, else measured by a child process (and cached).
    init(root: String) throws(CloserError) {
        let start = Date()
        guard let key = GuidedBaselineCache.key(vectors: root) else {
            throw CloserError(.harnessPortUnusable, "cannot read this binary to key the vectors' edges")
        }
        fromCache = GuidedBaselineCache.load(key: key, edges: guided_edges_total()) != nil
        if !fromCache {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            child.arguments = ["--measure-vectors", root]
            child.standardOutput = FileHandle.nullDevice
            do { try child.run() } catch {
                throw CloserError(.harnessPortUnusable, "cannot start the vectors' edge count: \(error)")
            }
            child.waitUntilExit()
        }
        guard let cached = GuidedBaselineCache.load(key: key, edges: guided_edges_total()) else {
            throw CloserError(
                .harnessPortUnusable, "the vectors' edges could not be counted (--measure-vectors \(root))")
        }
        (edges, tests) = (cached.edges, cached.tests)
        seconds = Date().timeIntervalSince(start)
    }

    /// `--measure-vectors ROOT`: counts the vectors' edges in this process and caches them.
    static func measure(root: String, profiles: [AppProfile]) throws(CloserError) {
        var edges = [UInt8](repeating: 0, count: guided_edges_total())
        guided_edges_clear()
        let tests = try ExploreVectorReplay.replay(root: root, profiles: profiles) {
            _ = guided_edges_collect(&edges)
            guided_edges_clear()
        }
        if let key = GuidedBaselineCache.key(vectors: root) {
            GuidedBaselineCache.store(key: key, edges: edges, tests: tests)
        }
    }
}
