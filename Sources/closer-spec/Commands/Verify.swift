import ArgumentParser
import CloserHarness
import CloserWire
import Foundation

/// `closer-spec verify [DIR]`: digests, shape, and every test against this implementation
/// (specs/vectors.md §"Verify").
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a vector directory: manifest digests, file shape, every test against CloserSpec.",
        discussion: "The last line is 'N passed, N failed'; the exit status is 1 on any failure.")

    @Argument(help: "The vectors root (Closer's set; app profiles' sets in profiles/<name>/).")
    var directory: String = "vectors"
    @OptionGroup var selection: VectorSetSelection

    func run() throws {
        let report: VerifyReport
        do {
            report = VectorVerifier.verify(
                sets: try selection.sets(root: directory), server: HarnessServer(profiles: AppProfiles.all))
        } catch {
            throw usageError(error.reason)
        }
        for (name, passed, failed) in report.suites {
            printLine("\(name): \(passed) passed, \(failed) failed")
        }
        for p in report.problems { printLine("problem: \(p)") }
        for f in report.failures.prefix(50) { printLine("FAIL \(f)") }
        if report.failures.count > 50 { print("… and \(report.failures.count - 50) more failures") }
        print("\(report.passed) passed, \(report.failed) failed")
        if report.failed > 0 { throw ExitCode(1) }
    }
}
