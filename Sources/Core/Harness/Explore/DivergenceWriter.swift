// Writes explore's port findings as vector files under --out: one `explore_<op>.json` per op in
// the wire_vectors_v1 schema (specs/schema/), each finding a test whose `expected` is CloserSpec's
// answer, so `closer-spec harness --vectors <out>` replays it and fails the port that diverged.
// Reference-suspect findings are never written (specs/explore.md §"Findings").

import CloserVectorModel
import CloserWire

package enum DivergenceWriter {
    /// The flag every explored test carries.
    static let note: JSONValue = .object([
        "Explored": .object([
            "bugType": .string("EDGE_CASE"), "layer": .string("request"),
            "description": .string(
                "found by closer-spec explore: a port's answer differed from CloserSpec's on this generated, minimized input; the comment names the mutation and the port's diagnosed layer"
            ),
        ])
    ])

    /// File name → bytes (canonical JSON) for the port findings, grouped by op.
    package static func files(_ findings: [ExploreFinding], seed: UInt64, profiles: [AppProfile]) -> [(String, [UInt8])]
    {
        let specs = Dictionary(
            HarnessServer.ops(of: profiles).map { ($0.name, $0.spec) }, uniquingKeysWith: { a, _ in a })
        let byOp = Dictionary(grouping: findings.filter { $0.kind == .port }, by: { $0.minimized.op })
        let suites: [GeneratedFile] = byOp.keys.sorted().map { op in
            let suite = "explore_" + op.replacingOccurrences(of: ".", with: "_").lowercased()
            let tests: [JSONValue] = byOp[op]!.enumerated().map { n, f in
                let (result, expected) = ExploreFinding.expected(f.reference, op: specs[op], profiles: profiles)
                let comment =
                    "\(f.minimized.mutation); seed \(seed) case \(f.original.index); \(f.implementation) [\(f.layer?.rawValue ?? "port")]: \(f.message)"
                return .object([
                    "tcId": .number(Double(n + 1)), "comment": .string(comment), "flags": .array([.string("Explored")]),
                    "result": .string(result.rawValue), "op": .string(op), "input": .object(f.minimized.input),
                    "expected": expected, "intermediates": .object(f.intermediates),
                ])
            }
            let file: JSONValue = .object([
                "algorithm": .string("closer-explore"), "suite": .string(suite), "schema": .string("wire_vectors_v1"),
                "generatorVersion": .string(CloserSpecVersion.version),
                "seed": .string("closer-spec explore v2 \(seed)"),
                "numberOfTests": .number(Double(tests.count)),
                "header": .array([
                    .string("Divergences closer-spec explore found for \(op), for review before joining a suite.")
                ]),
                "notes": note,
                "testGroups": .array([
                    .object([
                        "type": .string("Explored"), "op": .string(op), "comment": .string("explore findings"),
                        "tests": .array(tests),
                    ])
                ]),
            ])
            let invalid = tests.filter { $0["result"] == .string("invalid") }.count
            return GeneratedFile(
                name: suite + ".json", bytes: ((try? CanonicalJSON.serialize(file)) ?? []) + [0x0a],
                numberOfTests: tests.count, invalidTests: invalid)
        }
        // The MANIFEST.json `harness --vectors` requires of every directory it reads, written by the
        // same code as every set's (version 0.0.0: findings for review, specs/explore.md
        // §"Divergence files").
        guard !suites.isEmpty else { return [] }
        let manifest = VectorSet(profile: "closer", directory: "", version: "0.0.0", files: []).manifest(for: suites)
        return (suites + [manifest]).map { ($0.name, $0.bytes) }
    }
}
