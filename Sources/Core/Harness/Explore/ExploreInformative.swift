// The members of CloserSpec's answers that a page makes informative, removed before an answer is
// compared or written: a port may word them its own way, as the fixed vectors allow. Today
// `callable.validate`'s English texts (vectors.md §callables: `reason`, a finding's `reason`,
// `httpsError.message` except the one the manual quotes). Normative: specs/explore.md §Comparison.

import CloserWire

extension ExploreReference {
    /// The message the manual quotes, which stays normative (callables.md §"Checks, in order").
    static let quotedCallableMessage = "Invite is missing encryption material"

    /// `response` without the members a port may word differently for `op`.
    static func comparable(_ op: String, _ response: JSONValue) -> JSONValue {
        guard op == HarnessOpSpec.callableValidate.name, case .object(var o) = response else { return response }
        o["reason"] = nil
        if case .object(var error)? = o["httpsError"], error["message"] != .string(quotedCallableMessage) {
            error["message"] = nil
            o["httpsError"] = .object(error)
        }
        if case .array(let findings)? = o["findings"] {
            o["findings"] = .array(
                findings.map { f in
                    guard case .object(var m) = f else { return f }
                    m["reason"] = nil
                    return .object(m)
                })
        }
        return .object(o)
    }
}
