// Rules vector cases: date swipes, matches, plans, preferences, bucket list, gentle reminders.
// Normative: specs/rules.md.

import CloserVectorModel
import CloserRules
import CloserWire

private typealias F = RulesFixture
private typealias P = RulesVectorFixtures

extension RulesVectorFixtures {
    var dateGroups: [RulesCaseGroup] {
        dateSwipeAccessGroups + dateSwipeEntryGroups + dateMatchAndPlanGroups + planPreferenceAndBucketListGroups
            + gentleReminderGroups
    }

    /// date_swipes: membership and own-entry writes.
    private var dateSwipeAccessGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        return [
            RulesCaseGroup(
                "date_swipes.members_only",
                [
                    allow("Member swipes love (enc:v1)", [.realWireValue], .create(P.swipe(), alice, swipedByAlice)),
                    deny(
                        "Outsider swipes in someone's couple", [.wrongPrincipal],
                        swipeCreate([mallory: P.swipeEntry(encLove)], as: mallory)),
                    deny("Outsider reads swipes", [.wrongPrincipal], .get(P.swipe(), mallory, existing: swipedByAlice)),
                ]),
            RulesCaseGroup(
                "date_swipes.write.actions_only",
                [
                    allow("Only actions", [.realWireValue], .create(P.swipe(), alice, swipedByAlice)),
                    deny(
                        "Client sets matched (createDateMatch's job)", [.shape],
                        .create(P.swipe(), alice, swipedByAlice.merging(["matched": .bool(true)]) { $1 })),
                    deny("actions as a list", [.shape], .create(P.swipe(), alice, ["actions": J.list(["love"])])),
                ]),
            RulesCaseGroup(
                "date_swipes.write.own_entry_only",
                [
                    allow(
                        "Partner adds their own swipe", [.realWireValue],
                        .update(P.swipe(), bob, from: swipedByAlice, to: swipedByBoth)),
                    deny(
                        "Alice writes Bob's swipe (forging a match)", [.wrongPrincipal],
                        swipeCreate([alice: P.swipeEntry(encLove), bob: P.swipeEntry(encLove)])),
                    deny(
                        "Alice removes Bob's swipe", [.wrongPrincipal],
                        .update(P.swipe(), alice, from: swipedByBoth, to: swipedByAlice)),
                ]),
        ]
    }

    /// date_swipes: entry shape, valid actions, no deletes.
    private var dateSwipeEntryGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let carol = F.carol
        let legacy = P.legacyWorld
        return [
            RulesCaseGroup(
                "date_swipes.entry.shape",
                [
                    allow("{action, swipedAt}", [.realWireValue], .create(P.swipe(), alice, swipedByAlice)),
                    deny("Entry without swipedAt", [.shape], swipeCreate([alice: J.map(["action": .string(encLove)])])),
                    deny(
                        "swipedAt as a string", [.shape],
                        swipeCreate([alice: J.map(["action": .string(encLove), "swipedAt": .string("now")])])),
                    deny(
                        "Extra note in the entry", [.shape],
                        swipeCreate([
                            alice: J.map(["action": .string(encLove), "swipedAt": .number(1), "note": .string("yay")])
                        ])),
                ]),
            RulesCaseGroup(
                "date_swipes.action.valid",
                [
                    allow(
                        "enc:v1 action for a STRICT couple (createDateMatch cannot read it: rules.md, date swipes)",
                        [.realWireValue, .manualConflict], .create(P.swipe(), alice, swipedByAlice)),
                    allow(
                        "Plaintext love for an encryptionVersion 0 couple", [.legacyCouple],
                        RulesCaseRequest.create(
                            P.swipe(couple: F.legacyCoupleID), carol, P.swipeDoc([carol: P.swipeEntry("love")])
                        ).with(legacy)),
                    allow(
                        "enc:v1:AAAA action", [.rulesAcceptWireRejects],
                        swipeCreate([alice: P.swipeEntry("enc:v1:AAAA")])),
                    deny(
                        "Plaintext love for a STRICT couple (the server could read it)", [.plaintext],
                        swipeCreate([alice: P.swipeEntry("love")])),
                    deny(
                        "Unknown plaintext action for an encryptionVersion 0 couple", [.legacyCouple, .shape],
                        RulesCaseRequest.create(
                            P.swipe(couple: F.legacyCoupleID), carol, P.swipeDoc([carol: P.swipeEntry("hug")])
                        ).with(legacy)),
                    deny(
                        "Malformed enc:v1 action", [.malformedWireValue],
                        swipeCreate([alice: P.swipeEntry("enc:v1:love!")])),
                ]),
            RulesCaseGroup(
                "date_swipes.delete.denied",
                [
                    allow("Member reads swipes", [], .get(P.swipe(), bob, existing: swipedByAlice)),
                    deny(
                        "Member deletes the swipe doc", [.immutability],
                        .delete(P.swipe(), alice, existing: swipedByAlice)),
                    deny(
                        "Partner deletes the swipe doc", [.immutability],
                        .delete(P.swipe(), bob, existing: swipedByBoth)),
                ]),
        ]
    }

    /// date_matches and date_plans.
    private var dateMatchAndPlanGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let carol = F.carol
        let legacy = P.legacyWorld
        let plan = datePlanDoc()
        func planCreate(_ edit: (inout Doc) -> Void, couple: String = F.coupleID, as who: String = alice)
            -> RulesCaseRequest
        {
            var d = datePlanDoc()
            edit(&d)
            return .create(P.datePlan(couple: couple), who, d)
        }
        let config: [RulesFlag] = [.configuration]
        return [
            RulesCaseGroup(
                "date_matches.read.members_only",
                [
                    allow("Member reads a match", [], .get(P.dateMatch, alice, existing: P.dateMatchDoc)),
                    deny(
                        "Outsider reads a match", [.wrongPrincipal],
                        .get(P.dateMatch, mallory, existing: P.dateMatchDoc)),
                    deny(
                        "Outsider queries matches", [.wrongPrincipal, .query],
                        .list("couples/couple-1/date_matches", mallory)),
                ]),
            RulesCaseGroup(
                "date_matches.write.server_only",
                [
                    allow("Member queries matches", [.query], .list("couples/couple-1/date_matches", bob)),
                    deny(
                        "Client creates a match (server-only, though the trigger cannot read the encrypted 'love')",
                        [.serverOnly, .manualConflict], .create(P.dateMatch, alice, P.dateMatchDoc)),
                    deny(
                        "Client deletes a match", [.serverOnly], .delete(P.dateMatch, alice, existing: P.dateMatchDoc)),
                ]),
            RulesCaseGroup(
                "date_plans.members_only",
                [
                    allow(
                        "Member plans a date (N-002's client write; the data model says server-created)",
                        [.realWireValue, .manualConflict], .create(P.datePlan(), alice, plan)),
                    allow("Partner deletes a plan", [.manualConflict], .delete(P.datePlan(), bob, existing: plan)),
                    deny(
                        "Outsider plans a date in someone's couple", [.wrongPrincipal],
                        .create(P.datePlan(), mallory, plan)),
                    deny("Outsider reads a plan", [.wrongPrincipal], .get(P.datePlan(), mallory, existing: plan)),
                ]),
            RulesCaseGroup(
                "date_plans.write.status",
                [
                    allow("status planned", [.realWireValue], .create(P.datePlan(), alice, plan)),
                    allow("status draft", [], planCreate { $0["status"] = .string("draft") }),
                    deny("status cancelled", [.shape], planCreate { $0["status"] = .string("cancelled") }),
                    deny("status missing", [.shape], planCreate { $0["status"] = nil }),
                ]),
            RulesCaseGroup(
                "date_plans.write.content_encrypted",
                [
                    allow("enc:v1 title", [.realWireValue] + config, .create(P.datePlan(), alice, plan)),
                    allow("No title", config, planCreate { $0["title"] = nil }),
                    allow(
                        "Plaintext title for an encryptionVersion 0 couple", [.legacyCouple] + config,
                        planCreate({ $0["title"] = .string("Picnic at the lake") }, couple: F.legacyCoupleID, as: carol)
                            .with(legacy)),
                    allow(
                        "enc:v1:AAAA title", [.rulesAcceptWireRejects] + config,
                        planCreate { $0["title"] = .string("enc:v1:AAAA") }),
                    deny(
                        "Plaintext title for a STRICT couple", [.plaintext] + config,
                        planCreate { $0["title"] = .string("Picnic at the lake") }),
                    deny(
                        "Title null (cipherOrAbsent: null is not absent)", [.shape] + config,
                        planCreate { $0["title"] = .null }),
                    deny(
                        "sealed:v1 title", [.wrongPrefix] + config,
                        planCreate { $0["title"] = .string(self.sealedAlice.value) }),
                ]),
        ]
    }

    /// date_plan_preferences and bucket_list.
    private var planPreferenceAndBucketListGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let carol = F.carol
        let legacy = P.legacyWorld
        let bucket = bucketDoc(by: alice)
        func bucketCreate(_ edit: (inout Doc) -> Void, couple: String = F.coupleID, as who: String = alice)
            -> RulesCaseRequest
        {
            var d = bucketDoc(by: who)
            edit(&d)
            return .create(P.bucketItem(couple: couple), who, d)
        }
        let config: [RulesFlag] = [.configuration]
        return [
            RulesCaseGroup(
                "date_plan_preferences.members_only",
                [
                    allow("Member saves preferences", [], .create(P.datePlanPreference, alice, P.preferenceDoc)),
                    deny(
                        "Outsider saves preferences", [.wrongPrincipal],
                        .create(P.datePlanPreference, mallory, P.preferenceDoc)),
                    deny(
                        "Outsider reads preferences", [.wrongPrincipal],
                        .get(P.datePlanPreference, mallory, existing: P.preferenceDoc)),
                ]),
            RulesCaseGroup(
                "bucket_list.members_only",
                [
                    allow("Member adds an item", [.realWireValue], .create(P.bucketItem(), alice, bucket)),
                    allow("Partner deletes an item", [], .delete(P.bucketItem(), bob, existing: bucket)),
                    deny("Outsider adds an item", [.wrongPrincipal], bucketCreate({ _ in }, as: mallory)),
                    deny(
                        "Outsider queries the list", [.wrongPrincipal, .query],
                        .list("couples/couple-1/bucket_list", mallory)),
                ]),
            RulesCaseGroup(
                "bucket_list.write.category",
                [
                    allow("category travel", [.realWireValue] + config, .create(P.bucketItem(), alice, bucket)),
                    deny(
                        "category Travel (case matters)", [.shape] + config,
                        bucketCreate { $0["category"] = .string("Travel") }),
                    deny("category empty", [.shape] + config, bucketCreate { $0["category"] = .string("") }),
                    deny("category missing", [.shape] + config, bucketCreate { $0["category"] = nil }),
                ]),
            RulesCaseGroup(
                "bucket_list.write.content_encrypted",
                [
                    allow("enc:v1 title", [.realWireValue] + config, .create(P.bucketItem(), alice, bucket)),
                    allow(
                        "Plaintext title for an encryptionVersion 0 couple", [.legacyCouple] + config,
                        bucketCreate({ $0["title"] = .string("Northern lights") }, couple: F.legacyCoupleID, as: carol)
                            .with(legacy)),
                    deny(
                        "Plaintext title for a STRICT couple", [.plaintext] + config,
                        bucketCreate { $0["title"] = .string("Northern lights") }),
                    deny("Title a number", [.shape] + config, bucketCreate { $0["title"] = .number(42) }),
                ]),
            RulesCaseGroup(
                "bucket_list.create.added_by_caller",
                [
                    allow("addedByUserId is the caller", [.realWireValue], .create(P.bucketItem(), alice, bucket)),
                    deny(
                        "Item added in the partner's name", [.wrongPrincipal],
                        bucketCreate { $0["addedByUserId"] = .string(bob) }),
                    deny("addedByUserId missing", [.shape], bucketCreate { $0["addedByUserId"] = nil }),
                ]),
        ]
    }

    /// gentle_reminders.
    private var gentleReminderGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let gentle = P.gentleReminderDoc
        return [
            RulesCaseGroup(
                "gentle_reminders.read.members_only",
                [
                    allow("Partner sees today's reminder lock", [], .get(P.gentleReminder, bob, existing: gentle)),
                    deny(
                        "Outsider reads the lock", [.wrongPrincipal], .get(P.gentleReminder, mallory, existing: gentle)),
                    deny(
                        "Outsider queries the locks", [.wrongPrincipal, .query],
                        .list("couples/couple-1/gentle_reminders", mallory)),
                ]),
            RulesCaseGroup(
                "gentle_reminders.write.server_only",
                [
                    allow("Member reads the lock", [], .get(P.gentleReminder, alice, existing: gentle)),
                    deny("Client takes the daily lock", [.serverOnly], .create(P.gentleReminder, alice, gentle)),
                    deny(
                        "Client clears the lock to nudge again", [.serverOnly],
                        .delete(P.gentleReminder, alice, existing: gentle)),
                ]),
        ]
    }

    /// date_swipes with alice's entry only, and with both partners'.
    fileprivate var swipedByAlice: Doc { Self.swipeDoc([RulesFixture.alice: Self.swipeEntry(encLove)]) }
    fileprivate var swipedByBoth: Doc {
        Self.swipeDoc([RulesFixture.alice: Self.swipeEntry(encLove), RulesFixture.bob: Self.swipeEntry(encMaybeBob)])
    }

    /// `who` (alice) creates the date_swipes document with `entries`.
    fileprivate func swipeCreate(_ entries: [String: JSONValue], as who: String = RulesFixture.alice)
        -> RulesCaseRequest
    {
        .create(Self.swipe(), who, Self.swipeDoc(entries))
    }
}
