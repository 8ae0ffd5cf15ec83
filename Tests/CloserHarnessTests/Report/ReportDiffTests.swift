// The diff matches tests by content id (specs/report.md §"Diff"): a renumbered or reordered suite
// does not scramble the history, a changed expectation is "changed", a new test is "new". The
// suite+tcId fallback (v1) is shown to get the renumbered case wrong, so the content id matters.

import CloserVectorModel
import CloserWire
import Testing

@testable import CloserHarness

@Suite struct ReportDiffTests {
    static func test(_ tcID: Int, _ cid: String, _ status: String, expectation: String = "e") -> ReportTest {
        var t = ReportTest()
        t.suite = "enc_v1"
        t.tcID = tcID
        t.status = status
        t.contentID = cid
        t.expectationDigest = expectation
        return t
    }

    static func run(_ tests: [ReportTest]) -> HarnessRun {
        var r = HarnessRun()
        r.implementation = "p"
        r.tests = tests
        return r
    }

    @Test func matchesByContentIDAcrossRenumbering() {
        let old = Self.run([Self.test(1, "a", "passed"), Self.test(2, "b", "passed"), Self.test(3, "gone", "failed")])
        // b is renumbered to 1 and fails now; a moves to 2; c is new; "gone" is no longer run.
        let new = Self.run([Self.test(1, "b", "failed"), Self.test(2, "a", "passed"), Self.test(3, "c", "passed")])
        let d = ReportDiff.diff(new, against: old)
        #expect(d.matchedBy == "contentId")
        #expect(d.newlyFailing.map(\.contentID) == ["b"])
        #expect(d.newlyPassing.isEmpty)
        #expect(d.added.map(\.contentID) == ["c"])
        #expect(d.removed.map(\.contentID) == ["gone"])
        #expect(d.changed.isEmpty)
    }

    @Test func tcIDMatchingWouldScrambleTheSameRun() {
        // The same runs with their content ids dropped (v1): matched by suite+tcId, tcId 1 (now b)
        // is compared with the old tcId 1 (a), and "gone" (tcId 3) seems to pass now.
        var old = Self.run([Self.test(1, "a", "passed"), Self.test(2, "b", "passed"), Self.test(3, "gone", "failed")])
        var new = Self.run([Self.test(1, "b", "failed"), Self.test(2, "a", "passed"), Self.test(3, "c", "passed")])
        for i in old.tests.indices { old.tests[i].contentID = nil }
        for i in new.tests.indices { new.tests[i].contentID = nil }
        let d = ReportDiff.diff(new, against: old)
        #expect(d.matchedBy == "suite+tcId")
        #expect(d.newlyPassing.map(\.tcID) == [3])
        #expect(d.added.isEmpty)
    }

    @Test func identicalInputsPairUpInOrder() {
        // Two tests with one content id (the same inputs, e.g. two rules tests with one request).
        let old = Self.run([Self.test(1, "x", "passed"), Self.test(2, "x", "failed")])
        let new = Self.run([Self.test(1, "x", "passed"), Self.test(2, "x", "failed"), Self.test(3, "x", "passed")])
        let d = ReportDiff.diff(new, against: old)
        #expect(d.newlyFailing.isEmpty && d.newlyPassing.isEmpty)
        #expect(d.added.map(\.tcID) == [3] && d.removed.isEmpty)
    }

    @Test func changedExpectationIsChanged() {
        let old = Self.run([Self.test(1, "a", "passed", expectation: "e1")])
        let new = Self.run([Self.test(1, "a", "passed", expectation: "e2")])
        let d = ReportDiff.diff(new, against: old)
        #expect(d.changed.map(\.contentID) == ["a"])
        #expect(d.newlyFailing.isEmpty && d.added.isEmpty)
    }

    @Test func baselineIsFoundByCommandThenName() {
        var a = Self.run([])
        a.portCommand = "x serve"
        a.implementation = "renamed"
        var b = Self.run([])
        b.implementation = "p"
        var other = Self.run([])
        other.implementation = "p"
        other.portCommand = "x serve"
        #expect(ReportDiff.baseline(of: other, in: [b, a])?.implementation == "renamed")
        #expect(ReportDiff.baseline(of: Self.run([]), in: [a, b])?.implementation == "p")
    }

    /// The content id is the SHA-256 of the canonical JSON of suite and steps: a step with other
    /// inputs has another id, the same inputs renumbered the same.
    @Test func contentIDDependsOnInputsNotNumbering() throws {
        let step = LoadedStep.built(op: "enc.open", input: ["value": .string("enc:v1:AQ")], expected: .null)
        let other = LoadedStep.built(op: "enc.open", input: ["value": .string("enc:v1:AR")], expected: .null)
        let id = TestEvidence.contentID(suite: "enc_v1", steps: [step])
        #expect(id == TestEvidence.contentID(suite: "enc_v1", steps: [step]))
        #expect(id != TestEvidence.contentID(suite: "enc_v1", steps: [other]))
        #expect(id != TestEvidence.contentID(suite: "sealed_v1", steps: [step]))
        // Independent: SHA-256 of the canonical text written out by hand.
        let text = #"{"steps":[{"input":{"value":"enc:v1:AQ"},"op":"enc.open"}],"suite":"enc_v1"}"#
        #expect(id == Hex.encode(Commitment(canonicalBytes: Array(text.utf8)).digest))
    }
}
