// Cases of the two migration invariants (#109, #110): couples stored at encryptionVersion 0 or 1,
// which no path creates today. Every denial names the group's invariant (the same request on a
// version-2 couple is #30's, whose group has its cases). Normative: specs/rules.md §"The migration
// helpers".

import CloserRules
import CloserWire

private typealias F = RulesFixture

extension RulesVectorFixtures {
    /// The couple stored at `version` (with `progress` as encryptionMigrationUsers when given),
    /// updated by `who` with `edit`.
    fileprivate func migrationUpdate(
        _ who: String?, from version: Int, progress: Doc? = nil, _ edit: (inout Doc) -> Void
    ) -> RulesCaseRequest {
        var stored = fullCoupleDoc(F.coupleID, [F.alice, F.bob])
        stored["encryptionVersion"] = .number(Double(version))
        if let progress { stored["encryptionMigrationUsers"] = .object(progress) }
        var d = stored
        edit(&d)
        return RulesCaseRequest.update(RulesVectorFixtures.couple(), who, from: stored, to: d)
    }

    var migrationGroups: [RulesCaseGroup] {
        let start: (inout Doc) -> Void = {
            $0["encryptionVersion"] = .number(1)
            $0["encryptionMigrationUsers"] = .object([:])
        }
        let legacy: [RulesFlag] = [.legacyCouple]
        return [
            RulesCaseGroup(
                "couples.update.migration_start",
                [
                    allow(
                        "A member starts the migration of a version-0 couple", legacy,
                        migrationUpdate(F.alice, from: 0, start)),
                    deny(
                        "Start that also bumps the streak", legacy + [.immutability],
                        migrationUpdate(F.alice, from: 0) {
                            start(&$0)
                            $0["streakCount"] = .number(5)
                        }, ["couples.update.recovery_wrap_or_rhythm", "couples.update.migration_start"]),
                    deny(
                        "Start with the caller already marked done", legacy + [.shape],
                        migrationUpdate(F.alice, from: 0) {
                            start(&$0)
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(true)])
                        }),
                    deny(
                        "Start straight to version 2", legacy + [.immutability],
                        migrationUpdate(F.alice, from: 0) {
                            start(&$0)
                            $0["encryptionVersion"] = .number(2)
                        }),
                    deny(
                        "Mark progress on a version-0 couple without starting", legacy + [.immutability],
                        migrationUpdate(F.alice, from: 0) {
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(true)])
                        }),
                ]),
            RulesCaseGroup(
                "couples.update.migration_complete_own",
                [
                    allow(
                        "A member marks their own migration done", legacy,
                        migrationUpdate(F.alice, from: 1, progress: [:]) {
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(true)])
                        }),
                    allow(
                        "The second member marks theirs after the partner", legacy,
                        migrationUpdate(F.bob, from: 1, progress: [F.alice: .bool(true)]) {
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(true), F.bob: .bool(true)])
                        }),
                    allow(
                        "The first mark on a version-1 couple without the map", legacy,
                        migrationUpdate(F.alice, from: 1) {
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(true)])
                        }),
                    deny(
                        "A member sets their own entry false", legacy + [.shape],
                        migrationUpdate(F.alice, from: 1, progress: [:]) {
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(false)])
                        }),
                    deny(
                        "A member marks the partner done", legacy + [.wrongPrincipal],
                        migrationUpdate(F.alice, from: 1, progress: [:]) {
                            $0["encryptionMigrationUsers"] = .object([F.bob: .bool(true)])
                        }),
                    deny(
                        "A member removes the partner's entry while adding their own", legacy + [.immutability],
                        migrationUpdate(F.alice, from: 1, progress: [F.bob: .bool(true)]) {
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(true)])
                        }),
                    deny(
                        "A member finishes and moves the couple to version 2 in one write", legacy + [.immutability],
                        migrationUpdate(F.bob, from: 1, progress: [F.alice: .bool(true)]) {
                            $0["encryptionMigrationUsers"] = .object([F.alice: .bool(true), F.bob: .bool(true)])
                            $0["encryptionVersion"] = .number(2)
                        }),
                    deny(
                        "encryptionMigrationUsers replaced by a list", legacy + [.shape],
                        migrationUpdate(F.alice, from: 1, progress: [:]) {
                            $0["encryptionMigrationUsers"] = J.list([F.alice])
                        }),
                ]),
        ]
    }
}
