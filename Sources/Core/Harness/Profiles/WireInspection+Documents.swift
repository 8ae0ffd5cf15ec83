// A profile's Firestore document given as JSON to `closer-spec inspect --profile NAME`: tried as
// each kind of document the profile declares, in order. Used by the FitLink and Reward-E
// inspectors (specs/profiles/fitlink/documents.md, specs/profiles/reward-e/documents.md).

import CloserWire

/// One kind of document an inspector recognises: its name, its declared members and its validator
/// (which answers the fields it checked, or throws the profile's named error).
package struct InspectableDocumentKind: Sendable {
    package let name: String
    package let memberNames: [String]
    package let validate: @Sendable (JSONValue) throws(CloserError) -> [String]

    package init(
        name: String, memberNames: [String], validate: @escaping @Sendable (JSONValue) throws(CloserError) -> [String]
    ) {
        self.name = name
        self.memberNames = memberNames
        self.validate = validate
    }
}

extension WireInspection {
    /// The first kind that accepts the document, with its fields; when none does, the closest
    /// kind's error (not the last kind tried).
    package static func document(_ text: String, _ start: WireInspection, kinds: [InspectableDocumentKind])
        -> WireInspection
    {
        var r = start
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch {
            r.failure = error
            return r
        }
        var errors: [String: CloserError] = [:]
        for kind in kinds {
            do {
                let fields = try kind.validate(value)
                r.add("document", "kind", .string(kind.name))
                r.add("document", "fields", .array(fields.map(JSONValue.string)))
                return r
            } catch { errors[kind.name] = error }
        }
        guard let closest = closestKind(value, kinds), let error = errors[closest.name] else { return r }
        r.failure = CloserError(error.code, "as \(closest.name), the closest kind: \(error.reason)")
        return r
    }

    /// The kind whose declared members the object shares most (then: has fewest others), the
    /// first such in declaration order: the kind the author most likely meant.
    static func closestKind(_ value: JSONValue, _ kinds: [InspectableDocumentKind]) -> InspectableDocumentKind? {
        guard case .object(let members) = value else { return kinds.first }
        func score(_ kind: InspectableDocumentKind) -> (Int, Int) {
            let shared = members.keys.filter(kind.memberNames.contains).count
            return (shared, -(members.count - shared))
        }
        return kinds.max { score($0) < score($1) }
    }
}
