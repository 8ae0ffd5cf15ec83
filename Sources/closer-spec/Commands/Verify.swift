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
    @Option(help: "Only this app profile's vector set (repeatable; default every set).") var profile: [AppProfile] = []

    func run() throws {
        var report = VerifyReport()
        let server = HarnessServer(profiles: AppProfiles.all)
        do {
            for set in try VectorDirectory.sets(
                root: directory, profiles: profile.isEmpty ? nil : Set(profile.map(\.name)))
            {
                let one = VectorVerifier.verify(set, server: server)
                report.suites += one.suites
                report.problems += one.problems.map { set.profile == "closer" ? $0 : "\(set.path): \($0)" }
                report.failures += one.failures
                report.passed += one.passed
                report.failed += one.failed
            }
        } catch {
            throw ValidationError(error.reason)
        }
        for (name, passed, failed) in report.suites {
            print("\(name): \(passed) passed, \(failed) failed")
        }
        for p in report.problems { print("problem: \(p)") }
        for f in report.failures.prefix(50) { print("FAIL \(f)") }
        if report.failures.count > 50 { print("… and \(report.failures.count - 50) more failures") }
        print("\(report.passed) passed, \(report.failed) failed")
        if report.failed > 0 { throw ExitCode(1) }
    }
}
