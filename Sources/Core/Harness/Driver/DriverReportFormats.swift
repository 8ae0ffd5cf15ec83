// The driver's machine-readable reports: results JSON and JUnit XML that CI systems show.
// Normative: specs/harness.md §"Driver".

import CloserVectorModel
import CloserWire

extension DriverReport {
    /// `{"implementation", "ops", "summary": {...}, "suites": [...], "tests": [...]}` as
    /// canonical JSON, with the output policy's scalars as `\u` escapes (`UntrustedText.json`);
    /// results v2's members added (ResultsV2Members.swift, specs/report.md §"Results formats").
    package func resultsJSON() -> [UInt8] {
        let suitesJSON: [JSONValue] = suites.map { s in
            var o: [String: JSONValue] = [
                "suite": .string(s.name), "passed": .number(Double(s.passed)), "failed": .number(Double(s.failed)),
                "skipped": .number(Double(s.skipped)), "divergences": .number(Double(s.divergences)),
            ]
            if let why = s.skippedBecause { o["skippedBecause"] = .string(why) }
            o.merge(run.suiteMembers(s.name)) { old, _ in old }
            return .object(o)
        }
        let testsJSON: [JSONValue] = tests.map { t in
            var o: [String: JSONValue] = [
                "suite": .string(t.suite), "tcId": .number(Double(t.tcID)), "status": .string(t.status.rawValue),
                "comment": .string(t.comment), "flags": .array(t.flags.map(JSONValue.string)),
            ]
            if t.status != .passed {
                o["message"] = .string(t.message)
                o["layer"] = t.layer.map { .string($0.rawValue) } ?? .null
            }
            if let note = t.detailNote { o["detailNote"] = .string(note) }
            o.merge(t.evidence.resultsMembers) { old, _ in old }
            return .object(o)
        }
        var members: [String: JSONValue] = [
            "implementation": .string(implementation), "ops": .array(ops.map(JSONValue.string)),
            "summary": .object([
                "passed": .number(Double(passed)), "failed": .number(Double(failed)),
                "skipped": .number(Double(skipped)), "divergences": .number(Double(divergences)),
            ]),
            "suites": .array(suitesJSON), "tests": .array(testsJSON),
            "staleKnownFailures": .array(staleKnownFailures.map(JSONValue.string)),
        ]
        members.merge(run.resultsMembers) { old, _ in old }
        let json = JSONValue.object(members)
        let canonical = String(decoding: (try? CanonicalJSON.serialize(json)) ?? [], as: UTF8.self)
        return Array(UntrustedText.json(canonical).utf8)
    }

    /// JUnit XML: one `<testsuite>` per suite, one `<testcase>` per test run.
    package func junitXML() -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out +=
            #"<testsuites name="closer-spec harness" tests="\#(passed + failed + divergences)" failures="\#(failed)" skipped="\#(skipped)">"#
            + "\n"
        for s in suites {
            let cases = tests.filter { $0.suite == s.name }
            out +=
                #"  <testsuite name="\#(Self.xml(s.name))" tests="\#(cases.count + s.skipped)" failures="\#(s.failed)" skipped="\#(s.skipped + s.divergences)">"#
                + "\n"
            for t in cases {
                out +=
                    #"    <testcase classname="\#(Self.xml(s.name))" name="tcId \#(t.tcID): \#(Self.xml(t.comment))">"#
                switch t.status {
                case .failed:
                    let layer = t.layer?.rawValue ?? "port"
                    out +=
                        "\n      <failure type=\"\(layer)\" message=\"\(Self.xml("[\(layer)] \(t.message)"))\"/>\n    "
                case .divergence, .skipped:
                    out += "\n      <skipped message=\"\(Self.xml(t.message))\"/>\n    "
                case .passed:
                    break
                }
                out += "</testcase>\n"
            }
            if s.skipped > 0 {
                out +=
                    #"    <testcase classname="\#(Self.xml(s.name))" name="\#(s.skipped) test(s) not run"><skipped message="\#(Self.xml(s.skippedBecause ?? ""))"/></testcase>"#
                    + "\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Untrusted text (a port's name and messages, a vector file's comments) for an XML
    /// attribute: the output policy's XML form (`UntrustedText.xml`, specs/threat-model.md
    /// §"Output"), so that the file stays well-formed XML 1.0 whatever the port said.
    static func xml(_ s: String) -> String {
        UntrustedText.xml(s)
    }
}
