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
                "FAILED: \(Self.terminalSafe(failure.reason)) [\(failure.code.rawValue), \(failure.category.rawValue)]")
        } else {
            out.append("OK")
        }
        return out.joined(separator: "\n")
    }

    /// Machine rendering: `{"ok", "layers": {layer: {field: value}}, "error"?}` as canonical JSON,
    /// except that DEL, C1 controls and bidi controls, which RFC 8785 leaves raw, are written
    /// as `\u` escapes: the output holds no control character a partner placed in a
    /// decrypted field, so it is safe on a terminal too (and parses to the same value).
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
        return Self.jsonSafe(String(decoding: (try? CanonicalJSON.serialize(.object(top))) ?? [], as: UTF8.self))
    }

    /// Whether a scalar may drive a terminal: C0, DEL, C1, and the bidi embedding, override
    /// and isolate controls (which reorder what a terminal shows).
    package static func isControl(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7f...0x9f).contains(v) || (0x202a...0x202e).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// Canonical JSON text with every control scalar left raw by RFC 8785 escaped as `\uXXXX`
    /// (C0 is escaped by the serializer already; inside a JSON string these are all legal
    /// escapes, and outside strings canonical JSON has none of them).
    static func jsonSafe(_ json: String) -> String {
        var out = ""
        for scalar in json.unicodeScalars {
            if isControl(scalar.value) {
                let h = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func render(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return terminalSafe(s)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case .bool(let b): return b ? "yes" : "no"
        case .null: return "-"
        case .array(let a): return a.map(render).joined(separator: ", ")
        case .object: return terminalSafe(String(decoding: (try? CanonicalJSON.serialize(v)) ?? [], as: UTF8.self))
        }
    }

    /// Text for a terminal: control characters (C0, DEL, C1), which a partner could place in
    /// a decrypted field to inject escape sequences, are shown as `\u{…}` escapes.
    package static func terminalSafe(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if isControl(v) {
                out += "\\u{" + String(v, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
