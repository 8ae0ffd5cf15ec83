// The diff, shown first: per port, what newly fails, what newly passes, which tests are new,
// changed or gone since the baseline (`--baseline`). specs/report.md §"Diff".

extension ReportPage {
    /// Tests listed per kind of change before "… N more".
    static let diffListLimit = 200

    static func diffSection(_ c: ReportContext) -> String {
        var out = "<section id=\"diff\"><h2>Diff against the baseline</h2>\n"
        guard let baselines = c.baselines else {
            return out
                + "<p class=\"note\">No baseline was given (<code>--baseline OLD_RESULTS…</code>).</p></section>\n"
        }
        let diffs = ReportDiff.diff(c.inputs.harness, baselines: baselines.harness)
        for (p, d) in diffs.enumerated() {
            out += "<h3>\(HTMLText.escape(d.implementation))</h3>\n"
            if d.noBaseline {
                out += "<p class=\"note\">No baseline run of this port.</p>\n"
                continue
            }
            out += "<p class=\"diff-summary\" data-port=\"\(p)\" data-newly-failing=\"\(d.newlyFailing.count)\" "
            out += "data-newly-passing=\"\(d.newlyPassing.count)\">"
            out +=
                "<span class=\"\(d.newlyFailing.isEmpty ? "" : "diff-fail")\">\(HTMLText.count(d.newlyFailing.count)) newly failing</span>, "
            out +=
                "<span class=\"\(d.newlyPassing.isEmpty ? "" : "diff-pass")\">\(HTMLText.count(d.newlyPassing.count)) newly passing</span>, "
            out += "\(HTMLText.count(d.added.count)) new, \(HTMLText.count(d.changed.count)) changed, "
            out += "\(HTMLText.count(d.removed.count)) gone (matched by \(d.matchedBy)"
            out += d.matchedBy == "contentId" ? ")" : ": a v1 results file has no content id)"
            out += "</p>\n"
            out += diffList("Newly failing", "newly-failing", d.newlyFailing, port: p, link: true)
            out += diffList("Newly passing", "newly-passing", d.newlyPassing, port: p, link: false)
            out += diffList("New tests", "added", d.added, port: p, link: false)
            out += diffList(
                "Changed tests (same inputs, another expectation)", "changed", d.changed, port: p, link: false)
            out += diffList("Gone from the run", "removed", d.removed, port: p, link: false)
        }
        return out + "</section>\n"
    }

    static func diffList(_ title: String, _ kind: String, _ tests: [ReportTest], port: Int, link: Bool) -> String {
        guard !tests.isEmpty else { return "" }
        var out = "<h4>\(title)</h4><ul class=\"diff-list \(kind)\">"
        for t in tests.prefix(diffListLimit) {
            var line = "<code>\(HTMLText.escape(t.suite))</code> tcId \(t.tcID): \(HTMLText.escape(t.comment))"
            if t.failed { line += " <span class=\"layer\">\(HTMLText.escape(t.layer ?? "port"))</span>" }
            out +=
                "<li>"
                + (link && (t.failed || t.status == "divergence")
                    ? "<a href=\"#\(testAnchor(port: port, test: t))\">\(line)</a>" : line) + "</li>"
        }
        if tests.count > diffListLimit { out += "<li>… \(HTMLText.count(tests.count - diffListLimit)) more</li>" }
        return out + "</ul>\n"
    }
}
