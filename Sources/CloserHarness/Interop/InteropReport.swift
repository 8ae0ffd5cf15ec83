// What an interop run found: per ordered pair of ports and flow, the cases, passes and failures
// and each class of mismatch minimized with its layer; and the results file
// (`closer-spec-interop` version 1). Normative: specs/interop.md §"Output", §"Results file".

import CloserVectorModel
import CloserWire

/// One class of mismatch of one pair and flow: its first case, minimized and diagnosed.
package struct InteropMismatch: Sendable {
    package let caseIndex: Int
    /// The minimized producer request (randomness the port drew left out) and the consumer's own inputs.
    package let input: InteropInput
    package let outcome: InteropOutcome
    /// nil: the port crashed, hung or answered unreadably (`port`).
    package let layer: VectorLayer?
    package let message: String
    package let reproduce: String
    /// The other failing cases of the class.
    package let similar: Int

    package var layerName: String { layer?.rawValue ?? "port" }
}

/// One ordered pair of ports on one flow.
package struct InteropPair: Sendable {
    package let producer: String
    package let consumer: String
    package let flow: String
    package var cases = 0
    package var passed = 0
    package var failed: Int { cases - passed }
    package var mismatches: [InteropMismatch] = []
}

package struct InteropReport: Sendable {
    package var seed: UInt64 = 1
    /// The ports' names (`closer-spec` first) and implementations.
    package var ports: [(name: String, implementation: String)] = []
    package var flows: [String] = []
    package var pairs: [InteropPair] = []
    package var seconds = 0.0

    package var failed: Int { pairs.reduce(0) { $0 + $1.failed } }
    package var cases: Int { pairs.reduce(0) { $0 + $1.cases } }

    /// The results file: canonical JSON with the output policy's escapes (threat-model.md §"Output").
    package func resultsJSON() -> [UInt8] {
        let file: JSONValue = .object([
            "format": .string("closer-spec-interop"), "version": .number(1), "seed": .number(Double(seed)),
            "ports": .array(ports.map { .string($0.name) }),
            "pairs": .array(pairs.map(Self.pairJSON)),
        ])
        let canonical = String(decoding: (try? CanonicalJSON.serialize(file)) ?? [], as: UTF8.self)
        return Array(UntrustedText.json(canonical).utf8) + [0x0a]
    }

    static func pairJSON(_ p: InteropPair) -> JSONValue {
        .object([
            "producer": .string(p.producer), "consumer": .string(p.consumer), "flow": .string(p.flow),
            "cases": .number(Double(p.cases)), "passed": .number(Double(p.passed)),
            "failed": .number(Double(p.failed)),
            "mismatches": .array(
                p.mismatches.map { m in
                    var input = m.input.request
                    for (k, v) in m.input.secrets { input["consumer." + k] = v }
                    return .object([
                        "input": .object(input), "produced": m.outcome.produced, "consumed": m.outcome.consumed,
                        "layer": .string(m.layerName), "message": .string(m.message),
                        "reproduce": .string(m.reproduce),
                    ])
                }),
        ])
    }
}
