// Bench row for `closer-spec report` (specs/report.md §"Performance"): three ports' results over
// about 13,000 tests (a tenth failing, with their request, expected and actual answers) plus 200
// explore findings, parsed from their JSON bytes and rendered to the page. Target: under 2 s and a
// page under 5 MB. Measured, never asserted.

import CloserHarness
import CloserWire
import Foundation

package enum ReportBenchCases {
    package static func all() -> [BenchCase] { [render] }

    /// One port's results v2 file: `tests` tests of enc_v1, every tenth failing.
    static func results(port: Int, tests: Int) -> [UInt8] {
        var list: [JSONValue] = []
        for i in 0..<tests {
            var t: [String: JSONValue] = [
                "suite": .string("suite_\(i % 40)"), "tcId": .number(Double(i + 1)), "comment": .string("case \(i)"),
                "flags": .array([.string("Valid")]),
                "contentId": .string(String(repeating: "a", count: 63) + "\(i % 10)"),
                "expectationDigest": .string("00"), "decisionIds": .array([.string("D-WIRE-05")]),
                "status": .string(i % 10 == 0 ? "failed" : "passed"),
            ]
            if i % 10 == 0 {
                t["message"] = .string("\"value\" differs: the port's bytes are not the vector's at the aead layer")
                t["layer"] = .string("aead")
                t["failedStep"] = .number(0)
                t["request"] = .object([
                    "op": .string(HarnessOpSpec.encSeal.name), "id": .string("suite:\(i):0"), "coupleId": .string("c1"),
                    "keyset": .string(String(repeating: "0a", count: 64)), "text": .string("hello \(i)"),
                ])
                t["expected"] = .object(["value": .string("enc:v1:" + String(repeating: "A", count: 96))])
                t["actual"] = .object([
                    "ok": .bool(true), "value": .string("enc:v1:" + String(repeating: "B", count: 96)),
                ])
            }
            list.append(.object(t))
        }
        let suites: [JSONValue] = (0..<40).map { s in
            let n = tests / 40
            return .object([
                "suite": .string("suite_\(s)"), "passed": .number(Double(n - n / 10)),
                "failed": .number(Double(n / 10)),
                "skipped": .number(0), "divergences": .number(0), "layers": .array([.string("aead")]),
            ])
        }
        let file: JSONValue = .object([
            "format": .string("closer-spec-harness-results"), "formatVersion": .number(2),
            "implementation": .string("port-\(port)"), "ops": .array([]), "suites": .array(suites),
            "tests": .array(list),
            "staleKnownFailures": .array([]),
        ])
        return (try? CanonicalJSON.serialize(file)) ?? []
    }

    static func findings(_ count: Int) -> [UInt8] {
        let list: [JSONValue] = (0..<count).map { i in
            .object([
                "kind": .string("port"), "port": .string("ports/x serve"), "implementation": .string("x"),
                "op": .string(HarnessOpSpec.encOpen.name), "case": .number(Double(i)),
                "mutation": .string("flip a bit"),
                "input": .object(["value": .string("enc:v1:" + String(repeating: "C", count: 120))]),
                "reference": .object(["ok": .bool(false)]), "message": .string("accepted"), "layer": .string("aead"),
                "similarCases": .number(3),
            ])
        }
        let file: JSONValue = .object([
            "seed": .number(1), "casesPerOp": .object([:]), "ports": .array([]),
            "summary": .object(["cases": .number(1000)]),
            "findings": .array(list),
        ])
        return (try? CanonicalJSON.serialize(file)) ?? []
    }

    static let render = BenchCase("report/render-13k") { settings in
        let target = BenchTarget.secondsAtMost(2)
        let files = (0..<3).map { results(port: $0, tests: 4_360) } + [findings(200)]
        var pageBytes = 0
        let run = {
            var inputs = ReportInputs()
            for (i, bytes) in files.enumerated() {
                try? ResultsParser.parse(bytes, source: "r\(i).json", into: &inputs)
            }
            pageBytes = ReportPage.html(ReportContext(inputs: inputs, registry: nil, generated: "bench")).utf8.count
        }
        run()
        let repetitions = settings.repetitions >= 5 ? 3 : 1
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<repetitions {
            let start = clock.now
            run()
            let d = clock.now - start
            times.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }
        let s = times.sorted()[times.count / 2]
        return BenchResult(
            name: "report/render-13k", opsPerSecond: 1 / s, target: target, met: s <= 2 && pageBytes < 5_000_000,
            note: String(
                format:
                    "3 ports × 4,360 results (1,308 failing) + 200 findings: parse and render %.2f s, page %.2f MB (target < 5 MB)",
                s, Double(pageBytes) / 1e6))
    }
}
