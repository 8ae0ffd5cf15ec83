// What a capture shows about each decision: confirmed, contradicted, or not covered
// (specs/capture.md §Report).

/// One observation of a capture check about one decision.
package struct CaptureFinding: Hashable, Sendable {
    package enum Status: String, Sendable { case confirmed, contradicted }

    package let decision: String
    package let status: Status
    /// The capture section it comes from (`encV1`, `coupleKeyWrap`, …).
    package let section: String
    /// Why, without secrets (no key, phrase or plaintext).
    package let detail: String
}

/// The findings of one capture file, summarized per decision id.
package struct CaptureReport: Sendable {
    package var findings: [CaptureFinding] = []
    /// Sections the file has that the check does not read, and format problems.
    package var notes: [String] = []

    package init() {}

    mutating func confirm(_ ids: [String], _ section: String, _ detail: String) {
        findings += ids.map { CaptureFinding(decision: $0, status: .confirmed, section: section, detail: detail) }
    }

    mutating func contradict(_ ids: [String], _ section: String, _ detail: String) {
        findings += ids.map { CaptureFinding(decision: $0, status: .contradicted, section: section, detail: detail) }
    }

    /// A decision's status: contradicted if any finding contradicts it, else confirmed if any
    /// confirms it, else nil (not covered).
    package func status(of id: String) -> CaptureFinding.Status? {
        let mine = findings.filter { $0.decision == id }
        if mine.contains(where: { $0.status == .contradicted }) { return .contradicted }
        return mine.isEmpty ? nil : .confirmed
    }

    /// Every decision the capture says something about, sorted.
    package var coveredDecisions: [String] { Array(Set(findings.map(\.decision))).sorted(by: DecisionOrder.less) }

    package var hasContradiction: Bool { findings.contains { $0.status == .contradicted } }
}

/// Orders ids by area, then number (`D-WIRE-9` before `D-WIRE-10`).
package enum DecisionOrder {
    package static func less(_ a: String, _ b: String) -> Bool {
        let pa = a.split(separator: "-"), pb = b.split(separator: "-")
        guard pa.count == 3, pb.count == 3, let na = Int(pa[2]), let nb = Int(pb[2]) else { return a < b }
        return pa[1] == pb[1] ? na < nb : pa[1] < pb[1]
    }
}
