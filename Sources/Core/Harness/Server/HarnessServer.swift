// Harness protocol v1 server: JSON Lines over a byte stream. Normative: specs/harness.md.
// Every line gets exactly one response line, in order; nothing a client sends ends the
// server except end of input.

import CloserRules
import CloserWire

/// Answers harness requests.
package struct HarnessServer: Sendable {
    /// Longest request line accepted (bytes). Longer lines get `malformed_request`.
    package static let maximumLineLength = 16 * 1024 * 1024

    private let ops: [String: HarnessOp]
    private let ruleSets: [String: RuleSet]
    /// The profiles served, in order (their explore generators make interop's inputs).
    package let profiles: [AppProfile]

    /// A server for `profiles`: their ops (each name once, the first profile's kept) and rule sets.
    package init(profiles: [AppProfile] = [.closer], excluding excluded: Set<String> = []) {
        self.profiles = profiles
        let served = Self.ops(of: profiles).filter { !excluded.contains($0.name) }
        var table: [String: HarnessOp] = [:]
        for op in served { table[op.name] = op }
        table["info"] = HarnessOps.info(listing: served.map(\.name))
        self.ops = table
        self.ruleSets = Dictionary(
            profiles.compactMap { p in p.ruleSet.map { (p.name, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The profiles' ops in order, each name once.
    package static func ops(of profiles: [AppProfile]) -> [HarnessOp] {
        var seen: Set<String> = ["info"]
        return profiles.flatMap(\.ops).filter { seen.insert($0.name).inserted }
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
        ResponseLine.encode(response(to: request))
    }

    /// The response to one parsed request, as a value (the in-process port compares it directly).
    package func response(to request: HarnessRequest) -> JSONValue {
        guard let op = ops[request.op] else {
            return ErrorResponse.value(
                id: request.id,
                failure: CloserError(.harnessUnknownOp, "unknown op \(CloserError.quoted(request.op))"))
        }
        do {
            try Self.checkFields(request, op.spec)
            var scoped = request
            scoped.ruleSets = ruleSets
            var fields = try op.handler(scoped)
            fields["id"] = request.id
            fields["ok"] = .bool(true)
            return .object(fields)
        } catch {
            return ErrorResponse.value(id: request.id, failure: error)
        }
    }

    /// Refuses the first (in code-point order) member the op does not declare, so that a
    /// misspelled optional input (`"IV"` for `"iv"`) cannot silently fall back to a default such
    /// as a random IV (specs/harness.md §Framing).
    static func checkFields(_ request: HarnessRequest, _ spec: HarnessOpSpec) throws(CloserError) {
        let allowed = spec.allowedFields
        guard let unknown = request.fields.keys.filter({ !allowed.contains($0) }).min() else { return }
        throw CloserError(
            .harnessMalformedRequest,
            "op \(request.op) takes no field \(CloserError.quoted(unknown)) (specs/harness.md §Ops lists its fields)")
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
