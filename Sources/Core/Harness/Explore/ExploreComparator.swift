// Compares a port's response with CloserSpec's. Valid results: every member CloserSpec answers
// (but `id`, `ok`) must be equal in the port's answer, as a valid vector test's `expected` (a port may
// add members, at any depth). Refusals: the same
// error category; another `detail` is reported, not a divergence. A port failure (crash, hang,
// unreadable or out-of-order answer) is a divergence. Normative: specs/explore.md §"Comparison".

import CloserWire

/// How a port's answer to one case compares with CloserSpec's.
package enum ExploreVerdict: Equatable, Sendable {
    case same
    /// Conforming, but the refusal's `detail` differs.
    case otherDetail(reference: String, port: String)
    case divergent(String)

    package var isDivergent: Bool {
        if case .divergent = self { return true }
        return false
    }
}

package enum ExploreComparator {
    /// What an answer amounts to, for comparisons across ports: `ok:<bytes>` or `error:<code>`.
    package static func signature(_ response: Result<JSONValue, PortFailure>, keys: [String]) -> String {
        switch response {
        case .failure(let f): return "port:\(f.description)"
        case .success(let r):
            if r["ok"] == .bool(true) {
                let values = keys.map { k in
                    r[k].map { String(decoding: (try? CanonicalJSON.serialize($0)) ?? [], as: UTF8.self) } ?? "-"
                }
                return "ok:" + values.joined(separator: ",")
            }
            return "error:" + (r["error"]?["code"]?.stringValue ?? "?")
        }
    }

    /// The output members of CloserSpec's answer (every member but `id` and `ok`), sorted.
    package static func outputKeys(_ reference: JSONValue) -> [String] {
        guard case .object(let o) = reference, reference["ok"] == .bool(true) else { return [] }
        return o.keys.filter { $0 != "id" && $0 != "ok" }.sorted()
    }

    package static func compare(reference: JSONValue, port: Result<JSONValue, PortFailure>) -> ExploreVerdict {
        let response: JSONValue
        switch port {
        case .failure(let f): return .divergent(f.description)
        case .success(let r): response = r
        }
        let refOK = reference["ok"] == .bool(true)
        let portOK = response["ok"] == .bool(true)
        let refCode = reference["error"]?["code"]?.stringValue ?? "?"
        let portCode = response["error"]?["code"]?.stringValue ?? "?"
        let portDetail = response["error"]?["detail"]?.stringValue
        let refDetail = reference["error"]?["detail"]?.stringValue ?? "?"
        switch (refOK, portOK) {
        case (true, true):
            // As a valid vector test is checked (vectors.md §Test): nested objects may carry more members.
            for key in outputKeys(reference) {
                guard let got = response[key] else { return .divergent("no member \"\(key)\"") }
                if got != reference[key], !StepCheck.matches(got, reference[key] ?? .null) {
                    return .divergent("member \"\(key)\" differs")
                }
            }
            return .same
        case (true, false):
            return .divergent("refused (\(portCode)\(portDetail.map { ", \($0)" } ?? "")) what CloserSpec accepts")
        case (false, true):
            return .divergent("accepted what CloserSpec refuses with \(refCode) (\(refDetail))")
        case (false, false):
            guard refCode == portCode else {
                return .divergent(
                    "refused with \(portCode)\(portDetail.map { " (\($0))" } ?? "") where CloserSpec refuses with \(refCode) (\(refDetail))"
                )
            }
            if let portDetail, portDetail != refDetail { return .otherDetail(reference: refDetail, port: portDetail) }
            return .same
        }
    }
}
