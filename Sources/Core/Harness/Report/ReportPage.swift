// `closer-spec report`'s page: one static index.html with its CSS inline, no script, no external
// resource, and a Content-Security-Policy that allows nothing but that one style element (by its
// SHA-256). Sections in order: summary, diff, matrix, failures, explore, interop, basis.
// Normative: specs/report.md §"The page".

import CloserVectorModel
import CloserWire

/// Everything the page is rendered from.
package struct ReportContext: Sendable {
    package var inputs: ReportInputs
    /// The baseline runs (`--baseline`); nil: no diff section content.
    package var baselines: ReportInputs?
    /// The decisions registry, for each cited id's basis (nil: ids shown without basis).
    package var registry: DecisionRegistry?
    /// The generation time shown on the page (injected: the page is otherwise a pure function).
    package var generated: String
    /// The registry by id.
    let decisions: [String: Decision]

    package init(inputs: ReportInputs, baselines: ReportInputs? = nil, registry: DecisionRegistry?, generated: String) {
        self.inputs = inputs
        self.baselines = baselines
        self.registry = registry
        self.generated = generated
        decisions = Dictionary((registry?.decisions ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
}

package enum ReportPage {
    /// Failures per port shown in full (request, expected and actual answers, decisions, reproduce
    /// command); the rest as one table row each (the results file holds every value).
    package static let fullEvidenceFailures = 500
    /// Characters of a value shown before its disclosure.
    package static let previewCharacters = 160
    /// Characters of a value inside its disclosure; beyond, the page points at the results file.
    package static let disclosedCharacters = 16 << 10

    /// The whole page.
    package static func html(_ context: ReportContext) -> String {
        var body = ""
        body.reserveCapacity(1 << 20)
        body += summary(context)
        body += diffSection(context)
        body += matrixSection(context)
        body += failuresSection(context)
        body += exploreSection(context)
        body += interopSection(context)
        body += basisSection(context)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>CloserSpec conformance report</title>
            <style>\(ReportStyle.css)</style>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    /// Nothing but the one inline style element, by its hash: no script, image, font, frame,
    /// connection, form target or base URL.
    package static var contentSecurityPolicy: String {
        "default-src 'none'; style-src '\(styleHash)'; base-uri 'none'; form-action 'none'"
    }

    /// `sha256-<base64>` of the style element's text.
    package static let styleHash: String =
        "sha256-" + Base64.encode(sha256(Array(ReportStyle.css.utf8)), .standard)

    static func summary(_ c: ReportContext) -> String {
        var out = "<header><h1>CloserSpec conformance report</h1>\n<p class=\"lede\">"
        let runs = c.inputs.harness
        out += "\(runs.count) port run\(runs.count == 1 ? "" : "s"), "
        out += "\(HTMLText.count(runs.reduce(0) { $0 + $1.tests.count })) test results, "
        out += "\(HTMLText.count(runs.reduce(0) { $0 + $1.failed })) failing; "
        out += "\(c.inputs.explore.reduce(0) { $0 + $1.findings.count }) explore findings; "
        out += "\(c.inputs.interop.reduce(0) { $0 + $1.pairs.count }) interop pairs. "
        out += "Generated \(HTMLText.escape(c.generated)).</p>\n"
        out += "<nav><a href=\"#diff\">Diff</a> <a href=\"#matrix\">Matrix</a> <a href=\"#failures\">Failures</a> "
        out += "<a href=\"#explore\">Explore</a> <a href=\"#interop\">Interop</a> <a href=\"#basis\">Basis</a></nav>\n"
        out += "<div class=\"badges\">"
        for badge in Badge.all(c.inputs.harness) { out += badge.svg }
        out += "</div>\n</header>\n"
        return out
    }

    /// A value: its first `previewCharacters` in a `<pre>`, the rest (up to `disclosedCharacters`)
    /// behind a `<details>`.
    static func value(_ label: String, _ text: String, totalBytes: Int? = nil) -> String {
        var out = "<div class=\"val\"><span class=\"k\">\(label)</span>"
        guard let preview = HTMLText.prefix(text, previewCharacters) else {
            return out + "<pre>\(HTMLText.escape(text))</pre></div>\n"
        }
        out += "<pre>\(HTMLText.escape(preview))…</pre>"
        let bytes = totalBytes ?? text.utf8.count
        out += "<details><summary>full value (\(HTMLText.count(bytes)) bytes)</summary><pre>"
        if let shown = HTMLText.prefix(text, disclosedCharacters) {
            out += HTMLText.escape(shown)
            out += "</pre><p class=\"note\">… the first \(HTMLText.count(disclosedCharacters)) characters; "
            out += "the results file holds the rest.</p></details></div>\n"
        } else {
            out += HTMLText.escape(text) + "</pre></details></div>\n"
        }
        return out
    }

    /// A one-line command in a `<pre class="cmd">`.
    static func command(_ label: String, _ line: String) -> String {
        value(label, line)
    }

    /// `printf '%s\n' '<request>' | <port>`: this request, exactly, sent to the port.
    static func reproduce(request: JSONValue, port: String?) -> String {
        let text = UntrustedText.json(HTMLText.text(of: request))
        return "printf '%s\\n' \(HTMLText.shellQuoted(text)) | \(port ?? "PORT_COMMAND")"
    }
}
