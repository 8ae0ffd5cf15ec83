// `closer-spec decisions --coverage` (specs/decisions/README.md §Coverage): the committed tree has no
// pin uncovered outside specs/decisions/uncovered.md, and the check fails when a pin loses its last
// test (in process and through the binary `make test-decisions-coverage` runs), when a bound loses
// a side, and when an exception goes stale.

import CloserVectorModel
import Foundation
import Testing

@testable import CloserHarness

@Suite("decisions coverage")
struct DecisionCoverageTests {
    static let specs = PackageFiles.root.appendingPathComponent("specs").path
    static let vectors = PackageFiles.root.appendingPathComponent("vectors").path

    static func inputs() throws -> (
        DecisionRegistry, CoverageVectorScan, [CoverageCitation], DecisionBounds, UncoveredExceptions
    ) {
        let dir = specs + "/decisions"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/coverage.json")))
        return (
            try DecisionRegistry.load(directory: dir),
            CoverageVectorScan.scan(directory: vectors).adding(try CoverageCitation.parseFlags(bytes)),
            try CoverageCitation.parse(bytes),
            try DecisionBounds.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/bounds.json")))),
            UncoveredExceptions.parse(try String(contentsOfFile: dir + "/uncovered.md", encoding: .utf8))
        )
    }

    /// The report over the committed inputs, with the tests `drop` rejects removed.
    static func report(dropping drop: (CoverageTest) -> Bool = { _ in false }) throws -> CoverageReport {
        let (registry, scan, citations, bounds, exceptions) = try inputs()
        let kept = scan.tests.filter { !drop($0) }
        let keys = Set(kept.map { "\($0.file)#\($0.tcID)" })
        let coverage = DecisionCoverage.build(
            scan: CoverageVectorScan(tests: kept, flagPins: scan.flagPins, problems: scan.problems),
            citations: citations.filter { keys.contains("\($0.file)#\($0.tcID)") },
            known: Set(registry.decisions.map(\.id)))
        return CoverageReport.evaluate(
            ids: registry.pins.map(\.id), coverage: coverage, twoSided: bounds.ids, exceptions: exceptions)
    }

    @Test("the committed vectors leave no pin uncovered outside uncovered.md, and bounds have both sides")
    func committedTreePasses() throws {
        let report = try CoverageReport.check(specs: Self.specs, vectors: [Self.vectors])
        #expect(report.failures.isEmpty, "\(report.failures.prefix(10))")
        let sides = Set((report.coverage.exercises["D-CF-59"] ?? []).map(\.side))
        #expect(sides == [.accept, .refuse])
        #expect(report.coverage.exercises["D-JSON-04"]?.contains { $0.via == "flag ByteOrderMark" } == true)
    }

    @Test("a pin that loses its last test fails the check; one that loses a side of its bound too")
    func losingTheLastTestFails() throws {
        #expect(try Self.report().failures.isEmpty)
        // D-JSON-04 (the BOM is refused) is exercised only by canonical_json's ByteOrderMark tests.
        let noBOM = try Self.report { $0.file == "canonical_json.json" && $0.flags.contains("ByteOrderMark") }
        #expect(noBOM.failures == ["uncovered: D-JSON-04: no test, not in uncovered.md"])
        // D-CF-59's refuse side: every refused claim of game_push_claim.json (the empty key, 65
        // characters, bad characters) gone, its accept side kept.
        let oneSide = try Self.report { $0.file == "game_push_claim.json" && $0.result == "invalid" }
        #expect(oneSide.failures.contains("uncovered: D-CF-59: no refuse-side test, not in uncovered.md"))
        #expect(!oneSide.failures.contains { $0.contains("D-CF-59: no test") })
    }

    @Test("an exception whose pin is covered, a bad row, a citation on the wrong side all fail")
    func staleAndWrongCitationsFail() throws {
        let (registry, scan, citations, bounds, exceptions) = try Self.inputs()
        let known = Set(registry.decisions.map(\.id))
        let stale = UncoveredExceptions.parse(
            "| id | reason |\n|---|---|\n"
                + exceptions.rows.map { "| \($0.id) | \($0.reason) |" }.joined(separator: "\n")
                + "\n| D-JSON-04 | todo: x |\n| nonsense | y |\n")
        let report = CoverageReport.evaluate(
            ids: registry.decisions.map(\.id), coverage: .build(scan: scan, citations: citations, known: known),
            twoSided: bounds.ids, exceptions: stale)
        #expect(report.failures.contains("uncovered.md lists D-JSON-04, which the vectors now cover: remove the row"))
        #expect(report.failures.contains { $0.hasPrefix("uncovered.md:") && $0.contains("a row is") })
        // An error test cannot be on the accept side; a missing test cannot be cited.
        let wrong = DecisionCoverage.build(
            scan: scan,
            citations: [
                CoverageCitation(file: "game_push_claim.json", tcID: 28, pins: [VectorPin("D-CF-59", .accept)]),
                CoverageCitation(file: "game_push_claim.json", tcID: 99_999, pins: [VectorPin("D-CF-59", .refuse)]),
                CoverageCitation(file: "game_push_claim.json", tcID: 6, pins: [VectorPin("D-NOPE-01", .accept)]),
            ], known: known)
        #expect(wrong.problems.count == 3, "\(wrong.problems)")
    }

    @Test("the binary exits 1 when a vector file loses a pin's last test, and 0 on the committed tree")
    func binaryFailsOnALostTest() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("closer-cov-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let fm = FileManager.default
        try fm.createDirectory(at: tmp.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.specs + "/decisions", toPath: tmp.appendingPathComponent("specs/decisions").path)
        try fm.copyItem(atPath: Self.vectors, toPath: tmp.appendingPathComponent("vectors").path)
        let args = [
            "decisions", "--coverage", "--specs", tmp.appendingPathComponent("specs").path, "--vectors",
            tmp.appendingPathComponent("vectors").path,
        ]
        let clean = try BuiltBinary.run(args)
        #expect(clean.status == 0, "\(clean.text.suffix(600))")
        #expect(clean.text.contains("D-CF-59 (two sides)"))
        // Remove every ByteOrderMark test from canonical_json.json: D-JSON-04 has no test left.
        let file = tmp.appendingPathComponent("vectors/canonical_json.json")
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        var groups = root["testGroups"] as! [[String: Any]]
        for i in groups.indices {
            let tests = groups[i]["tests"] as! [[String: Any]]
            groups[i]["tests"] = tests.filter { !(($0["flags"] as? [String]) ?? []).contains("ByteOrderMark") }
        }
        root["testGroups"] = groups
        try JSONSerialization.data(withJSONObject: root).write(to: file)
        let broken = try BuiltBinary.run(args)
        #expect(broken.status == 1)
        #expect(
            broken.text.contains("FAIL uncovered: D-JSON-04: no test, not in uncovered.md"),
            "\(broken.text.suffix(600))")
    }
}
