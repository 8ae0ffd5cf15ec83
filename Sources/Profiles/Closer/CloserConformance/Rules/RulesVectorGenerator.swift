// Generates vectors/rules.json: one test group per invariant, every case checked against
// the evaluator before it is written (a case whose declared outcome the evaluator does
// not reproduce fails generation). Normative: specs/rules.md §"Vectors".

import CloserVectorModel
import CloserRules
import CloserWire

/// The generated rules suite.
package struct RulesVectorSuite: Sendable {
    /// The file's text (vectors/rules.json).
    package let text: String
    package let numberOfTests: Int
    /// Denied requests (result `invalid`).
    package let invalidTests: Int
    /// Test ids per invariant, for specs/rules.md.
    package let tcIDs: [InvariantID: [Int]]
}

/// Builds the rules vector suite.
package enum RulesVectorGenerator {
    package static let algorithm = "closer-firestore-rules"
    package static let schema = "rules_vectors_v1"

    package static func generate() throws(CloserError) -> RulesVectorSuite {
        let fixtures = try RulesVectorFixtures()
        let ruleSet = CloserRuleSet.v1
        let catalogue = ruleSet.catalogue
        var groupsByID: [InvariantID: RulesCaseGroup] = [:]
        var problems: [String] = []
        for g in fixtures.allGroups {
            if groupsByID[g.invariant] != nil { problems.append("\(g.invariant): two groups") }
            if ruleSet.invariant(g.invariant) == nil { problems.append("\(g.invariant): no such invariant") }
            groupsByID[g.invariant] = g
        }
        var tcID = 0
        var totalDenies = 0
        var tcIDs: [InvariantID: [Int]] = [:]
        var groupsJSON: [VectorJSON] = []
        for invariant in catalogue {
            guard let group = groupsByID[invariant.id] else {
                problems.append("\(invariant.id): no vectors")
                continue
            }
            var tests: [VectorJSON] = []
            var allows = 0
            var denies = 0
            for c in group.cases {
                tcID += 1
                let requestJSON = Self.requestJSON(c.request)
                let decision: RulesDecision
                do { decision = try RulesVectorReplay.evaluate(vectorRequest: requestJSON, ruleSet: ruleSet) } catch {
                    problems.append("tc \(tcID) (\(invariant.id): \(c.comment)): request rejected: \(error)")
                    continue
                }
                let label = "tc \(tcID) (\(invariant.id): \(c.comment))"
                var flags = c.flags
                switch c.expectation {
                case .allow:
                    allows += 1
                    if !decision.allow {
                        problems.append("\(label): expected allow, got \(decision.violationIDs)")
                    }
                    if let e = decision.evaluated.first(where: { $0.invariant == invariant.id }), e.outcome.isViolated {
                        problems.append("\(label): the group's invariant is violated in an allow case")
                    }
                    if case .inferred = invariant.provenance { flags.append(.inferred) }
                    if case .configuration = invariant.provenance { flags.append(.configuration) }
                    if case .decided = invariant.provenance { flags.append(.decided) }
                case .deny(let declared):
                    denies += 1
                    totalDenies += 1
                    var expected = declared ?? [invariant.id]
                    if declared == nil, c.request.auth == nil, decision.matchedPattern != nil {
                        expected.insert("auth.signed_in", at: 0)
                    }
                    if decision.allow || Set(decision.violationIDs) != Set(expected) {
                        problems.append(
                            "\(label): expected deny \(expected), got allow=\(decision.allow) \(decision.violationIDs)")
                    }
                    for id in decision.violationIDs {
                        switch ruleSet.invariant(id)?.provenance {
                        case .inferred?: flags.append(.inferred)
                        case .configuration?: flags.append(.configuration)
                        case .decided?: flags.append(.decided)
                        default: break
                        }
                    }
                }
                let wantsFinding = c.flags.contains(.rulesAcceptWireRejects)
                if wantsFinding != !decision.findings.isEmpty {
                    problems.append("\(label): findings \(decision.findings.map(\.code)) do not match the flags")
                }
                tcIDs[invariant.id, default: []].append(tcID)
                tests.append(
                    Self.testJSON(tcID, c, flags: Self.unique(flags), request: requestJSON, decision: decision))
            }
            if allows < 1 || denies < 2 {
                problems.append("\(invariant.id): \(allows) allow / \(denies) deny cases; at least 1 / 2 required")
            }
            groupsJSON.append(Self.groupJSON(invariant, tests))
        }
        guard problems.isEmpty else {
            throw CloserError(.rulesVectorMismatch, problems.joined(separator: "\n"))
        }
        let file = VectorJSON.object([
            ("algorithm", .value(.string(algorithm))),
            ("schema", .value(.string(schema))),
            ("generatorVersion", .value(.string(CloserSpecVersion.version))),
            ("numberOfTests", .value(.number(Double(tcID)))),
            ("header", .array(header.map { .value(.string($0)) })),
            ("notes", .object(RulesFlag.allCases.map { ($0.rawValue, Self.noteJSON($0)) })),
            ("configuration", .value(ruleSet.configuration.json)),
            ("testGroups", .array(groupsJSON)),
        ])
        return RulesVectorSuite(text: file.render(), numberOfTests: tcID, invalidTests: totalDenies, tcIDs: tcIDs)
    }

    static let header = [
        "Decision vectors for Closer's firestore.rules, one test group per invariant (specs/rules.md).",
        "request is exactly what the rules.evaluate harness op takes; replay it in the Firestore emulator by seeding",
        "world and existing (at path) with security rules disabled, then attempting method on path as auth",
        "(ports/firestore-emulator/README.md). Documents use the Firestore REST-ish JSON of specs/rules.md",
        "§Value model. result valid = the rules allow the request; invalid = they deny it with expected.violations.",
        "expected.findings lists fields the rules accept but CloserWire cannot read; they never change allow.",
    ]

    /// The request JSON: base world plus the case's, minus the request path; `existing`
    /// filled from the base world for get/update/delete when the case gives none.
    static func requestJSON(_ r: RulesCaseRequest) -> JSONValue {
        var world = RulesVectorFixtures.baseWorld.merging(r.world) { _, new in new }
        var existing = r.existing
        if existing == nil, [.get, .update, .delete].contains(r.method), let base = world[r.path] {
            existing = base
        }
        world[r.path] = nil
        return .object([
            "auth": r.auth.map { .object(["uid": .string($0)]) } ?? .null,
            "method": .string(r.method.rawValue),
            "path": .string(r.path),
            "data": r.data.map(JSONValue.object) ?? .null,
            "existing": existing.map(JSONValue.object) ?? .null,
            "world": .object(world.mapValues(JSONValue.object)),
        ])
    }

    static func testJSON(_ id: Int, _ c: RulesCase, flags: [RulesFlag], request: JSONValue, decision: RulesDecision)
        -> VectorJSON
    {
        let findings: [VectorJSON] = decision.findings.map {
            .object([
                ("invariant", .value(.string($0.invariant.rawValue))), ("field", .value(.string($0.field))),
                ("code", .value(.string($0.code))),
            ])
        }
        // World documents are context: one line each, sorted by path.
        let worldDocs = request["world"].flatMap { w -> [(String, VectorJSON)]? in
            guard case .object(let o) = w else { return nil }
            return o.keys.sorted().map { ($0, VectorJSON.line(o[$0]!)) }
        }
        let request = VectorJSON.object(
            ["auth", "method", "path", "data", "existing"].map { ($0, .value(request[$0] ?? .null)) }
                + [("world", .object(worldDocs ?? []))])
        return .object([
            ("tcId", .value(.number(Double(id)))),
            ("comment", .value(.string(c.comment))),
            ("flags", .array(flags.map { .value(.string($0.rawValue)) })),
            ("result", .value(.string(decision.allow ? "valid" : "invalid"))),
            ("request", request),
            (
                "expected",
                .object([
                    ("allow", .value(.bool(decision.allow))),
                    ("violations", .array(decision.violationIDs.map { .value(.string($0.rawValue)) })),
                    ("findings", .array(findings)),
                ])
            ),
        ])
    }

    static func groupJSON(_ invariant: Invariant, _ tests: [VectorJSON]) -> VectorJSON {
        var members: [(String, VectorJSON)] = [
            ("type", .value(.string("RulesDecisionTest"))),
            ("invariant", .value(.string(invariant.id.rawValue))),
            ("provenance", .value(.string(invariant.provenance.label))),
            (
                "manualSource",
                .object([
                    ("section", .value(.string(invariant.source.section))),
                    ("quote", .value(.string(invariant.source.quote))),
                ])
            ),
            ("check", .value(.string(invariant.summary))),
        ]
        if let note = invariant.provenance.note { members.append(("provenanceNote", .value(.string(note)))) }
        members.append(("tests", .array(tests)))
        return .object(members)
    }

    static func noteJSON(_ flag: RulesFlag) -> VectorJSON {
        .object([("bugType", .value(.string(flag.bugType))), ("description", .value(.string(flag.note)))])
    }

    static func unique(_ flags: [RulesFlag]) -> [RulesFlag] {
        var seen = Set<String>()
        return flags.filter { seen.insert($0.rawValue).inserted }
    }
}
