// What the green rests on: per port, its passing tests by the weakest basis among the decisions
// they (or their suite's header) cite — verified, stated, inferred, decided — and those citing
// none. specs/report.md §"Basis".

extension ReportPage {
    /// Weakest first: a test resting on one decided pin is "decided" whatever else it cites.
    static let basisOrder: [DecisionBasis] = [.decided, .inferred, .stated, .verified]

    /// Per port: basis (or nil: cites no registered pin) → passing tests.
    package static func basisCounts(_ run: HarnessRun, _ decisions: [String: Decision]) -> [DecisionBasis?: Int] {
        let suites = Dictionary(run.suites.map { ($0.name, $0.decisionIDs) }, uniquingKeysWith: { a, _ in a })
        var counts: [DecisionBasis?: Int] = [:]
        for t in run.tests where t.status == "passed" {
            let bases = Set((t.decisionIDs + (suites[t.suite] ?? [])).compactMap { decisions[$0]?.basis })
            counts[basisOrder.first { bases.contains($0) }, default: 0] += 1
        }
        return counts
    }

    static func basisSection(_ c: ReportContext) -> String {
        var out = "<section id=\"basis\"><h2>Basis: what the green rests on</h2>\n"
        guard c.registry != nil else {
            return out
                + "<p class=\"note\">The decisions registry was not read (<code>--decisions specs/decisions</code>).</p></section>\n"
        }
        out += "<p class=\"note\">Passing tests by the weakest basis among the pins they or their suite cite "
        out += "(specs/decisions/): <span class=\"b-verified\">verified</span> against an independent implementation, "
        out += "<span class=\"b-stated\">stated</span> by the app's manual, <span class=\"b-inferred\">inferred</span> "
        out += "from it, <span class=\"b-decided\">decided</span> by CloserSpec where the manual is silent.</p>\n"
        out += "<div class=\"scroll\"><table class=\"basis\"><thead><tr><th>port</th><th>passing</th>"
        for b in basisOrder.reversed() { out += "<th class=\"b-\(b.rawValue)\">\(b.rawValue)</th>" }
        out += "<th>no pin cited</th></tr></thead><tbody>\n"
        for run in c.inputs.harness {
            let counts = basisCounts(run, c.decisions)
            let passing = counts.values.reduce(0, +)
            out +=
                "<tr><th>\(HTMLText.escape(run.implementation))</th><td class=\"cell\">\(HTMLText.count(passing))</td>"
            for b in basisOrder.reversed() { out += "<td class=\"cell\">\(share(counts[b] ?? 0, passing))</td>" }
            out += "<td class=\"cell\">\(share(counts[nil] ?? 0, passing))</td></tr>\n"
        }
        out += "</tbody></table></div>\n"
        if let registry = c.registry {
            out +=
                "<p class=\"note\">The registry read: "
                + registry.countsByBasis.map { "\($0.count) \($0.basis.rawValue)" }
                .joined(separator: ", ") + " pins.</p>\n"
        }
        return out + "</section>\n"
    }

    static func share(_ n: Int, _ total: Int) -> String {
        total == 0
            ? "0"
            : "\(HTMLText.count(n)) <span class=\"note\">(\(Int((Double(n) * 100 / Double(total)).rounded()))%)</span>"
    }
}
