// One harness protocol v1 request. Normative: specs/harness.md §"Requests".
// Field accessors turn a missing or mistyped field into `malformed_request`.

import CloserRules
import CloserWire

extension CloserError.Code {
    package static let harnessMalformedRequest = Self("harness.malformed_request", .malformedRequest)
    package static let harnessUnknownOp = Self("harness.unknown_op", .unknownOp)
}

/// A parsed request line: `{"id": <any>, "op": "<name>", ...fields}`.
package struct HarnessRequest: Sendable {
    package let id: JSONValue
    package let op: String
    package let fields: [String: JSONValue]
    /// The literal text of each top-level number member (integer fields check it exactly).
    let numberLiterals: [String: Substring]
    /// The rule sets of the serving profiles by name, for `rules.evaluate`'s `profile` field.
    package var ruleSets: [String: RuleSet] = [:]
    /// Records the fields a handler reads, in order (the op table's read-order test only).
    package var readLog: FieldReadLog? = nil

    /// Parses one line. Throws `malformed_request` for anything that is not a JSON object
    /// with a string `op`.
    package init(line: some Collection<UInt8>) throws(CloserError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: line) } catch {
            throw CloserError(.harnessMalformedRequest, "request is not valid JSON: \(error.reason)")
        }
        guard case .object(let fields) = value else {
            throw CloserError(.harnessMalformedRequest, "request must be a JSON object")
        }
        self.id = fields["id"] ?? .null
        guard let op = fields["op"]?.stringValue else {
            throw CloserError(.harnessMalformedRequest, "request has no string field \"op\"")
        }
        self.op = op
        self.fields = fields
        self.numberLiterals = Self.topLevelNumberLiterals(Array(line))
    }

    package init(id: JSONValue, op: String, fields: [String: JSONValue]) {
        self.id = id
        self.op = op
        self.fields = fields
        self.numberLiterals = [:]
    }

    /// A field's value, noted in the read log when there is one.
    private func field(_ name: String) -> JSONValue? {
        readLog?.note(name)
        return fields[name]
    }

    private func malformed(_ name: String, _ what: String) -> CloserError {
        CloserError(.harnessMalformedRequest, "field \"\(name)\" \(what)")
    }

    /// A required string field.
    package func string(_ name: String) throws(CloserError) -> String {
        guard let v = field(name) else { throw malformed(name, "is missing") }
        guard let s = v.stringValue else { throw malformed(name, "must be a string") }
        return s
    }

    /// An optional string field (absent or null = nil).
    package func optionalString(_ name: String) throws(CloserError) -> String? {
        guard let v = field(name), v != .null else { return nil }
        guard let s = v.stringValue else { throw malformed(name, "must be a string") }
        return s
    }

    /// A required hex field.
    package func hex(_ name: String) throws(CloserError) -> [UInt8] {
        let s = try string(name)
        do { return try Hex.decode(s) } catch { throw malformed(name, "is not hex: \(error.reason)") }
    }

    /// An optional hex field.
    package func optionalHex(_ name: String) throws(CloserError) -> [UInt8]? {
        guard let s = try optionalString(name) else { return nil }
        do { return try Hex.decode(s) } catch { throw malformed(name, "is not hex: \(error.reason)") }
    }

    /// A required integer field within `range`: a JSON number whose exact decimal value is an
    /// integer (`1`, `1.0`, `1e3`, `-0`; not `1.5`, `1e-400` or `1.0000000000000000001`, which
    /// round to integers as doubles). specs/harness.md §Framing.
    package func integer(_ name: String, in range: ClosedRange<Int64>) throws(CloserError) -> Int64 {
        guard let v = field(name) else { throw malformed(name, "is missing") }
        guard case .number(let d) = v, d.isFinite, d == d.rounded(), d >= -9.0e15, d <= 9.0e15,
            hasIntegralLiteral(name)
        else {
            throw malformed(name, "must be an integer")
        }
        let i = Int64(d)
        guard range.contains(i) else { throw malformed(name, "must be in \(range.lowerBound)...\(range.upperBound)") }
        return i
    }

    /// A required UInt32 (key ids).
    package func uint32(_ name: String) throws(CloserError) -> UInt32 {
        UInt32(try integer(name, in: 0...Int64(UInt32.max)))
    }

    /// A required field of any JSON type.
    package func json(_ name: String) throws(CloserError) -> JSONValue {
        guard let v = field(name) else { throw malformed(name, "is missing") }
        return v
    }

    /// An optional field of any JSON type (absent = nil; null is returned as `.null`).
    package func optionalJSON(_ name: String) -> JSONValue? { field(name) }

    /// False when the field was read from a number literal whose exact decimal value is not
    /// an integer (true for fields built in code, which have no literal).
    func hasIntegralLiteral(_ name: String) -> Bool {
        guard let literal = numberLiterals[name] else { return true }
        return Self.isIntegral(literal)
    }

    /// Whether a JSON number literal (RFC 8259 grammar) denotes an integer exactly:
    /// digits × 10^(exponent − fraction digits) with trailing zeros taken into account.
    static func isIntegral(_ literal: Substring) -> Bool {
        var text = literal
        if text.first == "-" { text = text.dropFirst() }
        let e = text.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = e.map { text[..<$0] } ?? text
        var exponent = 0
        if let e {
            var digits = text[text.index(after: e)...]
            let negative = digits.first == "-"
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            // Saturate: any exponent past 10^9 decides alone (the value is 0 or huge).
            for c in digits { exponent = min(exponent * 10 + Int(c.asciiValue! - 48), 1_000_000_000) }
            if negative { exponent = -exponent }
        }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        let digits = parts[0] + fraction
        guard digits.contains(where: { $0 != "0" }) else { return true }  // zero, any exponent
        let trailingZeros = digits.reversed().prefix { $0 == "0" }.count
        return exponent - fraction.count + trailingZeros >= 0
    }

    /// The top-level members of a request line (already accepted by the strict parser) whose
    /// value is a number, mapped to the number's literal text.
    static func topLevelNumberLiterals(_ b: [UInt8]) -> [String: Substring] {
        var out: [String: Substring] = [:]
        var i = 0
        func skipSpace() { while i < b.count, [0x20, 0x09, 0x0a, 0x0d].contains(b[i]) { i += 1 } }
        /// Skips a string starting at `i` (on its quote); returns its bytes with the quotes.
        func skipString() -> ArraySlice<UInt8> {
            let start = i
            i += 1
            while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
            i += 1
            return b[start..<min(i, b.count)]
        }
        skipSpace()
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return out }
        i += 1
        while true {
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return out }
            let nameToken = skipString()
            guard let name = (try? JSONValue(parsing: nameToken))?.stringValue else { return out }
            skipSpace()
            i += 1  // ':'
            skipSpace()
            guard i < b.count else { return out }
            let start = i
            if b[i] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
                while i < b.count, "0123456789+-.eE".utf8.contains(b[i]) { i += 1 }
                out[name] = Substring(decoding: b[start..<i], as: UTF8.self)
            } else {
                // Any other value: strings (escape-aware) and nested brackets.
                var depth = 0
                repeat {
                    if b[i] == UInt8(ascii: "\"") { _ = skipString(); continue }
                    if b[i] == UInt8(ascii: "{") || b[i] == UInt8(ascii: "[") { depth += 1 }
                    if b[i] == UInt8(ascii: "}") || b[i] == UInt8(ascii: "]") {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    if depth == 0, b[i] == UInt8(ascii: ",") { break }
                    i += 1
                } while i < b.count
            }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ",") else { return out }
            i += 1
        }
    }
}

/// The names of the fields a handler read, in order (first reads only).
package final class FieldReadLog: @unchecked Sendable {
    private var names: [String] = []
    private let lock = Lock()
    package init() {}
    func note(_ name: String) { lock.withLock { if !names.contains(name) { names.append(name) } } }
    package var read: [String] { lock.withLock { names } }
}
