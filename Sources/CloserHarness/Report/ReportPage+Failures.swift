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
            var currentSuite: String? = nil
            for (i, t) in failing.enumerated() {
                if t.suite != currentSuite {
                    currentSuite = t.suite
                    out += "<h4 id=\"\(suiteAnchor(port: p, suite: t.suite))\">\(HTMLText.escape(t.suite))</h4>\n"
                }
                out += failure(t, index: i, port: p, run: run, suite: suites[t.suite], context: c)
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
        _ t: ReportTest, index: Int, port p: Int, run: HarnessRun, suite: ReportSuite?, context c: ReportContext
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
        if index < fullEvidenceFailures {
            if let r = t.request { out += value("request", HTMLText.text(of: r)) }
            if let e = t.expected { out += value("expected", HTMLText.text(of: e)) }
            if let a = t.actual {
                out += value(
                    t.actualBytes == nil ? "actual" : "actual (cut by the harness)", HTMLText.text(of: a),
                    totalBytes: t.actualBytes)
            }
        } else if t.request != nil {
            out += "<p class=\"note\">Request, expected and actual answers: in the results file "
            out += "(only the first \(HTMLText.count(fullEvidenceFailures)) failures of a port show them).</p>"
        }
        if let r = t.request { out += command("reproduce this request", reproduce(request: r, port: run.portCommand)) }
        out += command(
            "re-run the suite",
            "closer-spec harness --port \(HTMLText.shellQuoted(run.portCommand ?? "PORT_COMMAND")) --suite \(HTMLText.shellQuoted(t.suite))"
        )
        return out + "</details>\n"
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
