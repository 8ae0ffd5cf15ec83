// Bench rows for `closer-spec explore` against the three ports (specs/explore.md §Performance):
// cases per second of an explore run with one job, as a ratio to the port's own answer rate in the
// same bench run — the same cases, pre-built and sent to a fresh process of the port with as many
// requests in flight, their answers read and not compared. A ratio near 1 means the port, not the
// driver, bounds the run. The note gives the rate with one request in flight (the driver before
// pipelining) and the rate with the default jobs. A port that cannot start is skipped, saying so.
// Measured, never asserted.

import CloserHarness
import CloserWire
import Foundation

package enum PortBenchCases {
    package static func all() -> [BenchCase] {
        [
            row("explore/port-python", command: "ports/python/closer-port serve"),
            row("explore/port-node", command: "ports/node/port.sh"),
            row("explore/port-jvm", command: "ports/jvm/port.sh"),
        ]
    }

    /// The production-cost Argon2id ops `make ci`'s short runs leave out (specs/explore.md §Generators).
    static let productionCost: Set<String> = [
        HarnessOpSpec.coupleKeyWrap.name, HarnessOpSpec.inviteEncrypt.name, HarnessOpSpec.inviteDecrypt.name,
    ]

    /// The ops a port lists (its `info`), nil when it cannot be started.
    static func listedOps(_ command: String) -> Set<String>? {
        let port = ProcessPort(command: command, timeout: 120)
        guard (try? port.start()) != nil else { return nil }
        defer { port.stop() }
        guard let info = try? port.send(["id": .string("info"), "op": .string("info")]),
            case .array(let list)? = info["ops"]
        else { return nil }
        return Set(list.compactMap(\.stringValue))
    }

    /// An explore run of `seconds` against `command`: (cases, wall seconds).
    static func explore(
        _ command: String, ops: Set<String>, profiles: [AppProfile], seconds: Double, jobs: Int, inFlight: Int
    ) -> (cases: Int, seconds: Double) {
        var options = ExploreOptions()
        options.seconds = seconds
        options.jobs = jobs
        options.inFlight = inFlight
        options.timeout = 120
        options.ops = ops
        let engine = ExploreEngine(commands: [command], options: options, profiles: profiles)
        guard let report = try? engine.run(progress: { _, _ in }) else { return (0, seconds) }
        return (report.cases, report.seconds)
    }

    /// Cases 0..<count of seed 1 over `ops`, as explore draws them, as request objects.
    static func requests(ops: Set<String>, profiles: [AppProfile], count: Int) -> [[String: JSONValue]] {
        let generators = profiles.exploreGenerators(covering: ops)
        let reference = ExploreReference(port: InProcessPort(server: HarnessServer(profiles: profiles)))
        return (0..<count).map { index in
            let c = generators[index % generators.count].generate(
                index: index, random: ExploreRandom(seed: 1, index: index), reference: reference)
            var request = c.input
            request["op"] = .string(c.op)
            request["id"] = .string("explore:\(index)")
            return request
        }
    }

    /// The port's own rate: `requests` sent to a fresh process with `inFlight` in flight, every
    /// answer read, none compared. Answers per second, or nil when the port failed.
    static func portRate(_ command: String, _ requests: [[String: JSONValue]], inFlight: Int) -> Double? {
        let port = ProcessPort(command: command, timeout: 120)
        guard (try? port.start()) != nil, (try? port.send(["id": .string("warm"), "op": .string("info")])) != nil
        else { return nil }
        defer { port.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        var sent = 0
        for _ in requests.indices {
            while sent < requests.count, port.inFlight < inFlight {
                guard (try? port.enqueue(requests[sent])) != nil else { return nil }
                sent += 1
            }
            guard (try? port.receive()) != nil else { return nil }
        }
        return Double(requests.count) * 1e9 / BenchFormat.nanoseconds(clock.now - start)
    }

    static func row(_ name: String, command: String) -> BenchCase {
        BenchCase(
            name,
            measure: { settings -> BenchResult in
                let seconds = settings.repetitions >= 5 ? 15.0 : 5.0
                guard let listed = listedOps(command) else {
                    return BenchResult(
                        name: name, opsPerSecond: 0, target: .none, met: nil, note: "skipped: \(command) does not start"
                    )
                }
                let ops = listed.subtracting(productionCost)
                let inFlight = ExploreOptions().inFlight
                let piped = explore(
                    command, ops: ops, profiles: settings.profiles, seconds: seconds, jobs: 1, inFlight: inFlight)
                let single = explore(
                    command, ops: ops, profiles: settings.profiles, seconds: seconds, jobs: 1, inFlight: 1)
                let jobs = explore(
                    command, ops: ops, profiles: settings.profiles, seconds: seconds, jobs: ExploreOptions.cores,
                    inFlight: inFlight)
                let rate = Double(piped.cases) / piped.seconds
                guard piped.cases > 0,
                    let own = portRate(
                        command, requests(ops: ops, profiles: settings.profiles, count: piped.cases), inFlight: inFlight
                    )
                else {
                    return BenchResult(
                        name: name, opsPerSecond: rate, target: .none, met: nil, note: "skipped: the port failed")
                }
                let target = BenchTarget.ratioAtMost(1.5)
                let ratio = own / rate
                return BenchResult(
                    name: name, opsPerSecond: rate, baseline: "the port's own answer rate", baselineOpsPerSecond: own,
                    ratio: ratio, target: target, met: target.judge(ratio: ratio, opsPerSecond: rate),
                    note: String(
                        format:
                            "%d ops (no production-cost Argon2id), one job, %d in flight: %.0f cases/s; one in flight: %.0f; --jobs %d: %.0f",
                        ops.count, inFlight, rate, Double(single.cases) / single.seconds, ExploreOptions.cores,
                        Double(jobs.cases) / jobs.seconds))
            })
    }
}
