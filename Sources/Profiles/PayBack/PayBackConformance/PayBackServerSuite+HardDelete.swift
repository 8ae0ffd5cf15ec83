// payback_server, appended group: the deletion protocol's hard-delete cascade (manual §7.1), each
// test citing the pins it exercises. Normative: specs/profiles/payback/deletion.md.

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackServerSuite {
    static let hardDeleteFlag = VectorFlag(
        "HardDeleteCascade", .missingStep, .contract,
        "The account, its own friend rows, then other users' rows linked by the three indexes (§7.1).")

    static func hardDelete(
        _ comment: String, _ flags: [VectorFlag], account: JSONValue, _ rows: [JSONValue], _ pins: [VectorPin]
    ) -> VectorCase {
        var c = PayBackCase.run(
            .payBackPlanHardDelete, comment, flags, [("account", account), ("friends", .array(rows))])
        c.pins += pins
        return c
    }

    static func friendRow(_ id: String, owner: String, _ links: [String: String] = [:]) -> JSONValue {
        var o: [String: JSONValue] = ["_id": .string(id), "account_email": .string(owner), "member_id": .string(m1)]
        for (k, v) in links { o[k] = .string(v) }
        return .object(o)
    }

    static func hardDeleteCases() -> [VectorCase] {
        let bob = JSONValue.object([
            "id": .string("auth|bob"), "email": .string("Bob@Example.com"), "member_id": .string(a1),
        ])
        let carol = "carol@example.com", dave = "dave@example.com"
        let accept = { (ids: String...) in ids.map { VectorPin($0, .accept) } }
        let refuse = { (ids: String...) in ids.map { VectorPin($0, .refuse) } }
        return [
            hardDelete(
                "the account, its rows, then rows linked by each index", [valid, hardDeleteFlag], account: bob,
                [
                    friendRow("r1", owner: carol, ["linked_member_id": a1.uppercased()]),
                    friendRow("r2", owner: " BOB@example.com"),
                    friendRow("r3", owner: dave, ["linked_account_id": "auth|bob"]),
                    friendRow("r4", owner: carol, ["linked_account_email": "bob@example.COM"]),
                    friendRow("r5", owner: dave),
                ], accept("D-PAYBACK-43", "D-PAYBACK-44", "D-PAYBACK-45")),
            hardDelete(
                "a row linked by two indexes names the first", [hardDeleteFlag], account: bob,
                [friendRow("r1", owner: carol, ["linked_member_id": a1, "linked_account_email": "bob@example.com"])],
                accept("D-PAYBACK-45")),
            hardDelete(
                "the user's own row linking back is deleted once, as owned", [hardDeleteFlag], account: bob,
                [friendRow("r1", owner: "bob@example.com", ["linked_account_id": "auth|bob"])], accept("D-PAYBACK-43")),
            hardDelete(
                "an empty linked_account_id links nothing; another user's alias id is not the account's",
                [hardDeleteFlag], account: bob,
                [
                    friendRow("r1", owner: carol, ["linked_account_id": ""]),
                    friendRow("r2", owner: carol, ["linked_member_id": a2]),
                ], refuse("D-PAYBACK-45")),
            hardDelete(
                "an account without a member_id: by_linked_member_id finds nothing", [hardDeleteFlag],
                account: .object(["id": .string("auth|bob"), "email": .string("bob@example.com")]),
                [friendRow("r1", owner: carol, ["linked_member_id": a1])], refuse("D-PAYBACK-45")),
            hardDelete(
                "the account's Convex _id is not its auth id", [refused],
                account: .object(["_id": .string("jd7f3k9q"), "email": .string("bob@example.com")]), [],
                refuse("D-PAYBACK-45")),
            hardDelete(
                "a row without an owner", [refused], account: bob,
                [.object(["_id": .string("r1"), "linked_account_id": .string("auth|bob")])], refuse("D-PAYBACK-45")),
            hardDelete(
                "a linked_member_id not a UUID", [refused], account: bob,
                [friendRow("r1", owner: carol, ["linked_member_id": "bob"])], []),
        ]
    }
}
