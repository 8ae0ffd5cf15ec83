// PayBack's CSV import remapping: mapping first, then the exact name, then a fresh id; one id per
// original across friends and groups, whatever case the CSV writes it in. Normative:
// specs/profiles/payback/import.md.

import CloserHarness
import CoreWire
import PayBack
import PayBackConformance
import Testing

@Suite("PayBack import remapping")
struct PayBackImportRemapTests {
    static func id(_ n: Int) throws -> PayBackMemberID {
        try PayBackMemberID("0000000\(n)-0000-4000-8000-00000000000\(n)")
    }

    @Test("an upper-case original matches its mapping; a new person gets one fresh id everywhere")
    func remap() throws {
        var remap = PayBackImportRemap(
            memberIDMapping: [try Self.id(1): try Self.id(5)],
            nameToExistingID: [("Bob", try Self.id(6)), ("Bob", try Self.id(9))],
            newMemberIDs: [try Self.id(7)], newGroupIDs: [try Self.id(8)])
        #expect(try remap.member(PayBackMemberID(try Self.id(1).canonical.uppercased()), name: "Ann") == Self.id(5))
        #expect(try remap.member(try Self.id(2), name: "Bob") == Self.id(6))
        #expect(try remap.member(try Self.id(3), name: "bob") == Self.id(7))
        #expect(try remap.member(try Self.id(3), name: "Carol") == Self.id(7))
        #expect(throws: CloserError.self) { try remap.member(try Self.id(4), name: "Dan") }
        #expect(throws: CloserError.self) { try remap.mapped(group: try Self.id(9)) }
    }

    @Test("two canonically equivalent names keep their own ids (code points, D-PAYBACK-18)")
    func equivalentNames() throws {
        var remap = PayBackImportRemap(
            memberIDMapping: [:], nameToExistingID: [("Zo\u{E9}", try Self.id(5)), ("Zoe\u{301}", try Self.id(6))],
            newMemberIDs: [], newGroupIDs: [])
        #expect(try remap.member(try Self.id(1), name: "Zoe\u{301}") == Self.id(6))
        #expect(try remap.member(try Self.id(2), name: "Zo\u{E9}") == Self.id(5))
    }

    @Test("a bad id in nameToExistingId is refused without the person's name in the message (manual §6)")
    func noNameInErrors() throws {
        let op = PayBackConformance.profile.ops.first { $0.name == "payback.remapImport" }!
        let request = HarnessRequest(
            id: .number(0), op: op.name,
            fields: [
                "import": .object([:]), "memberIdMapping": .object([:]),
                "nameToExistingId": .array([.object(["name": .string("Alice Smith"), "id": .number(5)])]),
                "newMemberIds": .array([]),
                "newGroupIds": .array([]),
            ])
        let error = #expect(throws: CloserError.self) { try op.handler(request) }
        #expect(error?.code.rawValue == "harness.malformed_request")
        #expect(error.map { !"\($0)".contains("Alice") } == true)
    }
}
