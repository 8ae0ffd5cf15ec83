// Building a loaded test in code, not from a file: `closer-spec explore` turns each divergence it
// finds into one and replays it through the harness's runner and layer diagnosis
// (specs/explore.md §"Findings").

import CloserWire

extension LoadedStep {
    package init(op: String, input: [String: JSONValue], expected: JSONValue) {
        self.op = op
        self.input = input
        self.expected = expected
    }
}

extension LoadedTest {
    package init(
        suite: String, tcID: Int, comment: String, flags: [String], result: VectorResult, checkAsOutput: Bool,
        steps: [LoadedStep], intermediates: [String: JSONValue]
    ) {
        self.suite = suite
        self.tcID = tcID
        self.comment = comment
        self.flags = flags
        self.result = result
        self.checkAsOutput = checkAsOutput
        self.steps = steps
        self.intermediates = intermediates
    }
}
