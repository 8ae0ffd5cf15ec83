// Exact text comparison: two strings are the same id, key or status only when their Unicode scalar
// sequences are equal (no normalisation), as Firestore, JavaScript and Python compare them. Swift's
// `String ==`, `contains`, `Set<String>` and `[String: _]` lookups use canonical equivalence
// instead ("é" == "e\u{301}", "\u{212A}" == "K"). Normative: specs/cloud-functions.md
// §leaveCouple and account deletion, "Exact ids" (D-CF-62).

extension String {
    /// Whether `other` is the same sequence of Unicode scalars (no canonical equivalence).
    package func isIdentical(to other: String) -> Bool {
        unicodeScalars.elementsEqual(other.unicodeScalars)
    }
}

extension Sequence<String> {
    /// Whether an element is the same sequence of Unicode scalars as `text`.
    package func containsIdentical(_ text: String) -> Bool {
        contains { $0.isIdentical(to: text) }
    }
}

extension JSONValue {
    /// The member named exactly `name` (scalar for scalar) when this is an object; nil otherwise.
    /// The parser refuses two canonically equivalent member names in one object
    /// (json.equivalent_member_names), so the dictionary holds at most one candidate.
    package func member(exactly name: String) -> JSONValue? {
        guard case .object(let members) = self, let i = members.index(forKey: name),
            members[i].key.isIdentical(to: name)
        else { return nil }
        return members[i].value
    }

    /// Whether this is the string `text`, scalar for scalar.
    package func isString(exactly text: String) -> Bool {
        stringValue?.isIdentical(to: text) ?? false
    }
}
