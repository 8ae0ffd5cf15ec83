// The invariants that rest on a contradiction of their source, and how each was resolved.
// Normative: specs/rules.md §"Where the manual contradicts itself" (and rules-gaps.md).

extension CloserInvariants {
    /// Invariant id → the resolution taken (shown in the generated table of specs/rules.md and
    /// counted there). Vectors whose outcome depends on the resolution carry `ManualConflict`.
    static let conflicts: [InvariantID: String] = {
        let coupleWrites =
            "Couple writes: \"never written by clients\" vs the allow-create gate and the update helpers; resolved to the rules-helper reading (client create and two update paths)."
        var c: [InvariantID: String] = [:]
        for id in [
            "couples.create.caller_is_member", "couples.create.two_members", "couples.create.not_already_paired",
            "couples.create.encryption_version_strict", "couples.create.e2ee_fields_present",
            "couples.update.members_only", "couples.update.recovery_wrap_or_rhythm",
        ] as [InvariantID] {
            c[id] = coupleWrites
        }
        c["notification_queue.owner_only"] =
            "\"Reads are denied for clients\" vs the data model's owner reads and read-flag updates; resolved to owner reads."
        c["date_swipes.action.valid"] =
            "The data model stores action as enc:v1: and says the server cannot read it, yet createDateMatch fires on mutual 'love' and isValidSwipeAction names plaintext actions; resolved to ciphertext for encryption-enabled couples, so no server-side match can ever be created (rules-gaps.md §Contract contradictions)."
        c["date_matches.write.server_only"] =
            "Server-only per the data model (createDateMatch), but the trigger cannot read the encrypted swipe actions it needs; resolved to server-only writes (rules-gaps.md §Contract contradictions)."
        c["date_plans.members_only"] =
            "date_plans is \"server-created by createDateMatch\" in the data model, yet N-002's fix has the client create PLANNED plans with enc:v1: fields; resolved to member writes (rules-gaps.md §Contract contradictions)."
        return c
    }()
}
