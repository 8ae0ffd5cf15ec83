// Interop: the ordered-pair matrix (producer × consumer, every flow summed), then each pair's
// flows and mismatches with their layer and reproduce command. specs/report.md §"Interop".

extension ReportPage {
    static func interopSection(_ c: ReportContext) -> String {
        var out = "<section id=\"interop\"><h2>Interop: producer → consumer</h2>\n"
        guard !c.inputs.interop.isEmpty else {
            return out + "<p class=\"note\">No interop results were given.</p></section>\n"
        }
        for run in c.inputs.interop {
            var ports = run.ports
            for p in run.pairs {
                for name in [p.producer, p.consumer] where !ports.contains(name) { ports.append(name) }
            }
            out += "<h3><code>\(HTMLText.escape(run.source))</code>: seed \(HTMLText.escape(format(run.seed)))</h3>\n"
            out += "<div class=\"scroll\"><table class=\"interop\"><thead><tr><th>producer ↓ consumer →</th>"
            for p in ports { out += "<th>\(HTMLText.escape(p))</th>" }
            out += "</tr></thead><tbody>\n"
            for producer in ports {
                out += "<tr><th>\(HTMLText.escape(producer))</th>"
                for consumer in ports {
                    let pairs = run.pairs.filter { $0.producer == producer && $0.consumer == consumer }
                    let cases = pairs.reduce(0) { $0 + $1.cases }
                    let passed = pairs.reduce(0) { $0 + $1.passed }
                    let failed = pairs.reduce(0) { $0 + $1.failed }
                    let kind = pairs.isEmpty ? "none" : failed > 0 ? "fail" : "pass"
                    out += "<td class=\"cell \(kind)\" data-passed=\"\(passed)\" data-failed=\"\(failed)\">"
                    out += pairs.isEmpty ? "–" : "\(HTMLText.count(passed))/\(HTMLText.count(cases))"
                    out +=
                        pairs.isEmpty
                        ? "" : " <span class=\"layers\">\(pairs.count) flow\(pairs.count == 1 ? "" : "s")</span>"
                    out += "</td>"
                }
                out += "</tr>\n"
            }
            out += "</tbody></table></div>\n<ul>"
            for pair in run.pairs {
                out += "<li><code>\(HTMLText.escape(pair.flow))</code> \(HTMLText.escape(pair.producer)) → "
                out += "\(HTMLText.escape(pair.consumer)): \(HTMLText.count(pair.passed))/\(HTMLText.count(pair.cases))"
                out += pair.failed > 0 ? " <span class=\"diff-fail\">\(HTMLText.count(pair.failed)) failed</span>" : ""
                for m in pair.mismatches { out += mismatch(m) }
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    static func mismatch(_ m: ReportInteropMismatch) -> String {
        var out =
            "<details class=\"mismatch\"><summary><span class=\"layer\">\(HTMLText.escape(m.layer ?? "?"))</span> "
        out += HTMLText.escape(HTMLText.prefix(m.message, 140).map { $0 + "…" } ?? m.message) + "</summary>\n"
        out += "<dl><dt>diagnosis</dt><dd>\(HTMLText.escape(m.message))</dd></dl>\n"
        out += value("input", HTMLText.text(of: m.input))
        out += value("produced", HTMLText.text(of: m.produced))
        out += value("consumed", HTMLText.text(of: m.consumed))
        if !m.reproduce.isEmpty { out += command("reproduce", m.reproduce) }
        return out + "</details>"
    }
}
