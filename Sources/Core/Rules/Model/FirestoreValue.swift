// Firestore values read from JSON. Normative: specs/rules.md §"Value model".
//
// Plain JSON maps naturally (null, bool, string, array, object → map; a number is an
// integer when it is integral and within ±(2^53 − 1), as the JavaScript SDK writes it,
// otherwise a double). A JSON object whose ONLY member is `timestampValue`, `bytesValue`,
// `referenceValue` or `geoPointValue` is that Firestore type, as in the REST encoding.

import CoreWire

extension CloserError.Code {
    public static let rulesMalformedValue = Self("rules.malformed_value", .decodeError)
    public static let rulesValueTooDeep = Self("rules.value_too_deep", .decodeError)
}

/// A Firestore latitude/longitude pair.
public struct FirestoreGeoPoint: Hashable, Sendable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) throws(CloserError) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude),
            (-180...180).contains(longitude)
        else {
            throw CloserError(
                .rulesMalformedValue,
                "geoPointValue latitude must be in -90...90 and longitude in -180...180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One Firestore value.
public indirect enum FirestoreValue: Hashable, Sendable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case double(Double)
    case timestamp(FirestoreTimestamp)
    case string(String)
    case bytes([UInt8])
    /// A document reference, stored relative to the database root (`users/alice`).
    case reference(DocumentPath)
    case geoPoint(FirestoreGeoPoint)
    case array([FirestoreValue])
    case map([String: FirestoreValue])

    /// Firestore's own limit on nesting of maps and arrays inside a document.
    public static let maximumDepth = 20
    /// The largest integer a JSON number is read as (the JavaScript SDK's safe range).
    public static let maximumSafeInteger: Double = 9_007_199_254_740_991

    /// Reads a value from its JSON form.
    public init(json: JSONValue) throws(CloserError) {
        try self.init(json: json, depth: 0)
    }

    init(json: JSONValue, depth: Int) throws(CloserError) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .boolean(b)
        case .string(let s): self = .string(s)
        case .number(let d): self = Self.number(d)
        case .array(let items):
            guard depth < Self.maximumDepth else { throw Self.tooDeep() }
            var out: [FirestoreValue] = []
            out.reserveCapacity(items.count)
            for item in items {
                if case .array = item {
                    throw CloserError(
                        .rulesMalformedValue, "an array may not directly contain an array (Firestore)")
                }
                out.append(try FirestoreValue(json: item, depth: depth + 1))
            }
            self = .array(out)
        case .object(let members):
            if members.count == 1, let (key, inner) = members.first,
                let special = try Self.special(key, inner)
            {
                self = special
                return
            }
            guard depth < Self.maximumDepth else { throw Self.tooDeep() }
            var out: [String: FirestoreValue] = [:]
            // Sorted (by UTF-8) so the first bad member, and so the error, is the same every run.
            for k in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let v = members[k]!
                out[k] = try FirestoreValue(json: v, depth: depth + 1)
            }
            self = .map(out)
        }
    }

    package static func tooDeep() -> CloserError {
        CloserError(
            .rulesValueTooDeep, "value nests maps/arrays deeper than Firestore's limit of \(maximumDepth)"
        )
    }

    package static func number(_ d: Double) -> FirestoreValue {
        if d.isFinite, d == d.rounded(.towardZero), abs(d) <= maximumSafeInteger,
            !(d == 0 && d.sign == .minus)
        {
            return .integer(Int64(d))
        }
        return .double(d)
    }

    /// The four REST wrappers; nil when `key` is not one of them.
    package static func special(_ key: String, _ inner: JSONValue) throws(CloserError) -> FirestoreValue? {
        switch key {
        case "timestampValue":
            guard case .string(let s) = inner else {
                throw CloserError(.rulesMalformedValue, "timestampValue must be an RFC 3339 string")
            }
            return .timestamp(try FirestoreTimestamp(rfc3339: s))
        case "bytesValue":
            guard case .string(let s) = inner else {
                throw CloserError(.rulesMalformedValue, "bytesValue must be a base64 string")
            }
            do { return .bytes(try Base64.decode(s, .standard)) } catch {
                throw CloserError(
                    .rulesMalformedValue, "bytesValue is not strict padded base64: \(error.reason)")
            }
        case "referenceValue":
            guard case .string(let s) = inner else {
                throw CloserError(.rulesMalformedValue, "referenceValue must be a document path string")
            }
            let path: DocumentPath
            do { path = try DocumentPath(parsing: Self.stripResourceName(s)) } catch {
                throw CloserError(.rulesMalformedValue, "referenceValue: \(error.reason)")
            }
            guard path.isDocument else {
                throw CloserError(
                    .rulesMalformedValue, "referenceValue must name a document (even number of segments)")
            }
            return .reference(path)
        case "geoPointValue":
            guard case .object(let o) = inner, o.count == 2, case .number(let lat)? = o["latitude"],
                case .number(let lng)? = o["longitude"]
            else {
                throw CloserError(
                    .rulesMalformedValue,
                    "geoPointValue must be {\"latitude\": number, \"longitude\": number}")
            }
            return .geoPoint(try FirestoreGeoPoint(latitude: lat, longitude: lng))
        default:
            return nil
        }
    }

    /// `projects/p/databases/d/documents/a/b` → `a/b`; anything else is returned as is.
    package static func stripResourceName(_ s: String) -> String {
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 5, parts[0] == "projects", parts[2] == "databases", parts[4] == "documents" {
            return parts[5...].joined(separator: "/")
        }
        return s
    }

    /// The JSON form this value is read from (timestamps normalized to UTC).
    public var json: JSONValue {
        switch self {
        case .null: .null
        case .boolean(let b): .bool(b)
        case .integer(let i): .number(Double(i))
        case .double(let d): .number(d)
        case .string(let s): .string(s)
        case .timestamp(let t): .object(["timestampValue": .string(t.rfc3339)])
        case .bytes(let b): .object(["bytesValue": .string(Base64.encode(b, .standard))])
        case .reference(let p): .object(["referenceValue": .string(p.string)])
        case .geoPoint(let g):
            .object([
                "geoPointValue": .object([
                    "latitude": .number(g.latitude), "longitude": .number(g.longitude),
                ])
            ])
        case .array(let a): .array(a.map(\.json))
        case .map(let m): .object(m.mapValues(\.json))
        }
    }
}

