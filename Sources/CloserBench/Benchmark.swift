// `closer-spec bench`: each operation timed against its baseline in the same run (warm-up,
// interleaved repetitions, median). Never used as a timed assertion in tests: the bench
// measures, `make test` checks correctness.

import CloserHarness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a row must reach.
package enum BenchTarget: Sendable, Equatable {
    /// cost ÷ baseline cost at most this.
    case ratioAtMost(Double)
    /// operations per second at least this.
    case opsAtLeast(Double)
    /// one run takes at most this many seconds.
    case secondsAtMost(Double)
    /// peak RSS below `peakMiB`, and the last window's RSS at most `growthKiB` above the first's.
    case memory(peakMiB: Double, growthKiB: Int)
    /// Reported for comparison only.
    case none

    package var text: String? {
        switch self {
        case .ratioAtMost(let r): "ratio <= \(BenchFormat.trim(r))"
        case .opsAtLeast(let n): "ops/s >= \(BenchFormat.trim(n))"
        case .secondsAtMost(let s): "seconds <= \(BenchFormat.trim(s))"
        case .memory(let peak, let growth): "peak RSS < \(BenchFormat.trim(peak)) MiB, growth <= \(growth) KiB"
        case .none: nil
        }
    }
}

/// One row of the report.
package struct BenchResult: Sendable {
    package let name: String
    package let opsPerSecond: Double
    /// What the row is compared with (a baseline operation, or a description for memory).
    package let baseline: String?
    package let baselineOpsPerSecond: Double?
    /// Cost ÷ baseline cost (median of the paired repetitions); for memory, last ÷ first window RSS.
    package let ratio: Double?
    package let target: BenchTarget
    /// nil when the row has no target.
    package let met: Bool?
    /// A line for the table only (skips, the physical reason of a miss, memory figures).
    package let note: String?

    package init(
        name: String, opsPerSecond: Double, baseline: String? = nil, baselineOpsPerSecond: Double? = nil,
        ratio: Double? = nil, target: BenchTarget, met: Bool?, note: String? = nil
    ) {
        self.name = name
        self.opsPerSecond = opsPerSecond
        self.baseline = baseline
        self.baselineOpsPerSecond = baselineOpsPerSecond
        self.ratio = ratio
        self.target = target
        self.met = met
        self.note = note
    }
}

/// How long and how often to measure.
package struct BenchSettings: Sendable {
    /// Seconds spent on one row (operation and baseline together), warm-up excluded.
    package let secondsPerRow: Double
    /// Interleaved repetitions; the median is reported.
    package let repetitions: Int
    /// Requests sent for the memory row (its windows are a tenth of this each).
    package let memoryRequests: Int
    /// Directory holding the committed vectors (read from the current directory).
    package let vectorsPath: String
    /// The running `closer-spec` executable (for `serve` rows).
    package let executablePath: String?
    /// The app profiles the explore rows' in-process reference serves (the executable's).
    package let profiles: [AppProfile]

    package init(
        secondsPerRow: Double, repetitions: Int, memoryRequests: Int, vectorsPath: String = "vectors",
        executablePath: String?, profiles: [AppProfile] = [.closer]
    ) {
        self.secondsPerRow = secondsPerRow
        self.repetitions = repetitions
        self.memoryRequests = memoryRequests
        self.vectorsPath = vectorsPath
        self.executablePath = executablePath
        self.profiles = profiles
    }
}

/// One or more rows measured together: their names and how to measure them.
package struct BenchCase: Sendable {
    package let names: [String]
    package let measure: @Sendable (BenchSettings) -> [BenchResult]

    package init(names: [String], measure: @escaping @Sendable (BenchSettings) -> [BenchResult]) {
        self.names = names
        self.measure = measure
    }

    /// A single row.
    package init(_ name: String, measure: @escaping @Sendable (BenchSettings) -> BenchResult) {
        self.init(names: [name]) { [measure($0)] }
    }

    /// A row timing `operation` against `baseline`, interleaved, judged by `target`.
    package static func paired(
        _ name: String, baseline baselineName: String, target: BenchTarget,
        operation: @escaping @Sendable () -> Void, baseline: @escaping @Sendable () -> Void
    ) -> BenchCase {
        BenchCase(name) { settings in
            let m = PairedTimer.measure(operation, baseline, settings: settings)
            return BenchResult(
                name: name, opsPerSecond: 1e9 / m.operationNanoseconds, baseline: baselineName,
                baselineOpsPerSecond: 1e9 / m.baselineNanoseconds, ratio: m.ratio, target: target,
                met: target.judge(ratio: m.ratio, opsPerSecond: 1e9 / m.operationNanoseconds))
        }
    }

    /// A row without a baseline: `body` does `count` operations; reported as operations per second.
    package static func solo(
        _ name: String, target: BenchTarget, count: Int, _ body: @escaping @Sendable () -> Void
    ) -> BenchCase {
        BenchCase(name) { settings in
            let perCall = PairedTimer.solo(body, settings: settings)
            let ops = Double(count) * 1e9 / perCall
            return BenchResult(
                name: name, opsPerSecond: ops, target: target, met: target.judge(ratio: nil, opsPerSecond: ops))
        }
    }
}

