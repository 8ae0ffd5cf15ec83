// The migration invariants' vectors (rules.md §"The migration helpers") catch realistic misreadings:
// a rule set whose #110 lets a member set any entry of encryptionMigrationUsers true, or whose
// #109 accepts any map at the start, gives a decision other than the vectors' on named tests.

import CloserRules
import CloserWire
import Testing

@testable import CloserConformance

@Suite("migration rules: the vectors catch broken helpers")
struct MigrationRulesPowerTests {
    /// Closer's rule set with invariant `id`'s check replaced by `check`.
    static func ruleSet(replacing id: InvariantID, with check: @escaping @Sendable (RulesContext) -> InvariantResult)
        -> RuleSet
    {
        let base = CloserRuleSet.v1
        let invariants = base.invariants.map { inv in
            inv.id == id
                ? Invariant(
                    id: inv.id, source: inv.source, provenance: inv.provenance, summary: inv.summary, scope: inv.scope,
                    check: check) : inv
        }
        return RuleSet(
            name: base.name, patterns: base.patterns, invariants: invariants, noMatchingRule: base.noMatchingRule,
            configuration: base.configuration, wireProbe: base.wireProbe)
    }

    /// The comments of the migration vectors whose decision `ruleSet` gets wrong.
    static func misjudged(by ruleSet: RuleSet) throws -> [String] {
        let migration = RulesVector.all.filter { $0.invariant.hasPrefix("couples.update.migration_") }
        #expect(migration.count >= 12)
        return try migration.filter { v in
            let d = try RulesVectorReplay.evaluate(vectorRequest: v.request, ruleSet: ruleSet)
            return d.allow != v.allow || d.violationIDs.map(\.rawValue) != v.violations
        }.map(\.comment)
    }

    @Test func completingAnyEntryIsCaught() throws {
        // Misreading: "completing own" read as "marking an entry true", whoever's it is.
        let broken = Self.ruleSet(replacing: "couples.update.migration_complete_own") { ctx in
            guard ctx.resource?["encryptionVersion"]?.numberValue == 1 else { return .notApplicable }
            let map = ctx.incoming?["encryptionMigrationUsers"]?.mapValue ?? [:]
            return .require(map.values.allSatisfy { $0.boolValue == true }, "entries must be true")
        }
        let caught = try Self.misjudged(by: broken)
        #expect(caught.contains("A member marks the partner done"), "\(caught)")
    }

    @Test func startingWithAnyMapIsCaught() throws {
        // Misreading: the start only has to move encryptionVersion from 0 to 1.
        let broken = Self.ruleSet(replacing: "couples.update.migration_start") { ctx in
            guard ctx.resource?["encryptionVersion"]?.numberValue == 0 else { return .notApplicable }
            return .require(ctx.incoming?["encryptionVersion"]?.numberValue == 1, "to 1")
        }
        let caught = try Self.misjudged(by: broken)
        #expect(caught.contains("Start with the caller already marked done"), "\(caught)")
    }

    @Test func theUnbrokenRuleSetJudgesEveryMigrationVectorRight() throws {
        #expect(try Self.misjudged(by: CloserRuleSet.v1).isEmpty)
    }
}
