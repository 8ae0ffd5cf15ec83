// Bench rows for whole commands over the committed vector set (read from `vectors/` in the
// current directory) and for `closer-spec serve` as a child process behind real pipes.

import CloserConformance
import CloserHarness
import CloserRules
import CloserVectorModel
import CloserWire
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

package enum SystemBenchCases {
    package static func all() -> [BenchCase] {
        [rulesEvaluate, serveRoundtrip, serveMemory, verifyAll, generateAll]
    }

    static func skipped(_ name: String, _ target: BenchTarget, _ why: String) -> BenchResult {
        BenchResult(name: name, opsPerSecond: 0, target: target, met: nil, note: "skipped: \(why)")
    }

    // MARK: rules.evaluate

    static let rulesEvaluate = BenchCase("rules.evaluate") { settings in
        let target = BenchTarget.opsAtLeast(200_000)
        let requests: [RulesRequest]
        do { requests = try rulesRequests(settings.vectorsPath) } catch {
            return skipped(
                "rules.evaluate", target,
                "\(settings.vectorsPath)/rules.json: \((error as? CloserError)?.reason ?? "unreadable")")
        }
        let body: @Sendable () -> Void = {
            for r in requests { blackHole(CloserRuleSet.evaluate(r)) }
        }
        let perPass = PairedTimer.solo(body, settings: settings)
        let ops = Double(requests.count) * 1e9 / perPass
        return BenchResult(
            name: "rules.evaluate", opsPerSecond: ops, target: target, met: target.judge(ratio: nil, opsPerSecond: ops),
            note: "\(requests.count) requests of rules.json, parsed once")
    }

    /// Every request of the committed rules vectors, parsed as the `rules.evaluate` op does.
    static func rulesRequests(_ path: String) throws(CloserError) -> [RulesRequest] {
        guard let data = FileManager.default.contents(atPath: path + "/rules.json") else {
            throw CloserError(.vectorsUnreadable, "absent")
        }
        let suite = try VectorFile.load(Array(data), name: "rules")
        var out: [RulesRequest] = []
        for t in suite.tests {
            for s in t.steps {
                out.append(
                    try RulesRequest(
                        auth: s.input["auth"], method: s.input["method"]?.stringValue ?? "",
                        path: s.input["path"]?.stringValue ?? "", data: s.input["data"],
                        existing: s.input["existing"], world: s.input["world"]))
            }
        }
        return out
    }

    // MARK: verify/all, generate/all

    /// Median wall-clock seconds of `body` over a few runs (one in `--quick`), after one warm-up run.
    static func seconds(_ settings: BenchSettings, _ body: () -> Void) -> Double {
        body()
        let runs = settings.repetitions >= 5 ? 3 : 1
        // Wall clock: generation runs suites on several threads.
        return PairedTimer.median((0..<runs).map { _ in PairedTimer.wallNanoseconds(1, body) / 1e9 })
    }

    static let verifyAll = BenchCase("verify/all") { settings in
        let target = BenchTarget.secondsAtMost(5)
        guard FileManager.default.fileExists(atPath: settings.vectorsPath + "/MANIFEST.json") else {
            return skipped("verify/all", target, "no \(settings.vectorsPath)/MANIFEST.json in the current directory")
        }
        var failed = 0
        var passed = 0
        let s = seconds(settings) {
            do {
                let report = VectorVerifier.verify(try VectorDirectory(path: settings.vectorsPath))
                failed = report.failed
                passed = report.passed
            } catch { failed = -1 }
        }
        return BenchResult(
            name: "verify/all", opsPerSecond: 1 / s, target: target, met: failed == 0 && s <= 5,
            note: failed == 0 ? "\(passed) tests, \(BenchFormat.trim(s)) s" : "verify failed (\(failed) failures)")
    }

    static let generateAll = BenchCase("generate/all") { settings in
        let target = BenchTarget.secondsAtMost(15)
        guard FileManager.default.fileExists(atPath: settings.vectorsPath + "/MANIFEST.json") else {
            return skipped("generate/all", target, "no \(settings.vectorsPath)/MANIFEST.json in the current directory")
        }
        var stale: [String] = []
        var count = 0
        let s = seconds(settings) {
            stale = []
            guard let files = try? CloserVectorSet.set.generate() else {
                stale = ["(generation failed)"]
                return
            }
            count = files.count
            for f in files
            where FileManager.default.contents(atPath: settings.vectorsPath + "/" + f.name).map(Array.init) != f.bytes {
                stale.append(f.name)
            }
        }
        return BenchResult(
            name: "generate/all", opsPerSecond: 1 / s, target: target, met: stale.isEmpty && s <= 15,
            note: stale.isEmpty
                ? "\(count) files generated and compared, \(BenchFormat.trim(s)) s"
                : "differs from \(settings.vectorsPath): \(stale.joined(separator: ", "))")
    }

    // MARK: serve

    static let serveRoundtrip = BenchCase("serve/roundtrip") { settings in
        let target = BenchTarget.opsAtLeast(20_000)
        guard let exe = settings.executablePath else {
            return skipped("serve/roundtrip", target, "the running executable's path is unknown")
        }
        let count = settings.repetitions >= 5 ? 20_000 : 5_000
        let lines = (0..<count).map { i in
            Array(#"{"id":\#(i),"op":"canonicalize","json":"{\"b\":1,\"a\":[true,null]}"}"#.utf8)
        }
        var times: [Double] = []
        for _ in 0..<max(1, settings.repetitions) {
            guard let child = try? ServeChild(executable: exe) else {
                return skipped("serve/roundtrip", target, "cannot start \(exe) serve")
            }
            _ = child.exchange([Array(#"{"id":0,"op":"info"}"#.utf8)])  // started and answering
            let clock = ContinuousClock()
            let start = clock.now
            let answered = child.exchange(lines)
            let ns = BenchFormat.nanoseconds(clock.now - start)
            child.finish()
            guard answered == count else {
                return skipped("serve/roundtrip", target, "serve answered \(answered) of \(count)")
            }
            times.append(ns / Double(count))
        }
        let ops = 1e9 / PairedTimer.median(times)
        return BenchResult(
            name: "serve/roundtrip", opsPerSecond: ops, target: target,
            met: target.judge(ratio: nil, opsPerSecond: ops),
            note: "\(count) small canonicalize requests, pipelined through the child's stdin/stdout pipes")
    }

    static let serveMemory = BenchCase("serve/peakRSS") { settings in
        let target = BenchTarget.memory(peakMiB: 64, growthKiB: 1024)
        guard let exe = settings.executablePath else {
            return skipped("serve/peakRSS", target, "the running executable's path is unknown")
        }
        let count = settings.memoryRequests
        let mix = mixedRequests(settings.vectorsPath)
        let lines = (0..<count).map { i in mix[i % mix.count](i) }
        guard let child = try? ServeChild(executable: exe) else {
            return skipped("serve/peakRSS", target, "cannot start \(exe) serve")
        }
        let window = max(1, count / 10)
        var first = 0
        var last = 0
        let clock = ContinuousClock()
        let start = clock.now
        let answered = child.exchange(lines) { done in
            guard done % max(1, window / 10) == 0, let rss = ProcessMemory.residentKiB(pid: child.pid)?.current else {
                return
            }
            if done <= window { first = max(first, rss) }
            if done > count - window { last = max(last, rss) }
        }
        let ns = BenchFormat.nanoseconds(clock.now - start)
        let peak = ProcessMemory.residentKiB(pid: child.pid)?.peak
        child.finish()
        guard answered == count, let peak, first > 0 else {
            return skipped(
                "serve/peakRSS", target,
                answered == count ? "no /proc on this system" : "serve answered \(answered) of \(count)")
        }
        let ops = Double(count) * 1e9 / ns
        let met = Double(peak) < 64 * 1024 && last - first <= 1024
        let mib = { (k: Int) in BenchFormat.trim((Double(k) / 1024 * 100).rounded() / 100) }
        return BenchResult(
            name: "serve/peakRSS", opsPerSecond: ops,
            baseline:
                "RSS over the first \(window) requests: \(mib(first)) MiB; over the last \(window): \(mib(last)) MiB; peak \(mib(peak)) MiB",
            ratio: Double(last) / Double(first), target: target, met: met,
            note:
                "\(count) mixed requests (\(mix.count) kinds); peak \(mib(peak)) MiB, first/last window \(mib(first))/\(mib(last)) MiB"
        )
    }

    /// Request makers: the committed vectors' steps (enc:v1 and rules) plus malformed lines,
    /// unknown ops and canonicalize; `id` is the request's number.
    static func mixedRequests(_ path: String) -> [(Int) -> [UInt8]] {
        var steps: [(String, [String: JSONValue])] = []
        if let dir = try? VectorDirectory(path: path), let suites = try? dir.suites() {
            for suite in suites {
                for t in suite.tests {
                    for s in t.steps
                    where ![
                        HarnessOpSpec.argon2id, .coupleKeyWrap, .coupleKeyUnwrap, .inviteEncrypt, .inviteDecrypt,
                    ].map(\.name)
                        .contains(s.op)
                    {
                        steps.append((s.op, s.input))
                    }
                }
            }
        }
        var makers: [(Int) -> [UInt8]] = steps.map { op, input in
            { i in
                var o = input
                o["id"] = .number(Double(i))
                o["op"] = .string(op)
                return (try? CanonicalJSON.serialize(.object(o))) ?? []
            }
        }
        makers.append { i in
            Array(#"{"id":\#(i),"op":"canonicalize","json":"{\"z\":[1,2.5,\"\\u00e9\"],\"a\":{}}"}"#.utf8)
        }
        makers.append { i in Array(#"{"id":\#(i),"op":"no.such.op"}"#.utf8) }
        makers.append { i in Array("{\"id\":\(i),\"op\":".utf8) }
        makers.append { i in Array(#"{"id":\#(i),"op":"commitment","json":"{\"answer\":\"yes\"}"}"#.utf8) }
        return makers
    }
}

/// `closer-spec serve` as a child process with its stdin and stdout on pipes.
final class ServeChild {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var pid: Int32 { process.processIdentifier }

    init(executable: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["serve"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Writes every line (a thread of its own, so neither pipe can fill up and stall), reads
    /// responses until one per line has come; `progress` sees the count after each response.
    /// Returns the number of responses read.
    func exchange(_ lines: [[UInt8]], progress: (Int) -> Void = { _ in }) -> Int {
        let fd = input.fileHandleForWriting.fileDescriptor
        let writer = Thread {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(1 << 16)
            func flush() {
                chunk.withUnsafeBytes { buf in
                    var off = 0
                    while off < buf.count {
                        let n = write(fd, buf.baseAddress! + off, buf.count - off)
                        if n <= 0 { return }
                        off += n
                    }
                }
                chunk.removeAll(keepingCapacity: true)
            }
            for line in lines {
                chunk += line
                chunk.append(0x0a)
                if chunk.count >= 1 << 15 { flush() }
            }
            flush()
        }
        writer.start()
        let rfd = output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var done = 0
        while done < lines.count {
            let n = buffer.withUnsafeMutableBytes { read(rfd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            for i in 0..<n where buffer[i] == 0x0a {
                done += 1
                progress(done)
            }
        }
        return done
    }

    /// Closes stdin (serve ends at end of input) and waits for the child.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
