// The diff of a run against a baseline run of the same port: what newly fails, what newly passes,
// which tests are new, changed (same content id, another expectation digest) or gone. Tests are
// matched by content id (tests with identical inputs in their order); a v1 file has none, and is
// matched by suite and tcId (the page says so).
// Normative: specs/report.md §"Diff".

/// One port's changes since its baseline.
package struct PortDiff: Sendable, Equatable {
    package var implementation = ""
    /// How tests were matched: `contentId`, or `suite+tcId` when a side is v1.
    package var matchedBy = "contentId"
    package var newlyFailing: [ReportTest] = []
    package var newlyPassing: [ReportTest] = []
    package var added: [ReportTest] = []
    package var changed: [ReportTest] = []
    /// Baseline tests the new run no longer has.
    package var removed: [ReportTest] = []
    /// No baseline run of this port was given.
    package var noBaseline = false

    package var isEmpty: Bool {
        newlyFailing.isEmpty && newlyPassing.isEmpty && added.isEmpty && changed.isEmpty && removed.isEmpty
    }
}

package enum ReportDiff {
    /// The baseline run of `run`: the one with its port command, else its implementation name.
    package static func baseline(of run: HarnessRun, in baselines: [HarnessRun]) -> HarnessRun? {
        if let command = run.portCommand, let b = baselines.first(where: { $0.portCommand == command }) { return b }
        return baselines.first { $0.implementation == run.implementation }
    }

    /// Every run's diff against its baseline.
    package static func diff(_ runs: [HarnessRun], baselines: [HarnessRun]) -> [PortDiff] {
        runs.map { run in
            guard let old = baseline(of: run, in: baselines) else {
                return PortDiff(implementation: run.implementation, noBaseline: true)
            }
            return diff(run, against: old)
        }
    }

    /// The keys tests are matched by, in order: the content id (or suite and tcId) and its
    /// occurrence, so that tests with identical inputs (one content id) pair up in their order.
    static func keys(_ tests: [ReportTest], byContent: Bool) -> [String] {
        var seen: [String: Int] = [:]
        return tests.map { t in
            let base = byContent ? (t.contentID ?? "") : "\(t.suite)\u{0}\(t.tcID)"
            let n = seen[base, default: 0]
            seen[base] = n + 1
            return "\(base)\u{0}\(n)"
        }
    }

    package static func diff(_ run: HarnessRun, against old: HarnessRun) -> PortDiff {
        let byContent =
            run.tests.allSatisfy { $0.contentID?.isEmpty == false }
            && old.tests.allSatisfy { $0.contentID?.isEmpty == false }
        var out = PortDiff(implementation: run.implementation, matchedBy: byContent ? "contentId" : "suite+tcId")
        let oldKeys = keys(old.tests, byContent: byContent)
        var before: [String: ReportTest] = [:]
        for (k, t) in zip(oldKeys, old.tests) { before[k] = t }
        var seen = Set<String>()
        for (k, t) in zip(keys(run.tests, byContent: byContent), run.tests) {
            seen.insert(k)
            guard let was = before[k] else {
                out.added.append(t)
                continue
            }
            if byContent, was.expectationDigest != t.expectationDigest { out.changed.append(t) }
            let failsNow = t.status == "failed" || t.status == "divergence"
            let failedThen = was.status == "failed" || was.status == "divergence"
            if failsNow && !failedThen { out.newlyFailing.append(t) }
            if !failsNow && failedThen && t.status == "passed" { out.newlyPassing.append(t) }
        }
        out.removed = zip(oldKeys, old.tests).filter { !seen.contains($0.0) }.map(\.1)
        return out
    }
}
