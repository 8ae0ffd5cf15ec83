// `closer-spec decisions --coverage`: per pin the tests that exercise it and on which side, the pins
// lacking a test or a side, and whether each is a reasoned exception. Normative:
// specs/decisions/README.md §"Coverage".

import CloserVectorModel
import Foundation

/// The coverage check over a spec tree and a vector directory.
package struct CoverageReport: Sendable {
    package let coverage: DecisionCoverage
    package let gaps: [CoverageGap]
    package let exceptions: UncoveredExceptions
    package let twoSided: Set<String>
    package let ids: [String]
    /// Everything that makes the check fail.
    package let failures: [String]

    /// Reads `specs/decisions/` (registry, bounds.json, coverage.json, uncovered.md) and every
    /// vector file under each of `vectors`.
    package static func check(specs: String, vectors: [String]) throws -> CoverageReport {
        let dir = specs + "/decisions"
        let registry = try DecisionRegistry.load(directory: dir)
        let bounds = try DecisionBounds.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/bounds.json"))))
        let coverageBytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/coverage.json")))
        let citations = try CoverageCitation.parse(coverageBytes)
        let flagCitations = try CoverageCitation.parseFlags(coverageBytes)
        let exceptions = UncoveredExceptions.parse(try String(contentsOfFile: dir + "/uncovered.md", encoding: .utf8))
        let scans = vectors.map { CoverageVectorScan.scan(directory: $0) }
        let scan = CoverageVectorScan(
            tests: scans.flatMap(\.tests), flagPins: scans.reduce(into: [:]) { $0.merge($1.flagPins) { a, _ in a } },
            problems: scans.flatMap(\.problems)
        ).adding(flagCitations)
        let ids = registry.pins.map(\.id)
        return evaluate(
            ids: ids, coverage: .build(scan: scan, citations: citations, known: Set(registry.decisions.map(\.id))),
            twoSided: bounds.ids, exceptions: exceptions, registryProblems: registry.problems)
    }

    /// The verdict: a gap outside the exceptions, an exception that names no gap (stale) or no
    /// registered pin, and every problem of the inputs fail.
    package static func evaluate(
        ids: [String], coverage: DecisionCoverage, twoSided: Set<String>, exceptions: UncoveredExceptions,
        registryProblems: [String] = []
    ) -> CoverageReport {
        let gaps = coverage.gaps(ids: ids, twoSided: twoSided)
        let gapIDs = Set(gaps.map(\.id))
        var failures = registryProblems + coverage.problems + exceptions.problems
        failures += gaps.filter { !exceptions.ids.contains($0.id) }.map {
            "uncovered: \($0.label), not in uncovered.md"
        }
        failures += exceptions.rows.filter { !gapIDs.contains($0.id) }.map {
            ids.contains($0.id)
                ? "uncovered.md lists \($0.id), which the vectors now cover: remove the row"
                : "uncovered.md lists \($0.id), which is not a registered pin"
        }
        return CoverageReport(
            coverage: coverage, gaps: gaps, exceptions: exceptions, twoSided: twoSided, ids: ids, failures: failures)
    }

    /// The printed report: one block per pin, then the gaps, then the failures.
    package func lines(perSide: Int = 3) -> [String] {
        var out: [String] = []
        for id in ids {
            let ex = coverage.exercises[id] ?? []
            out.append("\(id)\(twoSided.contains(id) ? " (two sides)" : ""): \(ex.count) tests")
            for side in PinSide.allCases {
                let on = ex.filter { $0.side == side }
                guard !on.isEmpty else { continue }
                let shown = on.prefix(perSide).map { "\($0.file)#\($0.tcID) (\($0.via))" }
                let more = on.count > perSide ? " … +\(on.count - perSide)" : ""
                out.append("  \(side.rawValue): " + shown.joined(separator: ", ") + more)
            }
        }
        let reasons = Dictionary(exceptions.rows.map { ($0.id, $0.reason) }, uniquingKeysWith: { a, _ in a })
        for g in gaps { out.append("listed: \(g.label)" + (reasons[g.id].map { " — excepted: \($0)" } ?? "")) }
        let covered = ids.count - gaps.filter { $0.missing.count == 2 || !$0.twoSided }.count
        let todo = exceptions.rows.filter(\.isTodo).count
        out.append(
            "coverage: \(ids.count) pins, \(covered) with a test, \(gaps.count) listed "
                + "(\(exceptions.rows.count) in uncovered.md, \(todo) of them todo), \(failures.count) failures")
        out += failures.map { "FAIL \($0)" }
        return out
    }
}
