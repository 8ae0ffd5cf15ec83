import ArgumentParser
import CloserHarness
import CloserWire
import Foundation
import ProfileRegistry

/// `closer-spec verify [DIR]`: digests, shape, and every test against this implementation
/// (specs/vectors.md §"Verify").
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a vector directory: manifest digests, file shape, every test against CloserSpec.",
        discussion: """
            The last line is 'N passed, N failed'; the exit status is 1 on any failure (a pin that does
            not hold, a run that executes no test without --allow-empty), 2 when the directory or a
            file cannot be read (specs/vectors.md §Verify).
            """)

    @Argument(help: "The vectors root (Closer's set; app profiles' sets in profiles/<name>/).")
    var directory: String = "vectors"
    @OptionGroup var selection: VectorSetSelection
    @OptionGroup var pinning: VectorPinOptions

    func run() throws {
        let pins = try pinning.pins()
        let sets: [VectorDirectory]
        switch Result(catching: { () throws(CloserError) in try selection.sets(root: directory) }) {
        case .success(let read): sets = read
        case .failure(let error):
            // An unreadable directory or file: a named error, exit status 2 (specs/vectors.md §"Verify").
            printLine("error: \(error.reason) [\(error.code.rawValue)]")
            throw ExitCode(2)
        }
        let report = VectorVerifier.verify(sets: sets, server: HarnessServer(profiles: AppProfiles.all), pins: pins)
        for (name, passed, failed) in report.suites {
            printLine("\(name): \(passed) passed, \(failed) failed")
        }
        for p in report.problems { printLine("problem: \(p)") }
        for f in report.failures.prefix(50) { printLine("FAIL \(f)") }
        if report.failures.count > 50 { print("… and \(report.failures.count - 50) more failures") }
        print("\(report.passed) passed, \(report.failed) failed")
        if report.failed > 0 { throw ExitCode(1) }
        if report.passed == 0 && !pinning.allowEmpty {
            print("error: no test was executed; --allow-empty accepts that")
            throw ExitCode(1)
        }
    }
}
