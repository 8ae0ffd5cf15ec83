// Per failure: the test (suite, tcId, comment, flags with bug types), the layer diagnosis, the
// decision ids with their basis, the request, expected and actual answers (preview, the full value
// behind a disclosure) and a command reproducing exactly this test against the port.
// specs/report.md §"Failures".

import CloserWire

extension ReportPage {
    static func failuresSection(_ c: ReportContext) -> String {
        var out = "<section id=\"failures\"><h2>Failures</h2>\n"
        let runs = c.inputs.harness
        if runs.allSatisfy({ $0.failed + $0.divergences == 0 }) {
            return out + "<p class=\"note\">No port has a failing test.</p></section>\n"
        }
        for (p, run) in runs.enumerated() {
            let failing = run.tests.filter { $0.status == "failed" || $0.status == "divergence" }
            guard !failing.isEmpty else { continue }
            out += "<h3 id=\"fail-p\(p)\">\(HTMLText.escape(run.implementation)): "
            out += "\(HTMLText.count(failing.count)) failing</h3>\n"
            let suites = Dictionary(run.suites.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            var bySuite: [(String, [ReportTest])] = []
            for t in failing {
                if bySuite.last?.0 == t.suite {
                    bySuite[bySuite.count - 1].1.append(t)
                } else {
                    bySuite.append((t.suite, [t]))
                }
            }
            var shown = 0
            for (name, tests) in bySuite {
                out += "<h4 id=\"\(suiteAnchor(port: p, suite: name))\">\(HTMLText.escape(name)): "
                out += "\(HTMLText.count(tests.count)) failing</h4>\n"
                let rerun =
                    "closer-spec harness --port \(HTMLText.shellQuoted(run.portCommand ?? "PORT_COMMAND")) --suite \(HTMLText.shellQuoted(name))"
                out += "<p class=\"note\">Re-run the suite: <code>\(HTMLText.escape(rerun))</code></p>\n"
                let full = tests.prefix(max(0, fullEvidenceFailures - shown))
                for t in full { out += failure(t, port: p, run: run, suite: suites[name], context: c) }
                shown += full.count
                if tests.count > full.count { out += compactFailures(tests.dropFirst(full.count), port: p) }
            }
        }
        return out + "</section>\n"
    }

    /// The anchor of one failing test.
    static func testAnchor(port: Int, test: ReportTest) -> String {
        "t-p\(port)-"
            + (test.contentID.map { String($0.prefix(16)) }
                ?? "\(suiteAnchor(port: port, suite: test.suite))-\(test.tcID)")
    }

    static func failure(
        _ t: ReportTest, port p: Int, run: HarnessRun, suite: ReportSuite?, context c: ReportContext
    ) -> String {
        let known = t.status == "divergence"
        var out = "<details class=\"failure\(known ? " divergence" : "")\" id=\"\(testAnchor(port: p, test: t))\">"
        out += "<summary><code>\(HTMLText.escape(t.suite))</code> tcId \(t.tcID) "
        out += "<span class=\"layer\">\(HTMLText.escape(t.layer ?? "port"))</span>\(known ? " known divergence" : "") "
        out += HTMLText.escape(HTMLText.prefix(t.message, 140).map { $0 + "…" } ?? t.message) + "</summary>\n<dl>"
        out += "<dt>comment</dt><dd>\(HTMLText.escape(t.comment))</dd>"
        let flags = t.flags.map { f in
            HTMLText.escape(f) + (suite?.bugTypes[f].map { " (<code>\(HTMLText.escape($0))</code>)" } ?? "")
        }
        out += "<dt>flags</dt><dd>\(flags.isEmpty ? "–" : flags.joined(separator: ", "))</dd>"
        out +=
            "<dt>layer</dt><dd>\(HTMLText.escape(t.layer ?? "port (the port failed: crash, hang or unreadable answer)"))</dd>"
        out +=
            "<dt>diagnosis</dt><dd>\(HTMLText.escape(HTMLText.prefix(t.message, disclosedCharacters) ?? t.message))</dd>"
        if let step = t.failedStep { out += "<dt>step</dt><dd>\(step + 1)</dd>" }
        out += "<dt>decisions</dt><dd>\(decisions(t.decisionIDs, suite: suite?.decisionIDs ?? [], c.decisions))</dd>"
        out += "</dl>\n"
        if let r = t.request { out += value("request", HTMLText.text(of: r)) }
        if let e = t.expected { out += value("expected", HTMLText.text(of: e)) }
        if let a = t.actual {
            let label = t.actualBytes == nil ? "actual" : "actual (cut by the harness)"
            out += value(label, HTMLText.text(of: a), totalBytes: t.actualBytes)
        }
        if let r = t.request { out += command("reproduce this request", reproduce(request: r, port: run.portCommand)) }
        return out + "</details>\n"
    }

    /// Failures past the first `fullEvidenceFailures` of a port: one table row each (tcId, layer,
    /// comment, message); their request, expected and actual answers are in the results file.
    static func compactFailures(_ tests: ArraySlice<ReportTest>, port p: Int) -> String {
        var out = "<p class=\"note\">\(HTMLText.count(tests.count)) more failures, past the first "
        out += "\(HTMLText.count(fullEvidenceFailures)) of this port shown in full: their request, expected and "
        out += "actual answers are in the results file.</p>\n<div class=\"scroll\"><table class=\"compact\"><tbody>\n"
        for t in tests {
            out += "<tr class=\"failure\" id=\"\(testAnchor(port: p, test: t))\"><td>tcId \(t.tcID)</td>"
            out += "<td><span class=\"layer\">\(HTMLText.escape(t.layer ?? "port"))</span></td>"
            out += "<td>\(HTMLText.escape(HTMLText.prefix(t.comment, 80).map { $0 + "…" } ?? t.comment))</td>"
            out += "<td>\(HTMLText.escape(HTMLText.prefix(t.message, 120).map { $0 + "…" } ?? t.message))</td></tr>\n"
        }
        return out + "</tbody></table></div>\n"
    }

    /// Decision ids with their basis and pin: the test's own, then its suite header's.
    static func decisions(_ own: [String], suite: [String], _ registry: [String: Decision]) -> String {
        let fromSuite = suite.filter { !own.contains($0) }
        guard !own.isEmpty || !fromSuite.isEmpty else { return "none cited" }
        var out = "<ul class=\"ids\">"
        for (id, whose) in own.map({ ($0, "") }) + fromSuite.map({ ($0, " (suite)") }) {
            out += "<li><code>\(HTMLText.escape(id))</code>\(whose) "
            if let d = registry[id] {
                out += "<span class=\"b-\(d.basis.rawValue)\">\(d.basis.rawValue)</span>: \(HTMLText.escape(d.pin))"
            } else {
                out += "<span class=\"note\">not in the registry read</span>"
            }
            out += "</li>"
        }
        return out + "</ul>"
    }
}
