// The `reading` member of a vector test and `harness --reading`: which tests a port runs under a
// choice of ManualConflict readings, a malformed member or argument as a named error, and verify
// refusing a manual-reading test CloserSpec passes (no conflict). Normative: specs/vectors.md
// §"Test" (`reading`), specs/harness.md §"Readings".

import CloserVectorModel
import CloserWire
import Testing

@testable import CloserHarness

@Suite("ManualConflict readings")
struct ManualReadingTests {
    /// A push.route test: `type` the PARTNER_ANSWERED CloserSpec answers, or another.
    static func test(_ id: Int, _ type: String, reading: String? = nil) -> String {
        """
        {"tcId": \(id), "result": "valid", "op": "push.route", "input": {"data": {"type": "partner_answered"}},
         \(reading.map { "\"reading\": \($0)," } ?? "") "expected": {"type": "\(type)"}}
        """
    }

    static func suite(_ tests: [String]) throws(CloserError) -> LoadedSuite {
        let text = """
            {"schema": "wire_vectors_v1", "numberOfTests": \(tests.count), "testGroups": [{"tests": [
            \(tests.joined(separator: ",\n"))]}]}
            """
        return try VectorFile.load(Array(text.utf8), name: "readings")
    }

    static let three = [
        test(1, "PARTNER_ANSWERED"),
        test(2, "PARTNER_ANSWERED", reading: #"{"conflict": "D-X-01", "choice": "pinned"}"#),
        test(3, "OTHER", reading: #"{"conflict": "D-X-01", "choice": "manual", "replaces": [1]}"#),
    ]

    @Test("pinned by default: manual tests left out; --reading ID=manual: pinned and replaced tests left out")
    func selection() throws {
        let s = try Self.suite(Self.three)
        #expect(s.tests.last?.reading == VectorReading("D-X-01", .manual, replaces: [1]))
        let (pinned, leftOut) = s.under(ReadingSelection())
        #expect(pinned.tests.map(\.tcID) == [1, 2] && leftOut == 1)
        var manual = ReadingSelection()
        try manual.add("D-X-01=manual")
        #expect(s.under(manual).suite.tests.map(\.tcID) == [3])
        var other = ReadingSelection()
        try other.add("D-Y-02=manual")
        #expect(s.under(other).suite.tests.map(\.tcID) == [1, 2])
        #expect(s.conflicts == ["D-X-01"])
    }

    @Test(
        "a malformed reading member is vectors.malformed_file",
        arguments: [
            #"{"conflict": "D-X-01", "choice": "both"}"#, #"{"choice": "manual"}"#,
            #"{"conflict": "D-X-01", "choice": "manual", "replaces": ["1"]}"#, #""manual""#,
        ])
    func malformedMember(member: String) {
        var code: CloserError.Code?
        do { _ = try Self.suite([Self.test(1, "X", reading: member)]) } catch { code = error.code }
        #expect(code == .vectorsMalformedFile)
    }

    @Test(
        "a --reading argument that is not ID=manual|pinned is vectors.unknown_reading",
        arguments: [
            "D-X-01", "D-X-01=", "=manual", "D-X-01=Manual", "D-X-01=both",
        ])
    func malformedArgument(argument: String) {
        var selection = ReadingSelection()
        var code: CloserError.Code?
        do { try selection.add(argument) } catch { code = error.code }
        #expect(code == .vectorsUnknownReading)
    }

    @Test("verify: CloserSpec must fail a manual test; one it passes, or a replaces id of no test, is reported")
    func verifyManualTests() throws {
        let conflict = try VectorVerifier.verify(
            file: "readings.json", .success(Self.suite(Self.three)), on: InProcessPort())
        #expect(conflict.failed == 0 && conflict.passed == 3 && conflict.problems.isEmpty)
        let noConflict = [
            Self.test(1, "PARTNER_ANSWERED"),
            Self.test(2, "PARTNER_ANSWERED", reading: #"{"conflict": "D-X-01", "choice": "manual", "replaces": [9]}"#),
        ]
        let report = try VectorVerifier.verify(
            file: "readings.json", .success(Self.suite(noConflict)), on: InProcessPort())
        #expect(
            report.failed == 1 && report.failures.first?.contains("a manual-reading test CloserSpec passes") == true)
        #expect(report.problems == ["readings tcId 2: reading replaces tcId 9, no other test"])
    }
}
