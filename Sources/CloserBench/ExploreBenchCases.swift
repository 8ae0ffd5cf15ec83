// Bench rows for `closer-spec explore` (specs/explore.md §Performance): cases per second against
// the in-process reference alone (generation + CloserSpec's answer + comparison, the byte-exact
// ops), with one job and with two, and the driver's own cost per case against a port that answers
// instantly (`cat`, which echoes each request line: a JSON object with the right id). Rates are
// given by wall clock and by this process's CPU time (the machine is shared: wall time varies
// with the other processes' load, CPU time little). Measured, never asserted.

import CloserConformance
import CloserHarness
import CloserWire
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

package enum ExploreBenchCases {
    package static func all() -> [BenchCase] { [inProcess, inProcessTwoJobs, driverEcho] }

    /// The byte-exact ops whose generators the in-process rows run.
    static let byteExactOps: Set<String> = [
        HarnessOpSpec.encodingEncode.name, HarnessOpSpec.encodingDecode.name, "canonicalize", "commitment",
        HarnessOpSpec.bindingAAD.name, HarnessOpSpec.encSeal.name, HarnessOpSpec.encOpen.name,
        HarnessOpSpec.aeadEncrypt.name, HarnessOpSpec.aeadDecrypt.name, HarnessOpSpec.aesGCMSeal.name,
        HarnessOpSpec.aesGCMOpen.name, HarnessOpSpec.hkdfSHA256.name,
    ]

    /// CPU nanoseconds of this process, every thread (the ports' processes are not counted).
    static func processCPUNanoseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
    }

    /// Runs `count` in-process cases with `jobs` jobs: (cases, wall ns, CPU ns).
    static func runInProcess(count: Int, jobs: Int) -> (cases: Int, wall: Double, cpu: Double) {
        var options = ExploreOptions()
        options.cases = count
        options.seconds = 0
        options.jobs = jobs
        options.ops = byteExactOps
        let engine = ExploreEngine(commands: [], options: options, profiles: [CloserConformance.profile])
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = processCPUNanoseconds()
        let report = try? engine.run { _, _ in }
        let cpu = processCPUNanoseconds() - cpuStart
        return (report?.cases ?? 0, BenchFormat.nanoseconds(clock.now - start), cpu)
    }

    /// One job, judged by CPU time: what one core does, whatever else the machine runs.
    static let inProcess = BenchCase("explore/in-process") { settings in
        let target = BenchTarget.opsAtLeast(20_000)
        let (cases, wall, cpu) = runInProcess(count: settings.repetitions >= 5 ? 20_000 : 4_000, jobs: 1)
        let perCPU = Double(cases) * 1e9 / cpu
        return BenchResult(
            name: "explore/in-process", opsPerSecond: perCPU, target: target,
            met: target.judge(ratio: nil, opsPerSecond: perCPU),
            note: String(
                format:
                    "%d cases of %d byte-exact ops (plaintexts up to 70,000 bytes), one job: %.0f cases per CPU-second, %.0f per wall-second",
                cases, byteExactOps.count, perCPU, Double(cases) * 1e9 / wall))
    }

    /// Two jobs (`--jobs 2`), judged by wall clock: the machine's two cores.
    static let inProcessTwoJobs = BenchCase("explore/in-process-2jobs") { settings in
        let target = BenchTarget.opsAtLeast(20_000)
        let (cases, wall, cpu) = runInProcess(count: settings.repetitions >= 5 ? 40_000 : 8_000, jobs: 2)
        let perWall = Double(cases) * 1e9 / wall
        return BenchResult(
            name: "explore/in-process-2jobs", opsPerSecond: perWall, target: target,
            met: target.judge(ratio: nil, opsPerSecond: perWall),
            note: String(
                format: "%d cases, --jobs 2: %.0f cases per wall-second, %.0f per CPU-second (both jobs' CPU time)",
                cases, perWall, Double(cases) * 1e9 / cpu))
    }

    static let driverEcho = BenchCase("explore/driver-echo") { settings in
        // 30 µs of the driver's CPU per case at most: 33,334 cases per CPU-second.
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
                "id": .string("explore:\(i)"), "op": .string(HarnessOpSpec.encodingEncode.name),
                "profile": .string("b64"),
                "bytes": .string("414243"),
            ]
        }
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = processCPUNanoseconds()
        var answered = 0
        for r in requests {
            guard let got = try? port.send(r) else { break }
            blackHole(ExploreComparator.compare(reference: reference, port: .success(got)))
            answered += 1
        }
        let cpu = (processCPUNanoseconds() - cpuStart) / Double(max(answered, 1))
        let wall = BenchFormat.nanoseconds(clock.now - start) / Double(max(answered, 1))
        return BenchResult(
            name: "explore/driver-echo", opsPerSecond: 1e9 / cpu, target: target,
            met: target.judge(ratio: nil, opsPerSecond: 1e9 / cpu),
            note: String(
                format:
                    "%.1f µs of the driver's CPU per case (encode, write, poll, read, parse, compare), %.1f µs wall with cat's turn (echo port: cat)",
                cpu / 1000, wall / 1000))
    }
}
