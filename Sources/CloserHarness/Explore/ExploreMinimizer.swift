// Shrinks a divergent case while the divergence stays the same: CloserSpec's answer keeps its kind
// (`ok` or the same error category) and the port's keeps its own, and they still differ. Each
// string field (text, ids, JSON text) loses chunks of scalars and each hex field chunks of bytes,
// halving the chunk size, within a budget of requests. Normative: specs/explore.md §"Minimizing".

import CloserWire
import Foundation

package final class ExploreMinimizer {
    let reference: ExploreReference
    let port: ExplorePort
    /// Requests to the port at most per finding.
    var budget = 400
    /// Wall-clock bound per finding (a 64 KiB plaintext costs a slow port a lot per request).
    let deadline = Date().addingTimeInterval(10)

    package init(reference: ExploreReference, port: ExplorePort) {
        self.reference = reference
        self.port = port
    }

    /// The request fields that are hex (specs/harness.md §Framing, the lower ops' rows).
    static let hexFields: Set<String> = [
        "key", "keyset", "privateKeyset", "publicKeyset", "plaintext", "aad", "contextInfo", "ciphertext", "iv",
        "ephemeralPrivateKey", "salt", "password", "entropy", "canonical", "bytes", "ikm", "info", "privateKey",
        "publicPoint",
    ]

    /// The kind of an answer: `ok`, the error category, or `port` (crash, hang…).
    static func kind(_ r: Result<JSONValue, PortFailure>) -> String {
        switch r {
        case .failure: "port"
        case .success(let v): v["ok"] == .bool(true) ? "ok" : (v["error"]?["code"]?.stringValue ?? "?")
        }
    }

    /// The divergence's shape for `input`, or nil when there is none.
    func shape(_ op: String, _ input: [String: JSONValue]) -> String? {
        budget = Date() < deadline ? budget - 1 : 0
        let ref = reference.response(op, input)
        let got = port.send(op, input, id: "explore:minimize")
        guard ExploreComparator.compare(reference: ref, port: got).isDivergent else { return nil }
        return Self.kind(.success(ref)) + "/" + Self.kind(got)
    }

    /// The smallest input found with the same divergence shape as `c`'s.
    package func minimize(_ c: ExploreCase) -> ExploreCase {
        guard let want = shape(c.op, c.input) else { return c }
        var input = c.input
        for key in input.keys.sorted() {
            guard case .string(let s)? = input[key] else { continue }
            if Self.hexFields.contains(key), let bytes = try? Hex.decode(s) {
                let shrunk = shrink(Array(bytes)) { candidate in
                    var trial = input
                    trial[key] = .hex(candidate)
                    return shape(c.op, trial) == want
                }
                input[key] = .hex(shrunk)
            } else {
                let shrunk = shrink(Array(s.unicodeScalars)) { candidate in
                    var trial = input
                    trial[key] = .string(String(String.UnicodeScalarView(candidate)))
                    return shape(c.op, trial) == want
                }
                input[key] = .string(String(String.UnicodeScalarView(shrunk)))
            }
        }
        return ExploreCase(index: c.index, op: c.op, input: input, mutation: c.mutation)
    }

    /// Deletes chunks of `items` (sizes halving from half the length to 1) while `keeps` holds.
    func shrink<T>(_ items: [T], _ keeps: (([T]) -> Bool)) -> [T] {
        Self.shrink(items, while: { budget > 0 }, keeps)
    }

    /// The deletion loop, shared with interop's minimizer: `more` says whether requests are left.
    package static func shrink<T>(_ items: [T], while more: () -> Bool, _ keeps: (([T]) -> Bool)) -> [T] {
        var current = items
        var chunk = max(1, current.count / 2)
        while chunk >= 1, more() {
            var start = 0
            var removed = false
            while start < current.count, more() {
                let end = min(current.count, start + chunk)
                let candidate = Array(current[..<start] + current[end...])
                if keeps(candidate) {
                    current = candidate
                    removed = true
                } else {
                    start = end
                }
            }
            if chunk == 1 && !removed { break }
            chunk = removed && chunk > 1 ? chunk : chunk / 2
            if chunk == 0 { break }
        }
        return current
    }
}
