// releaseKeys/{recipientId}, threads and thread messages (schemaVersion 3 sealed).
// Normative: specs/rules.md.

extension CloserInvariants {
    /// `isSealedThreadAnswerCreate`: the sealed answer fields minus answerDate and isRevealed.
    static let sealedThreadFields: Set<String> = sealedAnswerFields.subtracting([
        "answerDate", "isRevealed",
    ])
    /// `isSealedThreadAnswerUpdate()`: "only answerKeyReleased/updatedAt flip".
    static let sealedThreadUpdateFields: Set<String> = ["answerKeyReleased", "updatedAt"]

    static let threads: [Invariant] = releaseKeyInvariants + threadDocInvariants + threadMessageInvariants

    /// release_keys: the keybox:v1 docs a sender writes for the recipient.
    private static let releaseKeyInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        let releaseKeyPaths = [P.answerReleaseKey, P.threadReleaseKey]
        return [
            .closer(
                "release_keys.read.recipient_only", releaseKeyPaths, RulesMethod.reads,
                Manual.perCollection(
                    "create-only by the answer owner, readable only by the named recipient."),
                summary: "request.auth.uid == {recipientId}."
            ) { ctx in ctx.requireOwner("recipientId", "named recipient") },
            .closer(
                "release_keys.create.sender_is_owner", releaseKeyPaths, [.create],
                Manual.perCollection(
                    "create-only by the answer owner, readable only by the named recipient."),
                summary: "request.auth.uid == {userId} and isCouplesMember(coupleId)."
            ) { ctx in .all([ctx.requireOwner("userId", "answer's author"), ctx.requireMember()]) },
            .closer(
                "release_keys.create.recipient_is_partner", releaseKeyPaths, [.create],
                Manual.sealed(
                    "Wraps its own one-time key to partner's public key with ECIES P-256. c. Writes keybox to releaseKeys/{partnerId}."
                ),
                .inferred(
                    "The manual says the keybox is written for the partner; that the rules check {recipientId} is inferred."
                ),
                summary: "{recipientId} != {userId} and {recipientId} in the couple's userIds."
            ) { ctx in
                guard let r = ctx.binding("recipientId"), let u = ctx.binding("userId") else {
                    return .violated("unbound path")
                }
                return .require(
                    r != u && ctx.coupleMembers(ctx.binding("coupleId")).contains(r),
                    "recipient \(r) is not the author's partner")
            },
            .closer(
                "release_keys.create.keybox", releaseKeyPaths, [.create],
                Manual.perCollection("`keybox:v1:` shape is enforced."),
                summary:
                    "isKeybox(encryptedAnswerKey). Wire finding: a match CloserWire cannot read as keybox:v1 (e.g. 120–130 characters, shorter than any real keybox)."
            ) { ctx in
                ctx.wireValue(
                    ctx.incoming?["encryptedAnswerKey"], field: "encryptedAnswerKey",
                    helper: CloserRulesRegex.isKeybox)
            },
            .denied(
                "release_keys.create_only", releaseKeyPaths, [.update, .delete],
                Manual.perCollection("create-only by the answer owner"), what: "not granted (create-only)"),
        ]
    }()

    /// threads/{threadId} documents.
    private static let threadDocInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "threads.read.members_only", [P.thread], RulesMethod.reads,
                Manual.dataOwnership(
                    "A couple owns the `couples/{coupleId}` document and all subcollections beneath it."),
                .inferred("The manual gives the thread doc's fields but no rule."),
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "threads.create.member_author", [P.thread], [.create],
                Manual.dataModel("/threads/{threadId} questionId, createdAt, createdByUserId"),
                .inferred(
                    "The manual gives the thread doc's fields but no rule; createdByUserId is taken to be the caller."
                ),
                summary:
                    "isCouplesMember(coupleId) and request.resource.data.createdByUserId == request.auth.uid."
            ) { ctx in
                .all([
                    ctx.requireMember(),
                    .require(
                        ctx.uid != nil && ctx.incoming?["createdByUserId"] == .string(ctx.uid ?? ""),
                        "createdByUserId must be the caller"),
                ])
            },
            .denied(
                "threads.update_delete.denied", [P.thread], [.update, .delete],
                Manual.dataModel("/threads/{threadId} questionId, createdAt, createdByUserId"),
                .inferred("No update or delete is described."), what: "not granted"),
        ]
    }()

    /// Thread messages: sealed like answers, released by flag.
    private static let threadMessageInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "thread_messages.read.members_only", [P.threadMessage], RulesMethod.reads,
                Manual.sealed(
                    "Sealed answers provide partner-proof privacy: even a malicious or compromised device cannot read the partner's answer until both partners have submitted and released their one-time keys."
                ),
                .inferred(
                    "Sealed messages are partner-proof by cryptography, so members may read the ciphertext."),
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "thread_messages.write.owner_member", [P.threadMessage], [.create, .update],
                Manual.threads(
                    "`couples/{coupleId}/threads/{threadId}/messages/{userId}` — the thread message, not the daily answer."
                ),
                summary: "request.auth.uid == {userId} and isCouplesMember(coupleId)."
            ) { ctx in .all([ctx.requireOwner("userId", "message's author"), ctx.requireMember()]) },
            .closer(
                "thread_messages.create.schema_version", [P.threadMessage], [.create],
                Manual.answerWrite("thread messages use schemaVersion 3."),
                summary: "request.resource.data.schemaVersion == 3."
            ) { ctx in
                .require(ctx.schemaVersion(ctx.incoming) == 3, "thread messages must have schemaVersion 3")
            },
            .closer(
                "thread_messages.create.user_id_matches_path", [P.threadMessage], [.create],
                Manual.threads(
                    "`couples/{coupleId}/threads/{threadId}/messages/{userId}` — the thread message, not the daily answer."
                ),
                .inferred("As for answers: userId equals the path's {userId}."),
                summary: "request.resource.data.userId == {userId}."
            ) { ctx in ctx.field(ctx.incoming, "userId", equalsBinding: "userId") },
            .closer(
                "thread_messages.create.sealed_shape", [P.threadMessage], [.create],
                Manual.threads(
                    "The Firestore rules use `isSealedThreadAnswerCreate` / `isSealedThreadAnswerUpdate` helpers, which are identical to the answer helpers except there is no `answerDate` and no `isRevealed` field"
                ),
                .inferred(
                    "Field list = the inferred sealed answer fields minus answerDate and isRevealed."),
                summary:
                    "keys().hasOnly([userId, questionId, answerType, schemaVersion, encryptedPayload, commitmentHash, createdAt, updatedAt, answerKeyReleased]) — in particular no answerDate, no isRevealed."
            ) { ctx in
                ctx.keys(of: ctx.incoming, within: CloserInvariants.sealedThreadFields, "thread message")
            },
            .closer(
                "thread_messages.create.sealed_payload", [P.threadMessage], [.create],
                Manual.regex("isSealedPayload(value) → ^sealed:v1:[A-Za-z0-9_-]{80,}$"),
                summary:
                    "isSealedPayload(encryptedPayload). Wire finding: a match CloserWire cannot read as sealed:v1."
            ) { ctx in
                ctx.wireValue(
                    ctx.incoming?["encryptedPayload"], field: "encryptedPayload",
                    helper: CloserRulesRegex.isSealedPayload)
            },
            .closer(
                "thread_messages.create.commitment_hash", [P.threadMessage], [.create],
                Manual.regex("isCommitmentHash(value) → ^sha256:[A-Za-z0-9_-]{43}$"),
                summary: "isCommitmentHash(commitmentHash). Wire finding: non-canonical last character."
            ) { ctx in
                ctx.wireValue(
                    ctx.incoming?["commitmentHash"], field: "commitmentHash",
                    helper: CloserRulesRegex.isCommitmentHash)
            },
            .closer(
                "thread_messages.update.release_flag_only", [P.threadMessage], [.update],
                Manual.helpers(
                    "isSealedThreadAnswerUpdate() only answerKeyReleased/updatedAt flip (threads)"),
                summary:
                    "diff().affectedKeys().hasOnly([answerKeyReleased, updatedAt]); answerKeyReleased a bool."
            ) { ctx in
                .all([
                    ctx.onlyAffects(CloserInvariants.sealedThreadUpdateFields),
                    ctx.absentOrBool(ctx.incoming, "answerKeyReleased"),
                ])
            },
            .denied(
                "thread_messages.delete.denied", [P.threadMessage], [.delete],
                Manual.threads("Thread questions follow the same sealed flow but use a different path"),
                .inferred("No delete is granted (as for answers)."), what: "not granted"),
        ]
    }()
}
