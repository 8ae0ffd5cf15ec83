// `closer-spec explore`: generates cases for every op the ports list, sends each to every port and
// to CloserSpec in process, compares, and turns each class of divergence into a minimized,
// diagnosed finding. Cases are numbered from 0 and drawn from their own streams (ExploreRandom), so
// `--cases N` runs the same N cases whatever `--jobs` is. Normative: specs/explore.md.

import CloserVectorModel
import CloserWire
import Foundation

package struct ExploreOptions: Sendable {
    package var seed: UInt64 = 1
    /// Stop after this many cases (nil: only the time bound).
    package var cases: Int? = nil
    /// Stop after this many seconds (0: only the case bound).
    package var seconds: Double = 60
    /// Parallel jobs, each with its own port processes: the machine's cores by default.
    package var jobs = ExploreOptions.cores
    /// Cases each job keeps in flight to each port (specs/harness.md §Pipelining); 1: one at a time.
    package var inFlight = 16
    package var timeout: Double = 30
    /// Only these ops (nil: every op the ports list that has a generator).
    package var ops: Set<String>? = nil
    /// End the run at the first divergent case (to measure the time to find a bug).
    package var stopAtFirst = false
    /// The registry's bounds the generators draw from (BoundsStep; empty: none).
    package var bounds = DecisionBounds.empty

    package init() {}

    /// The cores this process may run on (1…64).
    package static var cores: Int { min(64, max(1, ProcessInfo.processInfo.activeProcessorCount)) }
}

package struct ExploreReport: Sendable {
    package var ports: [(command: String, implementation: String)] = []
    package var ops: [String] = []
    package var cases = 0
    package var casesPerOp: [String: Int] = [:]
    /// Cases where at least one port diverged.
    package var divergentCases = 0
    /// Refusals with the right category but another `detail`.
    package var detailNotes = 0
    package var findings: [ExploreFinding] = []
    package var seconds = 0.0
    /// Seconds from the start to the first divergent case (nil: none).
    package var firstDivergenceSeconds: Double? = nil
}

/// A divergent case as seen during the run (before minimizing), the first of its class.
struct RawDivergence {
    let `case`: ExploreCase
    /// The port's index, or -1 when every port agrees against CloserSpec.
    let port: Int
    var count: Int
}

