// The couple's encryption-migration update paths (isStartingEncryptionMigration,
// isCompletingOwnEncryptionMigration): the manual names the helpers without their bodies, so both
// are decided. Normative: specs/rules.md §"The migration helpers" (D-RULES-125, D-RULES-126).

extension CloserInvariants {
    /// The members the migration paths may touch.
    static let migrationFields: Set<String> = ["encryptionVersion", "encryptionMigrationUsers"]

    static let migrationNamed = Manual.perCollection(
        "Field-level immutability helpers (`isUpdatingCoupleRhythm`, `isUpdatingRecoveryWrap`, `isStartingEncryptionMigration`, `isCompletingOwnEncryptionMigration`) define what each update path is allowed to touch."
    )

    /// Appended after the rest of the catalogue, so that no earlier invariant's number moves.
    static let migration: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "couples.update.migration_start", [P.couple], [.update], migrationNamed,
                .decided(
                    "The manual names the helper only; CloserSpec reads 'starting' as the move from 0 (PLAINTEXT) to 1 (MIGRATING) with an empty progress map."
                ),
                summary:
                    "isStartingEncryptionMigration(): when the stored encryptionVersion is 0 and the update touches encryptionVersion or encryptionMigrationUsers, it touches nothing else, sets encryptionVersion to 1 and encryptionMigrationUsers to an empty map."
            ) { ctx in ctx.migrationStartHolds() },
            .closer(
                "couples.update.migration_complete_own", [P.couple], [.update], migrationNamed,
                .decided(
                    "The manual names the helper only; CloserSpec reads 'completing own' as the caller marking its own entry of encryptionMigrationUsers true, nothing else."
                ),
                summary:
                    "isCompletingOwnEncryptionMigration(): when the stored encryptionVersion is 1 and the update touches encryptionVersion or encryptionMigrationUsers, it touches encryptionMigrationUsers only, and only the caller's own entry, set to true."
            ) { ctx in ctx.migrationCompleteOwnHolds() },
        ]
    }()
}

extension RulesContext {
    /// The stored couple's encryptionVersion when it is the number 0 or 1 (a migration state).
    var storedMigrationVersion: Int? {
        switch resource?["encryptionVersion"]?.numberValue {
        case 0?: 0
        case 1?: 1
        default: nil
        }
    }

    /// Whether an update of a couple in a migration state touches only the migration members
    /// (invariant #30 leaves such an update to the two migration invariants).
    var isMigrationUpdate: Bool {
        storedMigrationVersion != nil && affectedKeys().isSubset(of: CloserInvariants.migrationFields)
    }

    func migrationStartHolds() -> InvariantResult {
        let touched = affectedKeys()
        guard storedMigrationVersion == 0, !touched.isDisjoint(with: CloserInvariants.migrationFields) else {
            return .notApplicable
        }
        guard touched.isSubset(of: CloserInvariants.migrationFields) else {
            return .violated("a migration start touches \(touched.sorted().joined(separator: ", "))")
        }
        guard incoming?["encryptionVersion"]?.numberValue == 1 else {
            return .violated("a migration start sets encryptionVersion to 1")
        }
        return .require(
            incoming?["encryptionMigrationUsers"]?.mapValue?.isEmpty == true,
            "a migration start sets encryptionMigrationUsers to an empty map")
    }

    func migrationCompleteOwnHolds() -> InvariantResult {
        let touched = affectedKeys()
        guard storedMigrationVersion == 1, !touched.isDisjoint(with: CloserInvariants.migrationFields) else {
            return .notApplicable
        }
        guard touched == ["encryptionMigrationUsers"] else {
            return .violated("completing a migration touches encryptionMigrationUsers only")
        }
        guard let uid, incoming?["encryptionMigrationUsers"]?.mapValue != nil else {
            return .violated("encryptionMigrationUsers must stay a map, changed by a signed-in member")
        }
        let entries = affectedEntries(ofMap: "encryptionMigrationUsers")
        guard entries == [uid] else {
            return .violated("only the caller's own entry of encryptionMigrationUsers may change")
        }
        let own = incoming?["encryptionMigrationUsers"]?.mapValue.flatMap { FirestoreDocument.exact($0, uid) }
        return .require(own?.boolValue == true, "the caller's entry must be set to true")
    }
}
