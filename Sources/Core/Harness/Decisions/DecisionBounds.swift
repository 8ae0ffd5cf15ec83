// The machine-readable form of the pins that have a bound, a set of accepted spellings or an order:
// specs/decisions/bounds.json, keyed by decision id. Normative: specs/decisions/README.md §"Bounds".

import CloserWire

/// What a bound counts.
package enum BoundUnit: String, Sendable {
    /// A string member's length in Unicode scalars, filled with `fill`.
    case characters
    /// A hex member's length in bytes (each byte `fill`, default `00`).
    case hexBytes
    /// A number member's value.
    case integer
    /// An array member's element count, each element `fill`.
    case items
}

/// One pin's boundary: a range on one request member, or values of it on each side.
package struct DecisionBound: Sendable, Equatable {
    package enum Shape: Sendable, Equatable {
        /// Accepted from `min` through `max` (either may be absent).
        case range(unit: BoundUnit, min: Int?, max: Int?, fill: JSONValue?)
        /// `spellings` or `order`: the member's values on each side.
        case values(kind: String, accepted: [JSONValue], refused: [JSONValue])
    }

    package let id: String
    /// The op whose request carries the member.
    package let op: String
    /// The member, a dotted path into the request (`payload.nonce`).
    package let member: [String]
    package let shape: Shape

    /// Every value the bound names, each with its side and a label: for a range the bound, one
    /// before and one past at each end; for values every listed value.
    package var boundaryValues: [(value: JSONValue, side: String, label: String)] {
        switch shape {
        case .values(_, let accepted, let refused):
            return accepted.enumerated().map { ($0.element, "accept", "accepted[\($0.offset)]") }
                + refused.enumerated().map { ($0.element, "refuse", "refused[\($0.offset)]") }
        case .range(let unit, let min, let max, let fill):
            var points: [(Int, String)] = []
            if let min { points += [(min - 1, "min-1"), (min, "min"), (min + 1, "min+1")] }
            if let max { points += [(max - 1, "max-1"), (max, "max"), (max + 1, "max+1")] }
            var seen: Set<Int> = []
            return points.filter { ($0.0 >= 0 || unit == .integer) && seen.insert($0.0).inserted }.map { n, label in
                let inside = (min.map { n >= $0 } ?? true) && (max.map { n <= $0 } ?? true)
                return (Self.value(unit, n, fill), inside ? "accept" : "refuse", label)
            }
        }
    }

    /// The member's value for `n` of `unit`.
    static func value(_ unit: BoundUnit, _ n: Int, _ fill: JSONValue?) -> JSONValue {
        switch unit {
        case .integer: return .number(Double(n))
        case .characters: return .string(String(repeating: fill?.stringValue ?? "a", count: n))
        case .hexBytes: return .string(String(repeating: fill?.stringValue ?? "00", count: n))
        case .items: return .array(Array(repeating: fill ?? .string("a"), count: n))
        }
    }
}

/// Every entry of bounds.json, in id order.
package struct DecisionBounds: Sendable {
    package let entries: [DecisionBound]

    package init(entries: [DecisionBound]) {
        self.entries = entries.sorted {
            ($0.id, $0.op, $0.member.joined(separator: ".")) < ($1.id, $1.op, $1.member.joined(separator: "."))
        }
    }

    package static let empty = DecisionBounds(entries: [])

    /// The entries whose op is `op`.
    package func entries(for op: String) -> [DecisionBound] { entries.filter { $0.op == op } }

    /// The ids that have two sides to cover.
    package var ids: Set<String> { Set(entries.map(\.id)) }

    /// Parses bounds.json: an object keyed by decision id (the `$comment` member is skipped).
    package static func parse(_ bytes: [UInt8]) throws(DecisionBoundsError) -> DecisionBounds {
        guard case .object(let root)? = try? JSONValue(parsing: bytes) else { throw .notAnObject }
        var entries: [DecisionBound] = []
        for (id, entry) in root where id != "$comment" {
            guard DecisionID(id) != nil else { throw .badEntry(id, "not a decision id") }
            if case .array(let several) = entry {
                guard !several.isEmpty else { throw .badEntry(id, "an empty array") }
                for e in several { entries.append(try bound(id, e)) }
            } else {
                entries.append(try bound(id, entry))
            }
        }
        return DecisionBounds(entries: entries)
    }

    static func bound(_ id: String, _ entry: JSONValue) throws(DecisionBoundsError) -> DecisionBound {
        guard let op = entry["op"]?.stringValue, let member = entry["member"]?.stringValue, !member.isEmpty,
            let kind = entry["kind"]?.stringValue
        else { throw .badEntry(id, "needs string members kind, op and member") }
        let path = member.split(separator: ".").map(String.init)
        switch kind {
        case "bound":
            guard let unit = entry["unit"]?.stringValue.flatMap(BoundUnit.init) else {
                throw .badEntry(id, "unit must be characters, hexBytes, integer or items")
            }
            let min = integer(entry["min"]), max = integer(entry["max"])
            guard min != nil || max != nil, (entry["min"] == nil) == (min == nil), (entry["max"] == nil) == (max == nil)
            else { throw .badEntry(id, "a bound needs an integer min or max") }
            return DecisionBound(
                id: id, op: op, member: path, shape: .range(unit: unit, min: min, max: max, fill: entry["fill"]))
        case "spellings", "order":
            guard case .array(let accepted)? = entry["accepted"], case .array(let refused)? = entry["refused"],
                !accepted.isEmpty, !refused.isEmpty
            else { throw .badEntry(id, "\(kind) needs non-empty accepted and refused arrays") }
            return DecisionBound(
                id: id, op: op, member: path, shape: .values(kind: kind, accepted: accepted, refused: refused))
        default:
            throw .badEntry(id, "kind must be bound, spellings or order")
        }
    }

    static func integer(_ v: JSONValue?) -> Int? {
        guard case .number(let d)? = v, d.rounded() == d, abs(d) < 1e15 else { return nil }
        return Int(d)
    }
}

/// Why bounds.json cannot be read.
package enum DecisionBoundsError: Error, Equatable, CustomStringConvertible {
    case notAnObject
    case badEntry(String, String)

    package var description: String {
        switch self {
        case .notAnObject: return "bounds.json: not a JSON object"
        case .badEntry(let id, let why): return "bounds.json: \(id): \(why)"
        }
    }
}
