// Harness op of PayBack's CSV import remapping: declaration (a row of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handler. Normative:
// specs/profiles/payback/import.md.

import CloserHarness
import CloserVectorModel
import CloserWire
import PayBack

extension HarnessOpSpec {
    static let payBackRemapImport = Self(
        "payback.remapImport", family: "payback",
        fields: [
            .required(
                "import",
                "`{friends: [{id, name}], groups: [{id, name, members: [{id, name}]}], expenses: [{groupId, paidBy, participants}]}`"
            ),
            .required("memberIdMapping", "`{original: new}`"), .required("nameToExistingId", "`{name: id}`"),
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
            let names = try idMap(try r.json("nameToExistingId"), "nameToExistingId", keys: { $0 })
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
