import ArgumentParser
import CloserHarness
import CloserWire
import CloserWireArgon2
import Foundation

/// `closer-spec capture check FILE`: what a capture from a real build shows about each decision
/// (specs/capture.md).
struct Capture: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check values captured from a real build against the spec.", subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report, per decision id, confirmed / contradicted / not covered.",
            discussion: """
                FILE is a closer-capture/1 JSON file (specs/capture.md). Exit status 1 when a \
                decision is contradicted, 2 when FILE is not a capture. Details never contain a \
                key, phrase, code or plaintext.
                """)

        @Argument(help: "The capture file.")
        var file: String
        @Option(
            help: "The spec pages (the registry is DIR/decisions); ids not in the capture are listed as not covered.")
        var specs: String = "specs"
        @OptionGroup var argon2: Argon2Options

        func run() throws {
            let report: CaptureReport
            do {
                let bytes = try BoundedInput.readFile(file, limit: CaptureCheck.maximumFileBytes, what: "capture")
                report = try CaptureCheck.check(bytes, backend: argon2.backend.backend)
            } catch {
                // Not a capture: exit 2, distinct from a contradiction's 1 (specs/capture.md §Report).
                printError("error: \(error)")
                throw ExitCode(2)
            }
            let registry: DecisionRegistry
            do {
                registry = try DecisionRegistry.load(directory: specs + "/decisions")
            } catch {
                // Without the registry no decision can be reported (specs/capture.md §Report).
                printError("error: cannot read the decisions registry in \(specs)/decisions: \(error)")
                throw ExitCode(2)
            }
            for line in Self.lines(report, registry: registry) { printLine(line) }
            if report.hasContradiction { throw ExitCode(1) }
        }

        static func lines(_ report: CaptureReport, registry: DecisionRegistry?) -> [String] {
            var out: [String] = []
            for id in report.coveredDecisions {
                let status = report.status(of: id)!
                let mine = report.findings.filter { $0.decision == id && $0.status == status }
                let basis = registry?.decision(id).map { " [\($0.basis.rawValue)]" } ?? " [not in the registry]"
                out.append(
                    "\(id)\(basis) \(status.rawValue): "
                        + mine.map { "\($0.section): \($0.detail)" }.joined(separator: "; "))
            }
            let covered = Set(report.coveredDecisions)
            let uncovered = (registry?.decisions.map(\.id) ?? []).filter { !covered.contains($0) }
            if !uncovered.isEmpty { out.append("not covered: " + uncovered.joined(separator: ", ")) }
            for n in report.notes { out.append("note: \(n)") }
            let contradicted = covered.filter { report.status(of: $0) == .contradicted }.count
            out.append(
                "\(covered.count - contradicted) confirmed, \(contradicted) contradicted, \(uncovered.count) not covered"
            )
            return out
        }
    }
}
