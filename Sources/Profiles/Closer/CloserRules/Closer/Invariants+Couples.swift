// invites/{code}, couples/{coupleId} and the daily_question docs.
// Normative: specs/rules.md (see §"Where the manual contradicts itself" for couple writes).

extension CloserInvariants {
    static let recoveryWrapFields: Set<String> = ["wrappedCoupleKey", "kdfSalt", "kdfParams"]
    static let rhythmFields: Set<String> = ["streakCount", "lastAnsweredAt"]

    static let couples: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "invites.read.inviter_only", [P.invite], RulesMethod.reads,
                Manual.perCollection(
                    "**`invites/{code}`** — reads are restricted to the inviter (`request.auth.uid == resource.data.inviterUserId`)."
                ),
                summary:
                    "request.auth.uid == resource.data.inviterUserId (an unfiltered list cannot prove it and is denied)."
            ) { ctx in
                guard let uid = ctx.uid else { return .violated("signed out") }
                guard ctx.method == .get else {
                    return .violated("an unfiltered query cannot prove resource.data.inviterUserId == caller")
                }
                guard let inviter = ctx.resource?["inviterUserId"] else {
                    return .violated("resource.data.inviterUserId is missing (or the invite does not exist)")
                }
                return .require(inviter == .string(uid), "caller \(uid) is not the inviter")
            },
            .closer(
                "invites.read.valid_code", [P.invite], [.get],
                Manual.helpers("isValidInviteCode(code) matches('^[a-zA-Z0-9]{6}$')"),
                .inferred(
                    "The manual names the helper but not where it is used; the invite read is the only rule with a code in its path."
                ),
                summary: "{code} matches ^[a-zA-Z0-9]{6}$."
            ) { ctx in
                guard let code = ctx.binding("code") else { return .notApplicable }
                return .require(
                    CloserRulesRegex.inviteCode.matches(code), "{code} does not match ^[a-zA-Z0-9]{6}$")
            },
            .denied(
                "invites.write.server_only", [P.invite], RulesMethod.writes,
                Manual.perCollection("All writes are denied for clients."),
                what: "server-only (invite callables)"),
            .closer(
                "couples.read.members_only", [P.couple], RulesMethod.reads,
                Manual.perCollection("**`couples/{coupleId}`** — only the two members may read."),
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "couples.create.caller_is_member", [P.couple], [.create],
                Manual.profileRules(
                    "couple creation (`encryptionVersion == 2` with all three E2EE fields)"),
                .inferred(
                    "The manual states the shape gate of `allow create` but not who may create; the creator must be one of the two userIds."
                ),
                summary: "request.auth.uid in request.resource.data.userIds."
            ) { ctx in
                guard let uid = ctx.uid else { return .violated("signed out") }
                let ids = ctx.incoming?["userIds"]?.arrayValue ?? []
                return .require(ids.contains(.string(uid)), "caller \(uid) is not in userIds")
            },
            .closer(
                "couples.create.two_members", [P.couple], [.create],
                Manual.couplesModel("userIds: [string, string]"),
                .inferred("From the document model's type; the manual does not say the rules check it."),
                summary: "userIds is a list of exactly two distinct non-empty strings."
            ) { ctx in
                guard let ids = ctx.incoming?["userIds"]?.arrayValue else {
                    return .violated("userIds is missing or not a list")
                }
                let strings = ids.compactMap(\.stringValue).filter { !$0.isEmpty }
                return .require(
                    ids.count == 2 && strings.count == 2 && strings[0] != strings[1],
                    "userIds must hold exactly two distinct non-empty strings")
            },
            .closer(
                "couples.create.not_already_paired", [P.couple], [.create],
                Manual.helpers("isNotAlreadyPaired() caller has no existing coupleId"),
                .inferred(
                    "The manual names the helper without its use; couple creation is where pairing happens."),
                summary: "get(/users/$(request.auth.uid)).data.coupleId is missing, null or empty."
            ) { ctx in .require(ctx.isNotAlreadyPaired(), "the caller's users doc already has a coupleId")
            },
            .closer(
                "couples.create.encryption_version_strict", [P.couple], [.create],
                Manual.encryptionVersions(
                    "Required by both `acceptInviteCallable` and the Firestore rules (which reject `request.resource.data.encryptionVersion != 2`)."
                ),
                summary: "request.resource.data.encryptionVersion == 2."
            ) { ctx in
                .require(
                    ctx.incoming?["encryptionVersion"]?.numberValue == 2,
                    "encryptionVersion must be 2 (STRICT)")
            },
            .closer(
                "couples.create.e2ee_fields_present", [P.couple], [.create],
                Manual.encryptionVersions(
                    "`acceptInviteCallable` sets `const encryptionVersion = 2` unconditionally and `throw`s if any of `wrappedCoupleKey`/`kdfSalt`/`kdfParams` is null."
                ),
                summary:
                    "wrappedCoupleKey, kdfSalt and kdfParams are non-empty strings. Wire findings (rules check presence only): wrappedCoupleKey not strict b64 of IV+ct+tag, kdfSalt not b64 of 16 bytes, kdfParams not $argon2id$v=19$m=…,t=…,p=…."
            ) { ctx in ctx.recoveryWrapFieldsValid() },
            .closer(
                "couples.update.members_only", [P.couple], [.update],
                Manual.perCollection(
                    "Field-level immutability helpers (`isUpdatingCoupleRhythm`, `isUpdatingRecoveryWrap`, `isStartingEncryptionMigration`, `isCompletingOwnEncryptionMigration`) define what each update path is allowed to touch."
                ),
                .inferred("The update paths the helpers define are open to the couple's members only."),
                summary: "isCouplesMember(coupleId) (against the stored couple)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "couples.update.recovery_wrap_or_rhythm", [P.couple], [.update],
                Manual.helpers(
                    "isUpdatingRecoveryWrap() only wrappedCoupleKey/kdfSalt/kdfParams … isUpdatingCoupleRhythm() only streakCount/lastAnsweredAt"
                ),
                summary:
                    "isUpdatingRecoveryWrap() || isUpdatingCoupleRhythm(): diff().affectedKeys() within {wrappedCoupleKey, kdfSalt, kdfParams} (and the three stay non-empty strings) or within {streakCount, lastAnsweredAt}; on a couple stored at encryptionVersion 0 or 1, an update within {encryptionVersion, encryptionMigrationUsers} is left to the migration invariants (#109, #110)."
            ) { ctx in
                let touched = ctx.affectedKeys()
                if ctx.isMigrationUpdate { return .holds }  // #109, #110 decide (specs/rules.md §The migration helpers)
                if touched.isSubset(of: CloserInvariants.rhythmFields) { return .holds }
                if touched.isSubset(of: CloserInvariants.recoveryWrapFields) {
                    return ctx.recoveryWrapFieldsValid()
                }
                return .violated(
                    "update touches \(touched.sorted().joined(separator: ", ")); only the recovery-wrap fields or only the rhythm fields may change"
                )
            },
            .denied(
                "couples.delete.denied", [P.couple], [.delete],
                Manual.perCollection("Writes are denied for clients entirely"), what: "server-only"),
            .closer(
                "daily_question.read.members_only", [P.dailyQuestion], RulesMethod.reads,
                Manual.dataOwnership(
                    "A couple owns the `couples/{coupleId}` document and all subcollections beneath it."),
                .inferred("The manual states only that writes are server-only."),
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .denied(
                "daily_question.write.server_only", [P.dailyQuestion], RulesMethod.writes,
                Manual.perCollection("**`couples/{coupleId}/daily_question/...`** — server-only writes."),
                what: "server-only (assignDailyQuestion)"),
        ]
    }()
}

extension RulesContext {
    /// The three recovery-wrap fields are non-empty strings; wire findings for each.
    func recoveryWrapFieldsValid() -> InvariantResult {
        var parts: [InvariantResult] = []
        for (field, format) in [
            ("wrappedCoupleKey", WireFieldFormat.wrappedCoupleKey), ("kdfSalt", .kdfSalt),
            ("kdfParams", .kdfParams),
        ] {
            var r = nonEmptyString(incoming, field)
            if r.outcome == .holds, let s = incoming?[field]?.stringValue {
                r.findings = probe(s, field: field, format: format)
            }
            parts.append(r)
        }
        return .all(parts)
    }
}
