// Every test of every generated wire suite, replayed through the in-process harness server:
// the generator (library calls) and the ops (what `serve` answers) must agree, detail codes
// included; a test of a ManualConflict's manual reading must not pass. Normative: specs/vectors.md.

import CloserConformance
import CloserWire
import Testing

@testable import CloserHarness
@testable import CloserVectorModel

@Suite("wire suites through the harness server")
struct WireSuiteReplayTests {
    static let server = HarnessServer()

    @Test("every suite", arguments: WireSuites.all.map(\.name))
    func suite(_ name: String) throws {
        let builder = try #require(WireSuites.all.first { $0.name == name })
        let suite = try builder.build()
        #expect(!suite.cases.isEmpty)
        for (i, c) in suite.cases.enumerated() {
            #expect(!c.flags.isEmpty, "\(name) #\(i + 1) \(c.comment): no flags")
            for step in c.steps {
                var fields = Dictionary(uniqueKeysWithValues: step.input)
                fields["op"] = .string(step.op)
                fields["id"] = .number(Double(i + 1))
                let line = try CanonicalJSON.serialize(.object(fields))
                let response = try JSONValue(parsing: Array(Self.server.respond(toLine: line).utf8))
                let expected = WireSuite.expectedJSON(step.expected).jsonValue
                let outcome = StepCheck.check(response: response, expected: expected, result: c.result)
                if c.reading?.choice == .manual {
                    // CloserSpec carries the pinned reading of a ManualConflict: it must not pass
                    // the manual reading's test (specs/vectors.md §"Test" `reading`).
                    if case .pass = outcome {
                        Issue.record("\(name) #\(i + 1) \(c.comment): a manual-reading test CloserSpec passes")
                    }
                    continue
                }
                switch outcome {
                case .pass: break
                case .passWithOtherDetail(let want, let got):
                    Issue.record("\(name) #\(i + 1) \(c.comment): detail \(got), vector says \(want)")
                case .fail(let why):
                    Issue.record("\(name) #\(i + 1) \(c.comment) [\(step.op)]: \(why); response \(response)")
                }
            }
        }
    }
}
