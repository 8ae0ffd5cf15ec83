import ArgumentParser
import CloserHarness
import Foundation

/// `closer-spec decisions`: the registry's counts per basis, and every problem — a bad row, an id
/// cited in specs/ or the vectors but not registered, a row no page cites
/// (specs/decisions/README.md).
struct Decisions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count the decisions registry per basis and check every citation of a decision id.",
        discussion: "Exit status 1 when the registry or a citation has a problem.")

    @Option(help: "The spec pages (the registry is DIR/decisions).")
    var specs: String = "specs"
    @Option(help: "The vector files whose notes may cite ids.")
    var vectors: String = "vectors"
    @Flag(
        help: """
            Per pin, the tests that exercise it and on which side; exit 1 when a pin lacks a test (or a \
            side of a bound) and is not in DIR/decisions/uncovered.md (specs/decisions/README.md §Coverage).
            """)
    var coverage = false
    @Option(help: "With --coverage: how many tests to print per pin and side.")
    var perSide = 3

    func run() throws {
        if coverage { return try runCoverage() }
        let registry: DecisionRegistry
        let citations: DecisionCitations
        do {
            registry = try DecisionRegistry.load(directory: specs + "/decisions")
            citations = try DecisionCitations.scan(
                specs: specs, vectors: FileManager.default.fileExists(atPath: vectors) ? vectors : nil)
        } catch {
            throw ValidationError("cannot read the registry: \(error)")
        }
        let counts = registry.countsByBasis.map { "\($0.count) \($0.basis.rawValue)" }
        let withdrawn = registry.decisions.count - registry.pins.count
        print("decisions: \(registry.pins.count) pins (\(counts.joined(separator: ", "))); \(withdrawn) withdrawn rows")
        var areas: [String: [Int]] = [:]
        for d in registry.pins {
            let i = DecisionBasis.allCases.firstIndex(of: d.basis)!
            areas[d.file, default: [0, 0, 0, 0]][i] += 1
        }
        for (file, n) in areas.sorted(by: { $0.key < $1.key }) {
            print("  \(file): " + zip(DecisionBasis.allCases, n).map { "\($1) \($0.rawValue)" }.joined(separator: ", "))
        }
        let problems =
            registry.problems + citations.unknown(in: registry)
            + citations.uncited(in: registry).map { "\($0) is registered but no page cites it" }
        for p in problems { print("problem: \(p)") }
        if !problems.isEmpty { throw ExitCode(1) }
    }

    func runCoverage() throws {
        let report: CoverageReport
        do {
            report = try CoverageReport.check(specs: specs, vectors: [vectors])
        } catch {
            throw ValidationError("cannot read the coverage inputs: \(error)")
        }
        for line in report.lines(perSide: perSide) { printLine(line) }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}
