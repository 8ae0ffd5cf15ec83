// users/{uid} and its subcollections. Normative: specs/rules.md.

/// The `users/{uid}` client-writable fields (the update rule is a field allowlist, stated and
/// inferred members). Normative: specs/rules.md §"The users/{uid} allowlist".
public enum UserDocAllowlist {
    /// Stated: the quiet-hours mirror (`FirestoreUserDataSource.updateQuietHours()`).
    public static let stated = ["quietHoursEnabled", "quietHoursStartMinutes", "quietHoursEndMinutes", "timezone"]
    /// Inferred: the data model's client-owned profile fields, and the legacy `fcmToken` the
    /// answer trigger still reads.
    public static let inferred = ["email", "displayName", "photoUrl", "platform", "fcmToken"]
    /// Every member an update may touch, sorted.
    public static let update = (stated + inferred).sorted()
}

extension CloserInvariants {
    static let users: [Invariant] = userDocInvariants + userSubcollectionInvariants

    /// users/{uid} itself.
    private static let userDocInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        let usersQuote = Manual.perCollection(
            "**`users/{uid}`** — owner can read/create/update their own doc but `hasPremium` is server-only."
        )
        return [
            .closer(
                "users.owner_only", [P.user], [.get, .list, .create, .update], usersQuote,
                summary: "request.auth.uid == {uid}."
            ) { ctx in ctx.requireOwner("uid") },
            .closer(
                "users.has_premium.server_only", [P.user], [.create, .update],
                Manual.dataModel("hasPremium: bool # server-only write"),
                summary: "create: no hasPremium field; update: hasPremium not among diff().affectedKeys()."
            ) { ctx in
                if ctx.method == .create {
                    return .require(
                        ctx.incoming?["hasPremium"] == nil,
                        "hasPremium is server-only; a client create may not set it")
                }
                return .require(
                    !ctx.affectedKeys().contains("hasPremium"),
                    "hasPremium is server-only; a client update may not change it")
            },
            .closer(
                "users.update.field_allowlist", [P.user], [.update],
                Manual.landmines(
                    "M-001",
                    "**The `users/{uid}` update rule is a field allowlist** (`firestore.rules` ~L198, `hasOnly([...])`) — a new client-written user-doc field is silently `PERMISSION_DENIED` until added there"
                ),
                summary:
                    "diff().affectedKeys().hasOnly(UserDocAllowlist.update): \(UserDocAllowlist.update.joined(separator: ", ")). Stated members: the four M-001 quiet-hours fields; the others are inferred (specs/rules.md §users allowlist). coupleId and hasPremium are not members."
            ) { ctx in ctx.onlyAffects(Set(UserDocAllowlist.update)) },
            .closer(
                "users.create.field_allowlist", [P.user], [.create],
                Manual.dataModel(
                    "/users/{uid} email: string displayName: string photoUrl: string | null coupleId: string | null hasPremium: bool # server-only write platform: 'android' | 'ios' | null"
                ),
                .inferred(
                    "The manual states the allowlist for updates only; a create that could set any field would bypass it. Create takes the same members, plus coupleId absent or null (a new user has no couple; acceptInviteCallable links it)."
                ),
                summary:
                    "keys().hasOnly(UserDocAllowlist.update + ['coupleId']) and coupleId is absent or null."
            ) { ctx in
                let outside = FirestoreDocument.names(
                    ctx.incoming?.fields.keys ?? [:].keys, outside: UserDocAllowlist.update + ["coupleId"])
                let coupleID = ctx.incoming?["coupleId"]
                return .all([
                    .require(
                        outside.isEmpty, "create sets fields outside the allowlist: \(outside.joined(separator: ", "))"),
                    .require(
                        coupleID == nil || coupleID == .null,
                        "coupleId is server-written (acceptInviteCallable); a client create may not set it"),
                ])
            },
            .closer(
                "users.couple_id.server_only", [P.user], [.update],
                Manual.pairing(
                    "9. Server validates code, creates /couples/{coupleId}, links both user docs"
                ),
                .inferred(
                    "Decision (specs/rules.md §users allowlist): the partner checks read users/{caller}.coupleId, so a client that could set it could name any couple that lists it; the server links both user docs on accept and clears them on leave."
                ),
                summary: "coupleId is not among diff().affectedKeys() (neither set, changed nor cleared by a client)."
            ) { ctx in
                .require(
                    !ctx.affectedKeys().contains("coupleId"),
                    "coupleId is server-written (acceptInviteCallable, leaveCoupleCallable); a client update may not change it"
                )
            },
            .denied(
                "users.delete.denied", [P.user], [.delete], usersQuote,
                .inferred(
                    "The manual grants the owner read/create/update only; account deletion runs through the onUserDelete cascade."
                ),
                what: "not granted to clients"),
        ]
    }()

    /// users/{uid}'s subcollections and the date-idea catalogue.
    private static let userSubcollectionInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        let serverOnlyQuote = Manual.perCollection(
            "`entitlements/`, `notification_queue/`, and `outcomes/` are server-only writes")
        return [
            .closer(
                "entitlements.read.owner_or_partner", [P.entitlement], RulesMethod.reads,
                Manual.premium(
                    "The Firestore rules for `users/{uid}/entitlements/premium` allow the **partner** to read the user's premium state (in addition to the owner)"
                ),
                summary:
                    "request.auth.uid == {uid}, or the caller is {uid}'s current couple partner (caller's users doc coupleId names a couple whose userIds hold both)."
            ) { ctx in ctx.requireOwnerOrPartner("uid") },
            .denied(
                "entitlements.write.server_only", [P.entitlement], RulesMethod.writes,
                Manual.dataModel("/entitlements/premium # written by Cloud Functions only"),
                what: "server-only (Cloud Functions)"),
            .closer(
                "notification_queue.owner_only", [P.notification], [.get, .list, .update],
                Manual.perCollection(
                    "`notification_queue/` is readable by the owner for the in-app activity feed (the owner can flip the `read` flag)"
                ),
                summary: "request.auth.uid == {uid} (read, and the read-flag update)."
            ) { ctx in ctx.requireOwner("uid") },
            .closer(
                "notification_queue.update.read_flag_only", [P.notification], [.update],
                Manual.dataModel("read: bool # only field the rules allow the client to update"),
                summary: "diff().affectedKeys().hasOnly(['read']) and read is a bool."
            ) { ctx in
                .all([
                    ctx.onlyAffects(["read"]),
                    .require(ctx.incoming?["read"]?.boolValue != nil, "read must be a bool"),
                ])
            },
            .denied(
                "notification_queue.create_delete.server_only", [P.notification], [.create, .delete],
                Manual.dataModel(
                    "Client reads + read-flag updates are permitted by the rules; server-side writes … are the only way to create records here."
                ),
                what: "server-only"),
            .closer(
                "outcomes.read.owner_only", [P.outcome], RulesMethod.reads,
                Manual.dataOwnership("Each user owns their own `users/{uid}` document and subcollections."),
                .inferred(
                    "The manual only says outcomes/ writes are server-only; reads follow user ownership."),
                summary: "request.auth.uid == {uid}."
            ) { ctx in ctx.requireOwner("uid") },
            .denied(
                "outcomes.write.server_only", [P.outcome], RulesMethod.writes, serverOnlyQuote,
                what: "server-only"),
            .closer(
                "fcm_tokens.owner_only", [P.fcmToken], RulesMethod.all,
                Manual.perCollection("`fcmTokens/` and `devices/` are owner-writable."),
                summary: "request.auth.uid == {uid} for every method."
            ) { ctx in ctx.requireOwner("uid") },
            .closer(
                "devices.read.owner_or_partner", [P.device], RulesMethod.reads,
                Manual.perCollection(
                    "The `devices/` public key is readable by the user's current couple partner only (to wrap release keys) — restricting it prevents speculative pre-encryption by non-partners."
                ),
                summary: "request.auth.uid == {uid}, or the caller is {uid}'s current couple partner."
            ) { ctx in ctx.requireOwnerOrPartner("uid") },
            .closer(
                "devices.write.owner_only", [P.device], RulesMethod.writes,
                Manual.perCollection("`fcmTokens/` and `devices/` are owner-writable."),
                summary:
                    "request.auth.uid == {uid}. Wire finding (rules do not check it): publicKey that is not a readable pub:v1: value."
            ) { ctx in
                var result = ctx.requireOwner("uid")
                if let key = ctx.incoming?["publicKey"]?.stringValue {
                    result.findings += ctx.probe(key, field: "publicKey", format: .pub)
                }
                return result
            },
            .denied(
                "date_ideas.write.admin_only", [P.dateIdea], RulesMethod.writes,
                Manual.perCollection(
                    "**`date_ideas/`** — read-only for any signed-in user; writes are admin-only."),
                what: "admin-only"),
        ]
    }()
}
