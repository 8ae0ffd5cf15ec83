// Building a loaded test in code, not from a file: `closer-spec explore` turns each divergence it
// finds into one and replays it through the harness's runner and layer diagnosis
// (specs/explore.md §"Findings"). (The memberwise initializers are internal to this module.)

import CoreWire

extension LoadedStep {
    package static func built(op: String, input: [String: JSONValue], expected: JSONValue) -> LoadedStep {
        LoadedStep(op: op, input: input, expected: expected)
    }
}

extension LoadedTest {
    /// A one-step test of `step`.
    package static func built(
        suite: String, tcID: Int, comment: String, flags: [String], result: VectorResult, step: LoadedStep,
        intermediates: [String: JSONValue] = [:]
    )
        -> LoadedTest
    {
        LoadedTest(
            suite: suite, tcID: tcID, comment: comment, flags: flags, result: result, checkAsOutput: false,
            steps: [step],
            intermediates: intermediates)
    }
}
