// The payback_identity suite: isMe over the account's three kinds of id, areSamePerson through
// the alias map, member ids compared by UUID value, and email normalization. Normative:
// specs/profiles/payback/identity.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

enum PayBackIdentitySuite {
    static let name = "payback_identity"

    static let valid = VectorFlag("Valid", .basic, .contract, "The rule as the manual states it.")
    static let equivalence = VectorFlag(
        "Equivalence", .missingStep, .contract,
        "The answer needs an alias: linkedMemberId, equivalentMemberIds or a friend's aliasMemberIds, never one raw id."
    )
    static let uuidCase = VectorFlag(
        "UuidCase", .encoding, .contract, "One UUID written in upper and lower case is one member (compare by value).")
    static let email = VectorFlag(
        "Email", .encoding, .contract, "Emails: trimmed, empty is absent, ASCII lower-cased only.")
    static let badID = VectorFlag("InvalidMemberId", .edgeCase, .contract, "A member id that is not a UUID.")

    static let me = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
    static let linked = "6ba7b810-9dad-41d1-80b4-00c04fd430c8"
    static let alias = "9b2f0c4e-1d3a-4c5b-8e7f-0a1b2c3d4e5f"
    static let friendB = "c56a4180-65aa-42ec-a945-5fd21dec0538"
    static let friendA = "7d444840-9dc0-41b5-8c4d-2c5a2b0d1e6f"
    static let stranger = "00000000-0000-4000-8000-000000000001"
    static let friendC = "16fd2706-8baf-433b-82eb-8c7fada847da"

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "payback-identity-equivalence",
            header: [
                "PayBack identity equivalence (specs/profiles/payback/identity.md): payback.isMe, payback.areSamePerson",
                "through the friends' alias map (a friend listing an id in aliasMemberIds is that id's canonical member),",
                "member ids compared as UUIDs (case-insensitive text, lower-case canonical), payback.normalizeEmail.",
            ],
            groups: [
                VectorGroup("PayBackIsMe", comment: "AppStore.isMe(memberId)", cases: try isMeCases()),
                VectorGroup("PayBackAreSamePerson", comment: "store.areSamePerson(a, b)", cases: try sameCases()),
                VectorGroup("PayBackEmail", comment: "email normalization before a send", cases: emailCases()),
                VectorGroup(
                    "PayBackSharedAlias",
                    comment: "two friends listing one alias: the first in list order is canonical",
                    cases: try sharedAliasCases()),
            ])
    }

    static let account: JSONValue = .object([
        "id": .string(me), "linkedMemberId": .string(linked), "equivalentMemberIds": .array([.string(alias)]),
    ])

    static func isMeCases() throws(CloserError) -> [VectorCase] {
        let op = HarnessOpSpec.payBackIsMe.name
        func run(_ comment: String, _ flags: [VectorFlag], _ member: String, account: JSONValue = account)
            throws(CloserError) -> VectorCase
        {
            let input: [(String, JSONValue)] = [("account", account), ("memberId", .string(member))]
            do {
                let out = try PayBackOps.all.first { $0.name == op }!.handler(
                    HarnessRequest(id: .number(0), op: op, fields: Dictionary(uniqueKeysWithValues: input)))
                return .valid(comment, flags: flags, op: op, input: input, output: [("isMe", out["isMe"]!)])
            } catch {
                return .invalid(comment, flags: flags, op: op, input: input, error: error.code, layer: .contract)
            }
        }
        return [
            try run("the account's own id", [valid], me),
            try run("the linked member id", [equivalence], linked),
            try run("an equivalent (alias) id", [equivalence], alias),
            try run("another member", [valid], stranger),
            try run("the alias id in upper case", [equivalence, uuidCase], alias.uppercased()),
            try run(
                "no linked member id", [valid], linked,
                account: .object(["id": .string(me), "linkedMemberId": .null, "equivalentMemberIds": .array([])])),
            try run("a member id without hyphens", [badID], String(me.filter { $0 != "-" })),
            try run("a member id of 35 characters", [badID], String(me.dropLast())),
            try run("a member id with a non-hex digit", [badID], "g" + me.dropFirst()),
        ]
    }

    static func sameCases() throws(CloserError) -> [VectorCase] {
        let friends: JSONValue = .array([
            .object(["memberId": .string(friendB), "aliasMemberIds": .array([.string(friendA)])]),
            .object(["memberId": .string(stranger), "aliasMemberIds": .array([])]),
        ])
        func run(_ comment: String, _ flags: [VectorFlag], _ a: String, _ b: String) throws(CloserError) -> VectorCase {
            try samePerson(comment, flags, friends: friends, a, b)
        }
        return [
            try run("one id", [valid], friendB, friendB),
            try run("the alias and its canonical friend", [equivalence], friendA, friendB),
            try run("the canonical friend and its alias", [equivalence], friendB, friendA),
            try run("two different people", [valid], friendB, stranger),
            try run("an alias and an unrelated friend", [equivalence], friendA, stranger),
            try run("one UUID in two cases", [uuidCase], friendA.uppercased(), friendA),
            try run(
                "the alias upper-cased and its canonical friend", [equivalence, uuidCase], friendA.uppercased(), friendB
            ),
            try run("a member id that is not a UUID", [badID], "friend-a", friendB),
        ]
    }

    /// Appended in 1.3.0: of two friends listing one alias, the first in list order is its canonical
    /// member (D-PAYBACK-22); the second is another person.
    static func sharedAliasCases() throws(CloserError) -> [VectorCase] {
        let friends: JSONValue = .array([
            .object(["memberId": .string(friendB), "aliasMemberIds": .array([.string(friendA)])]),
            .object(["memberId": .string(friendC), "aliasMemberIds": .array([.string(friendA.uppercased())])]),
        ])
        return [
            try samePerson(
                "the alias and the first friend listing it", [equivalence], friends: friends, friendA, friendB
            ).citing(VectorPin("D-PAYBACK-22", .accept)),
            try samePerson(
                "the alias and the second friend listing it (upper case) are two people", [equivalence],
                friends: friends, friendA, friendC
            ).citing(VectorPin("D-PAYBACK-22", .refuse)),
            try samePerson(
                "the two friends listing one alias are two people", [equivalence], friends: friends, friendB, friendC
            ).citing(VectorPin("D-PAYBACK-22", .refuse)),
        ]
    }

    /// One payback.areSamePerson case, its answer CloserSpec's.
    static func samePerson(_ comment: String, _ flags: [VectorFlag], friends: JSONValue, _ a: String, _ b: String)
        throws(CloserError) -> VectorCase
    {
        let op = HarnessOpSpec.payBackAreSamePerson.name
        let input: [(String, JSONValue)] = [("friends", friends), ("a", .string(a)), ("b", .string(b))]
        do {
            let out = try PayBackOps.all.first { $0.name == op }!.handler(
                HarnessRequest(id: .number(0), op: op, fields: Dictionary(uniqueKeysWithValues: input)))
            return .valid(
                comment, flags: flags, op: op, input: input,
                output: [
                    ("same", out["same"]!), ("canonicalA", out["canonicalA"]!), ("canonicalB", out["canonicalB"]!),
                ])
        } catch {
            return .invalid(comment, flags: flags, op: op, input: input, error: error.code, layer: .contract)
        }
    }

    static func emailCases() -> [VectorCase] {
        let op = HarnessOpSpec.payBackNormalizeEmail.name
        let cases: [(String, JSONValue, [VectorFlag])] = [
            ("lower-cased", .string("Alice@Example.COM"), [valid, email]),
            ("already normalized", .string("bob@example.com"), [valid]),
            ("empty is absent", .string(""), [email]),
            ("white space only is absent", .string("  \t"), [email]),
            ("surrounding white space removed", .string("  Carol@Example.com \n"), [email]),
            ("absent stays absent", .null, [valid]),
            (
                "non-ASCII letters are kept as written (Swift and JavaScript lower-case them differently)",
                .string("ΟΔΟΣ@Example.gr"), [email]
            ),
            ("dotted capital I is kept", .string("İlker@Example.com"), [email]),
        ]
        return cases.map { comment, input, flags in
            let out = PayBackIdentity.normalizeEmail(input.stringValue).map(JSONValue.string) ?? .null
            return .valid(comment, flags: flags, op: op, input: [("email", input)], output: [("email", out)])
        }
    }
}
