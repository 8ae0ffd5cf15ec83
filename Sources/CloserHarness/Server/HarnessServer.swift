// Harness protocol v1 server: JSON Lines over a byte stream. Normative: specs/harness.md.
// Every line gets exactly one response line, in order; nothing a client sends ends the
// server except end of input.

import CloserWire

/// Answers harness requests.
package struct HarnessServer: Sendable {
    /// Longest request line accepted (bytes). Longer lines get `malformed_request`.
    package static let maximumLineLength = 16 * 1024 * 1024

    private let ops: [String: HarnessOp]

    package init(ops: [HarnessOp] = HarnessOps.all) {
        var table: [String: HarnessOp] = [:]
        for op in ops { table[op.name] = op }
        self.ops = table
    }

    /// Handles one request line and returns one response line (without the newline).
    package func respond(toLine line: some Collection<UInt8>) -> String {
        let request: HarnessRequest
        do { request = try HarnessRequest(line: line) } catch {
            return ErrorResponse.line(id: .null, failure: error)
        }
        return respond(to: request)
    }

    /// Handles one parsed request.
    package func respond(to request: HarnessRequest) -> String {
        guard let op = ops[request.op] else {
            return ErrorResponse.line(
                id: request.id,
                failure: CloserError(.harnessUnknownOp, "unknown op \"\(Self.printable(request.op))\""))
        }
        do {
            try HarnessOpFields.check(request)
            var fields = try op.handler(request)
            fields["id"] = request.id
            fields["ok"] = .bool(true)
            return ResponseLine.encode(.object(fields))
        } catch {
            return ErrorResponse.line(id: request.id, failure: error)
        }
    }

    /// An op name shortened and stripped of control characters for messages.
    static func printable(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(64).filter { $0.value >= 0x20 && $0.value != 0x7f }))
    }

    /// Serves lines until end of input, writing one response per line through `write`.
    package func serve(readLine: () -> InputLine?, write: (String) -> Void) {
        while let input = readLine() {
            switch input {
            case .line(let line):
                write(respond(toLine: line))
            case .tooLong:
                write(
                    ErrorResponse.line(
                        id: .null, failure: CloserError(.harnessMalformedRequest, "request line too long")))
            }
        }
    }
}
