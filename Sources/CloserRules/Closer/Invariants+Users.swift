// users/{uid} and its subcollections. Normative: specs/rules.md.

extension CloserInvariants {
    static let users: [Invariant] = {
        let P = CloserRulePaths.self
        let usersQuote = Manual.perCollection(
            "**`users/{uid}`** — owner can read/create/update their own doc but `hasPremium` is server-only."
        )
        let serverOnlyQuote = Manual.perCollection(
            "`entitlements/`, `notification_queue/`, and `outcomes/` are server-only writes")
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
            .denied(
                "users.delete.denied", [P.user], [.delete], usersQuote,
                .inferred(
                    "The manual grants the owner read/create/update only; account deletion runs through the onUserDelete cascade."
                ),
                what: "not granted to clients"),
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