extension FirestoreValue {
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    public var boolValue: Bool? {
        if case .boolean(let b) = self { return b }
        return nil
    }
    public var mapValue: [String: FirestoreValue]? {
        if case .map(let m) = self { return m }
        return nil
    }
    public var arrayValue: [FirestoreValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    /// The numeric value of an integer or a double (rules compare them numerically).
    public var numberValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
    public var isNull: Bool { self == .null }

    /// The rules language's type name, for reasons (`string`, `int`, `map`, ...).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .boolean: "bool"
        case .integer: "int"
        case .double: "float"
        case .timestamp: "timestamp"
        case .string: "string"
        case .bytes: "bytes"
        case .reference: "path"
        case .geoPoint: "latlng"
        case .array: "list"
        case .map: "map"
        }
    }

    /// Byte-exact equality: Firestore compares strings by their UTF-8 bytes, not by canonical
    /// equivalence as Swift's `String ==` does. (Hashing stays String's: byte-equal strings
    /// are canonically equal, so equal values still hash alike.)
    public static func == (a: FirestoreValue, b: FirestoreValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.timestamp(let x), .timestamp(let y)): return x == y
        case (.string(let x), .string(let y)): return sameBytes(x, y)
        case (.bytes(let x), .bytes(let y)): return x == y
        case (.reference(let x), .reference(let y)): return x == y
        case (.geoPoint(let x), .geoPoint(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 }
        case (.map(let x), .map(let y)):
            // A dictionary holds at most one key canonically equal to `k`: if its bytes differ
            // from `k`'s, no key of `y` has `k`'s bytes.
            guard x.count == y.count else { return false }
            for (k, v) in x {
                guard let i = y.index(forKey: k), sameBytes(y[i].key, k), y[i].value == v else { return false }
            }
            return true
        default: return false
        }
    }

    /// Equality as the rules language's `==` and `diff()` see it: an int and a float with the
    /// same numeric value are equal; everything else compares by type and value.
    public func rulesEquals(_ other: FirestoreValue) -> Bool {
        switch (self, other) {
        case (.integer, .double), (.double, .integer), (.double, .double):
            guard let a = numberValue, let b = other.numberValue else { return false }
            return a == b || (a.isNaN && b.isNaN)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.rulesEquals($1) }
        case (.map(let a), .map(let b)):
            return a.count == b.count && a.allSatisfy { k, v in b[k].map { v.rulesEquals($0) } ?? false }
        default:
            return self == other
        }
    }
}

/// Whether two strings have the same UTF-8 bytes (not canonical equivalence).
package func sameBytes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && x.elementsEqual(y) } }
}
