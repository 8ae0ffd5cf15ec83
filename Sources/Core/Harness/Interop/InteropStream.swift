// The interop run's inputs: case i of a flow draws from its own stream, xoshiro256** seeded with
// SHA-256 of "closer-spec interop v1 <seed> <flow> <i> <attempt>" (explore's stream, another
// domain), so a case is the same whatever the ports and the other flows. A draw CloserSpec refuses
// (the explore generators' rare mutations and ids with `|`) is drawn again with the next attempt.
// Normative: specs/interop.md §"Cases".

import CloserWire

extension ExploreRandom {
    /// The stream of attempt `attempt` of case `index` of `flow`.
    package init(interopSeed seed: UInt64, flow: String, index: Int, attempt: Int) {
        source = ExploreStream(seed: Array("closer-spec interop v1 \(seed) \(flow) \(index) \(attempt)".utf8))
    }
}

extension InteropFlow {
    /// Draws per case at most.
    static let attempts = 16
    /// Percent of cases whose optional randomness is left to the producer (the rest inject it).
    static let drawnPercent = 25

    /// Case `index`: the first attempt CloserSpec's producer accepts, its expected consumer answer
    /// computable; a quarter of the cases withhold the randomness inputs. Nil when every attempt fails.
    package func input(seed: UInt64, index: Int, reference: ExploreReference) -> (
        InteropInput, expected: [String: JSONValue]
    )? {
        for attempt in 0..<Self.attempts {
            let random = ExploreRandom(interopSeed: seed, flow: name, index: index, attempt: attempt)
            guard var input = make(random, reference),
                reference.response(producer, input.request)["ok"] == .bool(true),
                let expected = expected(input, reference)
            else { continue }
            if !randomness.isEmpty, random.chance(Self.drawnPercent) {
                for name in randomness { input.withheld[name] = input.request.removeValue(forKey: name) }
            }
            return (input, expected)
        }
        return nil
    }

    /// An explore generator's input for `op` when it is unmutated, else nil (drawn again): the
    /// generator of the profiles the reference serves.
    static func explored(_ op: String) -> @Sendable (ExploreRandom, ExploreReference) -> InteropInput? {
        return { random, reference in
            guard let generator = reference.port.server.profiles.exploreGenerators.first(where: { $0.op == op })
            else { return nil }
            let c = generator.generate(index: 0, random: random, reference: reference)
            return c.mutation == "valid" ? InteropInput(request: c.input) : nil
        }
    }
}
