// The generated table of specs/rules.md: one row per invariant with its quoted source,
// check and vector tcIds. Normative: specs/rules.md (this keeps it in step with the code).

import CloserVectorModel
import CloserRules
import CloserWire

/// Renders and splices the invariant table of specs/rules.md.
package enum RulesSpecTable {
    package static let begin = "<!-- BEGIN GENERATED: closer-spec generate --specs specs -->"
    package static let end = "<!-- END GENERATED -->"

    /// The generated specs files and their renderers (relative to the specs directory).
    package static let documents: [(name: String, render: @Sendable () throws(CloserError) -> String)] = [
        ("rules.md", render), ("rules-gaps.md", renderGaps),
    ]

    /// The table for Closer's rule set and the generated vectors.
    package static func render() throws(CloserError) -> String {
        let suite = try RulesVectorGenerator.generate()
        let ruleSet = CloserRuleSet.v1
        var lines = [
            "| # | id | provenance | manual source | check | applies to | vectors (tcId) |",
            "|---|---|---|---|---|---|---|",
        ]
        for (i, inv) in ruleSet.catalogue.enumerated() {
            let scope: String
            if inv.id == ruleSet.noMatchingRule.id {
                scope = "any unmatched path / ungranted method"
            } else {
                let patterns =
                    inv.scope.patterns.map { ids in
                        ids.compactMap { id in ruleSet.patterns.first { $0.id == id }?.template }.map { "`\($0)`" }
                            .joined(separator: ", ")
                    } ?? "every path"
                let methods = RulesMethod.allCases.filter(inv.scope.methods.contains).map(\.rawValue).joined(
                    separator: ", ")
                scope = "\(methods) on \(patterns)"
            }
            var provenance = inv.provenance.label
            if let note = inv.provenance.note { provenance += ": " + note }
            if let conflict = inv.conflict { provenance += " **ManualConflict**: " + conflict }
            let quote = "§" + inv.source.section + ": “" + inv.source.quote + "”"
            let ids = (suite.tcIDs[inv.id] ?? []).map(String.init).joined(separator: ", ")
            lines.append(
                "| \(i + 1) | `\(inv.id)` | \(cell(provenance)) | \(cell(quote)) | \(cell(inv.summary)) | \(cell(scope)) | \(ids) |"
            )
        }
        lines.append("")
        let labels = ruleSet.catalogue.map(\.provenance.label)
        func count(_ label: String) -> Int { labels.filter { $0 == label }.count }
        let conflicting = ruleSet.catalogue.filter { $0.conflict != nil }.count
        lines.append(
            "\(ruleSet.catalogue.count) invariants: \(count("stated")) stated, \(count("inferred")) inferred, "
                + "\(count("configuration")) configuration, \(count("decided")) decided; \(conflicting) of them rest on a contradiction of the manual "
                + "(**ManualConflict**). \(suite.numberOfTests) vectors.")
        return lines.joined(separator: "\n")
    }

    /// The gap tables of specs/rules-gaps.md: every gap with its library-made example, and
    /// the shortest real values against the rules' and the keyless minimums.
    package static func renderGaps() throws(CloserError) -> String {
        var lines = [
            "| id | field | rules helper | example (made by CloserSpec) | rules | CloserWire | worth closing | proposal |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for g in try RulesGaps.catalogue() {
            let rules: String
            switch g.direction {
            case .unchecked: rules = "accept (no check)"
            case .rulesAcceptWireRejects: rules = "accept"
            case .wireAcceptsRulesReject: rules = "reject"
            }
            var proposal = g.proposal
            if let r = g.proposedRegex { proposal += " Regex: `" + r + "`" }
            lines.append(
                "| `\(g.id)` | \(cell(g.field)) | \(g.helper) | `\(cell(g.example))` | \(rules) | \(g.wire) | \(g.worthClosing ? "yes" : "no") | \(cell(proposal)) |"
            )
        }
        let m = try RulesGaps.minimums()
        lines += [
            "",
            "| kind | rules accept from | CloserWire keyless check accepts from | shortest real value |",
            "|---|---|---|---|",
            "| `enc:v1:` | \(m.encRules) | \(m.encKeyless) | \(m.enc) (empty plaintext) |",
            "| `sealed:v1:` | \(m.sealedRules) | \(m.sealedKeyless) | \(m.sealed) (smallest profile-v1 payload) |",
            "| `keybox:v1:` | \(m.keyboxRules) | \(m.keyboxKeyless) | \(m.keybox) (one-time keyset, 1-byte key id) |",
            "| `sha256:` | 50 (exactly) | 50 (exactly) | \(m.commitment) |",
            "",
            "Lengths in characters, prefix included.",
        ]
        return lines.joined(separator: "\n")
    }

    /// `document` with the text between the markers replaced by `render()`'s output.
    package static func replaceGenerated(
        in document: String, render: () throws(CloserError) -> String = { () throws(CloserError) in try render() }
    ) throws(CloserError) -> String {
        guard let b = document.range(of: begin), let e = document.range(of: end), b.upperBound <= e.lowerBound else {
            throw CloserError(.rulesCheckInput, "the document lacks the GENERATED markers")
        }
        return String(document[..<b.upperBound]) + "\n" + (try render()) + "\n" + String(document[e.lowerBound...])
    }

    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

extension String {
    fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
