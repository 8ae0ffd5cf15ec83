// The port's lifecycle (specs/threat-model.md §"The port's lifecycle"): every write and read has a deadline, stderr is
// kept to its last 64 KiB in memory, a long answer is read in linear time and a too long one is
// refused by name, a port that crashes in the layer diagnosis is restarted and blamed on its own
// test, a crash is a crash even when a grandchild holds the pipes, and no port process outlives
// a run or a failed `info`. Normative: specs/threat-model.md §"The port's lifecycle",
// specs/harness.md §"Driver".

import CloserWire
import Foundation
import Testing

@testable import CloserHarness
@testable import CloserVectorModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("harness driver: the port's lifecycle", .serialized)
struct PortLifecycleTests {
    static let info: [String: JSONValue] = ["id": .string("info"), "op": .string("info")]

    func driver(_ command: String, timeout: Double) -> HarnessDriver {
        HarnessDriver(command: command, timeout: timeout, knownFailures: KnownFailures(), profiles: [.closer])
    }

    @Test("a request over the pipe buffer to a port that stops reading fails as a hang within the timeout")
    func writeHasDeadline() throws {
        // Reads the info line byte by byte, answers it, then reads nothing more.
        let command = #"read line; printf '%s\n' '{"id":"info","ok":true,"ops":[]}'; exec sleep 120"#
        let port = ProcessPort(command: command, timeout: 1)
        try port.start()
        defer { port.stop() }
        _ = try port.send(Self.info)
        let start = Date()
        let big: [String: JSONValue] = [
            "id": .string("big"), "op": .string("x"), "pad": .string(String(repeating: "a", count: 1 << 20)),
        ]
        #expect(throws: PortFailure.requestNotRead(seconds: 1)) { _ = try port.send(big) }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test("stderr is kept to its tail in memory: no temporary file, the end of a 4 MiB flood shown")
    func stderrTailInMemory() throws {
        let fx = try PortFixtures()
        let command = "head -c 4194304 /dev/zero | tr '\\0' x >&2; echo TAIL-END >&2; exit 3"
        let d = driver(command, timeout: 5)
        do {
            _ = try d.run([]) { _, _, _ in }
            Issue.record("a port that exits before info must be unusable")
        } catch {
            #expect(error.code == .harnessPortUnusable)
            #expect(error.reason.contains("TAIL-END"))
            #expect(error.reason.count < 2_000)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix("closer-harness-port-\(getpid())") }
        #expect(leftovers.isEmpty, "temporary stderr files: \(leftovers)")
        _ = fx
    }

    @Test("a 48 MiB answer line is read in linear time (under 5 s of CPU)")
    func longAnswerLinear() throws {
        let fx = try PortFixtures()
        // A leading 0xFF: the JSON reader refuses the line at its first byte, so the CPU time
        // measured is the reading of the line (the strict UTF-8 check would scan it all).
        let body = "sys.stdout.buffer.write(b'\\xff' + b'x' * (48 << 20) + b'\\n'); sys.stdout.flush()"
        let port = ProcessPort(command: try fx.pythonPort(ops: [], body: body), timeout: 60)
        try port.start()
        defer { port.stop() }
        _ = try port.send(Self.info)
        // CPU time of this thread, not wall time: the machine may be busy. Before the fix every
        // read rescanned the whole buffer for a newline (23 s of CPU for 64 MiB, release build).
        let start = Self.threadCPUSeconds()
        #expect(throws: PortFailure.self) { _ = try port.send(["id": .string("big"), "op": .string("x")]) }
        #expect(Self.threadCPUSeconds() - start < 5)
    }

    static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    @Test("an answer line over 64 MiB is refused by name, not read to the end")
    func answerLimit() throws {
        let fx = try PortFixtures()
        let body = "chunk = 'x' * (1 << 20)\nwhile True: sys.stdout.write(chunk)"
        let port = ProcessPort(command: try fx.pythonPort(ops: [], body: body), timeout: 60)
        try port.start()
        defer { port.stop() }
        _ = try port.send(Self.info)
        #expect(throws: PortFailure.answerTooLarge(limit: 64 << 20)) {
            _ = try port.send(["id": .string("big"), "op": .string("x")])
        }
    }

    @Test("a port that crashes while a failed test is replayed through its lower ops is blamed there and restarted")
    func crashInDiagnosis() throws {
        let fx = try PortFixtures()
        let body = """
            if req["op"] == "encoding.decode":
                os._exit(3)
            if req["id"] == "t:1:0":
                answer({"id": req["id"], "ok": False, "error": {"code": "decode_error", "detail": "b64.bad"}})
            else:
                answer({"id": req["id"], "ok": True, "text": "ok"})
            """
        let suite = try VectorFile.load(Array(Self.twoOpenTests.utf8), name: "t")
        let d = driver(try fx.pythonPort(ops: ["enc.open", "encoding.decode"], body: body), timeout: 10)
        let report = try d.run([suite]) { _, _, _ in }
        #expect(report.tests.map(\.status) == [.failed, .passed])
        #expect(report.tests.first?.message.contains("crash") == true)
    }

    static let twoOpenTests = """
        {"schema": "wire_vectors_v1", "numberOfTests": 2, "testGroups": [{"type": "EncV1Open", "tests": [
          {"tcId": 1, "comment": "refused", "flags": ["Valid"], "result": "valid", "op": "enc.open",
           "input": {"value": "enc:v1:AAAA", "keyset": "00", "coupleId": "c"}, "expected": {"text": "ok"}},
          {"tcId": 2, "comment": "answered", "flags": ["Valid"], "result": "valid", "op": "enc.open",
           "input": {"value": "enc:v1:AAAA", "keyset": "00", "coupleId": "c"}, "expected": {"text": "ok"}}]}]}
        """

    @Test("a port whose direct child exits while a grandchild holds the pipes is a crash, and the grandchild ends")
    func grandchildHoldingPipes() throws {
        let fx = try PortFixtures()
        let python = try fx.pythonPort(ops: [], body: "os._exit(3)")
        let port = ProcessPort(command: "sleep 300 & echo $! > \(fx.dir)/sleep.pid; exec \(python)", timeout: 20)
        try port.start()
        _ = try port.send(Self.info)
        let start = Date()
        do {
            _ = try port.send(["id": .string("x"), "op": .string("x")])
            Issue.record("the port exited; the request must fail")
        } catch {
            #expect(error.description.contains("crash"), "\(error.description)")
        }
        #expect(Date().timeIntervalSince(start) < 5)
        let sleeper = try #require(fx.pid(in: "sleep.pid"))
        port.stop()
        #expect(PortFixtures.isGone(sleeper))
    }

    @Test("a port that does not answer info is ended at once, its whole process group")
    func infoFailureEndsPort() throws {
        let fx = try PortFixtures()
        let d = driver(
            "sleep 300 & echo $! > \(fx.dir)/sleep.pid; echo $$ > \(fx.dir)/port.pid; exec sleep 301", timeout: 1)
        #expect(throws: CloserError.self) { _ = try d.run([]) { _, _, _ in } }
        let leader = try #require(fx.pid(in: "port.pid"))
        let sleeper = try #require(fx.pid(in: "sleep.pid"))
        withExtendedLifetime(d) {
            #expect(PortFixtures.isGone(leader))
            #expect(PortFixtures.isGone(sleeper))
        }
    }

    @Test("no process of a port's group outlives the run, even one the port forked to hold its pipes")
    func endOfRunEndsGroup() throws {
        let fx = try PortFixtures()
        let python = try fx.pythonPort(ops: [], body: "pass")
        let d = driver("sleep 300 & echo $! > \(fx.dir)/sleep.pid; exec \(python)", timeout: 5)
        let report = try d.run([]) { _, _, _ in }
        #expect(report.implementation == "fixture")
        let sleeper = try #require(fx.pid(in: "sleep.pid"))
        withExtendedLifetime(d) { #expect(PortFixtures.isGone(sleeper)) }
    }
}
