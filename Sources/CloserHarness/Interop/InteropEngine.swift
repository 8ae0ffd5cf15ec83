// `closer-spec interop`: every flow whose producer and consumer ops the ports list, case by case;
// each case's producer input goes to every producer once, and what each wrote to every consumer.
// Failing cases are grouped into classes (pair, flow, shape, randomness drawn or injected); the
// first case of each class is minimized and diagnosed. Normative: specs/interop.md §"Run".

import CloserVectorModel
import CloserWire
import Foundation

package struct InteropOptions: Sendable {
    package var seed: UInt64 = 1
    /// Cases per flow (nil: only the time bound).
    package var cases: Int? = nil
    /// Seconds for the whole run (0: only the case bound).
    package var seconds: Double = 60
    /// Only this case of each flow (a reproduction).
    package var onlyCase: Int? = nil
    package var timeout: Double = 30
    /// Only these flows (nil: every flow).
    package var flows: Set<String>? = nil
    /// Only pairs with this producer / consumer (a port's command or `closer-spec`).
    package var producer: String? = nil
    package var consumer: String? = nil
    /// The command line a reproduction starts with (`closer-spec interop`).
    package var program = "closer-spec interop"

    package init() {}
}

package final class InteropEngine {
    let options: InteropOptions
    let profiles: [AppProfile]
    let peers: [InteropPeer]
    let reference: ExploreReference
    /// Failing cases per class key: the first case, its input and outcome, and the count.
    private var classes: [String: (pair: Int, index: Int, input: InteropInput, outcome: InteropOutcome, count: Int)] =
        [:]

    /// `peers` are the ports; CloserSpec in process is added first.
    package init(peers: [InteropPeer], options: InteropOptions, profiles: [AppProfile]) {
        self.options = options
        self.profiles = profiles
        self.peers = [InteropPeer.reference(profiles: profiles)] + peers
        reference = ExploreReference(port: InProcessPort(server: HarnessServer(profiles: profiles)))
    }

    /// Starts every port (a port that does not answer `info` makes the run unusable), runs, stops them.
    package func run() throws(CloserError) -> InteropReport {
        defer { peers.forEach { $0.stop() } }
        for peer in peers { try peer.start() }
        let start = Date()
        var report = InteropReport()
        report.seed = options.seed
        report.ports = peers.map { ($0.name, $0.implementation) }
        let flows = InteropFlow.all.filter { options.flows?.contains($0.name) ?? true }
        var plan: [(flow: InteropFlow, pairs: [(p: Int, c: Int, slot: Int)])] = []
        for flow in flows {
            var slots: [(p: Int, c: Int, slot: Int)] = []
            for (p, producer) in peers.enumerated() where producer.ops.contains(flow.producer) {
                guard options.producer.map({ $0 == producer.name }) ?? true else { continue }
                for (c, consumer) in peers.enumerated() where consumer.ops.contains(flow.consumer) {
                    guard options.consumer.map({ $0 == consumer.name }) ?? true else { continue }
                    slots.append((p, c, report.pairs.count))
                    report.pairs.append(InteropPair(producer: producer.name, consumer: consumer.name, flow: flow.name))
                }
            }
            if !slots.isEmpty { plan.append((flow, slots)) }
        }
        guard !plan.isEmpty else {
            throw CloserError(.harnessPortUnusable, "no flow to run: no ordered pair of ports lists a flow's two ops")
        }
        report.flows = plan.map(\.flow.name)
        let deadline = options.seconds > 0 ? start.addingTimeInterval(options.seconds) : Date.distantFuture
        var index = options.onlyCase ?? 0
        while options.onlyCase.map({ index == $0 }) ?? ((options.cases.map { index < $0 } ?? true) && Date() < deadline)
        {
            for (flow, slots) in plan { runCase(flow, index, slots, &report) }
            index += 1
        }
        finish(&report, flows: Dictionary(uniqueKeysWithValues: plan.map { ($0.flow.name, $0.flow) }))
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// Case `index` of `flow` through every planned pair: each producer once, each consumer per producer.
    private func runCase(
        _ flow: InteropFlow, _ index: Int, _ slots: [(p: Int, c: Int, slot: Int)], _ report: inout InteropReport
    ) {
        guard let (input, expected) = flow.input(seed: options.seed, index: index, reference: reference) else { return }
        var produced: [Int: Result<JSONValue, PortFailure>] = [:]
        for (p, c, slot) in slots {
            let id = "interop:\(flow.name):\(index)"
            if produced[p] == nil { produced[p] = peers[p].send(flow.producer, input.request, id: id + ":produce") }
            let outcome = InteropCheck.consume(
                flow, input, expected: expected, produced: produced[p]!, consumer: peers[c], id: id + ":consume")
            report.pairs[slot].cases += 1
            guard let shape = outcome.shape else {
                report.pairs[slot].passed += 1
                continue
            }
            let key = "\(slot) \(shape) \(input.withheld.isEmpty ? "injected" : "drawn")"
            if let first = classes[key] {
                classes[key]?.count = first.count + 1
            } else {
                classes[key] = (slot, index, input, outcome, 1)
            }
        }
    }

    /// Minimizes and diagnoses the first case of every class, in pair and case order.
    private func finish(_ report: inout InteropReport, flows: [String: InteropFlow]) {
        let firsts = classes.sorted {
            ($0.value.pair, $0.value.index, $0.key) < ($1.value.pair, $1.value.index, $1.key)
        }
        for (_, raw) in firsts {
            let pair = report.pairs[raw.pair]
            guard let flow = flows[pair.flow],
                let producer = peers.first(where: { $0.name == pair.producer }),
                let consumer = peers.first(where: { $0.name == pair.consumer }),
                let shape = raw.outcome.shape
            else { continue }
            let minimizer = InteropMinimizer(flow: flow, producer: producer, consumer: consumer, reference: reference)
            let small = minimizer.minimize(raw.input, shape: shape)
            let outcome =
                small.request == raw.input.request
                ? raw.outcome : rerun(flow, small, producer, consumer) ?? raw.outcome
            let diagnosis = InteropDiagnosis(flow: flow, reference: reference, profiles: profiles)
            let (layer, message) = diagnosis.diagnose(small, outcome, producer: producer, consumer: consumer)
            report.pairs[raw.pair].mismatches.append(
                InteropMismatch(
                    caseIndex: raw.index, input: small, outcome: outcome, layer: layer, message: message,
                    reproduce: reproduce(pair, case: raw.index), similar: raw.count - 1))
        }
    }

    /// The minimized case once more, for the answers recorded with it (nil when it no longer fails).
    private func rerun(_ flow: InteropFlow, _ input: InteropInput, _ p: InteropPeer, _ c: InteropPeer)
        -> InteropOutcome?
    {
        guard let expected = flow.expected(input, reference) else { return nil }
        let outcome = InteropCheck.run(
            flow, input, expected: expected, producer: p, consumer: c, id: "interop:minimized")
        return outcome.passed ? nil : outcome
    }

    /// The one-line command that runs exactly this case of this flow through this ordered pair.
    func reproduce(_ pair: InteropPair, case index: Int) -> String {
        var ports: [String] = []
        for name in [pair.producer, pair.consumer] where name != InteropPeer.referenceName && !ports.contains(name) {
            ports.append(name)
        }
        let words =
            ports.flatMap { ["--port", Self.quoted($0)] } + [
                "--producer", Self.quoted(pair.producer), "--consumer", Self.quoted(pair.consumer), "--flow",
                Self.quoted(pair.flow), "--seed", "\(options.seed)", "--case", "\(index)",
                "--timeout", String(format: "%g", options.timeout),
            ]
        return ([options.program] + words).joined(separator: " ")
    }

    /// A POSIX shell word: single quotes, each `'` written `'\''`.
    static func quoted(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
