// The payback_import suite: CSV import remapping (manual §7.2–§7.3) — the existing mapping first,
// then name dedupe, then fresh UUIDs, one id per original across friends, group members and
// expenses, original ids matched as UUID values and written in lower-case text. Normative:
// specs/profiles/payback/import.md.

import CloserHarness
import CloserVectorModel
import CoreWire

enum PayBackImportSuite {
    static let name = "payback_import"

    static let valid = VectorFlag("Valid", .basic, .contract, "The remapping as import.md pins it.")
    static let uuidCase = VectorFlag(
        "UuidCase", .encoding, .contract,
        "A CSV id in upper case (Swift's uuidString) is the same original id; every id is sent in lower case.")
    static let samePerson = VectorFlag(
        "SamePerson", .missingStep, .contract,
        "One original id gets one new id everywhere: friends, group members, expenses (the mapping is checked first).")
    static let names = VectorFlag(
        "NameDedupe", .edgeCase, .contract, "Names match nameToExistingId exactly, code point by code point.")
    static let unknown = VectorFlag(
        "Unknown", .edgeCase, .contract, "An expense naming an id the import does not list.")

    static let refused = VectorFlag(
        "Refused", .wrongParameters, .contract, "Input the page refuses gets its named error.")
    static let order = VectorFlag(
        "CheckOrder", .edgeCase, .contract, "With two faults, the earlier read names the error.")

    static let o1 = "a1a1a1a1-0000-4000-8000-000000000001", o2 = "a2a2a2a2-0000-4000-8000-000000000002"
    static let o3 = "a3a3a3a3-0000-4000-8000-000000000003", g1 = "b1b1b1b1-0000-4000-8000-000000000001"
    static let e1 = "e1e1e1e1-0000-4000-8000-000000000001", e2 = "e2e2e2e2-0000-4000-8000-000000000002"
    static let n1 = "f1f1f1f1-0000-4000-8000-000000000001", n2 = "f2f2f2f2-0000-4000-8000-000000000002"
    static let h1 = "c1c1c1c1-0000-4000-8000-000000000001"

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "payback-csv-import-remapping",
            header: [
                "PayBack CSV import remapping (specs/profiles/payback/import.md): payback.remapImport replaces every",
                "original id (memberIdMapping, then nameToExistingId, then the next of newMemberIds; groups from",
                "newGroupIds) in friends, group members and expenses, compared as UUIDs, written in lower case.",
            ],
            groups: [VectorGroup("PayBackRemapImport", comment: "importData + applyRemappings()", cases: cases())])
    }

    static func person(_ id: String, _ name: String) -> JSONValue {
        .object(["id": .string(id), "name": .string(name)])
    }

    static func data(friends: [JSONValue], groups: [JSONValue] = [], expenses: [JSONValue] = []) -> JSONValue {
        .object(["friends": .array(friends), "groups": .array(groups), "expenses": .array(expenses)])
    }

    static func group(_ id: String, _ members: [JSONValue]) -> JSONValue {
        .object(["id": .string(id), "name": .string("Trip"), "members": .array(members)])
    }

    static func expense(_ group: String, _ payer: String, _ people: [String]) -> JSONValue {
        .object([
            "groupId": .string(group), "paidBy": .string(payer), "participants": .array(people.map(JSONValue.string)),
        ])
    }

    static func run(
        _ comment: String, _ flags: [VectorFlag], _ data: JSONValue,
        mapping: [String: String] = [:], names: [(String, String)] = [], fresh: [String] = [n1, n2]
    ) -> VectorCase {
        let obj = { (m: [String: String]) in JSONValue.object(m.mapValues(JSONValue.string)) }
        return PayBackCase.run(
            .payBackRemapImport, comment, flags,
            [
                ("import", data), ("memberIdMapping", obj(mapping)),
                ("nameToExistingId", .array(names.map { .object(["name": .string($0.0), "id": .string($0.1)]) })),
                ("newMemberIds", .array(fresh.map(JSONValue.string))), ("newGroupIds", .array([.string(h1)])),
            ])
    }
}
