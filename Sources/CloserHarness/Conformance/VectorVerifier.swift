// `closer-spec verify [DIR]`: a vector directory's digests against its manifest, every file's
// shape, and every test against this implementation. Normative: specs/vectors.md §"Verify".

import CloserVectors
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
}

package enum VectorVerifier {
    package static func verify(_ dir: VectorDirectory, port: any PortConnection = InProcessPort()) -> VerifyReport {
        var report = VerifyReport()
        checkManifest(dir, &report)
        let files = dir.files
        var perFile: [VerifyReport?]
        if port is InProcessPort {
            // The in-process server is a value without shared state: files are verified in
            // parallel, each on its own port, and reported in directory order.
            let results = ParallelResults<VerifyReport>(count: files.count)
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                results[i] = verify(file: files[i].0, bytes: files[i].1, on: InProcessPort())
            }
            perFile = results.values
        } else {
            perFile = files.map { verify(file: $0.0, bytes: $0.1, on: port) }
        }
        for case let one? in perFile {
            report.suites += one.suites
            report.problems += one.problems
            report.failures += one.failures
            report.passed += one.passed
            report.failed += one.failed
        }
        report.failed += report.problems.count
        return report
    }

    /// One file's shape and tests (its problems not yet counted as failures).
    static func verify(file: String, bytes: [UInt8], on port: any PortConnection) -> VerifyReport {
        var report = VerifyReport()
        let name = String(file.dropLast(".json".count))
        let suite: LoadedSuite
        do { suite = try VectorFile.load(bytes, name: name) } catch {
            report.problems.append("\(file): \(error.reason)")
            return report
        }
        checkShape(suite, &report)
        for test in suite.tests {
            let outcome = VectorRunner.run(test, on: port)
            if outcome.status == .passed && outcome.detailNote == nil {
                report.passed += 1
            } else {
                report.failed += 1
                report.failures.append(
                    "\(name) tcId \(test.tcID) (\(test.comment)): \(outcome.detailNote ?? outcome.message)")
            }
        }
        report.suites.append((name, report.passed, report.failed))
        return report
    }

    static func checkManifest(_ dir: VectorDirectory, _ report: inout VerifyReport) {
        guard let bytes = dir.manifest, let manifest = try? JSONValue(parsing: bytes) else {
            report.problems.append("MANIFEST.json is missing or not JSON")
            return
        }
        let version = manifest["vectorSetVersion"]?.stringValue ?? ""
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count != 3
            || !parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        {
            report.problems.append("MANIFEST.json: vectorSetVersion \"\(version)\" is not semver MAJOR.MINOR.PATCH")
        }
        guard case .object(let entries)? = manifest["files"] else {
            report.problems.append("MANIFEST.json has no files object")
            return
        }
        let present = Dictionary(dir.files, uniquingKeysWith: { a, _ in a })
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard let bytes = present[name] else {
                report.problems.append("MANIFEST.json lists \(name), which is missing")
                continue
            }
            let digest = Hex.encode(Commitment(canonicalBytes: bytes).digest)
            if entry["sha256"]?.stringValue != digest {
                report.problems.append("\(name): SHA-256 \(digest) differs from MANIFEST.json")
            }
            if let suite = try? VectorFile.load(bytes, name: String(name.dropLast(5))),
                entry["numberOfTests"] != .number(Double(suite.tests.count))
            {
                report.problems.append(
                    "\(name): \(suite.tests.count) tests, MANIFEST.json says \(entry["numberOfTests"].map { "\($0)" } ?? "nothing")"
                )
            }
        }
        for (name, _) in dir.files where entries[name] == nil {
            report.problems.append("\(name) is not in MANIFEST.json")
        }
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
        for test in suite.tests {
            for flag in test.flags where suite.notes[flag] == nil {
                report.problems.append("\(suite.name) tcId \(test.tcID): flag \(flag) is not in notes")
            }
            if wire, test.result == .invalid, test.expectedLayer == nil {
                report.problems.append("\(suite.name) tcId \(test.tcID): an invalid test without error.layer")
            }
        }
    }
}
