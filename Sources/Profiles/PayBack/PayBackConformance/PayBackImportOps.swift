// Harness op of PayBack's CSV import remapping: declaration (a row of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handler. Normative:
// specs/profiles/payback/import.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackRemapImport = Self(
        "payback.remapImport", family: "payback",
        fields: [
            .required(
                "import",
                "`{friends: [{id, name}], groups: [{id, name, members: [{id, name}]}], expenses: [{groupId, paidBy, participants}]}`"
            ),
            .required("memberIdMapping", "`{original: new}`"),
            .required("nameToExistingId", "`[{name, id}]`, the first of one name wins"),
            .required("newMemberIds", "[id], handed out in order"),
            .required("newGroupIds", "[id], handed out in order"),
        ],
        output: [.required("import", "remapped"), .required("memberIdMapping"), .required("groupIdMapping")],
        layer: .contract)
}

extension PayBackOps {
    static let importRemap: [HarnessOp] = [
        HarnessOp(.payBackRemapImport) { r throws(CloserError) in
            let data = try r.json("import")
            let mapping = try idMap(
                try r.json("memberIdMapping"), "memberIdMapping",
                keys: { t throws(CloserError) in try PayBackMemberID(t) })
            let names = try namedIDs(try r.json("nameToExistingId"))
            var remap = PayBackImportRemap(
                memberIDMapping: mapping, nameToExistingID: names,
                newMemberIDs: try memberIDs(try r.json("newMemberIds"), "newMemberIds"),
                newGroupIDs: try memberIDs(try r.json("newGroupIds"), "newGroupIds"))
            let remapped = try remap.remap(import: data)
            return [
                "import": remapped, "memberIdMapping": remap.memberMappingJSON,
                "groupIdMapping": remap.groupMappingJSON,
            ]
        }
    ]

    /// `nameToExistingId`: `{name, id}` pairs in list order (a list, so two canonically equivalent
    /// names are two entries; import.md §"Member ids", D-PAYBACK-18). No name in a message (manual §6).
    static func namedIDs(_ v: JSONValue) throws(CloserError) -> [(name: String, id: PayBackMemberID)] {
        guard case .array(let items) = v else { throw malformed("nameToExistingId", "an array") }
        return try items.map { item throws(CloserError) in
            guard let name = item["name"]?.stringValue else { throw malformed("nameToExistingId[].name", "a string") }
            return (name, try memberID(item["id"], "nameToExistingId[].id"))
        }
    }

    /// A JSON object of ids keyed by `keys(name)`; a key read twice (two spellings of one UUID) keeps the first in key order.
    static func idMap<K: Hashable>(
        _ v: JSONValue, _ name: String, keys: (String) throws(CloserError) -> K
    ) throws(CloserError) -> [K: PayBackMemberID] {
        guard case .object(let o) = v else { throw malformed(name, "an object") }
        var out: [K: PayBackMemberID] = [:]
        for key in o.keys.sorted() {
            let k = try keys(key)
            if out[k] == nil { out[k] = try memberID(o[key], name) }  // not the key: a name is PII (manual §6)
        }
        return out
    }
}
