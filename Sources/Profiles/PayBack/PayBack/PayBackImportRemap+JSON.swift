// A parsed CSV import as JSON, remapped (`applyRemappings()`, manual §7.3): friends, then groups and
// their members, then expenses, each in list order. Normative: specs/profiles/payback/import.md.

import CoreWire

extension PayBackImportRemap {
    /// The import with every id replaced (lower-case UUID text); `self` then holds the mappings.
    package mutating func remap(import json: JSONValue) throws(CloserError) -> JSONValue {
        let doc = try PayBackFields(json, "import")
        var friends: [JSONValue] = []
        for f in try Self.list(doc, "friends") { friends.append(try person(f, "friends[]")) }
        var groups: [JSONValue] = []
        for g in try Self.list(doc, "groups") {
            let fields = try PayBackFields(g, "groups[]")
            let id = try group(try Self.required(fields, "id"))
            guard let name = try fields.string("name") else { throw PayBackFields.bad("groups[].name", "is missing") }
            var members: [JSONValue] = []
            for m in try Self.list(fields, "members") { members.append(try person(m, "groups[].members[]")) }
            groups.append(.object(["id": .string(id.canonical), "name": .string(name), "members": .array(members)]))
        }
        var expenses: [JSONValue] = []
        for e in try Self.list(doc, "expenses") { expenses.append(try expense(e)) }
        return .object(["friends": .array(friends), "groups": .array(groups), "expenses": .array(expenses)])
    }

    mutating func person(_ json: JSONValue, _ what: String) throws(CloserError) -> JSONValue {
        let f = try PayBackFields(json, what)
        let original = try Self.required(f, "id")
        guard let name = try f.string("name") else { throw PayBackFields.bad("\(what).name", "is missing") }
        return .object(["id": .string(try member(original, name: name).canonical), "name": .string(name)])
    }

    func expense(_ json: JSONValue) throws(CloserError) -> JSONValue {
        let f = try PayBackFields(json, "expenses[]")
        let group = try mapped(group: try Self.required(f, "groupId"))
        let payer = try mapped(member: try Self.required(f, "paidBy"))
        let people = try f.members("participants").map { id throws(CloserError) in try mapped(member: id) }
        return .object([
            "groupId": .string(group.canonical), "paidBy": .string(payer.canonical),
            "participants": .array(people.map { .string($0.canonical) }),
        ])
    }

    static func list(_ f: PayBackFields, _ key: String) throws(CloserError) -> [JSONValue] {
        guard let v = f.value(key) else { return [] }
        guard case .array(let items) = v else { throw PayBackFields.bad("\(f.what).\(key)", "is not an array") }
        return items
    }

    static func required(_ f: PayBackFields, _ key: String) throws(CloserError) -> PayBackMemberID {
        guard let id = try f.member(key) else { throw PayBackFields.bad("\(f.what).\(key)", "is missing") }
        return id
    }

    /// The mappings as JSON objects, original → new, both in lower-case UUID text.
    package var memberMappingJSON: JSONValue { Self.json(members) }
    package var groupMappingJSON: JSONValue { Self.json(groups) }

    static func json(_ map: [PayBackMemberID: PayBackMemberID]) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: map.map { ($0.key.canonical, JSONValue.string($0.value.canonical)) }))
    }
}
