// couples/{coupleId}/conversations/{conversationId} and its messages.
// Normative: specs/rules.md.

extension CloserInvariants {
    static let conversationTypes: Set<String> = ["couple", "thread"]
    static let messageTypes: Set<String> = ["text", "image", "voice"]
    /// Fields a message update may touch (inferred: reactions and the unsend tombstone).
    static let messageUpdateFields: Set<String> = ["reactions", "deleted"]

    static let conversations: [Invariant] = {
        let P = CloserRulePaths.self
        let ownership = Manual.dataOwnership(
            "A couple owns the `couples/{coupleId}` document and all subcollections beneath it.")
        let membersOnly: Provenance = .inferred(
            "The data model places chat under the couple; membership is how the manual scopes couple-owned data."
        )
        return [
            .closer(
                "conversations.members_only", [P.conversation], [.get, .list, .create, .update], ownership,
                membersOnly,
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "conversations.write.type", [P.conversation], [.create, .update],
                Manual.dataModel("type: 'couple' | 'thread' # 'thread' = per-question discussion"),
                .inferred("From the data model's type; the manual does not say the rules check it."),
                summary: "type in ['couple', 'thread']."
            ) { ctx in
                .require(
                    ctx.incoming?["type"]?.stringValue.map(CloserInvariants.conversationTypes.contains)
                        ?? false,
                    "type must be 'couple' or 'thread'")
            },
            .closer(
                "conversations.write.preview_ciphertext", [P.conversation], [.create, .update],
                Manual.dataModel(
                    "lastMessagePreview: enc:v1: | null # E2E-encrypted preview of the latest message"),
                .inferred(
                    "The data model types the preview enc:v1: | null; cipherOrAbsent is the rules' idiom for it."
                ),
                summary:
                    "cipherOrAbsent(lastMessagePreview), null allowed. Wire finding: a match CloserWire cannot read."
            ) { ctx in
                ctx.wireValue(
                    ctx.incoming?["lastMessagePreview"], field: "lastMessagePreview",
                    helper: CloserRulesRegex.isCiphertext,
                    allowAbsent: true, allowNull: true)
            },
            .closer(
                "conversations.update.own_read_and_typing_marks", [P.conversation], [.update],
                Manual.dataModel(
                    "reads: map<uid, Timestamp> # per-user last-read timestamp … typing: map<uid, Timestamp> # per-user last-typing timestamp"
                ),
                .inferred("Per-user entries: a member moves only their own marks."),
                summary:
                    "reads.diff().affectedKeys() and typing.diff().affectedKeys() are within [request.auth.uid]."
            ) { ctx in
                let uid = ctx.uid.map { Set([$0]) } ?? []
                let others = ctx.affectedEntries(ofMap: "reads").union(ctx.affectedEntries(ofMap: "typing"))
                    .subtracting(uid)
                return .require(
                    others.isEmpty,
                    "update moves another user's read/typing mark: \(others.sorted().joined(separator: ", "))"
                )
            },
            .denied(
                "conversations.delete.denied", [P.conversation], [.delete], ownership,
                .inferred("No delete is described."), what: "not granted"),
            .closer(
                "messages.members_only", [P.message], [.get, .list, .create, .update], ownership,
                membersOnly,
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "messages.create.author_is_caller", [P.message], [.create],
                Manual.dataModel("authorUserId: uid"),
                .inferred("Needed for 'only author may set this'; the manual does not state it."),
                summary: "request.resource.data.authorUserId == request.auth.uid."
            ) { ctx in
                .require(
                    ctx.uid != nil && ctx.incoming?["authorUserId"] == .string(ctx.uid ?? ""),
                    "authorUserId must be the caller")
            },
            .closer(
                "messages.write.type", [P.message], [.create, .update],
                Manual.dataModel("type: 'text' | 'image' | 'voice'"),
                .inferred("From the data model's type; the manual does not say the rules check it."),
                summary: "type in ['text', 'image', 'voice']."
            ) { ctx in
                .require(
                    ctx.incoming?["type"]?.stringValue.map(CloserInvariants.messageTypes.contains) ?? false,
                    "type must be 'text', 'image' or 'voice'")
            },
            .closer(
                "messages.write.text_ciphertext", [P.message], [.create, .update],
                Manual.dataModel("text: enc:v1: # for type='text'; isCiphertext() enforced by rules"),
                summary:
                    "type == 'text' → isCiphertext(text); other types → text is absent, null or ciphertext. Wire finding: a match CloserWire cannot read."
            ) { ctx in
                let isText = ctx.incoming?["type"] == .string("text")
                return ctx.wireValue(
                    ctx.incoming?["text"], field: "text", helper: CloserRulesRegex.isCiphertext,
                    allowAbsent: !isText,
                    allowNull: !isText)
            },
            .closer(
                "messages.reactions.own_only", [P.message], [.create, .update],
                Manual.dataModel(
                    "reactions: map<uid, emoji> # reactions map (any member may flip their own)"),
                summary:
                    "reactions.diff().affectedKeys() within [request.auth.uid] (on create: the reactions map's keys)."
            ) { ctx in
                if let r = ctx.incoming?["reactions"], r != .null, r.mapValue == nil {
                    return .violated("reactions must be a map")
                }
                let uid = ctx.uid.map { Set([$0]) } ?? []
                let others = ctx.affectedEntries(ofMap: "reactions").subtracting(uid)
                return .require(
                    others.isEmpty, "reactions of others changed: \(others.sorted().joined(separator: ", "))")
            },
            .closer(
                "messages.update.deleted_author_only", [P.message], [.update],
                Manual.dataModel("deleted: bool # tombstone; only author may set this (unsend)"),
                summary:
                    "If deleted changes: request.auth.uid == resource.data.authorUserId and deleted is a bool."
            ) { ctx in
                guard ctx.affectedKeys().contains("deleted") else { return .holds }
                guard let uid = ctx.uid, ctx.resource?["authorUserId"] == .string(uid) else {
                    return .violated("only the author may set deleted (unsend)")
                }
                return ctx.absentOrBool(ctx.incoming, "deleted")
            },
            .closer(
                "messages.update.reactions_or_deleted_only", [P.message], [.update],
                Manual.dataModel(
                    "reactions: map<uid, emoji> # reactions map (any member may flip their own) … deleted: bool # tombstone"
                ),
                .inferred(
                    "The manual describes only reactions and unsend as message updates; content stays immutable."
                ),
                summary: "diff().affectedKeys().hasOnly(['reactions', 'deleted'])."
            ) { ctx in ctx.onlyAffects(CloserInvariants.messageUpdateFields) },
            .denied(
                "messages.delete.denied", [P.message], [.delete],
                Manual.dataModel("deleted: bool # tombstone; only author may set this (unsend)"),
                .inferred("Unsend is a tombstone, so hard delete is not granted."),
                what: "not granted (unsend sets deleted)"),
        ]
    }()
}
