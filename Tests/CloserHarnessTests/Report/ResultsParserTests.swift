// Reading results files (specs/report.md §"Results formats"): v1 as the harness wrote it before
// v2, v2 with its added members, explore and interop results, and named errors for anything else.

import CloserWire
import Testing

@testable import CloserHarness

@Suite struct ResultsParserTests {
    /// A v1 file exactly as `harness --results` wrote it before v2 (no format member).
    static let v1 = """
        {"implementation":"closer-port-python","ops":["enc.open"],"staleKnownFailures":[],\
        "suites":[{"divergences":0,"failed":1,"passed":1,"skipped":2,"skippedBecause":"the port lacks enc.seal","suite":"enc_v1"}],\
        "summary":{"divergences":0,"failed":1,"passed":1,"skipped":2},\
        "tests":[{"comment":"ok","flags":["Valid"],"status":"passed","suite":"enc_v1","tcId":1},\
        {"comment":"bad","flags":["Padding"],"layer":"encoding","message":"accepted","status":"failed","suite":"enc_v1","tcId":2}]}
        """

    static let v2 = """
        {"format":"closer-spec-harness-results","formatVersion":2,"implementation":"p","ops":[],\
        "port":{"command":"ports/x serve"},"staleKnownFailures":[],\
        "suites":[{"bugTypes":{"Padding":"ENCODING"},"decisionIds":["D-WIRE-03"],"divergences":0,"failed":1,\
        "layers":["encoding"],"passed":0,"profile":"fitlink","skipped":0,"suite":"fitlink_chat"}],\
        "summary":{"divergences":0,"failed":1,"passed":0,"skipped":0},\
        "tests":[{"actual":{"ok":true},"comment":"c","contentId":"ab","decisionIds":["D-WIRE-04"],\
        "expectationDigest":"cd","expected":{"error":{"code":"decode_error"}},"failedStep":0,"flags":["Padding"],\
        "layer":"encoding","message":"m","request":{"id":"fitlink_chat:3:0","op":"enc.open"},"status":"failed",\
        "suite":"fitlink_chat","tcId":3}],\
        "vectorSets":[{"manifestSha256":"00ff","profile":"fitlink","suites":["fitlink_chat"],"version":"1.1.0"}]}
        """

    static func parse(_ text: String) throws(CloserError) -> ReportInputs {
        var inputs = ReportInputs()
        try ResultsParser.parse(Array(text.utf8), source: "x.json", into: &inputs)
        return inputs
    }

    @Test func readsVersionOne() throws {
        let run = try #require(try Self.parse(Self.v1).harness.first)
        #expect(run.formatVersion == 1)
        #expect(run.implementation == "closer-port-python")
        #expect((run.passed, run.failed, run.skipped) == (1, 1, 2))
        #expect(run.tests.map(\.tcID) == [1, 2])
        #expect(run.tests[1].layer == "encoding" && run.tests[1].contentID == nil && run.tests[1].request == nil)
        #expect(run.profile(of: run.suites[0]) == "closer")
        #expect(run.vectorSets.isEmpty && run.portCommand == nil)
    }

    @Test func readsVersionTwo() throws {
        let run = try #require(try Self.parse(Self.v2).harness.first)
        #expect(run.formatVersion == 2)
        #expect(run.portCommand == "ports/x serve")
        #expect(run.profile(of: run.suites[0]) == "fitlink")
        #expect(run.suites[0].bugTypes == ["Padding": "ENCODING"] && run.suites[0].decisionIDs == ["D-WIRE-03"])
        let t = run.tests[0]
        #expect(t.contentID == "ab" && t.expectationDigest == "cd" && t.decisionIDs == ["D-WIRE-04"])
        #expect(
            t.failedStep == 0 && t.request?["op"] == .string("enc.open") && t.actual == .object(["ok": .bool(true)]))
        #expect(
            run.vectorSets == [
                VectorSetRecord(
                    profile: "fitlink", version: "1.1.0", manifestSHA256: "00ff",
                    suites: [SuiteRecord(name: "fitlink_chat", layers: [], decisionIDs: [])])
            ])
    }

    @Test func readsExploreAndInterop() throws {
        let explore = """
            {"casesPerOp":{},"findings":[{"case":4,"implementation":"i","input":{"text":"a"},"kind":"port","layer":"aead",\
            "message":"m","mutation":"flip","op":"enc.open","port":"cmd","reference":{"ok":true},"similarCases":2}],\
            "ops":[],"ports":[{"command":"cmd","implementation":"i"}],"seed":7,"summary":{"cases":10}}
            """
        let interop = """
            {"format":"closer-spec-interop","version":1,"seed":1,"ports":["closer-spec","a"],"pairs":[{"producer":"a",\
            "consumer":"closer-spec","flow":"enc.seal>enc.open","cases":5,"passed":4,"failed":1,"mismatches":[{"input":{},\
            "produced":{},"consumed":{},"layer":"encoding","message":"m","reproduce":"r"}]}]}
            """
        var inputs = try Self.parse(explore)
        try ResultsParser.parse(Array(interop.utf8), source: "i.json", into: &inputs)
        #expect(inputs.explore.first?.findings.first?.layer == "aead")
        #expect(inputs.explore.first?.cases == 10)
        #expect(inputs.interop.first?.pairs.first?.mismatches.first?.layer == "encoding")
    }

    @Test(arguments: [
        "[]", "{}", "not json", #"{"format":"closer-spec-harness-results","formatVersion":3,"suites":[],"tests":[]}"#,
        #"{"format":"other","suites":[],"tests":[]}"#, #"{"suites":[{"suite":"x"}],"tests":[]}"#,
        #"{"suites":[],"tests":[{"suite":"x","tcId":1.5,"status":"passed"}]}"#,
        #"{"format":"closer-spec-interop","version":2,"pairs":[]}"#,
    ])
    func refusesOtherFiles(_ text: String) {
        #expect(throws: CloserError.self) { try Self.parse(text) }
        do { _ = try Self.parse(text) } catch { #expect(error.code == .reportMalformedResults) }
    }
}
