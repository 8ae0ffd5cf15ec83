// Deterministic pretty JSON for vector files: two-space indent, members in the order
// given for structure and sorted for documents, scalars and small containers (at most
// 100 characters) written on one line by CanonicalJSON.
// Normative: specs/rules.md §"Vectors" (byte-identical regeneration).

import CoreWire

/// A JSON tree whose object members keep the order they are given in.
package indirect enum VectorJSON: Sendable {
    /// A plain value; its objects are written with sorted member names.
    case value(JSONValue)
    case object([(String, VectorJSON)])
    case array([VectorJSON])
    /// A value always written on one line (canonical form).
    case line(JSONValue)

    /// The same tree as a plain JSON value (member order is not kept).
    package var jsonValue: JSONValue {
        switch self {
        case .value(let v), .line(let v): return v
        case .object(let members):
            return .object(Dictionary(members.map { ($0.0, $0.1.jsonValue) }, uniquingKeysWith: { _, last in last }))
        case .array(let items): return .array(items.map(\.jsonValue))
        }
    }

    /// The text, ending in a newline.
    package func render() -> String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    static func scalar(_ v: JSONValue) -> String {
        (try? CanonicalJSON.serialize(v)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// Longest container written on one line.
    static let inlineLimit = 100

    static func inline(_ v: JSONValue) -> String? {
        let text = scalar(v)
        return text.utf8.count <= inlineLimit ? text : nil
    }

    func write(into out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .line(let v):
            out += Self.scalar(v)
        case .value(let v):
            // Small containers stay on one line (their canonical form), so documents read easily.
            if case .object(let o) = v, !o.isEmpty, let line = Self.inline(v) {
                out += line
                return
            }
            if case .array(let a) = v, !a.isEmpty, let line = Self.inline(v) {
                out += line
                return
            }
            switch v {
            case .object(let o):
                VectorJSON.object(o.keys.sorted().map { ($0, .value(o[$0]!)) }).write(into: &out, indent: indent)
            case .array(let a):
                VectorJSON.array(a.map { .value($0) }).write(into: &out, indent: indent)
            default:
                out += Self.scalar(v)
            }
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, (k, v)) in members.enumerated() {
                out += inner + Self.scalar(.string(k)) + ": "
                v.write(into: &out, indent: inner)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, v) in items.enumerated() {
                out += inner
                v.write(into: &out, indent: inner)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        }
    }
}
