// A document's fields (the rules' `resource.data` / `request.resource.data`).
// Normative: specs/rules.md §"Value model".

import CloserWire

/// The top-level map of a Firestore document.
public struct FirestoreDocument: Hashable, Sendable {
    public let fields: [String: FirestoreValue]

    public init(fields: [String: FirestoreValue]) { self.fields = fields }

    /// Reads a document from a JSON object (see `FirestoreValue.init(json:)`).
    public init(json: JSONValue) throws(CloserError) {
        guard case .object = json else {
            throw CloserError(.rulesMalformedValue, "a document must be a JSON object")
        }
        guard case .map(let m) = try FirestoreValue(json: json) else {
            throw CloserError(
                .rulesMalformedValue, "a document must be a map, not a single REST-encoded value")
        }
        self.fields = m
    }

    public subscript(key: String) -> FirestoreValue? { fields[key] }

    /// `data.keys()` as a set.
    public var keys: Set<String> { Set(fields.keys) }

    /// `incoming.diff(self).affectedKeys()`: keys added, removed or changed.
    public func affectedKeys(to incoming: FirestoreDocument) -> Set<String> {
        var out = Set<String>()
        for (k, v) in fields where !(incoming.fields[k].map { v.rulesEquals($0) } ?? false) {
            out.insert(k)
        }
        for k in incoming.fields.keys where fields[k] == nil { out.insert(k) }
        return out
    }

    /// The JSON form (REST-ish).
    public var json: JSONValue { .object(fields.mapValues(\.json)) }
}
