// couples/{coupleId}/daily_question/{date}/answers/{userId} and secure/payload.
// Normative: specs/rules.md. Field lists it marks inferred live here, once.

extension CloserInvariants {
    /// The schemaVersion 2 metadata doc's fields ("it holds only …").
    static let coupleKeyAnswerFields: Set<String> = [
        "userId", "questionId", "answerType", "schemaVersion", "answerDate", "createdAt", "updatedAt",
        "isRevealed",
    ]
    /// The schemaVersion 3 sealed answer's fields: the metadata fields plus the sealed
    /// payload, its commitment and the key-release flag (inferred: specs/rules.md).
    static let sealedAnswerFields: Set<String> = coupleKeyAnswerFields.union([
        "encryptedPayload", "commitmentHash", "answerKeyReleased",
    ])
    /// `isCoupleKeyAnswerUpdate()`: "only isRevealed/updatedAt flip".
    static let coupleKeyAnswerUpdateFields: Set<String> = ["isRevealed", "updatedAt"]
    /// `isSealedAnswerUpdate()`: "only reveal-metadata fields" (inferred list).
    static let sealedAnswerUpdateFields: Set<String> = [
        "isRevealed", "answerKeyReleased", "updatedAt",
    ]

    static let answers: [Invariant] =
        answerAccessInvariants + answerCoupleKeyInvariants + answerSealedInvariants + securePayloadInvariants

