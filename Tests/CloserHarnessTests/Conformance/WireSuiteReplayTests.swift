// Every test of every generated wire suite, replayed through the in-process harness server:
// the generator (library calls) and the ops (what `serve` answers) must agree, detail codes
// included; a test of a ManualConflict's manual reading must not pass (a flow passes only when
// every step passes). Normative: specs/vectors.md.

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
            let outcomes = try c.steps.map { step in (step, try Self.replay(step, id: i + 1, result: c.result)) }
            if c.reading?.choice == .manual {
                // CloserSpec carries the pinned reading of a ManualConflict: it must not pass the
                // manual reading's test, which passes only when every step passes, as VectorVerifier
                // counts a flow (specs/vectors.md §"Test" `steps`, `reading`).
                if outcomes.allSatisfy({ $0.1.outcome == .pass }) {
                    Issue.record("\(name) #\(i + 1) \(c.comment): a manual-reading test CloserSpec passes")
                }
                continue
            }
            for (step, (outcome, response)) in outcomes {
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

    /// One step through the in-process server, checked against what the vector expects.
    static func replay(_ step: VectorStep, id: Int, result: VectorResult) throws -> (
        outcome: StepOutcome, response: JSONValue
    ) {
        var fields = Dictionary(uniqueKeysWithValues: step.input)
        fields["op"] = .string(step.op)
        fields["id"] = .number(Double(id))
        let line = try CanonicalJSON.serialize(.object(fields))
        let response = try JSONValue(parsing: Array(server.respond(toLine: line).utf8))
        let expected = WireSuite.expectedJSON(step.expected).jsonValue
        return (StepCheck.check(response: response, expected: expected, result: result), response)
    }
}
