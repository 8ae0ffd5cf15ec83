// Rules vector cases: deny-by-default, sign-in, users/{uid} and its subcollections.
// Normative: specs/rules.md (rows list these cases' tcIds).

import CloserVectorModel
import CloserRules
import CloserWire

private typealias F = RulesFixture
private typealias P = RulesVectorFixtures

extension RulesVectorFixtures {
    var globalAndUserGroups: [RulesCaseGroup] {
        pathAndSignInGroups + userDocOwnerGroups + userDocAllowlistGroups + userDocServerFieldGroups + entitlementGroups
            + notificationQueueGroups + outcomeAndTokenGroups + deviceAndCatalogueGroups
    }

    /// Deny by default and sign-in.
    private var pathAndSignInGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        return [
            RulesCaseGroup(
                "paths.no_matching_rule",
                [
                    allow("A path a match block covers is evaluated normally", [], .get(P.user(alice), alice)),
                    deny("Unknown top-level collection", [.noMatchingRule], .get("secrets/s-1", alice)),
                    deny(
                        "invite_attempts has no client rule (server-only via deny by default)", [.noMatchingRule],
                        .create(
                            "users/alice/invite_attempts/a-1", alice, ["code": .string("K7Q2XM"), "attemptedAt": P.t0])),
                    deny(
                        "secure/ is matched only at secure/payload; a query over the collection is not",
                        [.noMatchingRule, .query], .list(P.answer(alice) + "/secure", alice)),
                    deny(
                        "Memory-lane subcollection: not in the data model's rules", [.noMatchingRule],
                        .get("couples/couple-1/memory_lane/capsule-1", alice)),
                ]),
            RulesCaseGroup(
                "auth.signed_in",
                [
                    allow(
                        "Any signed-in user reads the date-idea catalogue", [],
                        .get(P.dateIdea, bob, existing: P.dateIdeaDoc)),
                    deny(
                        "Signed-out read of the date-idea catalogue", [], .get(P.dateIdea, nil, existing: P.dateIdeaDoc)
                    ),
                    deny("Signed-out query of the date-idea catalogue", [.query], .list("date_ideas", nil)),
                    deny(
                        "Signed-out read of a user doc", [], .get(P.user(alice), nil),
                        ["auth.signed_in", "users.owner_only"]),
                ]),
        ]
    }

    /// users/{uid}: owner-only access and the server-only hasPremium.
    private var userDocOwnerGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        var sam = P.userDoc(F.sam, couple: nil, platform: "ios")
        sam["hasPremium"] = nil
        var aliceRenamed = P.userDoc(alice, couple: F.coupleID, platform: "android")
        aliceRenamed["displayName"] = .string("Ally")
        var aliceSelfPremium = P.userDoc(alice, couple: F.coupleID, platform: "android")
        aliceSelfPremium["hasPremium"] = .bool(true)
        var samWithPremium = sam
        samWithPremium["hasPremium"] = .bool(false)
        return [
            RulesCaseGroup(
                "users.owner_only",
                [
                    allow("Owner reads their user doc", [], .get(P.user(alice), alice)),
                    allow("New user creates their own doc", [], .create(P.user(F.sam), F.sam, sam)),
                    allow(
                        "Owner renames themself", [],
                        .update(P.user(alice), alice, from: P.baseWorld[P.user(alice)]!, to: aliceRenamed)),
                    deny("Partner reads the other's user doc", [.wrongPrincipal], .get(P.user(alice), bob)),
                    deny(
                        "Outsider edits someone's user doc", [.wrongPrincipal],
                        .update(P.user(alice), mallory, from: P.baseWorld[P.user(alice)]!, to: aliceRenamed)),
                    deny("Query over all users cannot bind {uid}", [.wrongPrincipal, .query], .list("users", alice)),
                ]),
            RulesCaseGroup(
                "users.has_premium.server_only",
                [
                    allow(
                        "Update that leaves hasPremium alone", [],
                        .update(P.user(alice), alice, from: P.baseWorld[P.user(alice)]!, to: aliceRenamed)),
                    deny(
                        "Self-grant premium on the user doc", [.serverOnly],
                        .update(P.user(alice), alice, from: P.baseWorld[P.user(alice)]!, to: aliceSelfPremium),
                        ["users.has_premium.server_only", "users.update.field_allowlist"]),
                    deny(
                        "Create that sets hasPremium, even to false", [.serverOnly],
                        .create(P.user(F.sam), F.sam, samWithPremium),
                        ["users.has_premium.server_only", "users.create.field_allowlist"]),
                ]),
        ]
    }

    /// users/{uid}: the update and create field allowlists.
    private var userDocAllowlistGroups: [RulesCaseGroup] {
        let alice = F.alice
        var sam = P.userDoc(F.sam, couple: nil, platform: "ios")
        sam["hasPremium"] = nil
        let aliceBase = P.baseWorld[P.user(alice)]!
        func aliceWith(_ field: String, _ value: JSONValue) -> Doc {
            var d = aliceBase
            d[field] = value
            return d
        }
        func samWith(_ field: String, _ value: JSONValue) -> Doc {
            var d = sam
            d[field] = value
            return d
        }
        // One plausible new value per allowlist member.
        let allowlistValues: [String: JSONValue] = [
            "quietHoursEnabled": .bool(true), "quietHoursStartMinutes": .number(1320),
            "quietHoursEndMinutes": .number(480), "timezone": .string("America/Chicago"),
            "email": .string("alice@example.org"), "displayName": .string("Ally"),
            "photoUrl": .string("https://example.com/alice.jpg"), "platform": .string("ios"),
            "fcmToken": .string("fcm-token-legacy-1"),
        ]
        func aliceSetting(_ field: String) -> Doc { aliceWith(field, allowlistValues[field]!) }
        var aliceQuietHours = aliceBase
        var samQuietHours = sam
        for field in UserDocAllowlist.stated {
            aliceQuietHours[field] = allowlistValues[field]
            samQuietHours[field] = allowlistValues[field]
        }
        return [
            RulesCaseGroup(
                "users.update.field_allowlist",
                UserDocAllowlist.update.map { field in
                    allow(
                        "Owner updates \(field) (allowlist member, "
                            + (UserDocAllowlist.stated.contains(field) ? "stated by M-001" : "inferred") + ")",
                        [], .update(P.user(alice), alice, from: aliceBase, to: aliceSetting(field)))
                } + [
                    allow(
                        "Owner mirrors the whole quiet-hours window at once (M-001's updateQuietHours)", [],
                        .update(P.user(alice), alice, from: aliceBase, to: aliceQuietHours)),
                    deny(
                        "Owner adds a field outside the allowlist (silently PERMISSION_DENIED, M-001)", [.shape],
                        .update(P.user(alice), alice, from: aliceBase, to: aliceWith("favoriteColor", .string("teal")))),
                    deny(
                        "Owner adds a plausible-looking field the allowlist lacks (quietHoursDays)", [.shape],
                        .update(P.user(alice), alice, from: aliceBase, to: aliceWith("quietHoursDays", J.list(["sat"])))
                    ),
                    deny(
                        "Owner writes the couple's streakCount onto their user doc", [.shape],
                        .update(P.user(alice), alice, from: aliceBase, to: aliceWith("streakCount", .number(99)))),
                ]),
            RulesCaseGroup(
                "users.create.field_allowlist",
                [
                    allow(
                        "New user creates their doc with profile fields only", [], .create(P.user(F.sam), F.sam, sam)),
                    allow(
                        "New user creates their doc with the quiet-hours mirror", [],
                        .create(P.user(F.sam), F.sam, samQuietHours)),
                    deny(
                        "Create with a field outside the allowlist", [.shape],
                        .create(P.user(F.sam), F.sam, samWith("favoriteColor", .string("teal")))),
                    deny(
                        "Create that names a couple (forged partner: coupleId is acceptInviteCallable's)",
                        [.serverOnly], .create(P.user(F.sam), F.sam, samWith("coupleId", .string(F.coupleID)))),
                ]),
        ]
    }

    /// users/{uid}: the server-only coupleId and no deletes.
    private var userDocServerFieldGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        var aliceRenamed = P.userDoc(alice, couple: F.coupleID, platform: "android")
        aliceRenamed["displayName"] = .string("Ally")
        let aliceBase = P.baseWorld[P.user(alice)]!
        let malloryBase = P.baseWorld[P.user(mallory)]!
        func aliceWith(_ field: String, _ value: JSONValue) -> Doc {
            var d = aliceBase
            d[field] = value
            return d
        }
        func aliceWithout(_ field: String) -> Doc {
            var d = aliceBase
            d[field] = nil
            return d
        }
        var malloryForged = malloryBase
        malloryForged["coupleId"] = .string(F.coupleID)
        return [
            RulesCaseGroup(
                "users.couple_id.server_only",
                [
                    allow(
                        "Update that leaves coupleId alone", [],
                        .update(P.user(alice), alice, from: aliceBase, to: aliceRenamed)),
                    deny(
                        "Owner points coupleId at another couple (forged partner, threat-model.md)", [.serverOnly],
                        .update(P.user(mallory), mallory, from: malloryBase, to: malloryForged),
                        ["users.update.field_allowlist", "users.couple_id.server_only"]),
                    deny(
                        "Owner clears their own coupleId (leaveCoupleCallable's job)", [.serverOnly],
                        .update(P.user(alice), alice, from: aliceBase, to: aliceWith("coupleId", .null)),
                        ["users.update.field_allowlist", "users.couple_id.server_only"]),
                    deny(
                        "Owner removes the coupleId field", [.serverOnly],
                        .update(P.user(alice), alice, from: aliceBase, to: aliceWithout("coupleId")),
                        ["users.update.field_allowlist", "users.couple_id.server_only"]),
                ]),
            RulesCaseGroup(
                "users.delete.denied",
                [
                    allow("The owner may still read", [], .get(P.user(alice), alice)),
                    deny("Owner deletes their user doc", [.serverOnly], .delete(P.user(alice), alice)),
                    deny("Partner deletes the other's user doc", [.wrongPrincipal], .delete(P.user(bob), alice)),
                ]),
        ]
    }

    /// users/{uid}/entitlements: read by owner or partner, written by the server.
    private var entitlementGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        return [
            RulesCaseGroup(
                "entitlements.read.owner_or_partner",
                [
                    allow(
                        "Owner reads their premium state", [], .get(P.entitlement(alice), alice, existing: P.premiumDoc)
                    ),
                    allow(
                        "Current partner reads it (couple-shared premium)", [],
                        .get(P.entitlement(alice), bob, existing: P.premiumDoc)),
                    allow(
                        "Current partner queries the entitlements collection", [.query],
                        .list("users/alice/entitlements", bob)),
                    deny(
                        "Outsider reads someone's premium state", [.wrongPrincipal],
                        .get(P.entitlement(alice), mallory, existing: P.premiumDoc)),
                    deny(
                        "Former partner whose user doc names another couple", [.wrongPrincipal],
                        .get(P.entitlement(alice), bob, existing: P.premiumDoc).with(Self.bobInAnotherCouple)),
                    deny(
                        "Signed out", [], .get(P.entitlement(alice), nil, existing: P.premiumDoc),
                        ["auth.signed_in", "entitlements.read.owner_or_partner"]),
                ]),
            RulesCaseGroup(
                "entitlements.write.server_only",
                [
                    allow(
                        "Owner reads (writes are the webhook's)", [],
                        .get(P.entitlement(alice), alice, existing: P.premiumDoc)),
                    deny("Self-grant premium", [.serverOnly], .create(P.entitlement(alice), alice, P.premiumDoc)),
                    deny(
                        "Extend expiry", [.serverOnly],
                        .update(
                            P.entitlement(bob), bob, from: P.premiumDoc,
                            to: P.premiumDoc.merging(["expiresAt": J.ts("2099-01-01T00:00:00Z")]) { $1 })),
                    deny(
                        "Delete entitlement", [.serverOnly],
                        .delete(P.entitlement(alice), alice, existing: P.premiumDoc)),
                ]),
        ]
    }

    /// users/{uid}/notification_queue: the owner's activity feed.
    private var notificationQueueGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let unread = P.notificationDoc(read: false)
        let read = P.notificationDoc(read: true)
        var retyped = unread
        retyped["type"] = .string("gentle_reminder")
        var readAsString = unread
        readAsString["read"] = .string("yes")
        var markedSent = unread
        markedSent["sent"] = .bool(true)
        return [
            RulesCaseGroup(
                "notification_queue.owner_only",
                [
                    allow("Owner reads their activity feed", [.query], .list("users/alice/notification_queue", alice)),
                    allow("Owner reads one entry", [], .get(P.notification(alice), alice, existing: unread)),
                    deny(
                        "Partner reads the other's feed entry", [.wrongPrincipal],
                        .get(P.notification(alice), bob, existing: unread)),
                    deny(
                        "Partner queries the other's feed", [.wrongPrincipal, .query],
                        .list("users/alice/notification_queue", bob)),
                    deny(
                        "Partner marks the other's entry read", [.wrongPrincipal],
                        .update(P.notification(alice), bob, from: unread, to: read)),
                ]),
            RulesCaseGroup(
                "notification_queue.update.read_flag_only",
                [
                    allow("Owner flips read", [], .update(P.notification(alice), alice, from: unread, to: read)),
                    deny(
                        "Owner rewrites the type", [.immutability],
                        .update(P.notification(alice), alice, from: unread, to: retyped)),
                    deny(
                        "read must stay a bool", [.shape],
                        .update(P.notification(alice), alice, from: unread, to: readAsString)),
                    deny(
                        "Owner marks the entry sent (the dispatcher's flag)", [.immutability],
                        .update(P.notification(alice), alice, from: unread, to: markedSent)),
                ]),
            RulesCaseGroup(
                "notification_queue.create_delete.server_only",
                [
                    allow("Owner flips read", [], .update(P.notification(alice), alice, from: unread, to: read)),
                    deny("Client queues a notification", [.serverOnly], .create(P.notification(alice), alice, unread)),
                    deny(
                        "Client deletes a feed entry", [.serverOnly],
                        .delete(P.notification(alice), alice, existing: unread)),
                ]),
        ]
    }

    /// users/{uid}/outcomes and fcmTokens.
    private var outcomeAndTokenGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        return [
            RulesCaseGroup(
                "outcomes.read.owner_only",
                [
                    allow(
                        "Owner reads their day-30 outcome", [], .get(P.outcome(alice), alice, existing: P.outcomeDoc)),
                    deny("Partner reads it", [.wrongPrincipal], .get(P.outcome(alice), bob, existing: P.outcomeDoc)),
                    deny("Partner queries outcomes", [.wrongPrincipal, .query], .list("users/alice/outcomes", bob)),
                ]),
            RulesCaseGroup(
                "outcomes.write.server_only",
                [
                    allow("Owner reads", [], .get(P.outcome(alice), alice, existing: P.outcomeDoc)),
                    deny(
                        "Client writes an outcome (submitOutcomeCallable's job)", [.serverOnly],
                        .create(P.outcome(alice), alice, P.outcomeDoc)),
                    deny(
                        "Client edits an outcome", [.serverOnly],
                        .update(
                            P.outcome(alice), alice, from: P.outcomeDoc,
                            to: P.outcomeDoc.merging(["answers": J.map([:])]) { $1 })),
                ]),
            RulesCaseGroup(
                "fcm_tokens.owner_only",
                [
                    allow("Owner registers a token", [], .create(P.fcmToken(alice), alice, P.fcmTokenDoc)),
                    allow("Owner removes a token", [], .delete(P.fcmToken(alice), alice, existing: P.fcmTokenDoc)),
                    deny(
                        "Partner registers a token on the other's account", [.wrongPrincipal],
                        .create(P.fcmToken(bob), alice, P.fcmTokenDoc)),
                    deny(
                        "Partner reads the other's token", [.wrongPrincipal],
                        .get(P.fcmToken(alice), bob, existing: P.fcmTokenDoc)),
                    deny(
                        "Partner queries the other's tokens", [.wrongPrincipal, .query],
                        .list("users/alice/fcmTokens", bob)),
                ]),
        ]
    }

    /// users/{uid}/devices and the date-idea catalogue.
    private var deviceAndCatalogueGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        return [
            RulesCaseGroup(
                "devices.read.owner_or_partner",
                [
                    allow(
                        "Partner reads the public key to wrap a release key", [.realWireValue],
                        .get(P.device(alice), bob, existing: P.deviceDoc(values.alicePub))),
                    allow(
                        "Owner reads their own key", [.realWireValue],
                        .get(P.device(alice), alice, existing: P.deviceDoc(values.alicePub))),
                    deny(
                        "Non-partner reads a public key (speculative pre-encryption)", [.wrongPrincipal],
                        .get(P.device(alice), mallory, existing: P.deviceDoc(values.alicePub))),
                    deny(
                        "Non-partner queries devices", [.wrongPrincipal, .query], .list("users/alice/devices", mallory)),
                    deny(
                        "Former partner (user doc names another couple)", [.wrongPrincipal],
                        .get(P.device(alice), bob, existing: P.deviceDoc(values.alicePub)).with(Self.bobInAnotherCouple)
                    ),
                ]),
            RulesCaseGroup(
                "devices.write.owner_only",
                [
                    allow(
                        "Owner publishes a real pub:v1 key", [.realWireValue],
                        .create(P.device(alice), alice, P.deviceDoc(values.alicePub))),
                    allow(
                        "Owner publishes a key CloserWire cannot read (rules do not check publicKey)",
                        [.rulesAcceptWireRejects],
                        .create(P.device(alice), alice, P.deviceDoc("pub:v1:AAAA"))),
                    deny(
                        "Partner replaces the other's public key (key substitution)", [.wrongPrincipal],
                        .create(P.device(bob), alice, P.deviceDoc(values.alicePub))),
                    deny(
                        "Outsider overwrites a key", [.wrongPrincipal],
                        .update(
                            P.device(alice), mallory, from: P.deviceDoc(values.alicePub), to: P.deviceDoc(values.bobPub)
                        )),
                    deny(
                        "Signed-out delete", [], .delete(P.device(alice), nil, existing: P.deviceDoc(values.alicePub)),
                        ["auth.signed_in", "devices.write.owner_only"]),
                ]),
            RulesCaseGroup(
                "date_ideas.write.admin_only",
                [
                    allow("Catalogue query", [.query], .list("date_ideas", bob)),
                    deny("Client adds a date idea", [.serverOnly], .create(P.dateIdea, alice, P.dateIdeaDoc)),
                    deny(
                        "Client edits a date idea", [.serverOnly],
                        .update(
                            P.dateIdea, alice, from: P.dateIdeaDoc,
                            to: P.dateIdeaDoc.merging(["title": .string("Free picnic")]) { $1 })),
                    deny(
                        "Client deletes a date idea", [.serverOnly], .delete(P.dateIdea, alice, existing: P.dateIdeaDoc)
                    ),
                ]),
        ]
    }

    /// The world where bob's user document names another couple.
    fileprivate static var bobInAnotherCouple: [String: Doc] {
        [user(RulesFixture.bob): userDoc(RulesFixture.bob, couple: RulesFixture.otherCoupleID, platform: "ios")]
    }
}
