// Closer's vector set: every wire and contract suite by file name, and rules.json.
// Normative: specs/vectors.md §"Suites" and §"Manifest".

import CloserVectorModel
import CloserWire

/// Closer's vector set (`vectors/`).
package enum CloserVectorSet {
    /// 2.0.0: the FitLink and Reward-E suites left for their profiles' own sets (CHANGELOG.md).
    /// 3.0.0: date_keys' dailyQuestion is the document a client reads (UTC − 23 h); the −6 h key
    /// is the new kind assignmentKey; ManualConflict cases (specs/date-keys.md).
    /// The same 3.0.0 also adds the server-contract suites (quiet_hours, entitlements,
    /// revenuecat_webhook, gentle_reminder_limit).
    /// 3.1.0: the documents suite (doc.validate, specs/documents.md) and the accept_invite suite
    /// (acceptInvite.evaluate, specs/cloud-functions.md §acceptInviteCallable server behaviour), and
    /// the reveal_path and question_ids suites (reveal.path, questions.check: §Reveal path, §Question ids),
    /// and the fcm_fanout and reveal_trigger suites (fcm.fanout, reveal.trigger: §FCM fan-out,
    /// §isRevealed and partner_opened_answer).
    /// 3.2.0: the couple_leave, account_deletion and game_push_claim suites (couple.leave,
    /// account.delete, game.claimPush: §leaveCouple and account deletion, §Game session flags), and
    /// gentle_reminder_limit tests with windowStart in the years 0001 and 9999.
    /// 3.3.0: pub_v1's PubV1EncodeEmptyKeyset group (D-WIRE-28), appended.
    /// 3.4.0: push_routing's subscription_entitlement_changed refusal (D-CONTRACTS-15), appended;
    /// the create_invite and partner_joined suites (createInvite.evaluate,
    /// acceptInvite.partnerJoined: §createInviteCallable server behaviour, §partner_joined) and the
    /// proactive_reminder suite (reminder.proactive: §sendDailyQuestionProactiveReminder), appended;
    /// the set's kill-matrix.json (specs/vectors.md §Kill matrix), listed under killMatrix;
    /// the ManualConflict readings (`reading`, specs/manual-conflicts.md) appended to
    /// accept_invite (D-CF-64), fcm_fanout (D-CONTRACTS-15) and couple_leave (D-CF-67);
    /// the blind corpora's findings: tink_keyset, tink_aead, tink_hybrid, couple_key_wrap,
    /// recovery_phrase and invite_phrase groups (specs/explore.md §"Blind corpora"), appended.
    /// 3.5.0: game_push_claim's GamePushClaimFailedSend group (`sendFails`, both readings of
    /// D-CF-55), appended; a test for each sliver mutant (specs/explore.md §"Mutant power"):
    /// enc_v1's EncV1Latin1CoupleId and EncV1LongPlaintext, canonical_json's CanonicalNestedOrder,
    /// tink_keyset's KeysetHighNonPrimaryIds and encodings' EncodingSpareBits groups, appended.
    /// 3.6.0: the scheduled_reminders suite (re-engagement, outcome, challenge-day and
    /// capsule-unlock senders, every pin decided: specs/cloud-functions.md §The scheduled
    /// reminders), a new file; callables' SchemaOnlyCallables group (callables.md §The other
    /// callables) and the rules' migration invariants #109 and #110 (rules.md §The migration
    /// helpers), appended.
    package static let version = "3.6.0"

    package static let set = VectorSet(
        profile: "closer", directory: "", version: version,
        files: WireSuites.all.map(VectorFileBuilder.init) + [
            VectorFileBuilder(name: "rules.json") { () throws(CloserError) in
                let rules = try RulesVectorGenerator.generate()
                return GeneratedFile(
                    name: "rules.json", bytes: Array(rules.text.utf8), numberOfTests: rules.numberOfTests,
                    invalidTests: rules.invalidTests)
            }
        ])
}

