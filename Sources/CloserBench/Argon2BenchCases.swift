// Bench rows for Argon2id at the production parameters (specs/argon2id.md §"Default backend"):
// every backend and the default, each against the fastest backend measured in the same run.

import CloserWire
import CloserWireArgon2

package enum Argon2BenchCases {
    /// One case that measures every backend interleaved and reports a row for each.
    package static func all() -> [BenchCase] {
        [BenchCase(names: Argon2idBackends.names.map(rowName)) { settings in measure(settings) }]
    }

    static func rowName(_ backend: String) -> String { "argon2id/production/\(backend)" }

    static func measure(_ settings: BenchSettings) -> [BenchResult] {
        let random = SeededRandom(seed: "bench-argon2")
        let password = Array("acorn album alpine anchor animal apple apron arena arrow artist".utf8)
        let salt = random.bytes(16)
        let production = CloserProfileV1.coupleKeyArgon2id
        let names = Argon2idBackends.names
        let backends = names.map { Argon2idBackends.named($0)! }
        func run(_ b: any Argon2idBackend) {
            blackHole(try! Argon2id.deriveKey(password: password, salt: salt, parameters: production, backend: b))
        }
        for b in backends { run(b) }  // warm-up: page in the memory, load the libraries
        var times = [[Double]](repeating: [], count: backends.count)
        // Each round runs every backend back to back; a row's ratio is the median of its
        // per-round ratios to the fastest backend, so drift between rounds cancels.
        for _ in 0..<max(5, 2 * settings.repetitions) {
            for (i, b) in backends.enumerated() { times[i].append(PairedTimer.nanoseconds(1) { run(b) }) }
        }
        let medians = times.map(PairedTimer.median)
        let compared = names.indices.filter { names[$0] != "default" }
        let fastest = compared.min { medians[$0] < medians[$1] }!
        return names.indices.map { i in
            let ratio = PairedTimer.median(zip(times[i], times[fastest]).map { $0 / $1 })
            let target: BenchTarget = names[i] == "default" ? .ratioAtMost(1.05) : .none
            return BenchResult(
                name: rowName(names[i]), opsPerSecond: 1e9 / medians[i], baseline: rowName(names[fastest]),
                baselineOpsPerSecond: 1e9 / medians[fastest], ratio: ratio, target: target,
                met: target.judge(ratio: ratio, opsPerSecond: 1e9 / medians[i]))
        }
    }
}
