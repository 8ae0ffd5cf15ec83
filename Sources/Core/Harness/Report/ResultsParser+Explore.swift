// `explore --results` (specs/explore.md §"Output") and `interop --results` (specs/report.md
// §"Results formats").

import CloserWire

extension ResultsParser {
    static func explore(_ json: JSONValue, source: String) throws(CloserError) -> ExploreRun {
        var run = ExploreRun()
        run.source = source
        if case .number(let seed)? = json["seed"] { run.seed = seed }
        run.cases = int(json["summary"]?["cases"]) ?? 0
        if case .array(let ports)? = json["ports"] {
            run.ports = ports.map { ($0["command"]?.stringValue ?? "?", $0["implementation"]?.stringValue ?? "?") }
        }
        for f in try array(json["findings"], "findings", source) {
            var out = ReportFinding()
            out.kind = f["kind"]?.stringValue ?? "port"
            out.port = f["port"]?.stringValue ?? ""
            out.implementation = f["implementation"]?.stringValue ?? ""
            out.op = f["op"]?.stringValue ?? ""
            out.caseIndex = int(f["case"]) ?? 0
            out.mutation = f["mutation"]?.stringValue ?? ""
            out.input = f["input"] ?? .null
            out.reference = f["reference"] ?? .null
            out.message = f["message"]?.stringValue ?? ""
            out.layer = f["layer"]?.stringValue
            out.similarCases = int(f["similarCases"]) ?? 0
            run.findings.append(out)
        }
        return run
    }

    static func interop(_ json: JSONValue, source: String) throws(CloserError) -> ReportInteropRun {
        var run = ReportInteropRun()
        run.source = source
        guard int(json["version"]) == 1 else { throw malformed(source, "interop results version is not 1") }
        if case .number(let seed)? = json["seed"] { run.seed = seed }
        run.ports = strings(json["ports"])
        for p in try array(json["pairs"], "pairs", source) {
            guard let producer = p["producer"]?.stringValue, let consumer = p["consumer"]?.stringValue else {
                throw malformed(source, "a pair without producer and consumer")
            }
            var pair = ReportInteropPair(producer: producer, consumer: consumer, flow: p["flow"]?.stringValue ?? "")
            pair.cases = int(p["cases"]) ?? 0
            pair.passed = int(p["passed"]) ?? 0
            pair.failed = int(p["failed"]) ?? 0
            if case .array(let ms)? = p["mismatches"] {
                pair.mismatches = ms.map { m in
                    ReportInteropMismatch(
                        input: m["input"] ?? .null, produced: m["produced"] ?? .null, consumed: m["consumed"] ?? .null,
                        layer: m["layer"]?.stringValue, message: m["message"]?.stringValue ?? "",
                        reproduce: m["reproduce"]?.stringValue ?? "")
                }
            }
            run.pairs.append(pair)
        }
        return run
    }
}
