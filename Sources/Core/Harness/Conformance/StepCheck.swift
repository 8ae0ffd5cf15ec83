// Whether one response satisfies one step of a vector test. Normative: specs/vectors.md
// §"Test" (`result`) and specs/harness.md §"Conformance".

import CloserVectorModel
import CloserWire

/// The outcome of checking one response against one step.
package enum StepOutcome: Equatable, Sendable {
    case pass
    /// Conforming, but the fine `detail` code differs (reported, not a failure).
    case passWithOtherDetail(expected: String, got: String)
    case fail(String)
}

package enum StepCheck {
    /// Checks `response` (a parsed response object) against `expected`, for a test whose
    /// result is `result`.
    package static func check(
        response: JSONValue, expected: JSONValue, result: VectorResult
    ) -> StepOutcome {
        let ok = response["ok"] == .bool(true)
        let expectedError = expected["error"]
        switch (result, expectedError) {
        case (.acceptable, _):
            if ok, expectedError == nil { return compareMembers(response, expected) }
            return .pass
        case (_, nil):
            guard ok else {
                let code = response["error"]?["code"]?.stringValue ?? "?"
                let detail = response["error"]?["detail"]?.stringValue.map { " (\($0))" } ?? ""
                return .fail("refused a valid input: \(code)\(detail)")
            }
            return compareMembers(response, expected)
        case (_, let error?):
            guard !ok else { return .fail("accepted: expected \(error["code"]?.stringValue ?? "?")") }
            let code = response["error"]?["code"]?.stringValue
            guard code == error["code"]?.stringValue else {
                return .fail(
                    "refused with \(code ?? "?")\(response["error"]?["detail"]?.stringValue.map { " (\($0))" } ?? ""), expected \(error["code"]?.stringValue ?? "?") (\(error["detail"]?.stringValue ?? "?"))"
                )
            }
            let detail = response["error"]?["detail"]?.stringValue
            if let want = error["detail"]?.stringValue, let detail, detail != want {
                return .passWithOtherDetail(expected: want, got: detail)
            }
            return .pass
        }
    }

    static func compareMembers(_ response: JSONValue, _ expected: JSONValue) -> StepOutcome {
        guard case .object(let members) = expected else { return .pass }
        for (name, want) in members.sorted(by: { $0.key < $1.key }) {
            guard let got = response[name] else { return .fail("response has no member \"\(name)\"") }
            if !matches(got, want) { return .fail("member \"\(name)\" differs") }
        }
        return .pass
    }

    /// Objects match when every member the vector gives matches (a response may carry more);
    /// arrays element by element; everything else exactly.
    static func matches(_ got: JSONValue, _ want: JSONValue) -> Bool {
        switch (got, want) {
        case (.object(let g), .object(let w)):
            return w.allSatisfy { name, value in g[name].map { matches($0, value) } ?? false }
        case (.array(let g), .array(let w)):
            return g.count == w.count && zip(g, w).allSatisfy { matches($0, $1) }
        default:
            return got == want
        }
    }
}
