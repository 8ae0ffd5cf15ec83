// The decisions registry (specs/decisions/README.md): every row valid, every id cited in
// specs/ or the vectors registered, every row cited by a page — and the checks fail on a
// bogus id, a bad basis, a duplicate and a second table.

import Foundation
import Testing

@testable import CloserHarness

@Suite("decisions registry")
struct DecisionsRegistryTests {
    static let specs = PackageFiles.root.appendingPathComponent("specs").path
    static let vectors = PackageFiles.root.appendingPathComponent("vectors").path

    @Test("every row has a valid id and basis, no id twice, and every basis is used")
    func registryValid() throws {
        let registry = try DecisionRegistry.load(directory: Self.specs + "/decisions")
        #expect(registry.problems.isEmpty, "\(registry.problems)")
        #expect(registry.decisions.count >= 100)
        for (basis, count) in registry.countsByBasis { #expect(count > 0, "no \(basis) row") }
        // The examples of decided pins are registered as decided.
        for id in ["D-PAIR-16", "D-PAIR-21", "D-PAIR-08", "D-CONTRACTS-01", "D-WIRE-12"] {
            #expect(registry.decision(id)?.basis == .decided, "\(id)")
        }
    }

    @Test("every id cited in specs/ and the vectors is registered, and every row is cited by a page")
    func citations() throws {
        let registry = try DecisionRegistry.load(directory: Self.specs + "/decisions")
        let citations = try DecisionCitations.scan(specs: Self.specs, vectors: Self.vectors)
        #expect(citations.unknown(in: registry).isEmpty, "\(citations.unknown(in: registry))")
        #expect(citations.uncited(in: registry).isEmpty, "\(citations.uncited(in: registry))")
        #expect(citations.sites["D-DATE-03"]?.contains("vectors/date_keys.json") == true)
    }

    @Test("README's promise states the registry's counts (the promise matches the registry)")
    func readmeCounts() throws {
        let registry = try DecisionRegistry.load(directory: Self.specs + "/decisions")
        let counts = Dictionary(uniqueKeysWithValues: registry.countsByBasis.map { ($0.basis, $0.count) })
        let line =
            "\(registry.pins.count) pins — \(counts[.verified] ?? 0) verified, \(counts[.stated] ?? 0) stated, "
            + "\(counts[.inferred] ?? 0) inferred, \(counts[.decided] ?? 0) decided"
        let readme = try String(
            contentsOf: PackageFiles.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(line), "README.md should say: \(line)")
    }

    @Test("a bogus cited id is reported (the check can fail)")
    func bogusCitation() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("closer-dec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("decisions"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        | id | pin | basis | source | to confirm |
        |---|---|---|---|---|
        | D-X-01 | a pin | stated | manual §X | — |
        """.write(to: dir.appendingPathComponent("decisions/x.md"), atomically: true, encoding: .utf8)
        try "The pin (D-X-01) and a bogus one (D-X-99); not ids: D-X-1, XD-X-02, D-x-03.".write(
            to: dir.appendingPathComponent("page.md"), atomically: true, encoding: .utf8)
        let registry = try DecisionRegistry.load(directory: dir.appendingPathComponent("decisions").path)
        let citations = try DecisionCitations.scan(specs: dir.path, vectors: nil)
        #expect(citations.unknown(in: registry) == ["D-X-99 is cited in specs/page.md but not registered"])
        #expect(citations.uncited(in: registry).isEmpty)
        #expect(Set(citations.sites.keys) == ["D-X-01", "D-X-99"])
    }

    @Test("bad rows are problems: basis, id, cell count, duplicate, area, two tables")
    func badRows() {
        let head = "| id | pin | basis | source | to confirm |\n|---|---|---|---|---|\n"
        func problems(_ rows: String) -> [String] {
            let p = DecisionRegistry.parse(file: "t.md", text: head + rows)
            return DecisionRegistry(decisions: p.decisions, problems: p.problems).problems
        }
        #expect(problems("| D-T-01 | p | guessed | s | c |").first?.contains("basis 'guessed'") == true)
        #expect(problems("| D-t-01 | p | stated | s | c |").first?.contains("not an id") == true)
        #expect(problems("| D-T-01 | p | stated | s |").first?.contains("4 cells") == true)
        #expect(
            problems("| D-T-01 | p | decided | s | c |\n| D-T-01 | q | decided | s | c |").first?.contains(
                "more than once") == true)
        #expect(
            problems("| D-T-01 | p | decided | s | c |\n| D-U-02 | q | decided | s | c |").first?.contains("area")
                == true
        )
        #expect(problems("| D-T-01 | p | decided |  | c |").first?.contains("empty source") == true)
        #expect(problems("| D-T-01 | `a\\|b` | stated | s “q” | c |").isEmpty)
        #expect(
            problems("| D-T-01 | p | stated | s \"not a quote\" | c |").first?.contains("quotes no sentence") == true)
        #expect(problems("| D-T-01 | withdrawn: split | stated | s | c |").isEmpty)
        #expect(Decision.quotes(in: "a “one” b “two” c “open") == ["one", "two"])
        let two = DecisionRegistry.parse(file: "t.md", text: head + "| D-T-01 | p | decided | s | c |\n\n" + head)
        #expect(two.problems.first?.contains("2 tables") == true)
    }
}
