// The shape of a `/v1` JSON body, and the check of a body against it, in the order
// specs/profiles/unstoppable/payloads.md §"Order of checks" pins: not an object, unknown members
// (sorted by name), missing required members (declaration order), then each present member in
// declaration order: its type, then its format or range, depth first.

import CoreWire

/// One JSON value's shape. A member that may be `null` says so (`nullable`); nothing else is.
public indirect enum UnstoppableSchema: Sendable {
    /// A string of `min…max` Unicode scalars.
    case string(min: Int, max: Int)
    case boolean
    /// An integral number in `range`.
    case integer(ClosedRange<Int64>)
    /// One of these strings, exactly.
    case enumeration([String])
    /// `HH:mm` (UnstoppableRoutineTime).
    case routineTime
    /// `yyyy-MM-dd` (UnstoppableDay.parse).
    case date
    /// An array of at most `maxItems` values of one shape.
    case array(UnstoppableSchema, maxItems: Int)
    /// An object with these members; `open` objects allow members not listed (kept, unchecked).
    case object(UnstoppableObject)
    /// The shape, or `null`.
    case nullable(UnstoppableSchema)
}

/// An object's members, in declaration order.
public struct UnstoppableObject: Sendable {
    public struct Member: Sendable {
        public let name: String
        public let schema: UnstoppableSchema
        public let required: Bool
    }

    public let members: [Member]
    /// Members not listed are allowed (RevenueCat's webhook bodies grow new members).
    public let open: Bool
    /// At least one member (a partial update that sets nothing is refused).
    public let nonEmpty: Bool

    public init(_ members: [Member], open: Bool = false, nonEmpty: Bool = false) {
        self.members = members
        self.open = open
        self.nonEmpty = nonEmpty
    }

}

extension UnstoppableObject.Member {
    public static func required(_ name: String, _ schema: UnstoppableSchema) -> Self {
        Self(name: name, schema: schema, required: true)
    }

    public static func optional(_ name: String, _ schema: UnstoppableSchema) -> Self {
        Self(name: name, schema: schema, required: false)
    }
}

extension UnstoppableSchema {
    /// Checks `value` (at `path`, for messages: member names and indices, never values).
    public func check(_ value: JSONValue, at path: String) throws(CloserError) {
        switch (self, value) {
        case (.nullable, .null): return
        case (.nullable(let inner), _): try inner.check(value, at: path)
        case (.string(let lo, let hi), .string(let s)):
            guard (lo...hi).contains(s.unicodeScalars.count) else {
                throw CloserError(.unstoppableOutOfRange, "\(path) is \(lo)...\(hi) characters")
            }
        case (.boolean, .bool): return
        case (.integer(let range), .number(let d)):
            guard d.isFinite, d == d.rounded(), abs(d) <= 9_007_199_254_740_991 else {
                throw CloserError(.unstoppableWrongType, "\(path) must be an integer")
            }
            guard range.contains(Int64(d)) else {
                throw CloserError(.unstoppableOutOfRange, "\(path) is \(range.lowerBound)...\(range.upperBound)")
            }
        case (.enumeration(let names), .string(let s)):
            guard names.contains(s) else {
                throw CloserError(
                    .unstoppableUnknownEnumValue, "\(path) is one of \(names.joined(separator: ", "))")
            }
        case (.routineTime, .string(let s)):
            do { _ = try UnstoppableRoutineTime(parsing: s) } catch {
                throw CloserError(error.code, "\(path): \(error.reason)")
            }
        case (.date, .string(let s)):
            do { _ = try UnstoppableDay.parse(s) } catch { throw CloserError(error.code, "\(path): \(error.reason)") }
        case (.array(let element, let maxItems), .array(let items)):
            guard items.count <= maxItems else {
                throw CloserError(.unstoppableOutOfRange, "\(path) has at most \(maxItems) items")
            }
            for (i, item) in items.enumerated() { try element.check(item, at: "\(path)[\(i)]") }
        case (.object(let object), .object(let members)):
            try object.check(members, at: path)
        default:
            throw CloserError(.unstoppableWrongType, "\(path) must be \(typeName)")
        }
    }

    /// The JSON type a value of this shape has, for messages.
    var typeName: String {
        switch self {
        case .string, .enumeration, .routineTime, .date: "a string"
        case .boolean: "a boolean"
        case .integer: "an integer"
        case .array: "an array"
        case .object: "an object"
        case .nullable(let inner): inner.typeName + " or null"
        }
    }
}

extension UnstoppableObject {
    func check(_ members: [String: JSONValue], at path: String) throws(CloserError) {
        let prefix = path.isEmpty ? "" : path + "."
        if !open,
            let unknown = members.keys.sorted().first(where: { name in !self.members.contains { $0.name == name } })
        {
            throw CloserError(.unstoppableUnknownField, "\(prefix)\(unknown) is not a member of this body")
        }
        for m in self.members where m.required && members[m.name] == nil {
            throw CloserError(.unstoppableMissingField, "\(prefix)\(m.name) is required")
        }
        if nonEmpty, members.isEmpty {
            throw CloserError(.unstoppableEmptyUpdate, "a partial update sets at least one member")
        }
        for m in self.members {
            if let v = members[m.name] { try m.schema.check(v, at: prefix + m.name) }
        }
    }
}
