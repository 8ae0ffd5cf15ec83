// The page keeps untrusted text as text (specs/report.md §"Untrusted text"): HTML escaping after
// the output policy, a page whose structure a hostile port's strings cannot change, a CSP that
// names the one style element's hash, and badges whose SVG says the counts.

import CloserWire
import Foundation
import Testing

@testable import CloserHarness

@Suite struct ReportPageTests {
    static let hostile = "<script>alert(1)</script>\u{202E}\u{2066}x\"'&</section><!--\u{1B}[31m"

    @Test func escapesMarkupAndThePolicysScalars() {
        let e = HTMLText.escape(Self.hostile)
        #expect(!e.contains("<") && !e.contains(">") && !e.contains("\"") && !e.contains("'"))
        #expect(e.contains("&lt;script&gt;") && e.contains("&amp;") && e.contains("&quot;") && e.contains("&#39;"))
        #expect(e.contains("\\u{202e}") && e.contains("\\u{2066}") && e.contains("\\u{1b}"))
        #expect(!e.unicodeScalars.contains { UntrustedText.mustEscape($0.value) })
        // A variant without the output policy would let the bidi override through.
        #expect(Self.htmlOnly(Self.hostile).unicodeScalars.contains { $0.value == 0x202E })
    }

    static func htmlOnly(_ s: String) -> String {
        s.replacingOccurrences(of: "<", with: "&lt;")
    }

    static func hostileInputs() -> ReportInputs {
        var t = ReportTest()
        t.suite = hostile
        t.tcID = 1
        t.status = "failed"
        t.comment = hostile
        t.flags = [hostile]
        t.message = hostile + String(repeating: "<b>", count: 100_000)
        t.layer = hostile
        t.decisionIDs = [hostile]
        t.request = .object(["op": .string(hostile)])
        t.expected = .string(hostile)
        t.actual = .string(String(repeating: "</pre></details><script>x</script>", count: 30_000))
        var s = ReportSuite()
        s.name = hostile
        s.failed = 1
        s.profile = hostile
        s.layers = [hostile]
        s.bugTypes = [hostile: hostile]
        var run = HarnessRun()
        run.implementation = hostile
        run.portCommand = hostile
        run.source = hostile
        run.suites = [s]
        run.tests = [t]
        var inputs = ReportInputs()
        inputs.harness = [run]
        return inputs
    }

    @Test func hostileTextLeavesTheStructureAlone() {
        let page = ReportPage.html(
            ReportContext(
                inputs: Self.hostileInputs(), baselines: Self.hostileInputs(), registry: nil, generated: Self.hostile))
        #expect(!page.lowercased().contains("<script"))
        #expect(page.components(separatedBy: "<section ").count - 1 == 6)
        #expect(page.components(separatedBy: "</section>").count - 1 == 6)
        #expect(page.components(separatedBy: "<details").count == page.components(separatedBy: "</details>").count)
        #expect(!page.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 || $0.value == 0x1B })
        #expect(
            page.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-"))
        // The megabyte message is cut to the disclosure's limit.
        #expect(page.utf8.count < 1_000_000)
    }

    @Test func cspHashesTheStyleElement() {
        let page = ReportPage.html(ReportContext(inputs: ReportInputs(), registry: nil, generated: "t"))
        let style = page.components(separatedBy: "<style>")[1].components(separatedBy: "</style>")[0]
        #expect(style == ReportStyle.css)
        #expect(
            ReportPage.styleHash == "sha256-"
                + Base64.encode(Commitment(canonicalBytes: Array(style.utf8)).digest, .standard))
        #expect(page.components(separatedBy: "<style>").count == 2)
        #expect(!page.contains("style=\""))
    }

    @Test func badgeSaysTheCounts() {
        var s = ReportSuite()
        s.name = "enc_v1"
        s.passed = 3220
        var failing = s
        failing.name = "fitlink_chat"
        failing.profile = "fitlink"
        failing.passed = 10
        failing.failed = 2
        var run = HarnessRun()
        run.implementation = "port<&>"
        run.suites = [s, failing]
        let badges = Badge.all([run])
        #expect(badges.map(\.profile) == ["closer", "fitlink"])
        #expect(badges[0].message == "conforms 3,220/3,220" && badges[0].color == "brightgreen")
        #expect(badges[1].message == "fails 2 of 12" && badges[1].color == "red")
        let svg = badges[0].svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">conforms 3,220/3,220</text>"))
        #expect(svg.contains("port&lt;&amp;&gt; closer") && !svg.contains("port<"))
        #expect(badges[0].fileStem == "port----closer")
        let json = try? JSONValue(parsing: badges[1].endpointJSON)
        #expect(json?["schemaVersion"] == .number(1) && json?["message"] == .string("fails 2 of 12"))
        #expect(ReportWriter.stems([badges[0], badges[0]]) == ["port----closer", "port----closer-2"])
    }
}
