// `closer-spec bench`: each format's cost as a ratio to the raw primitive under it, both
// measured in the same run on the same machine. Never used as a timed assertion in tests.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One measured operation and the baseline it is compared with.
package struct BenchCase: Sendable {
    package let name: String
    /// Name of the baseline case (a raw primitive); nil for baselines themselves.
    package let baseline: String?
    package let body: @Sendable () -> Void

    package init(_ name: String, baseline: String? = nil, _ body: @escaping @Sendable () -> Void) {
        self.name = name
        self.baseline = baseline
        self.body = body
    }
}

/// The result of one case.
package struct BenchResult: Sendable {
    package let name: String
    package let baseline: String?
    package let iterations: Int
    package let nanosecondsPerOp: Double
    /// This case's time divided by its baseline's (nil for baselines).
    package let ratio: Double?
    /// Peak resident set size of the process after the case, KiB.
    package let peakRSSKiB: Int
}

/// Runs bench cases: warm up once, then repeat until `minimumSeconds` have passed.
package struct BenchRunner: Sendable {
    package let minimumSeconds: Double

    /// `minimumSeconds` outside 0...3600 (or not finite) is clamped: the CLI refuses such
    /// values first, and a Double that cannot become a duration must not trap.
    package init(minimumSeconds: Double = 0.3) {
        self.minimumSeconds = minimumSeconds.isFinite ? Swift.min(Swift.max(minimumSeconds, 0), 3600) : 0.3
    }

    package func run(_ cases: [BenchCase]) -> [BenchResult] {
        var perOp: [String: Double] = [:]
        var out: [BenchResult] = []
        for c in cases {
            c.body()
            let clock = ContinuousClock()
            var iterations = 0
            let start = clock.now
            var elapsed: Duration = .zero
            repeat {
                c.body()
                iterations += 1
                elapsed = clock.now - start
            } while elapsed < .milliseconds(Int(minimumSeconds * 1000))
            let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            let each = ns / Double(iterations)
            perOp[c.name] = each
            let ratio = c.baseline.flatMap { perOp[$0] }.map { each / $0 }
            out.append(
                BenchResult(
                    name: c.name, baseline: c.baseline, iterations: iterations, nanosecondsPerOp: each, ratio: ratio,
                    peakRSSKiB: Self.peakRSSKiB()))
        }
        return out
    }

    static func peakRSSKiB() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        #if canImport(Darwin)
            return Int(usage.ru_maxrss) / 1024
        #else
            return Int(usage.ru_maxrss)
        #endif
    }
}
