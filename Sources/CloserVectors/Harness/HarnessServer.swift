// Harness protocol v1 server: JSON Lines over a byte stream. Normative: specs/harness.md.
// Every line gets exactly one response line, in order; nothing a client sends ends the
// server except end of input.

import CloserWire

/// Answers harness requests.
public struct HarnessServer: Sendable {
    /// Longest request line accepted (bytes). Longer lines get `malformed_request`.
    public static let maximumLineLength = 16 * 1024 * 1024

    private let ops: [String: HarnessOp]

    public init(ops: [HarnessOp] = HarnessOps.all) {
        var table: [String: HarnessOp] = [:]
        for op in ops { table[op.name] = op }
        self.ops = table
    }

    /// Handles one request line and returns one response line (without the newline).
    public func respond(toLine line: some Collection<UInt8>) -> String {
        let request: HarnessRequest
        do { request = try HarnessRequest(line: line) } catch {
            return Self.encode(id: .null, failure: error)
        }
        return respond(to: request)
    }

    /// Handles one parsed request.
    public func respond(to request: HarnessRequest) -> String {
        guard let op = ops[request.op] else {
            return Self.encode(
                id: request.id,
                failure: CloserError(.harnessUnknownOp, "unknown op \"\(Self.printable(request.op))\""))
        }
        do {
            var fields = try op.handler(request)
            fields["id"] = request.id
            fields["ok"] = .bool(true)
            return Self.encodeLine(.object(fields))
        } catch {
            return Self.encode(id: request.id, failure: error)
        }
    }

    static func encode(id: JSONValue, failure: CloserError) -> String {
        encodeLine(
            .object([
                "id": id, "ok": .bool(false),
                "error": .object([
                    "code": .string(failure.category.rawValue),
                    "detail": .string(failure.code.rawValue),
                    "message": .string(failure.reason),
                ]),
            ]))
    }

    static func encodeLine(_ value: JSONValue) -> String {
        guard let bytes = try? CanonicalJSON.serialize(value) else {
            return #"{"error":{"code":"malformed_request","message":"response could not be encoded"},"ok":false}"#
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An op name shortened and stripped of control characters for messages.
    static func printable(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(64).filter { $0.value >= 0x20 && $0.value != 0x7f }))
    }

    /// Serves lines from `input` until end of input, writing responses through `output`.
    public func serve(readLine: () -> [UInt8]?, write: (String) -> Void) {
        while let line = readLine() {
            if line.count > Self.maximumLineLength {
                write(Self.encode(id: .null, failure: CloserError(.harnessMalformedRequest, "request line too long")))
                continue
            }
            write(respond(toLine: line))
        }
    }
}
