// payback_server, appended groups: groups:create's upsert ownership (manual §9.1) and every group
// deletion's cascade (§9.2), each test citing the pins it exercises.
// Normative: specs/profiles/payback/groups.md.

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackServerSuite {
    static let g1 = "a1a1a1a1-0000-4000-8000-0000000000a1", g2 = "b2b2b2b2-0000-4000-8000-0000000000b2"
    static let ownership = VectorFlag(
        "GroupOwnership", .missingStep, .contract,
        "A stored group of the client id is patched only for its owner, the auth caller (§9.1).")
    static let cascade = VectorFlag(
        "GroupDeleteCascade", .missingStep, .contract,
        "Each expense reconciled, then the expenses deleted, then the group (§9.2).")

    static func upsert(
        _ comment: String, _ flags: [VectorFlag], caller: String?, group: JSONValue, owner: JSONValue?
    ) -> VectorCase {
        let who: JSONValue = caller.map { .object(["email": .string($0)]) } ?? .null
        let stored: JSONValue = owner.map { .object(["id": .string(g1), "owner_email": $0]) } ?? .null
        return PayBackCase.run(
            .payBackAuthorizeGroupUpsert, comment, flags, [("caller", who), ("group", group), ("existing", stored)])
    }

    static func upsertCases() -> [VectorCase] {
        let group = { (id: String) in JSONValue.object(["id": .string(id), "name": .string("Trip")]) }
        let mine = JSONValue.string(" ALICE@example.com"), theirs = JSONValue.string("mallory@example.com")
        let accept = { (ids: String...) in ids.map { VectorPin($0, .accept) } }
        let refuse = { (ids: String...) in ids.map { VectorPin($0, .refuse) } }
        func pinned(_ c: VectorCase, _ pins: [VectorPin]) -> VectorCase { var c = c; c.pins += pins; return c }
        return [
            pinned(
                upsert("a new client id inserts", [valid, ownership], caller: alice, group: group(g1), owner: nil),
                accept("D-PAYBACK-37")),
            pinned(
                upsert(
                    "no client id inserts", [valid], caller: alice, group: .object(["name": .string("Trip")]),
                    owner: nil), accept("D-PAYBACK-37")),
            pinned(
                upsert(
                    "the owner patches, id in upper case, e-mail in another case", [valid, ownership],
                    caller: alice, group: group(g1.uppercased()), owner: mine),
                accept("D-PAYBACK-37", "D-PAYBACK-39", "D-PAYBACK-40")),
            pinned(
                upsert(
                    "another user's group by client id", [refused, ownership], caller: alice, group: group(g1),
                    owner: theirs), refuse("D-PAYBACK-37")),
            pinned(
                upsert(
                    "a stored group without an owner", [refused, ownership], caller: alice, group: group(g1),
                    owner: .null), refuse("D-PAYBACK-39")),
            pinned(
                upsert("no session", [refused, authFlag], caller: nil, group: group(g1), owner: mine),
                refuse("D-PAYBACK-38")),
            pinned(
                upsert("a client id not a UUID", [refused], caller: alice, group: group("trip-1"), owner: nil),
                refuse("D-PAYBACK-40")),
            pinned(
                upsert(
                    "a client id not a string", [refused], caller: alice, group: .object(["id": .number(7)]),
                    owner: nil), refuse("D-PAYBACK-40")),
            pinned(
                upsert("no session before a bad id", [order], caller: nil, group: group("trip-1"), owner: theirs),
                refuse("D-PAYBACK-38")),
            pinned(
                upsert("a bad id before the owner", [order], caller: alice, group: group("trip-1"), owner: theirs),
                refuse("D-PAYBACK-40")),
        ]
    }

    static func deletePlan(
        _ comment: String, _ flags: [VectorFlag], _ groups: [JSONValue], _ expenses: [(String, String)],
        _ pins: [VectorPin]
    ) -> VectorCase {
        let docs = expenses.map { JSONValue.object(["id": .string($0.0), "group_id": .string($0.1)]) }
        var c = PayBackCase.run(
            .payBackPlanGroupDelete, comment, flags, [("groupIds", .array(groups)), ("expenses", .array(docs))])
        c.pins += pins
        return c
    }

    static func deleteCases() -> [VectorCase] {
        let s = JSONValue.string
        let accept = { (ids: String...) in ids.map { VectorPin($0, .accept) } }
        let refuse = { (ids: String...) in ids.map { VectorPin($0, .refuse) } }
        return [
            deletePlan(
                "one group, two expenses: reconcile both, delete both, then the group", [valid, cascade],
                [s(g1)], [("e1", g1), ("e2", g1)], accept("D-PAYBACK-41")),
            deletePlan("a group without expenses", [valid, cascade], [s(g1)], [("e1", g2)], accept("D-PAYBACK-41")),
            deletePlan(
                "deleteGroups: group after group, expenses of others left alone", [valid, cascade],
                [s(g2), s(g1.uppercased())], [("e1", g1), ("e2", g2), ("e3", g1)],
                accept("D-PAYBACK-41", "D-PAYBACK-42")),
            deletePlan(
                "a repeated group id is planned once", [cascade], [s(g1), s(g1.uppercased())], [("e1", g1)],
                accept("D-PAYBACK-42")),
            deletePlan(
                "an expense's group_id in upper case", [cascade], [s(g1)], [("e1", g1.uppercased())],
                accept("D-PAYBACK-40", "D-PAYBACK-41")),
            deletePlan("no group", [valid], [], [("e1", g1)], accept("D-PAYBACK-42")),
            deletePlan("a group id not a UUID", [refused], [s("trip-1")], [], refuse("D-PAYBACK-40")),
            deletePlan("a group id not a string", [refused], [.number(1)], [], refuse("D-PAYBACK-40")),
            deletePlan("an expense without an id", [refused], [s(g1)], [("", g1)], []),
            deletePlan(
                "an expense group_id not a UUID", [refused], [s(g1)], [("e1", "trip-1")], refuse("D-PAYBACK-40")),
        ]
    }
}
