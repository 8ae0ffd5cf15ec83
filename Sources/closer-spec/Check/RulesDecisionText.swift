// How `closer-spec check` prints a rules decision: ALLOW / DENY, each violated invariant
// with its quoted source, each soft wire finding. Normative: specs/rules.md §"Evaluation".

import CloserRules

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
        return lines.joined(separator: "\n")
    }
}
