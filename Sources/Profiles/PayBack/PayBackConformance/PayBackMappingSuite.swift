// The payback_mapping suite: `account_friends` rows ↔ `AccountFriend`, `accounts` → `UserAccount`
// (`alias_member_ids` ↔ `equivalentMemberIds`), and linking a friend row with the account's auth id,
// never its Convex `_id`. Normative: specs/profiles/payback/mapping.md.

import CloserHarness
import CloserVectorModel
import CoreWire

enum PayBackMappingSuite {
    static let name = "payback_mapping"

    static let valid = VectorFlag("Valid", .basic, .contract, "The mapping as mapping.md pins it.")
    static let aliasFallback = VectorFlag(
        "AliasFallback", .missingStep, .contract,
        "linked_member_id is an alias when alias_member_ids does not list it; aliases are unique and never the row's own id."
    )
    static let authID = VectorFlag(
        "AuthId", .wrongBinding, .contract,
        "linked_account_id and UserAccount.id hold the auth id, never the Convex _id.")
    static let absent = VectorFlag(
        "Absent", .encoding, .contract,
        "Empty is absent; a row sent leaves absent keys out (Convex v.optional refuses null).")
    static let email = VectorFlag("Email", .encoding, .contract, "Emails normalized on decode and before a send.")
    static let badField = VectorFlag("InvalidField", .edgeCase, .contract, "A field of the wrong JSON type.")
    static let badID = VectorFlag("InvalidId", .edgeCase, .contract, "A member id that is not a UUID.")
    static let order = VectorFlag(
        "CheckOrder", .edgeCase, .contract, "With two faults, the field read first names the error.")

    static let x = "7d444840-9dc0-41b5-8c4d-2c5a2b0d1e6f"
    static let m = "c56a4180-65aa-42ec-a945-5fd21dec0538"
    static let y = "9b2f0c4e-1d3a-4c5b-8e7f-0a1b2c3d4e5f"
    static let z = "00000000-0000-4000-8000-000000000001"
    static let convexID = "jd7f3k9q2w8x1m4n6p0r5t7v9y2b4c6e"

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "payback-json-mapping",
            header: [
                "PayBack's JSON mapping (specs/profiles/payback/mapping.md): payback.decodeAccountFriend and",
                "payback.encodeAccountFriend (account_friends ↔ AccountFriend), payback.linkAccountFriend (the auth id,",
                "never _id), payback.decodeUserAccount (alias_member_ids → equivalentMemberIds).",
            ],
            groups: [
                VectorGroup("PayBackDecodeAccountFriend", comment: "a row as the app reads it", cases: decodeCases()),
                VectorGroup("PayBackEncodeAccountFriend", comment: "a row as the app sends it", cases: encodeCases()),
                VectorGroup("PayBackLinkAccountFriend", comment: "linking a friend row", cases: linkCases()),
                VectorGroup("PayBackDecodeUserAccount", comment: "UserAccount from accounts", cases: accountCases()),
            ])
    }

    static func obj(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) }))
    }

    static func list(_ ids: String...) -> JSONValue { .array(ids.map(JSONValue.string)) }

    static func decodeCases() -> [VectorCase] {
        let run = { (c: String, f: [VectorFlag], row: JSONValue) in
            PayBackCase.run(.payBackDecodeAccountFriend, c, f, [("row", row)])
        }
        return [
            run(
                "a linked row, Convex system fields ignored", [valid, email],
                obj([
                    "_id": .string(convexID), "_creationTime": .number(1_760_000_000_000), "member_id": .string(x),
                    "name": .string("Bob"), "has_linked_account": .bool(true),
                    "linked_account_id": .string("user_2bob"),
                    "linked_account_email": .string("Bob@Example.COM"), "linked_member_id": .string(m),
                    "alias_member_ids": list(y, m),
                ])),
            run(
                "an unlinked row: only member_id and name", [valid, absent],
                obj(["member_id": .string(x), "name": .string("Ann")])),
            run(
                "linked_member_id missing from a sparse alias_member_ids", [aliasFallback],
                obj([
                    "member_id": .string(x), "name": .string("Bob"), "linked_member_id": .string(m),
                    "alias_member_ids": list(y),
                ])),
            run(
                "aliases deduplicated by UUID value, the row's own id dropped", [aliasFallback],
                obj([
                    "member_id": .string(x), "name": .string("Bob"), "linked_member_id": .string(m.uppercased()),
                    "alias_member_ids": list(m, x.uppercased(), y, y),
                ])),
            run(
                "empty strings and nulls are absent", [absent],
                obj([
                    "member_id": .string(x.uppercased()), "name": .string(""), "linked_account_id": .string(""),
                    "linked_account_email": .string("  "), "linked_member_id": .null, "alias_member_ids": .null,
                ])),
            run("no member_id", [badField], obj(["name": .string("Bob")])),
            run(
                "a member_id that is not a UUID", [badID],
                obj(["member_id": .string(convexID), "name": .string("Bob")])),
            run(
                "has_linked_account as a string", [badField],
                obj([
                    "member_id": .string(x), "name": .string("Bob"), "has_linked_account": .string("true"),
                ])),
            run(
                "alias_member_ids as one string", [badField],
                obj([
                    "member_id": .string(x), "name": .string("Bob"), "alias_member_ids": .string(y),
                ])),
            run("a row that is not an object", [badField], list(x)),
        ]
    }
}
