// What results v2 carries per test beyond v1: a content id that survives renumbering, a digest of
// what the test expects, the decision ids its comment and flags cite, and for a test that did not
// pass the failing step's request, expected and actual answers. Normative: specs/report.md
// §"Results formats".

import CloserVectorModel
import CloserWire

/// Results v2's per-test evidence (specs/report.md §"Results formats").
package struct TestEvidence: Sendable, Equatable {
    /// Hex SHA-256 of the canonical JSON `{"steps": [{"input", "op"}…], "suite"}`: the test's
    /// identity across vector-set versions (not its tcId).
    package var contentID = ""
    /// Hex SHA-256 of the canonical JSON `{"expected": [each step's expected], "result"}`: a test
    /// whose content id stays and whose expectation digest changes was changed.
    package var expectationDigest = ""
    /// Decision ids cited by the test's comment or by the notes of its flags, sorted.
    package var decisionIDs: [String] = []
    /// The failing step (0-based), its request as sent, the vector's expectation and the port's answer.
    package var failedStep: Int? = nil
    package var request: JSONValue? = nil
    package var expected: JSONValue? = nil
    package var actual: JSONValue? = nil
    /// The answer's canonical size in bytes when it was cut to `maximumActualBytes`.
    package var actualBytes: Int? = nil

    /// Answers above this are kept as the first this-many bytes of their canonical text.
    package static let maximumActualBytes = 64 << 10

    package init() {}

    package init(test: LoadedTest, outcome: TestOutcome, notes: [String: LoadedNote]) {
        contentID = Self.contentID(suite: test.suite, steps: test.steps)
        expectationDigest = Self.digest(
            .object([
                "result": .string(test.result.rawValue), "expected": .array(test.steps.map(\.expected)),
            ]))
        var cited = Set(DecisionID.citations(in: test.comment))
        for flag in test.flags { cited.formUnion(DecisionID.citations(in: notes[flag]?.description ?? "")) }
        decisionIDs = cited.sorted()
        guard outcome.status != .passed, let i = outcome.failedStep, i < test.steps.count else { return }
        failedStep = i
        var request = test.steps[i].input
        request["op"] = .string(test.steps[i].op)
        request["id"] = VectorRunner.requestID(test, step: i)
        self.request = .object(request)
        expected = test.steps[i].expected
        if let response = outcome.response { (actual, actualBytes) = Self.bounded(response) }
    }

    /// The content id of a test: suite, and each step's op and input.
    package static func contentID(suite: String, steps: [LoadedStep]) -> String {
        digest(
            .object([
                "suite": .string(suite),
                "steps": .array(steps.map { .object(["op": .string($0.op), "input": .object($0.input)]) }),
            ]))
    }

    static func digest(_ value: JSONValue) -> String {
        Hex.encode(sha256((try? CanonicalJSON.serialize(value)) ?? []))
    }

    /// The answer, or its first `maximumActualBytes` of canonical text (as a string) and its size.
    static func bounded(_ response: JSONValue) -> (JSONValue, Int?) {
        let bytes = (try? CanonicalJSON.serialize(response)) ?? []
        guard bytes.count > maximumActualBytes else { return (response, nil) }
        var cut = maximumActualBytes
        while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return (.string(String(decoding: bytes[..<cut], as: UTF8.self)), bytes.count)
    }
}