/// Unchecked Sendable: the jobs share only `next`, `report` and `classes`, always under `lock`;
/// each job uses its own ports and reference.
package final class ExploreEngine: @unchecked Sendable {
    let commands: [String]
    let options: ExploreOptions
    let profiles: [AppProfile]
    let lock = Lock()
    private var next = 0
    var report = ExploreReport()
    var classes: [String: RawDivergence] = [:]
    var started = Date()

    package init(commands: [String], options: ExploreOptions, profiles: [AppProfile]) {
        self.commands = commands
        self.options = options
        self.profiles = profiles
    }

    /// Runs the cases; `progress(cases, divergentCases)` now and then (from any job).
    package func run(progress: @escaping @Sendable (Int, Int) -> Void) throws(CloserError) -> ExploreReport {
        let start = Date()
        started = start
        var jobs: [[ExplorePort]] = []
        defer { jobs.joined().forEach { $0.stop() } }
        for _ in 0..<max(1, options.jobs) {
            let ports = commands.map { ExplorePort(command: $0, timeout: options.timeout) }
            for p in ports { try p.start() }
            jobs.append(ports)
        }
        let listed = jobs[0].isEmpty ? nil : jobs[0].reduce(into: Set<String>()) { $0.formUnion($1.ops) }
        let generators = profiles.exploreGenerators(bounds: options.bounds).filter { g in
            (listed?.contains(g.op) ?? true) && (options.ops?.contains(g.op) ?? true)
        }
        guard !generators.isEmpty else {
            throw CloserError(.harnessPortUnusable, "no op to explore: the ports list none that explore generates")
        }
        report.ports = jobs[0].map { ($0.command, $0.implementation) }
        report.ops = generators.map(\.op)
        let deadline = options.seconds > 0 ? start.addingTimeInterval(options.seconds) : Date.distantFuture
        let work = UnsafeJobs(jobs)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { j in
            self.job(work.ports[j], generators, deadline: deadline, progress: progress)
        }
        report.findings = finish(jobs[0])
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// Takes up to `count` next case indices; none when the run is over.
    private func take(_ deadline: Date, count: Int) -> Range<Int> {
        lock.withLock {
            if Date() >= deadline { return next..<next }
            if options.stopAtFirst, report.divergentCases > 0 { return next..<next }
            let end = min(next + count, options.cases ?? Int.max)
            let taken = next..<max(next, end)
            next = taken.upperBound
            return taken
        }
    }

    /// One job: takes cases in batches of `inFlight`, submits each batch to the ports, and
    /// collects the previous batch's answers while the ports work on this one.
    private func job(
        _ ports: [ExplorePort], _ generators: [ExploreGenerator], deadline: Date, progress: @Sendable (Int, Int) -> Void
    ) {
        let reference = ExploreReference(port: InProcessPort(server: HarnessServer(profiles: profiles)))
        var waiting: [(ExploreCase, JSONValue)] = []
        while true {
            let batch = take(deadline, count: max(1, options.inFlight))
            for index in batch {
                let generator = generators[index % generators.count]
                let c = generator.generate(
                    index: index, random: ExploreRandom(seed: options.seed, index: index), reference: reference)
                for port in ports where port.ops.contains(c.op) { port.submit(c.op, c.input, id: "explore:\(index)") }
                waiting.append((c, reference.response(c.op, c.input)))
            }
            let keep = options.inFlight > 1 ? batch.count : 0
            while waiting.count > keep {
                let (c, expected) = waiting.removeFirst()
                var answers: [(Int, Result<JSONValue, PortFailure>, ExploreVerdict)] = []
                for (i, port) in ports.enumerated() where port.ops.contains(c.op) {
                    let got = port.collect()
                    answers.append((i, got, ExploreComparator.compare(reference: expected, port: got)))
                }
                record(c, expected, answers, progress)
            }
            if batch.isEmpty && waiting.isEmpty { return }
        }
    }

    func record(
        _ c: ExploreCase, _ expected: JSONValue, _ answers: [(Int, Result<JSONValue, PortFailure>, ExploreVerdict)],
        _ progress: @Sendable (Int, Int) -> Void
    ) {
        let keys = ExploreComparator.outputKeys(expected)
        let divergent = answers.filter { $0.2.isDivergent }
        let signatures = Set(answers.map { ExploreComparator.signature($0.1, keys: keys) })
        let unanimous = answers.count >= 2 && divergent.count == answers.count && signatures.count == 1
        lock.withLock {
            report.cases += 1
            report.casesPerOp[c.op, default: 0] += 1
            report.detailNotes += answers.filter { if case .otherDetail = $0.2 { true } else { false } }.count
            if !divergent.isEmpty {
                report.divergentCases += 1
                if report.firstDivergenceSeconds == nil {
                    report.firstDivergenceSeconds = Date().timeIntervalSince(started)
                }
            }
            let refKind = ExploreMinimizer.kind(.success(expected))
            let portsDiverging = unanimous ? [(-1, divergent[0].1)] : divergent.map { ($0.0, $0.1) }
            for (port, got) in portsDiverging {
                let key = "\(port) \(c.op) \(c.mutation) \(refKind)/\(ExploreMinimizer.kind(got))"
                if var existing = classes[key] {
                    existing.count += 1
                    if c.index < existing.case.index {
                        existing = RawDivergence(case: c, port: port, count: existing.count)
                    }
                    classes[key] = existing
                } else {
                    classes[key] = RawDivergence(case: c, port: port, count: 1)
                }
            }
            if report.cases % 64 == 0 { progress(report.cases, report.divergentCases) }
        }
    }

    /// Minimizes and diagnoses the first case of every class, in case order.
    func finish(_ ports: [ExplorePort]) -> [ExploreFinding] {
        let reference = ExploreReference(port: InProcessPort(server: HarnessServer(profiles: profiles)))
        let raws = classes.values.sorted { ($0.case.index, $0.port) < ($1.case.index, $1.port) }
        return raws.map { raw in
            let c = raw.case
            guard raw.port >= 0 else {
                let r = reference.response(c.op, c.input)
                return ExploreFinding(
                    kind: .referenceSuspect, port: "every port",
                    implementation: ports.map(\.implementation).joined(separator: ", "),
                    original: c, minimized: c, reference: r, layer: nil,
                    message:
                        "every port answers alike against CloserSpec: check CloserSpec against its page and the oracles",
                    similar: raw.count - 1)
            }
            let port = ports[raw.port]
            let minimizer = ExploreMinimizer(reference: reference, port: port)
            let small = minimizer.minimize(c)
            let r = reference.response(small.op, small.input)
            let steps = ExploreIntermediates.of(small.op, small.input, reference: r, in: reference)
            let (layer, message) = ExploreFinding.diagnose(
                small, reference: r, port: port, profiles: profiles, intermediates: steps)
            return ExploreFinding(
                kind: .port, port: port.command, implementation: port.implementation, original: c, minimized: small,
                reference: r, layer: layer, message: message, intermediates: steps, similar: raw.count - 1)
        }
    }
}

/// The jobs' port sets, handed to the concurrent jobs (each job uses only its own).
private final class UnsafeJobs: @unchecked Sendable {
    let ports: [[ExplorePort]]
    init(_ ports: [[ExplorePort]]) { self.ports = ports }
}
