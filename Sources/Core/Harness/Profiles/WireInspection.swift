// A layer-by-layer report on one wire string, for `closer-spec inspect`.
// What each layer means: specs/enc-v1.md … keybox-v1.md, tink-aead.md, tink-hybrid.md.

import CloserWire

/// The result of inspecting one string: the layers that parsed, in order, and the first
/// failure (if any). Secrets appear only in `plaintext` and only when the caller supplied
/// the key that opens them.
package struct WireInspection: Sendable {
    package init() {}

    /// One named field of one layer.
    package struct Field: Sendable {
        package let layer: String
        package let name: String
        package let value: JSONValue
    }

    package private(set) var fields: [Field] = []
    package var failure: CloserError? = nil

    package mutating func add(_ layer: String, _ name: String, _ value: JSONValue) {
        fields.append(Field(layer: layer, name: name, value: value))
    }

    package var succeeded: Bool { failure == nil }

    /// Human-readable rendering: one line per field, grouped by layer.
    package func text() -> String {
        var out: [String] = []
        var current = ""
        for f in fields {
            if f.layer != current {
                out.append("\(f.layer):")
                current = f.layer
            }
            out.append("  \(f.name): \(Self.render(f.value))")
        }
        if let failure {
            out.append(
                "FAILED: \(UntrustedText.escape(failure.reason)) [\(failure.code.rawValue), \(failure.category.rawValue)]"
            )
        } else {
            out.append("OK")
        }
        return out.joined(separator: "\n")
    }

    /// Machine rendering: `{"ok", "layers": {layer: {field: value}}, "error"?}` as canonical JSON,
    /// except that the scalars of the output policy RFC 8785 leaves raw (DEL, C1, bidi controls,
    /// separators, noncharacters) are written as `\u` escapes (`UntrustedText.json`): the output
    /// holds nothing a partner placed in a decrypted field to drive a terminal, so it is safe on
    /// a terminal too (and parses to the same value).
    package func json() -> String {
        var layers: [String: JSONValue] = [:]
        var order: [JSONValue] = []
        for f in fields {
            if case .object(var o) = layers[f.layer] ?? .object([:]) {
                o[f.name] = f.value
                if layers[f.layer] == nil { order.append(.string(f.layer)) }
                layers[f.layer] = .object(o)
            }
        }
        var top: [String: JSONValue] = ["ok": .bool(succeeded), "layers": .object(layers), "layerOrder": .array(order)]
        if let failure {
            top["error"] = ErrorResponse.json(failure)
        }
        return UntrustedText.json(String(decoding: (try? CanonicalJSON.serialize(.object(top))) ?? [], as: UTF8.self))
    }

    static func render(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return UntrustedText.escape(s)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case .bool(let b): return b ? "yes" : "no"
        case .null: return "-"
        case .array(let a): return a.map(render).joined(separator: ", ")
        case .object:
            return UntrustedText.escape(String(decoding: (try? CanonicalJSON.serialize(v)) ?? [], as: UTF8.self))
        }
    }
}
