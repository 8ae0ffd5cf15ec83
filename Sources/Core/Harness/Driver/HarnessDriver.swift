// `closer-spec harness --port`: starts a port, asks `info` for its ops, runs every test of
// every suite those ops cover, and names the first layer that disagrees for each failure.
// Normative: specs/harness.md §"Driver".

import CloserVectorModel
import CloserWire

/// One test's line in the report.
package struct TestReport: Sendable {
    package let suite: String
    package let tcID: Int
    package let comment: String
    package let flags: [String]
    package let status: TestOutcome.Status
    package let layer: VectorLayer?
    package let message: String
    package let detailNote: String?
    /// Results v2 (specs/report.md §"Results formats"): set by `TestEvidence(test:outcome:notes:)`.
    package var evidence = TestEvidence()
}

/// One suite's counts.
package struct SuiteReport: Sendable {
    package let name: String
    package var passed = 0
    package var failed = 0
    package var skipped = 0
    package var divergences = 0
    /// Why tests were skipped (ops the port lacks).
    package var skippedBecause: String? = nil
}

/// A whole run.
package struct DriverReport: Sendable {
    package var implementation = ""
    package var ops: [String] = []
    package var suites: [SuiteReport] = []
    package var tests: [TestReport] = []
    /// Known-failure entries whose tests passed (the divergence is gone).
    package var staleKnownFailures: [String] = []
    /// Results v2: the port's command and the vector sets run (set by the caller).
    package var run = RunRecord()

    package var passed: Int { suites.map(\.passed).reduce(0, +) }
    package var failed: Int { suites.map(\.failed).reduce(0, +) }
    package var skipped: Int { suites.map(\.skipped).reduce(0, +) }
    package var divergences: Int { suites.map(\.divergences).reduce(0, +) }

    /// Failures per named layer, most first.
    package var layers: [(VectorLayer?, Int)] {
        var counts: [String: (VectorLayer?, Int)] = [:]
        for t in tests where t.status == .failed {
            let key = t.layer?.rawValue ?? "-"
            counts[key] = (t.layer, (counts[key]?.1 ?? 0) + 1)
        }
        return counts.values.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : ($0.0?.rawValue ?? "") < ($1.0?.rawValue ?? "") }
    }
}

extension CloserError.Code {
    package static let harnessPortUnusable = Self("harness.port_unusable", .unsupported)
}

package final class HarnessDriver {
    let port: ProcessPort
    package var knownFailures: KnownFailures
    /// `launch()` started the port's process: `run` only asks its info.
    private var launched = false
    /// The app profiles whose ops and error areas the diagnosis knows.
    let profiles: [AppProfile]

    package init(command: String, timeout: Double, knownFailures: KnownFailures, profiles: [AppProfile]) {
        port = ProcessPort(command: command, timeout: timeout)
        self.knownFailures = knownFailures
        self.profiles = profiles
    }

    /// Starts the port's process ahead of `run`, so that it starts up while the caller reads the
    /// vectors; a port that cannot be started is started (and its failure reported) by `run`.
    package func launch() { launched = (try? port.start()) != nil }

    /// Ends a launched port at once (its whole process group) when the run does not happen.
    package func abandon() {
        port.stop(grace: 0)
        launched = false
    }

    /// Starts the port (unless launched) and reads its `info`; a port that does not answer it is
    /// ended at once (its whole process group), not left running.
    func start() throws(CloserError) -> (implementation: String, ops: [String]) {
        if !launched { try port.start() }
        launched = false
        let info: JSONValue
        do { info = try port.send(["id": .string("info"), "op": .string("info")]) } catch {
            let tail = port.stderrTail
            port.stop(grace: 0)
            throw CloserError(
                .harnessPortUnusable,
                "the port did not answer info: \(error.description)\(tail.isEmpty ? "" : "; its stderr ends: \(tail.suffix(400))")"
            )
        }
        guard info["ok"] == .bool(true), case .array(let ops)? = info["ops"] else {
            port.stop(grace: 0)
            throw CloserError(.harnessPortUnusable, "the port's info response has no ops array")
        }
        return (info["implementation"]?.stringValue ?? "?", ops.compactMap(\.stringValue))
    }

    /// Runs `suites`; `progress(suite, done, total)` after each test.
    package func run(_ suites: [LoadedSuite], progress: (String, Int, Int) -> Void) throws(CloserError) -> DriverReport
    {
        var report = DriverReport()
        let (implementation, ops) = try start()
        report.implementation = implementation
        report.ops = ops
        let opSet = Set(ops)
        defer { port.stop() }
        for suite in suites {
            var counts = SuiteReport(name: suite.name)
            let runnable = suite.tests.filter { t in t.steps.allSatisfy { opSet.contains($0.op) } }
            counts.skipped = suite.tests.count - runnable.count
            if counts.skipped > 0 {
                let missing = suite.ops.subtracting(opSet).sorted()
                counts.skippedBecause = "the port lacks \(missing.joined(separator: ", "))"
            }
            for (n, test) in runnable.enumerated() {
                var outcome = VectorRunner.run(test, on: port)
                let divergence = knownFailures.reason(suite: suite.name, tcID: test.tcID)
                var layer: VectorLayer? = nil
                var message = outcome.message
                if outcome.status == .failed {
                    let d =
                        outcome.portFailure == nil
                        ? LayerDiagnosis(port: port, ops: opSet, profiles: profiles).diagnose(test, outcome)
                        : Diagnosis(nil, outcome.message)
                    layer = d.layer
                    message = d.reason
                    if outcome.portFailure == nil, let failure = port.lastFailure {
                        // The port failed while this test was replayed through its lower ops:
                        // this test is the one to blame (the diagnosis is cut short there).
                        message += "; then, replaying its lower ops: \(failure.description)"
                    }
                    if let divergence {
                        outcome.status = .divergence
                        message += " (known divergence: \(divergence))"
                    }
                } else if divergence != nil {
                    report.staleKnownFailures.append("\(suite.name) tcId \(test.tcID)")
                }
                if port.lastFailure != nil {
                    // Resynchronize: a crashed, hung or out-of-order port (in the test or in
                    // its diagnosis) starts again, its old process group ended.
                    try? port.start()
                }
                switch outcome.status {
                case .passed: counts.passed += 1
                case .failed: counts.failed += 1
                case .skipped: counts.skipped += 1
                case .divergence: counts.divergences += 1
                }
                var line = TestReport(
                    suite: suite.name, tcID: test.tcID, comment: test.comment, flags: test.flags,
                    status: outcome.status, layer: layer, message: message, detailNote: outcome.detailNote)
                line.evidence = TestEvidence(test: test, outcome: outcome, notes: suite.notes)
                report.tests.append(line)
                progress(suite.name, n + 1, runnable.count)
            }
            report.suites.append(counts)
        }
        return report
    }
}
