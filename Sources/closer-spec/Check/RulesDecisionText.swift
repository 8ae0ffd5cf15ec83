// How `closer-spec check` prints a rules decision: ALLOW / DENY, each violated invariant
// with its quoted source, each soft wire finding. Normative: specs/rules.md §"Evaluation".

import CloserRules
import CloserWire

extension RulesDecision {
    /// The human report `closer-spec check` prints.
    var text: String {
        var lines = [allow ? "ALLOW" : "DENY"]
        if let matchedPattern { lines[0] += "  (match \(matchedPattern))" }
        for v in violations {
            lines.append("  violated \(v.invariant): \(v.reason)")
            lines.append("    manual: \(v.source.section): \"\(v.source.quote)\"")
        }
        for f in findings {
            lines.append(
                "  finding (rules accept, wire rejects) \(f.field) as \(f.format.rawValue) [\(f.invariant), \(f.rulesHelper)]: \(f.code): \(f.reason)"
            )
        }
        // Reasons and findings name a document's fields and a request's path: untrusted text,
        // escaped line by line (specs/threat-model.md §"Output"), so a field name cannot forge a line.
        return lines.map(UntrustedText.escape).joined(separator: "\n")
    }
}
