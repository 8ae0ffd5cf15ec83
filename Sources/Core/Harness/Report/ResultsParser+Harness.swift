// `harness --results`, v1 and v2 (specs/report.md §"Results formats").

import CloserWire

extension ResultsParser {
    static func harness(_ json: JSONValue, source: String) throws(CloserError) -> HarnessRun {
        var run = HarnessRun()
        run.source = source
        if let format = json["format"]?.stringValue {
            guard format == HarnessResultsFormat.name else { throw malformed(source, "unknown format") }
            guard let v = int(json["formatVersion"]), (1...HarnessResultsFormat.version).contains(v) else {
                throw malformed(source, "formatVersion is not 1 or \(HarnessResultsFormat.version)")
            }
            run.formatVersion = v
        }
        run.implementation = json["implementation"]?.stringValue ?? "?"
        run.portCommand = json["port"]?["command"]?.stringValue
        if case .object(let readings)? = json["readings"] { run.readings = readings.compactMapValues(\.stringValue) }
        run.ops = strings(json["ops"])
        run.staleKnownFailures = strings(json["staleKnownFailures"])
        for s in try array(json["suites"], "suites", source) {
            run.suites.append(try suite(s, source))
        }
        for t in try array(json["tests"], "tests", source) {
            run.tests.append(try test(t, source))
        }
        if case .array(let sets)? = json["vectorSets"] {
            run.vectorSets = sets.map(vectorSet)
        }
        return run
    }

    static func suite(_ s: JSONValue, _ source: String) throws(CloserError) -> ReportSuite {
        var out = ReportSuite()
        guard let name = s["suite"]?.stringValue, let passed = int(s["passed"]), let failed = int(s["failed"]),
            let skipped = int(s["skipped"])
        else { throw malformed(source, "a suite without suite, passed, failed and skipped") }
        out.name = name
        out.passed = passed
        out.failed = failed
        out.skipped = skipped
        out.divergences = int(s["divergences"]) ?? 0
        out.skippedBecause = s["skippedBecause"]?.stringValue
        out.profile = s["profile"]?.stringValue
        out.layers = strings(s["layers"])
        out.decisionIDs = strings(s["decisionIds"])
        if case .object(let o)? = s["bugTypes"] { out.bugTypes = o.compactMapValues(\.stringValue) }
        return out
    }

    static func test(_ t: JSONValue, _ source: String) throws(CloserError) -> ReportTest {
        var out = ReportTest()
        guard let suite = t["suite"]?.stringValue, let tcID = int(t["tcId"]), let status = t["status"]?.stringValue
        else { throw malformed(source, "a test without suite, tcId and status") }
        out.suite = suite
        out.tcID = tcID
        out.status = status
        out.comment = t["comment"]?.stringValue ?? ""
        out.flags = strings(t["flags"])
        out.message = t["message"]?.stringValue ?? ""
        out.layer = t["layer"]?.stringValue
        out.detailNote = t["detailNote"]?.stringValue
        out.contentID = t["contentId"]?.stringValue
        out.expectationDigest = t["expectationDigest"]?.stringValue
        out.decisionIDs = strings(t["decisionIds"])
        out.failedStep = int(t["failedStep"])
        out.request = t["request"]
        out.expected = t["expected"]
        out.actual = t["actual"]
        out.actualBytes = int(t["actualBytes"])
        return out
    }

    static func vectorSet(_ s: JSONValue) -> VectorSetRecord {
        VectorSetRecord(
            profile: s["profile"]?.stringValue ?? "?", version: s["version"]?.stringValue,
            manifestSHA256: s["manifestSha256"]?.stringValue,
            suites: strings(s["suites"]).map { SuiteRecord(name: $0, layers: [], decisionIDs: []) })
    }
}
