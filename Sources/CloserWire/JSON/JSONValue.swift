// TEMPORARY stub, replaced by the canonical-JSON work (branch json). Same public API.
import Foundation

public indirect enum JSONValue: Hashable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])
}

extension CloserError.Code {
    public static let jsonInvalid = Self("json.invalid", .decodeError)
}

extension JSONValue {
    public init(parsing bytes: some Collection<UInt8>) throws(CloserError) {
        guard let obj = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            throw CloserError(.jsonInvalid, "invalid JSON")
        }
        self = Self.from(obj)
    }
    public init(parsing text: String) throws(CloserError) { try self.init(parsing: Array(text.utf8)) }
    static func from(_ o: Any) -> JSONValue {
        switch o {
        case is NSNull: return .null
        case let n as NSNumber:
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(from))
        case let d as [String: Any]: return .object(d.mapValues(from))
        default: return .null
        }
    }
    public subscript(member: String) -> JSONValue? {
        if case .object(let o) = self { return o[member] }
        return nil
    }
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

public enum CanonicalJSON {
    public static func serialize(_ value: JSONValue) throws(CloserError) -> [UInt8] {
        Array(write(value).utf8)
    }
    static func write(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case .string(let s):
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if u.value < 0x20 {
                        let h = String(u.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                    } else { out.unicodeScalars.append(u) }
                }
            }
            return out + "\""
        case .array(let a): return "[" + a.map(write).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.keys.sorted { Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16)) }
                .map { write(.string($0)) + ":" + write(o[$0]!) }.joined(separator: ",") + "}"
        }
    }
    public static func canonicalize(_ bytes: some Collection<UInt8>) throws(CloserError) -> [UInt8] {
        try serialize(JSONValue(parsing: bytes))
    }
    public static func isCanonical(_ bytes: some Collection<UInt8>) -> Bool {
        (try? canonicalize(bytes)) == Array(bytes)
    }
}
