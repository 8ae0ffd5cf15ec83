// One producer/consumer pair of ops ("flow"): how a valid producer input is generated, which
// members the consumer shares with the producer (keys, ids, AAD), which members of the producer's
// answer it reads, and what it must answer: the original input back. Normative: specs/interop.md
// §"Flows".

import CloserWire

/// A generated producer input and what only the consumer takes.
package struct InteropInput: Sendable {
    /// The producer's request members (no `id`, no `op`).
    package var request: [String: JSONValue]
    /// Members only the consumer takes, overriding shared ones: a recipient's private keyset, the
    /// other side's key of a chat.
    package var secrets: [String: JSONValue] = [:]
    /// The optional randomness left out of `request` (the port draws its own); the diagnosis
    /// injects it to compare the producer's bytes with CloserSpec's.
    package var withheld: [String: JSONValue] = [:]

    package init(
        request: [String: JSONValue], secrets: [String: JSONValue] = [:], withheld: [String: JSONValue] = [:]
    ) {
        self.request = request
        self.secrets = secrets
        self.withheld = withheld
    }

    /// The producer request with every randomness input injected.
    package var injected: [String: JSONValue] { request.merging(withheld) { current, _ in current } }
}

/// A producer op, the consumer op that reads what it writes, and how a case flows between them.
package struct InteropFlow: Sendable {
    package let producer: String
    package let consumer: String
    /// The producer's optional randomness inputs (harness.md §Framing: `iv`, `ephemeralPrivateKey`,
    /// `salt`, FitLink's `nonce`).
    package let randomness: [String]
    /// Producer request members the consumer takes unchanged.
    let shared: [String]
    /// Consumer request members read from the producer's answer: consumer field ← answer member.
    let outputs: [(field: String, member: String)]
    /// Consumer request members fixed by the flow (`primitive`).
    let constants: [String: JSONValue]
    /// A valid producer input from the case's stream, or nil (CloserSpec must accept it as well).
    let make: @Sendable (ExploreRandom, ExploreReference) -> InteropInput?
    /// The members the consumer must answer for `input`: the original input back (through CloserSpec
    /// only where a page normalizes it, as each flow says).
    let expected: @Sendable (InteropInput, ExploreReference) -> [String: JSONValue]?
    /// Rewrites answer members into consumer fields where they differ in type (hex bytes → text).
    let convert: (@Sendable (String, JSONValue) -> JSONValue)?

    init(
        _ producer: String, _ consumer: String, randomness: [String] = [], shared: [String] = [],
        outputs: [(field: String, member: String)], constants: [String: JSONValue] = [:],
        convert: (@Sendable (String, JSONValue) -> JSONValue)? = nil,
        make: @escaping @Sendable (ExploreRandom, ExploreReference) -> InteropInput?,
        expected: @escaping @Sendable (InteropInput, ExploreReference) -> [String: JSONValue]?
    ) {
        self.producer = producer
        self.consumer = consumer
        self.randomness = randomness
        self.shared = shared
        self.outputs = outputs
        self.constants = constants
        self.convert = convert
        self.make = make
        self.expected = expected
    }

    /// `producer>consumer`, the flow's name in options, output and results.
    package var name: String { "\(producer)>\(consumer)" }

    /// The consumer's request for `input` and the producer's successful answer; nil when the
    /// answer lacks a member the consumer reads.
    package func consumeRequest(_ input: InteropInput, produced: JSONValue) -> [String: JSONValue]? {
        var request = constants
        for name in shared { if let v = input.request[name] { request[name] = v } }
        for (field, member) in outputs {
            guard let v = produced[member] else { return nil }
            request[field] = convert?(field, v) ?? v
        }
        request.merge(input.secrets) { _, secret in secret }
        return request
    }
}
