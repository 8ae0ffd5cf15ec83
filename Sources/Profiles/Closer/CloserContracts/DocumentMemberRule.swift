// One member of a document shape: its name, whether it is required, and its type.
// Normative: specs/documents.md §Members.

import CloserWire

/// The type a member must have (specs/documents.md §Types).
enum DocumentMemberType: Sendable {
    case string, nonEmptyString, bool, timestamp, map
    /// An integer (a JSON number with no fraction) in the closed range.
    case integer(ClosedRange<Int>)
    /// One of the strings.
    case oneOf([String])
    /// A tz database zone id (D-DOC-03).
    case zone
    /// `null`, or the wrapped type.
    indirect case nullable(DocumentMemberType)

    func admits(_ value: JSONValue, isZone: (String) -> Bool) -> Bool {
        switch (self, value) {
        case (.nullable, .null): return true
        case (.nullable(let inner), _): return inner.admits(value, isZone: isZone)
        case (.string, .string): return true
        case (.nonEmptyString, .string(let s)): return !s.isEmpty
        case (.bool, .bool): return true
        case (.timestamp, _): return DocumentShape.timestamp(value) != nil
        case (.map, .object): return true
        case (.integer(let range), .number(let d)):
            guard d == d.rounded(), abs(d) < 1e15, !(d == 0 && d.sign == .minus) else { return false }
            return range.contains(Int(d))
        case (.oneOf(let allowed), .string(let s)): return allowed.containsIdentical(s)
        case (.zone, .string(let s)): return isZone(s)
        default: return false
        }
    }
}

/// A member of a document shape.
struct DocumentMemberRule: Sendable {
    let name: String
    let required: Bool
    let type: DocumentMemberType
    /// What the page says the member must be, for the error's detail.
    let what: String

    static func required(_ name: String, _ type: DocumentMemberType, _ what: String) -> Self {
        Self(name: name, required: true, type: type, what: what)
    }

    static func optional(_ name: String, _ type: DocumentMemberType, _ what: String) -> Self {
        Self(name: name, required: false, type: type, what: what)
    }

    func check(_ value: JSONValue?, isZone: (String) -> Bool) throws(CloserError) {
        guard let value else {
            if required { throw CloserError(.documentMissingMember, "\(CloserError.quoted(name)) is missing") }
            return
        }
        guard type.admits(value, isZone: isZone) else {
            throw CloserError(.documentInvalidMember, "\(CloserError.quoted(name)) must be \(what)")
        }
    }
}
