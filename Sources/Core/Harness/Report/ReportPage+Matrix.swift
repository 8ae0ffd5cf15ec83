// The matrix: suites (grouped by vector set / profile, each with its layers) × ports, each cell
// passed/failed/skipped, coloured; per port its verdict, totals and the vector sets (version and
// MANIFEST.json digest) it ran against. specs/report.md §"Matrix".

extension ReportPage {
    /// Profile → its suites' names, `closer` first, then by name; suites by name.
    static func suitesByProfile(_ runs: [HarnessRun]) -> [(String, [String])] {
        var groups: [String: Set<String>] = [:]
        for run in runs {
            for s in run.suites { groups[run.profile(of: s), default: []].insert(s.name) }
        }
        return groups.keys.sorted { a, b in a == "closer" ? b != "closer" : b == "closer" ? false : a < b }
            .map { ($0, groups[$0]!.sorted()) }
    }

    static func verdict(_ run: HarnessRun) -> String {
        if run.passed + run.failed + run.divergences == 0 { return "<span class=\"verdict-none\">no test run</span>" }
        if run.failed > 0 { return "<span class=\"verdict-fail\">fails \(HTMLText.count(run.failed))</span>" }
        return "<span class=\"verdict-pass\">conforms</span>"
    }

    static func matrixSection(_ c: ReportContext) -> String {
        let runs = c.inputs.harness
        var out = "<section id=\"matrix\"><h2>Matrix</h2>\n"
        guard !runs.isEmpty else { return out + "<p class=\"note\">No harness results were given.</p></section>\n" }
        out += "<p class=\"note\">Each cell: passed / failed / skipped tests (a known divergence counts as "
        out += "failed, marked amber). A failed count links to its failures.</p>\n"
        out += "<div class=\"scroll\"><table class=\"matrix\"><thead><tr><th>suite</th><th>layers</th>"
        for (p, run) in runs.enumerated() {
            out += "<th data-port=\"\(p)\">\(HTMLText.escape(run.implementation))</th>"
        }
        out += "</tr></thead><tbody>\n<tr><th>verdict</th><td></td>"
        for run in runs { out += "<td>\(verdict(run))</td>" }
        out += "</tr>\n<tr><th>total</th><td></td>"
        for (p, run) in runs.enumerated() {
            out += cell(
                port: p, suite: nil, passed: run.passed, failed: run.failed + run.divergences,
                skipped: run.skipped, divergences: run.divergences, link: run.failed > 0 ? "fail-p\(p)" : nil)
        }
        out += "</tr>\n<tr><th>vector sets</th><td></td>"
        for run in runs { out += "<td>\(vectorSets(run))</td>" }
        out += "</tr>\n"
        let indexes = runs.map { run in Dictionary(run.suites.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }) }
        for (profile, names) in suitesByProfile(runs) {
            out += "<tr><th class=\"profile\" colspan=\"\(runs.count + 2)\">\(HTMLText.escape(profile))</th></tr>\n"
            for name in names {
                let layers = Set(indexes.flatMap { $0[name]?.layers ?? [] }).sorted()
                out += "<tr><th>\(HTMLText.escape(name))</th><td class=\"layers\">"
                out += HTMLText.escape(layers.joined(separator: ", ")) + "</td>"
                for (p, index) in indexes.enumerated() {
                    guard let s = index[name] else {
                        out += "<td class=\"cell none\" data-port=\"\(p)\">–</td>"
                        continue
                    }
                    out += cell(
                        port: p, suite: name, passed: s.passed, failed: s.failed + s.divergences,
                        skipped: s.skipped, divergences: s.divergences,
                        link: s.failed + s.divergences > 0 ? suiteAnchor(port: p, suite: name) : nil)
                }
                out += "</tr>\n"
            }
        }
        out += "</tbody></table></div>\n<h3>Vector sets run</h3><ul>\n"
        for run in runs {
            out +=
                "<li>\(HTMLText.escape(run.implementation)) (<code>\(HTMLText.escape(run.source))</code>, results v\(run.formatVersion))"
            if let command = run.portCommand { out += ": port <code>\(HTMLText.escape(command))</code>" }
            if !run.readings.isEmpty {
                let chosen = run.readings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                out += "<br>readings: " + HTMLText.escape(chosen.joined(separator: ", "))
            }
            for set in run.vectorSets {
                out +=
                    "<br>\(HTMLText.escape(set.profile)) \(HTMLText.escape(set.version ?? "?")), MANIFEST.json SHA-256 "
                out += "<code>\(HTMLText.escape(set.manifestSHA256 ?? "none"))</code>"
            }
            out += "</li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    /// The anchor of a port's failures in one suite (suite names are untrusted: hex of their UTF-8).
    static func suiteAnchor(port: Int, suite: String) -> String {
        "f-p\(port)-" + suite.utf8.map { String($0, radix: 16) }.joined()
    }

    static func cell(
        port: Int, suite: String?, passed: Int, failed: Int, skipped: Int, divergences: Int, link: String?
    ) -> String {
        let kind =
            failed > divergences
            ? "fail" : divergences > 0 ? "div" : passed > 0 ? "pass" : skipped > 0 ? "skip" : "none"
        var out = "<td class=\"cell \(kind)\" data-port=\"\(port)\""
        if let suite { out += " data-suite=\"\(HTMLText.escape(suite))\"" }
        out += " data-passed=\"\(passed)\" data-failed=\"\(failed)\" data-skipped=\"\(skipped)\">"
        out += "<span class=\"np\">\(HTMLText.count(passed))</span> / "
        let failedText = "<span class=\"nf\">\(HTMLText.count(failed))</span>"
        out += link.map { "<a href=\"#\($0)\">\(failedText)</a>" } ?? failedText
        out += " / <span class=\"ns\">\(HTMLText.count(skipped))</span></td>"
        return out
    }

    static func vectorSets(_ run: HarnessRun) -> String {
        guard !run.vectorSets.isEmpty else {
            return "<span class=\"note\">not recorded (results v\(run.formatVersion))</span>"
        }
        return run.vectorSets.map { set in
            "\(HTMLText.escape(set.profile)) \(HTMLText.escape(set.version ?? "?"))"
        }.joined(separator: "<br>")
    }
}
