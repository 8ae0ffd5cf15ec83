// The output policy of `closer-spec harness`, on the built binary, against a hostile fake port:
// its implementation name, error codes, details and messages, answers and stderr are full of
// terminal controls, and the JUnit file must still parse as XML 1.0 (specs/threat-model.md
// §"The port and the vector set are untrusted" › "Output", specs/harness.md §"Driver").

import CloserWire
import Foundation
import Testing

@Suite("output policy: harness against a hostile port")
struct OutputPolicyHarnessTests {
    /// A port in Python: `info` names it with the hostile string; then, in turn, a refusal whose
    /// code, detail and message are hostile, an answer with a lone surrogate (unreadable), and
    /// an acceptance with hostile members. Each request also writes the hostile string to stderr.
    static let hostilePort = #"""
        import json, sys
        H = "\x1b[31mRED\x1b]52;c;aGVsbG8=\x07\u009b2J\u202etxt\u2066\ufffe\u0085\x7f\u2028\u200f\x00end"
        n = 0
        for line in sys.stdin:
            req = json.loads(line)
            rid = json.dumps(req.get("id"))
            sys.stderr.write(H + "\n"); sys.stderr.flush()
            if req.get("op") == "info":
                out = json.dumps({"id": req["id"], "ok": True, "implementation": "evil" + H, "version": H,
                                  "protocol": 1, "ops": ["enc.seal", "enc.open", "x" + H]}, ensure_ascii=False)
            elif n % 3 == 0:
                out = json.dumps({"id": req["id"], "ok": False, "error": {"code": "decode_error" + H,
                                  "detail": "b64." + H, "message": H}}, ensure_ascii=False)
            elif n % 3 == 1:
                out = '{"id": %s, "ok": false, "error": {"code": "x\\ud800", "detail": "\\udfff"}}' % rid
            else:
                out = json.dumps({"id": req["id"], "ok": True, "value": "enc:v1:" + H, "plaintext": H},
                                 ensure_ascii=False)
            n += 1
            sys.stdout.write(out + "\n"); sys.stdout.flush()
        """#

    /// A port that answers `info` with a line that is not JSON, after hostile stderr.
    static let unusablePort = #"""
        import sys
        H = "\x1b[31mRED\x1b]52;c;aGVsbG8=\x07\u009b2J\u202etxt\u2066\ufffe\u0085\x7f\u2028\x00end"
        sys.stdin.readline()
        sys.stderr.write(H + "\n" + H + "\n"); sys.stderr.flush()
        sys.stdout.write("not json " + H + "\n"); sys.stdout.flush()
        """#

    static func port(_ script: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("port-\(UUID().uuidString).py")
        try Data(script.utf8).write(to: url)
        return "python3 '\(url.path)'"
    }

    @Test("text, --results and --junit: no raw control, and the JUnit file parses as XML")
    func hostileRun() throws {
        let dir = try OutputPolicyTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let junit = dir.appendingPathComponent("junit.xml").path
        let results = dir.appendingPathComponent("results.json").path
        let run = try BuiltBinary.run(
            [
                "harness", "--port", try Self.port(Self.hostilePort, in: dir), "--suite", "enc_v1", "--timeout", "20",
                "--junit", junit, "--results", results, "--all",
            ], directory: PackageFiles.root)
        #expect(run.status == 1, "\(run.text.debugDescription.prefix(2000))")
        BuiltBinary.expectClean(run, "harness")
        #expect(run.text.contains("port: evil\\u{1b}[31mRED"), "the implementation name, escaped")
        let junitBytes = Array((FileManager.default.contents(atPath: junit) ?? Data()))
        let resultsBytes = Array((FileManager.default.contents(atPath: results) ?? Data()))
        #expect(
            BuiltBinary.rawControls(junitBytes).isEmpty,
            "\(String(decoding: junitBytes, as: UTF8.self).debugDescription.prefix(1000))")
        #expect(BuiltBinary.rawControls(resultsBytes).isEmpty)
        #expect(
            String(decoding: junitBytes, as: UTF8.self).contains("\\u{fffe}"), "the JUnit file shows what the port said"
        )
        // The results are JSON that still says what the port said.
        let parsed = try JSONValue(parsing: resultsBytes)
        #expect(parsed["implementation"]?.stringValue?.hasSuffix("\u{0}end") == true)
        try Self.expectXML(junit)
    }

    /// Parses the file with Python's XML parser (expat: XML 1.0, well-formedness checked).
    static func expectXML(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let script = "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1]); print('parsed')"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0 && output.contains("parsed"), "JUnit XML does not parse: \(output)",
            sourceLocation: sourceLocation)
    }

    @Test("a port that does not answer info: its stderr tail and its answer, escaped")
    func unusablePort() throws {
        let dir = try OutputPolicyTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try BuiltBinary.run(
            ["harness", "--port", try Self.port(Self.unusablePort, in: dir), "--suite", "enc_v1", "--timeout", "20"],
            directory: PackageFiles.root)
        #expect(run.status == 2, "\(run.text.debugDescription.prefix(2000))")
        BuiltBinary.expectClean(run, "harness, info unanswered")
    }
}