    /// Who may read and write an answer, its known schemas and the path bindings of a create.
    private static let answerAccessInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "answers.read.members_only", [P.answer], RulesMethod.reads,
                Manual.perCollection(
                    "it holds only `userId`, `questionId`, `answerType`, `schemaVersion`, `answerDate`, `createdAt`, `updatedAt`, `isRevealed` so the partner can see THAT you answered (\"your turn\" indicator) without leaking the content."
                ),
                summary: "isCouplesMember(coupleId): both members may read the content-free metadata docs."
            ) { ctx in ctx.requireMember() },
            .closer(
                "answers.write.owner_member", [P.answer], [.create, .update],
                Manual.reveal(
                    "Each app writes its own `answers/{userId}` metadata doc + its own `answers/{userId}/secure/payload` subdoc"
                ),
                summary: "request.auth.uid == {userId} and isCouplesMember(coupleId)."
            ) { ctx in .all([ctx.requireOwner("userId", "answer's author"), ctx.requireMember()]) },
            .closer(
                "answers.known_schema", [P.answer], [.create, .update],
                Manual.answerWrite(
                    "A write must match exactly one of these shapes — the rules reject anything else."),
                summary:
                    "create: request.resource.data.schemaVersion is 2 (isCoupleKeyAnswerCreate) or 3 (isSealedAnswerCreate); update: resource.data.schemaVersion is 2 or 3."
            ) { ctx in
                let doc = ctx.method == .create ? ctx.incoming : ctx.resource
                let v = ctx.schemaVersion(doc)
                return .require(v == 2 || v == 3, "schemaVersion must be 2 (couple-key) or 3 (sealed)")
            },
            .closer(
                "answers.create.user_id_matches_path", [P.answer], [.create],
                Manual.dataModel(
                    "`couples/{coupleId}/daily_question/{date}/answers/{userId}.userId` → `users/{uid}`"),
                .inferred(
                    "The cross-reference names answers.userId; the natural rule is that it equals the path's {userId}."
                ),
                summary: "request.resource.data.userId == {userId}."
            ) { ctx in ctx.field(ctx.incoming, "userId", equalsBinding: "userId") },
            .closer(
                "answers.create.answer_date_matches_path", [P.answer], [.create],
                Manual.threads(
                    "which are identical to the answer helpers except there is no `answerDate` and no `isRevealed` field"
                ),
                .inferred(
                    "The answer helpers carry answerDate; the natural rule is that it equals the path's {date}."
                ),
                summary: "request.resource.data.answerDate == {date}."
            ) { ctx in ctx.field(ctx.incoming, "answerDate", equalsBinding: "date") },
            .closer(
                "answers.create.question_id_present", [P.answer], [.create],
                Manual.perCollection(
                    "it holds only `userId`, `questionId`, `answerType`, `schemaVersion`, `answerDate`, …"),
                .inferred("The manual lists questionId in both shapes; that it is required is inferred."),
                summary: "request.resource.data.questionId is a non-empty string."
            ) { ctx in ctx.nonEmptyString(ctx.incoming, "questionId") },
            .closer(
                "answers.create.starts_unrevealed", [P.answer], [.create],
                Manual.reveal("The metadata `isRevealed` flag flips after both have read"),
                .inferred(
                    "A flag that flips after both have read starts false; the manual does not say the rules check it."
                ),
                summary: "isRevealed is absent or false."
            ) { ctx in ctx.absentOrFalse(ctx.incoming, "isRevealed") },
        ]
    }()

    /// The schemaVersion 2 (couple-key) metadata doc.
    private static let answerCoupleKeyInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "answers.v2.create.metadata_only", [P.answer], [.create],
                Manual.perCollection(
                    "**The metadata doc is content-free** (schemaVersion 2): it holds only `userId`, `questionId`, `answerType`, `schemaVersion`, `answerDate`, `createdAt`, `updatedAt`, `isRevealed`"
                ),
                summary:
                    "isCoupleKeyAnswerCreate: with schemaVersion 2, keys().hasOnly([userId, questionId, answerType, schemaVersion, answerDate, createdAt, updatedAt, isRevealed]) — no encryptedPayload or other content."
            ) { ctx in
                ctx.onCreate(ofSchema: 2) {
                    ctx.keys(
                        of: ctx.incoming, within: CloserInvariants.coupleKeyAnswerFields,
                        "schemaVersion 2 answer")
                }
            },
            .closer(
                "answers.v2.update.reveal_flip_only", [P.answer], [.update],
                Manual.helpers(
                    "isCoupleKeyAnswerUpdate() only isRevealed/updatedAt flip (schemaVersion 2)"),
                summary:
                    "With stored schemaVersion 2: diff().affectedKeys().hasOnly([isRevealed, updatedAt]); isRevealed a bool."
            ) { ctx in
                ctx.onUpdate(ofSchema: 2) {
                    .all([
                        ctx.onlyAffects(CloserInvariants.coupleKeyAnswerUpdateFields),
                        ctx.absentOrBool(ctx.incoming, "isRevealed"),
                    ])
                }
            },
        ]
    }()

    /// The schemaVersion 3 sealed answer, and no deletes.
    private static let answerSealedInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "answers.v3.create.sealed_shape", [P.answer], [.create],
                Manual.helpers(
                    "isSealedAnswerCreate(data) sealed-answer shape + sealed:v1 + sha256: (schemaVersion 3, legacy)"
                ),
                .inferred(
                    "The manual does not list the sealed shape's fields; taken as the metadata fields plus encryptedPayload, commitmentHash and answerKeyReleased (the thread helper is 'identical … except there is no answerDate and no isRevealed')."
                ),
                summary:
                    "With schemaVersion 3, keys().hasOnly([userId, questionId, answerType, schemaVersion, answerDate, encryptedPayload, commitmentHash, createdAt, updatedAt, isRevealed, answerKeyReleased])."
            ) { ctx in
                ctx.onCreate(ofSchema: 3) {
                    ctx.keys(
                        of: ctx.incoming, within: CloserInvariants.sealedAnswerFields, "schemaVersion 3 answer")
                }
            },
            .closer(
                "answers.v3.create.sealed_payload", [P.answer], [.create],
                Manual.regex("isSealedPayload(value) → ^sealed:v1:[A-Za-z0-9_-]{80,}$"),
                summary:
                    "With schemaVersion 3, isSealedPayload(encryptedPayload). Wire finding: a match CloserWire cannot read as sealed:v1."
            ) { ctx in
                ctx.onCreate(ofSchema: 3) {
                    ctx.wireValue(
                        ctx.incoming?["encryptedPayload"], field: "encryptedPayload",
                        helper: CloserRulesRegex.isSealedPayload)
                }
            },
            .closer(
                "answers.v3.create.commitment_hash", [P.answer], [.create],
                Manual.regex("isCommitmentHash(value) → ^sha256:[A-Za-z0-9_-]{43}$"),
                summary:
                    "With schemaVersion 3, isCommitmentHash(commitmentHash). Wire finding: 43 characters that are not a canonical b64url SHA-256."
            ) { ctx in
                ctx.onCreate(ofSchema: 3) {
                    ctx.wireValue(
                        ctx.incoming?["commitmentHash"], field: "commitmentHash",
                        helper: CloserRulesRegex.isCommitmentHash)
                }
            },
            .closer(
                "answers.v3.update.reveal_metadata_only", [P.answer], [.update],
                Manual.helpers("isSealedAnswerUpdate() only reveal-metadata fields (schemaVersion 3)"),
                .inferred(
                    "The reveal-metadata fields are not listed; taken as isRevealed, answerKeyReleased, updatedAt."
                ),
                summary:
                    "With stored schemaVersion 3: diff().affectedKeys().hasOnly([isRevealed, answerKeyReleased, updatedAt]); the flags bools."
            ) { ctx in
                ctx.onUpdate(ofSchema: 3) {
                    .all([
                        ctx.onlyAffects(CloserInvariants.sealedAnswerUpdateFields),
                        ctx.absentOrBool(ctx.incoming, "isRevealed"),
                        ctx.absentOrBool(ctx.incoming, "answerKeyReleased"),
                    ])
                }
            },
            .denied(
                "answers.delete.denied", [P.answer], [.delete],
                Manual.reveal("checked by `exists(.../answers/{request.auth.uid})` in `firestore.rules`"),
                .inferred(
                    "No delete is granted; the partner read gate depends on answer docs staying put."),
                what: "not granted"),
        ]
    }()

    /// answers/{userId}/secure/payload: the enc:v1 ciphertext subdoc.
    private static let securePayloadInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .closer(
                "answers.secure.read.owner_or_answered_partner", [P.securePayload], [.get],
                Manual.reveal(
                    "The Firestore rules for that subdoc grant read access to the owner unconditionally, AND to the partner **only if** the partner has also submitted their own answer to the same date (checked by `exists(.../answers/{request.auth.uid})` in `firestore.rules`)."
                ),
                summary:
                    "request.auth.uid == {userId}, or isCouplesMember(coupleId) && exists(/couples/{coupleId}/daily_question/{date}/answers/$(request.auth.uid))."
            ) { ctx in
                guard let uid = ctx.uid else { return .violated("signed out") }
                if ctx.isOwner("userId") { return .holds }
                guard let c = ctx.binding("coupleId"), let d = ctx.binding("date") else {
                    return .violated("unbound path")
                }
                guard ctx.isCouplesMember(c) else {
                    return .violated("caller \(uid) is neither the author nor a member")
                }
                return .require(
                    ctx.exists(["couples", c, "daily_question", d, "answers", uid]),
                    "the partner \(uid) has not answered \(d) yet; the payload stays private until both answer"
                )
            },
            .closer(
                "answers.secure.create.owner_member", [P.securePayload], [.create],
                Manual.reveal(
                    "Each app writes its own `answers/{userId}` metadata doc + its own `answers/{userId}/secure/payload` subdoc"
                ),
                summary: "request.auth.uid == {userId} and isCouplesMember(coupleId)."
            ) { ctx in .all([ctx.requireOwner("userId", "answer's author"), ctx.requireMember()]) },
            .closer(
                "answers.secure.create.payload_only", [P.securePayload], [.create],
                Manual.perCollection("The subdoc shape is `keys().hasOnly(['encryptedPayload'])`"),
                summary: "keys().hasOnly(['encryptedPayload'])."
            ) { ctx in ctx.keys(of: ctx.incoming, within: ["encryptedPayload"], "secure/payload") },
            .closer(
                "answers.secure.create.ciphertext", [P.securePayload], [.create],
                Manual.perCollection("and `isCiphertext(encryptedPayload)`"),
                summary:
                    "isCiphertext(encryptedPayload). Wire finding: a match CloserWire cannot read as enc:v1."
            ) { ctx in
                ctx.wireValue(
                    ctx.incoming?["encryptedPayload"], field: "encryptedPayload",
                    helper: CloserRulesRegex.isCiphertext)
            },
            .denied(
                "answers.secure.immutable", [P.securePayload], [.update, .delete],
                Manual.reveal(
                    "Each app writes its own `answers/{userId}` metadata doc + its own `answers/{userId}/secure/payload` subdoc"
                ),
                .inferred("The manual describes only the create; no update or delete is granted."),
                what: "not granted"),
        ]
    }()
}

extension RulesContext {
    /// Runs `body` only for a create whose incoming schemaVersion is `v`.
    func onCreate(ofSchema v: Double, _ body: () -> InvariantResult) -> InvariantResult {
        schemaVersion(incoming) == v ? body() : .notApplicable
    }
    /// Runs `body` only for an update of a stored document with schemaVersion `v`.
    func onUpdate(ofSchema v: Double, _ body: () -> InvariantResult) -> InvariantResult {
        schemaVersion(resource) == v ? body() : .notApplicable
    }
}