/// Closer's wire and contract suites.
package enum WireSuites {
    package static let all: [WireSuiteBuilder] = [
        WireSuiteBuilder(name: EncV1Suite.name, build: EncV1Suite.build),
        WireSuiteBuilder(name: CallablesSuite.name, build: CallablesSuite.build),
        WireSuiteBuilder(name: DateKeysSuite.name, build: DateKeysSuite.build),
        WireSuiteBuilder(name: PushRoutingSuite.name, build: PushRoutingSuite.build),
        WireSuiteBuilder(name: QuietHoursSuite.name, build: QuietHoursSuite.build),
        WireSuiteBuilder(name: EntitlementsSuite.name, build: EntitlementsSuite.build),
        WireSuiteBuilder(name: RevenueCatWebhookSuite.name, build: RevenueCatWebhookSuite.build),
        WireSuiteBuilder(name: GentleReminderSuite.name, build: GentleReminderSuite.build),
        WireSuiteBuilder(name: DocumentsSuite.name, build: DocumentsSuite.build),
        WireSuiteBuilder(name: AcceptInviteSuite.name, build: AcceptInviteSuite.build),
        WireSuiteBuilder(name: RevealPathSuite.name, build: RevealPathSuite.build),
        WireSuiteBuilder(name: QuestionIDsSuite.name, build: QuestionIDsSuite.build),
        WireSuiteBuilder(name: FCMFanoutSuite.name, build: FCMFanoutSuite.build),
        WireSuiteBuilder(name: RevealTriggerSuite.name, build: RevealTriggerSuite.build),
        WireSuiteBuilder(name: CoupleLeaveSuite.name, build: CoupleLeaveSuite.build),
        WireSuiteBuilder(name: AccountDeletionSuite.name, build: AccountDeletionSuite.build),
        WireSuiteBuilder(name: GamePushClaimSuite.name, build: GamePushClaimSuite.build),
        WireSuiteBuilder(name: EncodingsSuite.name, build: EncodingsSuite.build),
        WireSuiteBuilder(name: TinkKeysetSuite.name, build: TinkKeysetSuite.build),
        WireSuiteBuilder(name: TinkAEADSuite.name, build: TinkAEADSuite.build),
        WireSuiteBuilder(name: TinkHybridSuite.name, build: TinkHybridSuite.build),
        WireSuiteBuilder(name: KeyboxV1Suite.name, build: KeyboxV1Suite.build),
        WireSuiteBuilder(name: Argon2idSuite.name, build: Argon2idSuite.build),
        WireSuiteBuilder(name: CoupleKeyWrapSuite.name, build: CoupleKeyWrapSuite.build),
        WireSuiteBuilder(name: RecoveryPhraseSuite.name, build: RecoveryPhraseSuite.build),
        WireSuiteBuilder(name: InvitePhraseSuite.name, build: InvitePhraseSuite.build),
        WireSuiteBuilder(name: PairingSuite.name, build: PairingSuite.build),
        WireSuiteBuilder(name: CanonicalJSONSuite.name, build: CanonicalJSONSuite.build),
        WireSuiteBuilder(name: CommitmentSuite.name, build: CommitmentSuite.build),
        WireSuiteBuilder(name: SealedV1Suite.name, build: SealedV1Suite.build),
        WireSuiteBuilder(name: PubV1Suite.name, build: PubV1Suite.build),
        WireSuiteBuilder(name: SealedRevealSuite.name, build: SealedRevealSuite.build),
        WireSuiteBuilder(name: CreateInviteSuite.name, build: CreateInviteSuite.build),
        WireSuiteBuilder(name: PartnerJoinedSuite.name, build: PartnerJoinedSuite.build),
        WireSuiteBuilder(name: ProactiveReminderSuite.name, build: ProactiveReminderSuite.build),
        WireSuiteBuilder(name: ScheduledRemindersSuite.name, build: ScheduledRemindersSuite.build),
    ]
}
