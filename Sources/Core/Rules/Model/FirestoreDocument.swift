// A document's fields (the rules' `resource.data` / `request.resource.data`).
// Normative: specs/rules.md §"Value model".

import CoreWire

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

    /// The field named exactly `key`, code point for code point as Firestore compares field names
    /// (specs/rules.md §Value model, D-RULES-18): "wrappedCouple\u{212A}ey" is not "wrappedCoupleKey".
    public subscript(key: String) -> FirestoreValue? { Self.exact(fields, key) }

    /// `map[key]` without Swift's canonical equivalence (D-RULES-18).
    package static func exact(_ map: [String: FirestoreValue], _ key: String) -> FirestoreValue? {
        guard let i = map.index(forKey: key), map[i].key.isIdentical(to: key) else { return nil }
        return map[i].value
    }

    /// The names among `names` that are not exactly one of `allowed` (D-RULES-18), sorted.
    package static func names(_ names: some Sequence<String>, outside allowed: some Sequence<String>) -> [String] {
        names.filter { !allowed.containsIdentical($0) }.sorted()
    }

    /// `data.keys()` as a set.
    public var keys: Set<String> { Set(fields.keys) }

    /// `incoming.diff(self).affectedKeys()`: keys added, removed or changed.
    public func affectedKeys(to incoming: FirestoreDocument) -> Set<String> {
        var out = Set<String>()
        for (k, v) in fields where !(incoming[k].map { v.rulesEquals($0) } ?? false) {
            out.insert(k)
        }
        for k in incoming.fields.keys where self[k] == nil { out.insert(k) }
        return out
    }

    /// The JSON form (REST-ish).
    public var json: JSONValue { .object(fields.mapValues(\.json)) }
}
