// Bench rows for `closer-spec explore` (specs/explore.md): cases per second against the
// in-process reference alone (generation + CloserSpec's answer + comparison, the byte-exact ops),
// and the driver's own cost per case against a port that answers instantly (`cat`, which echoes
// each request line: a JSON object with the right id). Measured, never asserted.

import CloserHarness
import CloserWire
import Foundation

package enum ExploreBenchCases {
    package static func all() -> [BenchCase] { [inProcess, driverEcho] }

    /// The byte-exact ops whose generators the in-process row runs.
    static let byteExactOps: Set<String> = [
        "encoding.encode", "encoding.decode", "canonicalize", "commitment", "binding.aad", "enc.seal", "enc.open",
        "aead.encrypt", "aead.decrypt", "aesgcm.seal", "aesgcm.open", "hkdf.sha256",
    ]

    static let inProcess = BenchCase("explore/in-process") { settings in
        let target = BenchTarget.opsAtLeast(20_000)
        let count = settings.repetitions >= 5 ? 20_000 : 4_000
        var options = ExploreOptions()
        options.cases = count
        options.seconds = 0
        options.ops = byteExactOps
        let engine = ExploreEngine(commands: [], options: options, profiles: [.closer])
        let clock = ContinuousClock()
        let start = clock.now
        let report = try? engine.run { _, _ in }
        let ns = BenchFormat.nanoseconds(clock.now - start)
        let ops = Double(report?.cases ?? 0) * 1e9 / ns
        return BenchResult(
            name: "explore/in-process", opsPerSecond: ops, target: target,
            met: target.judge(ratio: nil, opsPerSecond: ops),
            note:
                "\(report?.cases ?? 0) cases of \(byteExactOps.count) byte-exact ops (plaintexts up to 70,000 bytes), one job"
        )
    }

    static let driverEcho = BenchCase("explore/driver-echo") { settings in
        // 30 µs per case at most: 33,334 cases per second.
        let target = BenchTarget.opsAtLeast(1e6 / 30)
        let port = ProcessPort(command: "cat", timeout: 10)
        guard (try? port.start()) != nil else {
            return BenchResult(
                name: "explore/driver-echo", opsPerSecond: 0, target: target, met: nil,
                note: "skipped: cannot start cat")
        }
        defer { port.stop() }
        let count = settings.repetitions >= 5 ? 20_000 : 5_000
        let reference: JSONValue = .object(["ok": .bool(true), "text": .string("QUJD")])
        let requests: [[String: JSONValue]] = (0..<count).map { i in
            [
                "id": .string("explore:\(i)"), "op": .string("encoding.encode"), "profile": .string("b64"),
                "bytes": .string("414243"),
            ]
        }
        let clock = ContinuousClock()
        let start = clock.now
        var answered = 0
        for r in requests {
            guard let got = try? port.send(r) else { break }
            blackHole(ExploreComparator.compare(reference: reference, port: .success(got)))
            answered += 1
        }
        let ns = BenchFormat.nanoseconds(clock.now - start)
        let ops = Double(answered) * 1e9 / ns
        return BenchResult(
            name: "explore/driver-echo", opsPerSecond: ops, target: target,
            met: target.judge(ratio: nil, opsPerSecond: ops),
            note: String(
                format: "%.1f µs per case: encode, write, read, parse, compare (echo port: cat)",
                ns / 1000 / Double(max(answered, 1))))
    }
}
