// `closer-spec verify [DIR]`: a vector directory's digests against its manifest, every file's
// shape, and every test against this implementation. Normative: specs/vectors.md §"Verify".

import CloserVectorModel
import CloserWire
import Foundation

/// The findings of a verification.
package struct VerifyReport: Sendable {
    /// One line per suite: name, passed, failed.
    package var suites: [(String, Int, Int)] = []
    /// Problems with the directory or a file's shape (each counts as a failure).
    package var problems: [String] = []
    /// Failing tests, `suite tcId N: why`.
    package var failures: [String] = []
    package var passed = 0
    package var failed = 0

    /// Adds another report's lines and counts; `label` prefixes its problems.
    mutating func add(_ other: VerifyReport, label: String? = nil) {
        suites += other.suites
        problems += other.problems.map { p in label.map { "\($0): \(p)" } ?? p }
        failures += other.failures
        passed += other.passed
        failed += other.failed
    }
}

package enum VectorVerifier {
    /// Verifies one set's directory against `server` (in process). Each file is read and parsed
    /// once; files are verified in parallel, each on its own port (the server is a value without
    /// shared state), and reported in directory order.
    /// Verifies every set (Closer's and the profiles' below a vectors root); a profile set's
    /// problems are prefixed by its folder.
    /// `pins` that the sets do not meet are problems too (specs/threat-model.md §"Pinning").
    package static func verify(sets: [VectorDirectory], server: HarnessServer, pins: VectorPins = VectorPins())
        -> VerifyReport
    {
        var report = VerifyReport()
        report.problems += pins.problems(sets).map { "\($0.reason) [\($0.code.rawValue)]" }
        report.failed += report.problems.count
        for set in sets {
            report.add(verify(set, server: server), label: set.profile == "closer" ? nil : set.path)
        }
        return report
    }

    package static func verify(_ dir: VectorDirectory, server: HarnessServer = HarnessServer()) -> VerifyReport {
        let files = dir.files
        let parsed = ParallelResults<Result<LoadedSuite, CloserError>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            parsed[i] = Result { () throws(CloserError) in
                try VectorFile.load(files[i].1, name: String(files[i].0.dropLast(".json".count)))
            }
        }
        let suites = parsed.values.map { $0 ?? .failure(CloserError(.vectorsMalformedFile, "not parsed")) }
        var report = VectorVerifier.manifestReport(dir, suites)
        let results = ParallelResults<VerifyReport>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            results[i] = verify(file: files[i].0, suites[i], on: InProcessPort(server: server))
        }
        for case let one? in results.values { report.add(one) }
        report.failed += report.problems.count
        return report
    }

    /// One file's shape and tests (its problems not yet counted as failures).
    static func verify(file: String, _ parsed: Result<LoadedSuite, CloserError>, on port: any PortConnection)
        -> VerifyReport
    {
        var report = VerifyReport()
        let suite: LoadedSuite
        switch parsed {
        case .success(let s): suite = s
        case .failure(let error):
            report.problems.append("\(file): \(error.reason)")
            return report
        }
        checkShape(suite, &report)
        for test in suite.tests {
            let outcome = VectorRunner.run(test, on: port)
            if test.reading?.choice == .manual {
                // CloserSpec carries the pinned reading: a manual-reading test it passes, with the
                // same detail, is no conflict (specs/vectors.md §"Test" `reading`).
                if outcome.status == .failed || outcome.detailNote != nil {
                    report.passed += 1
                } else {
                    report.failed += 1
                    report.failures.append(
                        "\(suite.name) tcId \(test.tcID) (\(test.comment)): a manual-reading test CloserSpec passes")
                }
                continue
            }
            if outcome.status == .passed && outcome.detailNote == nil {
                report.passed += 1
            } else {
                report.failed += 1
                report.failures.append(
                    "\(suite.name) tcId \(test.tcID) (\(test.comment)): \(outcome.detailNote ?? outcome.message)")
            }
        }
        report.suites.append((suite.name, report.passed, report.failed))
        return report
    }

    static func manifestReport(_ dir: VectorDirectory, _ suites: [Result<LoadedSuite, CloserError>]) -> VerifyReport {
        var report = VerifyReport()
        var counts: [String: Int] = [:]
        for (file, parsed) in zip(dir.files.map(\.0), suites) {
            if case .success(let suite) = parsed { counts[file] = suite.tests.count }
        }
        checkManifest(dir, counts: counts, &report)
        report.problems += killMatrixProblems(dir, suites.compactMap { try? $0.get() })
        return report
    }

    /// The set's kill matrix against its suites (specs/vectors.md §"Kill matrix").
    static func killMatrixProblems(_ dir: VectorDirectory, _ suites: [LoadedSuite]) -> [String] {
        guard let bytes = dir.killMatrix else { return [] }
        let problems: [CloserError]
        do throws(CloserError) {
            problems = try KillMatrix(parsing: bytes, file: dir.path + "/" + KillMatrix.fileName)
                .problems(profile: dir.profile, suites: suites)
        } catch { problems = [error] }
        return problems.map { "\($0.reason) [\($0.code.rawValue)]" }
    }

    static func checkManifest(_ dir: VectorDirectory, counts: [String: Int], _ report: inout VerifyReport) {
        report.problems += VectorManifest.problems(dir, counts: counts).map { "\($0.reason) [\($0.code.rawValue)]" }
    }

    static func checkShape(_ suite: LoadedSuite, _ report: inout VerifyReport) {
        let ids = suite.tests.map(\.tcID)
        if ids != Array(1...max(ids.count, 1)).prefix(ids.count).map({ $0 }) {
            report.problems.append("\(suite.name): tcIds are not 1…\(ids.count) in order")
        }
        if suite.numberOfTests != suite.tests.count {
            report.problems.append("\(suite.name): numberOfTests \(suite.numberOfTests), \(suite.tests.count) tests")
        }
        let wire = suite.schema == WireSuite.schema
        for (flag, note) in suite.notes where wire {
            if BugType(rawValue: note.bugType) == nil {
                report.problems.append("\(suite.name): flag \(flag) has bugType \(note.bugType)")
            }
            if note.layer == nil { report.problems.append("\(suite.name): flag \(flag) has no known layer") }
        }
        let known = Set(ids)
        for test in suite.tests {
            for replaced in test.reading?.replaces ?? [] where !known.contains(replaced) || replaced == test.tcID {
                report.problems.append(
                    "\(suite.name) tcId \(test.tcID): reading replaces tcId \(replaced), no other test")
            }
            for flag in test.flags where suite.notes[flag] == nil {
                report.problems.append("\(suite.name) tcId \(test.tcID): flag \(flag) is not in notes")
            }
            if wire, test.result == .invalid, test.expectedLayer == nil {
                report.problems.append("\(suite.name) tcId \(test.tcID): an invalid test without error.layer")
            }
        }
    }
}
