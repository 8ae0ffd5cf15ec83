// specs/decisions/bounds.json (specs/decisions/README.md §Bounds) and explore's bounds step
// (specs/explore.md §"Bounds from the registry"): an entry's boundary values are the bound, one
// before and one past; adding an entry changes what explore draws for its op, and only for it.

import CloserWire
import Foundation
import ProfileRegistry
import Testing

@testable import CloserHarness

@Suite("decision bounds")
struct DecisionBoundsTests {
    static func bounds(_ text: String) throws -> DecisionBounds { try DecisionBounds.parse(Array(text.utf8)) }

    @Test("the committed bounds.json parses, every entry names a registered pin and an op explore generates")
    func committedBounds() throws {
        let dir = PackageFiles.root.appendingPathComponent("specs/decisions").path
        let b = try DecisionBounds.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/bounds.json"))))
        let registry = try DecisionRegistry.load(directory: dir)
        let ops = Set(AppProfiles.exploreGenerators.map(\.op))
        #expect(b.entries.count >= 10)
        for e in b.entries { #expect(registry.decision(e.id) != nil, "\(e.id)") }
        // Entries of ops without a generator (document validators) serve the coverage check only.
        #expect(b.entries.filter { ops.contains($0.op) }.count >= 10)
    }

    @Test("a range's boundary values: the bound, one before, one past, each on its side")
    func rangeValues() throws {
        let b = try Self.bounds(
            #"{"D-PAIR-18": {"kind": "bound", "op": "invite.decrypt", "member": "code", "unit": "characters", "min": 6, "max": 6}}"#
        )
        let v = b.entries[0].boundaryValues.map { ($0.value.stringValue?.count ?? -1, $0.side) }
        #expect(v.map(\.0) == [5, 6, 7])
        #expect(v.map(\.1) == ["refuse", "accept", "refuse"])
        let n = try Self.bounds(
            #"{"D-QH-02": {"kind": "bound", "op": "quietHours.check", "member": "user.x", "unit": "integer", "min": 0, "max": 1439}}"#
        )
        #expect(n.entries[0].boundaryValues.map(\.value) == [-1, 0, 1, 1438, 1439, 1440].map { .number(Double($0)) })
    }

    @Test("a malformed entry is a named error")
    func malformed() {
        for text in [
            "[]", #"{"X-1": {}}"#,
            #"{"D-A-01": {"kind": "bound", "op": "o", "member": "m", "unit": "metres", "max": 1}}"#,
            #"{"D-A-01": {"kind": "bound", "op": "o", "member": "m", "unit": "integer"}}"#,
            #"{"D-A-01": {"kind": "bound", "op": "o", "member": "m", "unit": "integer", "max": 1.5}}"#,
            #"{"D-A-01": {"kind": "spellings", "op": "o", "member": "m", "accepted": [], "refused": ["x"]}}"#,
            #"{"D-A-01": {"kind": "weird", "op": "o", "member": "m"}}"#,
        ] {
            #expect(throws: DecisionBoundsError.self, "\(text)") { try Self.bounds(text) }
        }
    }

    /// The inputs explore draws for `op` over `n` cases.
    static func drawn(_ op: String, _ bounds: DecisionBounds, n: Int = 400) -> [ExploreCase] {
        let g = AppProfiles.all.exploreGenerators(bounds: bounds).first { $0.op == op }!
        let reference = ExploreReference()
        return (0..<n).map { g.generate(index: $0, random: ExploreRandom(seed: 7, index: $0), reference: reference) }
    }

    @Test("adding a bounds entry changes what explore draws for its op: the bound and both neighbours appear")
    func entryChangesDraws() throws {
        let entry = try Self.bounds(
            #"{"D-CF-59": {"kind": "bound", "op": "game.claimPush", "member": "key", "unit": "characters", "min": 1, "max": 64, "fill": "q"}}"#
        )
        let without = Self.drawn("game.claimPush", .empty)
        let with = Self.drawn("game.claimPush", entry)
        let keys = Set(
            with.compactMap { $0.input["key"]?.stringValue }.filter { $0.allSatisfy { $0 == "q" } }.map(\.count))
        #expect(keys.isSuperset(of: [0, 1, 2, 63, 64, 65]), "\(keys.sorted())")
        #expect(with.contains { $0.mutation == "bound D-CF-59 key: max+1" })
        #expect(!without.contains { $0.mutation.hasPrefix("bound ") })
        #expect(zip(with, without).contains { $0.input != $1.input })
        // Another op's cases are drawn exactly as without the entry.
        let other = Self.drawn("encoding.decode", entry, n: 50).map(\.input)
        #expect(other == Self.drawn("encoding.decode", .empty, n: 50).map(\.input))
    }

    @Test("a nested member is set only where the generated input has its parent object")
    func nestedMember() {
        let input: [String: JSONValue] = ["user": .object(["a": .number(1)])]
        #expect(ExploreGenerator.setting(input, at: ["user", "b"], to: .number(2))?["user"]?["b"] == .number(2))
        #expect(ExploreGenerator.setting(input, at: ["missing", "b"], to: .number(2)) == nil)
    }
}
