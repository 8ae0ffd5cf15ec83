// Runs one vector test through a harness peer, step by step. Normative: specs/vectors.md
// §"Test" and specs/harness.md §"Conformance".

import CloserVectorModel
import CloserWire

/// How one test came out.
package struct TestOutcome: Sendable {
    package enum Status: String, Sendable {
        case passed, failed, skipped
        /// Failed as a profile entry says it would (a known divergence).
        case divergence
    }

    package var status: Status
    package var message: String = ""
    /// The layer named for a failure.
    package var layer: VectorLayer? = nil
    /// A conforming answer whose `detail` differs from the vector's (reported, not failed).
    package var detailNote: String? = nil
    /// The failing step (0-based) and the port's response to it.
    package var failedStep: Int? = nil
    package var response: JSONValue? = nil
    package var portFailure: PortFailure? = nil
}

package enum VectorRunner {
    /// The request id of a step: `suite:tcId:step`, unique over a run.
    package static func requestID(_ test: LoadedTest, step: Int) -> JSONValue {
        .string("\(test.suite):\(test.tcID):\(step)")
    }

    /// Runs every step of `test`; stops at the first that does not conform.
    package static func run(_ test: LoadedTest, on port: any PortConnection) -> TestOutcome {
        var note: String? = nil
        for (i, step) in test.steps.enumerated() {
            var request = step.input
            request["op"] = .string(step.op)
            request["id"] = requestID(test, step: i)
            let response: JSONValue
            do { response = try port.send(request) } catch {
                return TestOutcome(status: .failed, message: error.description, failedStep: i, portFailure: error)
            }
            // A step of a flow is checked against its own expectation; the test's result
            // applies to the step that carries an error expectation or to the last one.
            let result: VectorResult =
                test.steps.count == 1 || step.expected["error"] != nil || i == test.steps.count - 1
                ? test.checkedResult : .valid
            switch StepCheck.check(response: response, expected: step.expected, result: result) {
            case .pass: continue
            case .passWithOtherDetail(let want, let got):
                note = "detail \(got) where the vector has \(want)"
            case .fail(let why):
                return TestOutcome(
                    status: .failed, message: test.steps.count > 1 ? "step \(i + 1) (\(step.op)): \(why)" : why,
                    failedStep: i, response: response)
            }
        }
        return TestOutcome(status: .passed, detailNote: note)
    }
}
