// The driver's machine-readable reports: results JSON and JUnit XML that CI systems show.
// Normative: specs/harness.md §"Driver".

import CloserVectorModel
import CloserWire

extension DriverReport {
    /// `{"implementation", "ops", "summary": {...}, "suites": [...], "tests": [...]}` as
    /// canonical JSON.
    package func resultsJSON() -> [UInt8] {
        let suitesJSON: [JSONValue] = suites.map { s in
            var o: [String: JSONValue] = [
                "suite": .string(s.name), "passed": .number(Double(s.passed)), "failed": .number(Double(s.failed)),
                "skipped": .number(Double(s.skipped)), "divergences": .number(Double(s.divergences)),
            ]
            if let why = s.skippedBecause { o["skippedBecause"] = .string(why) }
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
            return .object(o)
        }
        let json = JSONValue.object([
            "implementation": .string(implementation), "ops": .array(ops.map(JSONValue.string)),
            "summary": .object([
                "passed": .number(Double(passed)), "failed": .number(Double(failed)),
                "skipped": .number(Double(skipped)), "divergences": .number(Double(divergences)),
            ]),
            "suites": .array(suitesJSON), "tests": .array(testsJSON),
            "staleKnownFailures": .array(staleKnownFailures.map(JSONValue.string)),
        ])
        return (try? CanonicalJSON.serialize(json)) ?? []
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

    /// Text escaped for an XML attribute; control characters other than tab/LF/CR dropped.
    static func xml(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default:
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
