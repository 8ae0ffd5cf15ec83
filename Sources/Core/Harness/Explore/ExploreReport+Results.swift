// `explore --results FILE`: the run as canonical JSON (ports, ops, counts, every finding with its
// minimized input). Normative: specs/explore.md §"Output".

import CloserWire

extension ExploreReport {
    package func resultsJSON(seed: UInt64) -> [UInt8] {
        let findingsJSON: [JSONValue] = findings.map { f in
            var o: [String: JSONValue] = [
                "kind": .string(f.kind.rawValue), "port": .string(f.port), "implementation": .string(f.implementation),
                "op": .string(f.minimized.op), "case": .number(Double(f.original.index)),
                "mutation": .string(f.minimized.mutation), "input": .object(f.minimized.input),
                "reference": f.reference, "message": .string(f.message), "similarCases": .number(Double(f.similar)),
            ]
            if let layer = f.layer { o["layer"] = .string(layer.rawValue) }
            return .object(o)
        }
        let file: JSONValue = .object([
            "seed": .number(Double(seed)), "seconds": .number((seconds * 10).rounded() / 10),
            "ports": .array(
                ports.map { .object(["command": .string($0.command), "implementation": .string($0.implementation)]) }),
            "ops": .array(ops.map(JSONValue.string)),
            "summary": .object([
                "cases": .number(Double(cases)), "divergentCases": .number(Double(divergentCases)),
                "findings": .number(Double(findings.count)), "detailNotes": .number(Double(detailNotes)),
            ]),
            "firstDivergenceSeconds": firstDivergenceSeconds.map { .number(($0 * 100).rounded() / 100) } ?? .null,
            "casesPerOp": .object(casesPerOp.mapValues { .number(Double($0)) }),
            "findings": .array(findingsJSON),
        ])
        return ((try? CanonicalJSON.serialize(file)) ?? []) + [0x0a]
    }
}
