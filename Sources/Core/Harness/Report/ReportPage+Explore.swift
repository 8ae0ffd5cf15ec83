// Explore's findings: per finding the port, op, mutation, layer, message, the minimized input and
// CloserSpec's answer, and a command sending exactly that input to the port.
// specs/report.md §"Explore findings".

extension ReportPage {
    static func exploreSection(_ c: ReportContext) -> String {
        var out = "<section id=\"explore\"><h2>Explore findings</h2>\n"
        guard !c.inputs.explore.isEmpty else {
            return out + "<p class=\"note\">No explore results were given.</p></section>\n"
        }
        for run in c.inputs.explore {
            out += "<h3><code>\(HTMLText.escape(run.source))</code>: seed \(HTMLText.escape(String(format(run.seed))))"
            out += ", \(HTMLText.count(run.cases)) cases, \(run.findings.count) findings</h3>\n"
            if run.findings.isEmpty { out += "<p class=\"note\">No divergence.</p>\n" }
            for (i, f) in run.findings.enumerated() {
                out +=
                    "<details class=\"finding\" id=\"x-\(i)-\(f.caseIndex)\"><summary><code>\(HTMLText.escape(f.op))</code> "
                out +=
                    "case \(f.caseIndex) <span class=\"layer\">\(HTMLText.escape(f.kind == "port" ? f.layer ?? "port" : "CloserSpec suspect"))</span> "
                out +=
                    "\(HTMLText.escape(f.implementation)): \(HTMLText.escape(HTMLText.prefix(f.message, 140).map { $0 + "…" } ?? f.message))</summary>\n<dl>"
                out += "<dt>port</dt><dd><code>\(HTMLText.escape(f.port))</code></dd>"
                out += "<dt>mutation</dt><dd>\(HTMLText.escape(f.mutation))</dd>"
                out += "<dt>diagnosis</dt><dd>\(HTMLText.escape(f.message))</dd>"
                out += "<dt>similar cases</dt><dd>\(HTMLText.count(f.similarCases))</dd></dl>\n"
                out += value("minimized input", HTMLText.text(of: f.input))
                out += value("CloserSpec's answer", HTMLText.text(of: f.reference))
                var request = f.input
                if case .object(var o) = request {
                    o["op"] = .string(f.op)
                    o["id"] = .string("explore:\(f.caseIndex)")
                    request = .object(o)
                }
                out += command("reproduce this input", reproduce(request: request, port: f.port.isEmpty ? nil : f.port))
                out += "</details>\n"
            }
        }
        return out + "</section>\n"
    }

    static func format(_ seed: Double) -> String {
        seed == seed.rounded() && abs(seed) < 1e15 ? String(Int64(seed)) : String(seed)
    }
}
