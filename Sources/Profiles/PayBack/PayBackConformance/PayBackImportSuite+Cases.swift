// payback_import's cases. Normative: specs/profiles/payback/import.md.

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackImportSuite {
    static func cases() -> [VectorCase] {
        let full = data(
            friends: [person(o1, "Alice"), person(o2, "Bob")],
            groups: [group(g1, [person(o1.uppercased(), "Alice"), person(o3, "Carol"), person(o2, "Bob")])],
            expenses: [expense(g1.uppercased(), o3, [o1, o2, o3.uppercased()])])
        return [
            run(
                "mapping, name and fresh id, in an upper-case CSV", [valid, uuidCase, samePerson], full,
                mapping: [o1: e1], names: [("Bob", e2)]),
            run(
                "a new person in friends and in a group gets one fresh id", [samePerson],
                data(friends: [person(o3, "Carol")], groups: [group(g1, [person(o3.uppercased(), "Carol")])])),
            run(
                "a mapping key in upper case matches a lower-case CSV id", [uuidCase],
                data(friends: [person(o1, "Alice")]), mapping: [o1.uppercased(): e1.uppercased()]),
            run(
                "the mapping wins over the name", [samePerson], data(friends: [person(o2, "Bob")]),
                mapping: [o2: e1], names: [("Bob", e2)]),
            run("names match exactly: case", [names], data(friends: [person(o2, "bob")]), names: [("Bob", e2)]),
            run(
                "names match exactly: code points, not canonical equivalence", [names],
                data(friends: [person(o2, "Zoe\u{301}")]), names: [("Zo\u{E9}", e2)]),
            run(
                "two people of one name both get the existing id", [names],
                data(friends: [person(o1, "Bob"), person(o2, "Bob")]), names: [("Bob", e2)]),
            run("an empty import", [valid], data(friends: [])),
            run(
                "an expense paid by someone the import does not list", [unknown],
                data(
                    friends: [person(o1, "Alice")], groups: [group(g1, [person(o1, "Alice")])],
                    expenses: [expense(g1, o2, [o1])])),
            run(
                "an expense in a group the import does not list", [unknown],
                data(friends: [person(o1, "Alice")], expenses: [expense(g1, o1, [o1])])),
            run(
                "more new people than fresh ids", [refused],
                data(friends: [person(o1, "Alice"), person(o2, "Bob"), person(o3, "Carol")])),
            run("an original id that is not a UUID", [refused], data(friends: [person("alice", "Alice")])),
            run("friends that is not an array", [refused], .object(["friends": .object([:])])),
        ] + moreCases()
    }

    static func moreCases() -> [VectorCase] {
        let g2 = "b2b2b2b2-0000-4000-8000-000000000002"
        return [
            run(
                "an expense naming an id known only from memberIdMapping", [unknown],
                data(
                    friends: [person(o1, "Alice")], groups: [group(g1, [person(o1, "Alice")])],
                    expenses: [expense(g1, o2, [o1, o2.uppercased()])]), mapping: [o2: e2]),
            run(
                "two canonically equivalent names in nameToExistingId keep their own ids", [names],
                data(friends: [person(o1, "Zoe\u{301}"), person(o2, "Zo\u{E9}")]),
                names: [("Zo\u{E9}", e1), ("Zoe\u{301}", e2)]),
            run(
                "a group listed twice gets one fresh id", [samePerson],
                data(friends: [], groups: [group(g1, []), group(g1.uppercased(), [])])),
            run(
                "a group without a name", [refused],
                data(friends: [], groups: [.object(["id": .string(g1), "members": .array([])])])),
            run(
                "an unknown group and an unknown payer: groupId is read first", [order],
                data(friends: [person(o1, "Alice")], expenses: [expense(g2, o2, [o1])])),
            run(
                "an unknown payer and a participant that is not a UUID: paidBy is read first", [order],
                data(
                    friends: [person(o1, "Alice")], groups: [group(g1, [person(o1, "Alice")])],
                    expenses: [expense(g1, o2, ["alice"])])),
        ]
    }
}
