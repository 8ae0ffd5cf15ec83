// Guided explore's session: one set of port processes kept open across a coverage-guided
// fuzzer's inputs; each input (a tape) is drawn into a case by the plain generators, answered by
// CloserSpec in process and by every port, and compared and classed exactly as plain explore does
// (ExploreEngine.record, .finish). The fuzzer and the coverage counting live in the guided
// executable (fuzz/Sources/closer-spec-guided). Normative: specs/explore.md §"Guided".

import CloserWire
import Foundation

/// A guided run's ports, generators and findings; used from one thread (the fuzzer's).
package final class ExploreGuidedSession {
    let engine: ExploreEngine
    let ports: [ExplorePort]
    /// The explored generators, in the profiles' explore order; a tape's first draw picks one.
    package let generators: [ExploreGenerator]
    let reference: ExploreReference
    let start = Date()
    private var next = 0

    /// Starts every port once and chooses the ops as plain explore does (specs/explore.md §"Run" 1–2).
    package init(engine: ExploreEngine) throws(CloserError) {
        self.engine = engine
        let ports = engine.commands.map { ExplorePort(command: $0, timeout: engine.options.timeout) }
        for p in ports {
            do throws(CloserError) { try p.start() } catch {
                ports.forEach { $0.stop() }
                throw error
            }
        }
        let listed = ports.reduce(into: Set<String>()) { $0.formUnion($1.ops) }
        generators = engine.profiles.exploreGenerators.filter { g in
            listed.contains(g.op) && (engine.options.ops?.contains(g.op) ?? true)
        }
        guard !generators.isEmpty else {
            ports.forEach { $0.stop() }
            throw CloserError(.harnessPortUnusable, "no op to explore: the ports list none that explore generates")
        }
        self.ports = ports
        reference = ExploreReference(port: InProcessPort(server: HarnessServer(profiles: engine.profiles)))
        engine.started = start
        engine.report.ports = ports.map { ($0.command, $0.implementation) }
        engine.report.ops = generators.map(\.op)
    }

    /// The case `tape` draws: its first draw picks the generator (one word modulo their count),
    /// the generator draws the rest. Numbered by the order the session ran it.
    package func draw(_ tape: [UInt8], index: Int) -> ExploreCase {
        let random = ExploreRandom(tape: tape)
        let generator = generators[random.below(generators.count)]
        return generator.generate(index: index, random: random, reference: reference)
    }

    /// CloserSpec's answer to one tape's case (the only part of a case whose code coverage counts).
    package func answer(_ tape: [UInt8]) -> (ExploreCase, JSONValue) {
        let c = draw(tape, index: next)
        next += 1
        return (c, reference.response(c.op, c.input))
    }

    /// Sends the case to every port that lists its op, compares, and records a divergence by class.
    package func compare(_ c: ExploreCase, _ expected: JSONValue) {
        var answers: [(Int, Result<JSONValue, PortFailure>, ExploreVerdict)] = []
        for (i, port) in ports.enumerated() where port.ops.contains(c.op) {
            let got = port.send(c.op, c.input, id: "explore:\(c.index)")
            answers.append((i, got, ExploreComparator.compare(reference: expected, port: got)))
        }
        engine.record(c, expected, answers) { _, _ in }
    }

    /// Minimizes and diagnoses each class's first case (lowest number), stops the ports, and
    /// returns the run's report.
    package func finish() -> ExploreReport {
        defer { ports.forEach { $0.stop() } }
        var report = engine.lock.withLock { engine.report }
        report.findings = engine.finish(ports)
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// The seed tapes (specs/explore.md §"Guided"): for every generator of `generators` (every
    /// registered profile's, in the explore order)
    /// (word j selects op j of a run over every op) and every pattern p, the word j followed by 32
    /// words p, so every later draw `below(n)` is p mod n: p = 0 takes every mutation's first
    /// branch, p = 99 no percentage mutation, 1, 2, 3, 5 and 7 the other alternatives.
    package static func seedTapes(_ generators: [ExploreGenerator]) -> [(name: String, tape: [UInt8])] {
        func word(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
        var out: [(String, [UInt8])] = []
        for (j, g) in generators.enumerated() {
            for p: UInt64 in [0, 1, 2, 3, 5, 7, 99] {
                out.append(("seed-\(g.op)-\(p)", word(UInt64(j)) + Array(repeating: word(p), count: 32).joined()))
            }
        }
        return out
    }
}
