// A wire suite and its file: Wycheproof-shaped JSON with every test numbered in order.
// Normative: specs/vectors.md §"File" and §"Test".

import CoreWire

/// One suite: a name (the file name without `.json`) and its groups.
package struct WireSuite: Sendable {
    package static let schema = "wire_vectors_v1"

    package let name: String
    package let algorithm: String
    package let header: [String]
    package let groups: [VectorGroup]

    package init(name: String, algorithm: String, header: [String], groups: [VectorGroup]) {
        self.name = name
        self.algorithm = algorithm
        self.header = header
        self.groups = groups
    }

    /// The DRBG seed of this suite (specs/vectors.md §"Determinism").
    package static func seed(_ name: String) -> String { "closer-spec vectors v1 \(name)" }

    /// A fresh deterministic source for suite `name`.
    package static func random(_ name: String) -> SeededRandom { SeededRandom(seed: seed(name)) }

    package var cases: [VectorCase] { groups.flatMap(\.cases) }

    /// The file's text. tcIds run from 1 in file order.
    package func render() -> String {
        var flags: [VectorFlag] = []
        for c in cases { for f in c.flags where !flags.contains(f) { flags.append(f) } }
        flags.sort { $0.name < $1.name }
        var tcID = 0
        let groupsJSON: [VectorJSON] = groups.map { group in
            let tests: [VectorJSON] = group.cases.map { c in
                tcID += 1
                return Self.testJSON(c, tcID: tcID)
            }
            return .object([
                ("type", .value(.string(group.type))), ("comment", .value(.string(group.comment))),
                ("tests", .array(tests)),
            ])
        }
        let notes: [(String, VectorJSON)] = flags.map { f in
            (
                f.name,
                .object([
                    ("bugType", .value(.string(f.bugType.rawValue))), ("layer", .value(.string(f.layer.rawValue))),
                    ("description", .value(.string(f.description))),
                ])
            )
        }
        return VectorJSON.object([
            ("algorithm", .value(.string(algorithm))),
            ("suite", .value(.string(name))),
            ("schema", .value(.string(Self.schema))),
            ("generatorVersion", .value(.string(CloserSpecVersion.version))),
            ("seed", .value(.string(Self.seed(name)))),
            ("numberOfTests", .value(.number(Double(tcID)))),
            ("header", .array(header.map { .value(.string($0)) })),
            ("notes", .object(notes)),
            ("testGroups", .array(groupsJSON)),
        ]).render()
    }

    static func testJSON(_ c: VectorCase, tcID: Int) -> VectorJSON {
        var members: [(String, VectorJSON)] = [
            ("tcId", .value(.number(Double(tcID)))),
            ("comment", .value(.string(c.comment))),
            ("flags", .line(.array(uniqueNames(c.flags).map { .string($0) }))),
            ("result", .value(.string(c.result.rawValue))),
        ]
        if !c.pins.isEmpty {
            let pins = c.pins.map { JSONValue.object(["id": .string($0.id), "side": .string($0.side.rawValue)]) }
            members.append(("pins", .line(.array(pins))))
        }
        if let reading = c.reading { members.append(("reading", .line(reading.json))) }
        if c.steps.count == 1, let step = c.steps.first {
            members += stepMembers(step)
        } else {
            members.append(("steps", .array(c.steps.map { .object(stepMembers($0)) })))
        }
        members.append(("intermediates", .object(c.intermediates.map { ($0.0, .line($0.1)) })))
        // `expected` last for single steps reads best: input, intermediates, expected.
        if c.steps.count == 1, let i = members.firstIndex(where: { $0.0 == "expected" }) {
            members.append(members.remove(at: i))
        }
        return .object(members)
    }

    /// Flag names in first-use order, each once (a test may be built from helpers that add the same flag).
    static func uniqueNames(_ flags: [VectorFlag]) -> [String] {
        var seen: Set<String> = []
        return flags.map(\.name).filter { seen.insert($0).inserted }
    }

    static func stepMembers(_ step: VectorStep) -> [(String, VectorJSON)] {
        [
            ("op", .value(.string(step.op))),
            ("input", .object(step.input.map { ($0.0, .line($0.1)) })),
            ("expected", expectedJSON(step.expected)),
        ]
    }

    package static func expectedJSON(_ e: VectorExpectation) -> VectorJSON {
        switch e {
        case .output(let members):
            return .object(members.map { ($0.0, .line($0.1)) })
        case .error(let code, let layer):
            return .object([
                (
                    "error",
                    .object([
                        ("code", .value(.string(code.category.rawValue))), ("detail", .value(.string(code.rawValue))),
                        ("layer", .value(.string(layer.rawValue))),
                    ])
                )
            ])
        }
    }
}
