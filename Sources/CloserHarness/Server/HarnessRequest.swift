// One harness protocol v1 request. Normative: specs/harness.md §"Requests".
// Field accessors turn a missing or mistyped field into `malformed_request`.

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
    }

    package init(id: JSONValue, op: String, fields: [String: JSONValue]) {
        self.id = id
        self.op = op
        self.fields = fields
    }

    private func malformed(_ name: String, _ what: String) -> CloserError {
        CloserError(.harnessMalformedRequest, "field \"\(name)\" \(what)")
    }

    /// A required string field.
    package func string(_ name: String) throws(CloserError) -> String {
        guard let v = fields[name] else { throw malformed(name, "is missing") }
        guard let s = v.stringValue else { throw malformed(name, "must be a string") }
        return s
    }

    /// An optional string field (absent or null = nil).
    package func optionalString(_ name: String) throws(CloserError) -> String? {
        guard let v = fields[name], v != .null else { return nil }
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

    /// A required integer field within `range`.
    package func integer(_ name: String, in range: ClosedRange<Int64>) throws(CloserError) -> Int64 {
        guard let v = fields[name] else { throw malformed(name, "is missing") }
        guard case .number(let d) = v, d.isFinite, d == d.rounded(), d >= -9.0e15, d <= 9.0e15 else {
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
        guard let v = fields[name] else { throw malformed(name, "is missing") }
        return v
    }

    /// An optional field of any JSON type (absent = nil; null is returned as `.null`).
    package func optionalJSON(_ name: String) -> JSONValue? { fields[name] }
}
