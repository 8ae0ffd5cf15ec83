import ArgumentParser
import CloserHarness
import CloserWire
import Foundation

/// `closer-spec report RESULTS… --out DIR`: a static conformance page and badges from harness,
/// explore and interop results (specs/report.md). It describes; `harness` judges: exit 0.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a static conformance report (index.html and badges) from results files.",
        discussion: """
            RESULTS are files written by `harness --results` (v1 or v2), `explore --results` and \
            `interop --results`, in any mix. The page shows the diff against --baseline first, then \
            the matrix of ports × suites, every failure with its layer, decisions and a reproduce \
            command, explore findings, interop pairs and the basis of the green. It has no script and \
            no external resource. One summary line is printed; the exit status is 0 unless a file \
            cannot be read (2).
            """)

    @Argument(help: "Results files (harness, explore, interop).") var results: [String]
    @Option(help: "The directory to write index.html and badges/ into.") var out: String
    @Option(parsing: .upToNextOption, help: "The previous run's results files, for the diff.")
    var baseline: [String] = []
    @Option(help: "The decisions registry (each cited id's basis); skipped when absent.")
    var decisions: String = "specs/decisions"
    @Option(help: "The time shown on the page (default: now, UTC).") var generated: String?

    func validate() throws {
        guard !results.isEmpty else { throw ValidationError("give at least one results file") }
    }

    func run() throws {
        var inputs = ReportInputs()
        var baselines: ReportInputs? = nil
        do {
            for path in results { try ResultsParser.read(path: path, into: &inputs) }
            if !baseline.isEmpty {
                var b = ReportInputs()
                for path in baseline { try ResultsParser.read(path: path, into: &b) }
                baselines = b
            }
        } catch {
            printLine("error: \(error.reason) [\(error.code.rawValue)]")
            throw ExitCode(2)
        }
        let registry =
            FileManager.default.fileExists(atPath: decisions)
            ? try? DecisionRegistry.load(directory: decisions) : nil
        let context = ReportContext(
            inputs: inputs, baselines: baselines, registry: registry, generated: generated ?? Self.now())
        let written = try ReportWriter.write(context, to: out)
        let runs = inputs.harness
        var line = "report: \(runs.count) port runs, \(runs.reduce(0) { $0 + $1.tests.count }) test results, "
        line += "\(runs.reduce(0) { $0 + $1.failed }) failing"
        if let b = baselines {
            let diffs = ReportDiff.diff(runs, baselines: b.harness)
            line += ", \(diffs.reduce(0) { $0 + $1.newlyFailing.count }) newly failing"
            line += ", \(diffs.reduce(0) { $0 + $1.newlyPassing.count }) newly passing"
        }
        line += ", \(inputs.explore.reduce(0) { $0 + $1.findings.count }) explore findings"
        line += ", \(inputs.interop.reduce(0) { $0 + $1.pairs.count }) interop pairs"
        line += "; \(written.badges.count) badges; \(out)/index.html (\(written.pageBytes) bytes)"
        printLine(line)
    }

    static func now() -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: Date())
    }
}