extension BenchTarget {
    func judge(ratio: Double?, opsPerSecond: Double) -> Bool? {
        switch self {
        case .ratioAtMost(let r): ratio.map { $0 <= r }
        case .opsAtLeast(let n): opsPerSecond >= n
        case .secondsAtMost(let s): 1 / opsPerSecond <= s
        case .memory, .none: nil
        }
    }
}

/// Paired timing: both bodies warmed up, then timed in alternating batches.
package enum PairedTimer {
    package struct Measurement: Sendable {
        package let operationNanoseconds: Double
        package let baselineNanoseconds: Double
        /// Median of the per-repetition ratios (each repetition's pair ran back to back).
        package let ratio: Double
    }

    package static func measure(
        _ operation: () -> Void, _ baseline: () -> Void, settings: BenchSettings
    ) -> Measurement {
        // Four short pairs per repetition (plus one, for an odd count): the median of many
        // short back-to-back pairs moves less with the machine's drift than that of a few long ones.
        let reps = 4 * max(1, settings.repetitions) + 1
        let perBatch = settings.secondsPerRow / Double(2 * reps)
        // Warm-up and calibration: how many calls fill a batch.
        let opCount = calls(toFill: perBatch, operation)
        let baseCount = calls(toFill: perBatch, baseline)
        var opTimes: [Double] = []
        var baseTimes: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<reps {
            let o = nanoseconds(opCount, operation) / Double(opCount)
            let b = nanoseconds(baseCount, baseline) / Double(baseCount)
            opTimes.append(o)
            baseTimes.append(b)
            ratios.append(o / b)
        }
        return Measurement(
            operationNanoseconds: median(opTimes), baselineNanoseconds: median(baseTimes), ratio: median(ratios))
    }

    /// Median nanoseconds of one call of `body` (warmed up, repeated).
    package static func solo(_ body: () -> Void, settings: BenchSettings) -> Double {
        let reps = max(1, settings.repetitions)
        let count = calls(toFill: settings.secondsPerRow / Double(reps), body)
        return median((0..<reps).map { _ in nanoseconds(count, body) / Double(count) })
    }

    /// Times single runs of `body` (the first ones warm it up) and returns the number of calls
    /// that take about `seconds`.
    static func calls(toFill seconds: Double, _ body: () -> Void) -> Int {
        body()
        var n = 1
        while true {
            let t = nanoseconds(n, body)
            if t >= 20_000_000 || n >= 1 << 30 {
                let each = t / Double(n)
                return max(1, Int(seconds * 1e9 / max(each, 1)))
            }
            n *= 4
        }
    }

    /// CPU nanoseconds of the calling thread that `count` calls of `body` take. Thread CPU
    /// time, not wall time: on a shared machine other processes' load changes wall time by
    /// whole multiples but leaves this almost untouched (caches aside).
    package static func nanoseconds(_ count: Int, _ body: () -> Void) -> Double {
        let start = threadCPUNanoseconds()
        for _ in 0..<count { body() }
        return threadCPUNanoseconds() - start
    }

    /// Wall-clock nanoseconds (for rows that use other threads or processes).
    package static func wallNanoseconds(_ count: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { body() }
        return BenchFormat.nanoseconds(clock.now - start)
    }

    static func threadCPUNanoseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
    }

    package static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

/// Keeps a value alive so the optimizer cannot drop the call that made it.
@inline(never)
package func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Number formatting shared by the table and the targets.
package enum BenchFormat {
    package static func nanoseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    }

    /// `1.15`, `200000`, `5`: no trailing zeros.
    package static func trim(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        var s = String(format2: x)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

extension String {
    /// Two decimals, without Foundation.
    init(format2 x: Double) {
        let scaled = (x * 100).rounded()
        let whole = Int(scaled / 100)
        let frac = Int(abs(scaled).truncatingRemainder(dividingBy: 100))
        let sign = x < 0 && whole == 0 ? "-" : ""
        self = "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}

/// The process's resident set sizes, from /proc (Linux only).
package enum ProcessMemory {
    /// (current RSS, peak RSS) of `pid` in KiB, or nil where /proc is missing.
    package static func residentKiB(pid: Int32) -> (current: Int, peak: Int)? {
        #if os(Linux)
            guard let fd = fopen("/proc/\(pid)/status", "r") else { return nil }
            defer { fclose(fd) }
            var current: Int?
            var peak: Int?
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, 256, fd) != nil {
                let s = String(decoding: line.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                func kib() -> Int? {
                    s.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
                }
                if s.hasPrefix("VmRSS:") { current = kib() }
                if s.hasPrefix("VmHWM:") { peak = kib() }
            }
            guard let current, let peak else { return nil }
            return (current, peak)
        #else
            return nil
        #endif
    }
}
