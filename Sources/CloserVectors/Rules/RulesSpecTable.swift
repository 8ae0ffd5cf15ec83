// The generated table of specs/rules.md: one row per invariant with its manual source,
// check and vector tcIds. Normative: specs/rules.md (this keeps it in step with the code).

import CloserRules
import CloserWire

/// Renders and splices the invariant table of specs/rules.md.
public enum RulesSpecTable {
    public static let begin = "<!-- BEGIN GENERATED: closer-spec generate --specs specs -->"
    public static let end = "<!-- END GENERATED -->"

    /// The table for Closer's rule set and the generated vectors.
    public static func render() throws(CloserError) -> String {
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
            let quote = "§" + inv.source.section + ": “" + inv.source.quote + "”"
            let ids = (suite.tcIDs[inv.id] ?? []).map(String.init).joined(separator: ", ")
            lines.append(
                "| \(i + 1) | `\(inv.id)` | \(cell(provenance)) | \(cell(quote)) | \(cell(inv.summary)) | \(cell(scope)) | \(ids) |"
            )
        }
        lines.append("")
        lines.append("\(ruleSet.catalogue.count) invariants, \(suite.numberOfTests) vectors.")
        return lines.joined(separator: "\n")
    }

    /// `document` with the text between the markers replaced by a fresh table.
    public static func replaceGenerated(in document: String) throws(CloserError) -> String {
        guard let b = document.range(of: begin), let e = document.range(of: end), b.upperBound <= e.lowerBound else {
            throw CloserError(.rulesCheckInput, "rules.md lacks the GENERATED markers")
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
