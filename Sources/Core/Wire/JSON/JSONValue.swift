// A parsed I-JSON value. Normative: specs/canonical-json.md.
//
// Numbers are IEEE-754 doubles (I-JSON, RFC 7493 §2.2) and strings are Unicode scalar
// sequences kept exactly as written (no normalization), so canonical bytes can be
// reproduced from a value. Equality of two `JSONValue`s is Swift equality, under which
// canonically equivalent strings ("é" and "e\u{301}") are equal; the canonical bytes
// (`CanonicalJSON.serialize`) are the authoritative comparison.

/// A JSON value as RFC 8785 sees it: null, boolean, double, string, array, object.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    /// The deepest nesting of arrays and objects that is accepted (parsing) or written
    /// (serializing). `[[]]` has depth 2. Pinned in specs/canonical-json.md §3.6.
    public static let maximumDepth = 1000

    /// Parses one strict I-JSON text (RFC 8259 grammar, RFC 7493 restrictions) that must
    /// span the whole input. See specs/canonical-json.md §2–§3 for every
    /// rejection and its error code.
    public init(parsing bytes: some Collection<UInt8>) throws(CloserError) {
        self = try JSONParser.parse(Array(bytes))
    }

    /// Parses the UTF-8 of `text`; the same rules as `init(parsing:)` over bytes.
    public init(parsing text: String) throws(CloserError) {
        self = try JSONParser.parse(Array(text.utf8))
    }

    /// The member named `member` when this is an object; nil otherwise.
    public subscript(member: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[member]
    }

    /// The string when this is a string; nil otherwise.
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }
}
