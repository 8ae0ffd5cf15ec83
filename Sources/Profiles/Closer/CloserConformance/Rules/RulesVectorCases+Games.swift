// Rules vector cases: game sessions and the server-only top-level collections.
// Normative: specs/rules.md.

import CloserVectorModel
import CloserRules
import CloserWire

private typealias F = RulesFixture
private typealias P = RulesVectorFixtures

extension RulesVectorFixtures {
    var gameAndServerGroups: [RulesCaseGroup] {
        let alice = F.alice, bob = F.bob, mallory = F.mallory
        let started = gameDoc([alice: .string(encGameAlice)])
        let both = gameDoc([alice: .string(encGameAlice), bob: .string(encGameBob)])
        func game(_ answers: [String: JSONValue], as who: String = alice, type: String = "this_or_that")
            -> RulesCaseRequest
        {
            .create(P.game(type), who, gameDoc(answers))
        }
        func gameUpdate(_ who: String, from: Doc, _ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = from
            edit(&d)
            return .update(P.game(), who, from: from, to: d)
        }
        let event: Doc = [
            "userId": .string(alice), "type": .string("INITIAL_PURCHASE"), "source": .string("revenuecat"),
            "processedAt": P.t0,
        ]
        let question: Doc = [
            "text": .string("What is a memory you replay?"), "categoryId": .string("memories"), "active": .bool(true),
            "isPremium": .bool(false),
        ]
        let counter: Doc = ["windowStart": P.t0, "count": .number(5)]
        return [
            RulesCaseGroup(
                "games.members_only",
                [
                    allow(
                        "Member starts This or That with their encrypted pick", [.realWireValue],
                        .create(P.game(), alice, started)),
                    allow(
                        "Partner reads a wheel session", [.realWireValue], .get(P.game("wheel"), bob, existing: started)
                    ),
                    deny(
                        "Outsider reads a session", [.wrongPrincipal],
                        .get(P.game("how_well"), mallory, existing: started)),
                    deny(
                        "Outsider starts a session", [.wrongPrincipal],
                        game([mallory: .string(encGameAlice)], as: mallory, type: "desire_sync")),
                ]),
            RulesCaseGroup(
                "games.answers.ciphertext",
                [
                    allow("Real enc:v1 answer", [.realWireValue], .create(P.game(), alice, started)),
                    allow(
                        "Partner adds their encrypted answer", [.realWireValue],
                        .update(P.game(), bob, from: started, to: both)),
                    allow("enc:v1:AAAA answer", [.rulesAcceptWireRejects], game([alice: .string("enc:v1:AAAA")])),
                    deny("Plaintext answer", [.plaintext], game([alice: .string("A")])),
                    deny(
                        "answers as a string", [.shape],
                        gameUpdate(alice, from: started) { $0["answers"] = .string(self.encGameAlice) }),
                    deny(
                        "sealed:v1 answer", [.wrongPrefix, .realWireValue], game([alice: .string(sealedAlice.value)])),
                ]),
            RulesCaseGroup(
                "games.answers.own_slot_only",
                [
                    allow(
                        "Partner fills their own slot", [.realWireValue],
                        .update(P.game(), bob, from: started, to: both)),
                    deny(
                        "Alice fills Bob's slot", [.wrongPrincipal],
                        gameUpdate(alice, from: started) {
                            $0["answers"] = .object([alice: .string(self.encGameAlice), bob: .string(self.encGameBob)])
                        }),
                    deny(
                        "Alice clears Bob's slot", [.wrongPrincipal], .update(P.game(), alice, from: both, to: started)),
                ]),
            RulesCaseGroup(
                "games.notification_claims.server_only",
                [
                    allow(
                        "Member finishes the session (status only)", [],
                        gameUpdate(bob, from: both) { $0["status"] = .string("completed") }),
                    deny(
                        "Client claims the start push (suppressing it)", [.serverOnly],
                        gameUpdate(alice, from: started) { $0["notificationsSent"] = J.map(["start": .bool(true)]) }),
                    deny(
                        "Client claims partFinishNotifiedAt", [.serverOnly],
                        gameUpdate(alice, from: started) { $0["partFinishNotifiedAt"] = P.t2 }),
                ]),
            RulesCaseGroup(
                "games.delete.denied",
                [
                    allow("Member reads a session", [], .get(P.game(), alice, existing: both)),
                    deny("Member deletes a session", [.immutability], .delete(P.game(), alice, existing: both)),
                    deny(
                        "Partner deletes a How Well session", [.immutability],
                        .delete(P.game("how_well"), bob, existing: both)),
                ]),
            RulesCaseGroup(
                "entitlement_events.no_client_access",
                [
                    allow(
                        "The entitlement itself stays readable by its owner", [],
                        .get(P.entitlement(alice), alice, existing: P.premiumDoc)),
                    deny(
                        "Client reads an idempotency marker", [.serverOnly],
                        .get("entitlement_events/evt-1", alice, existing: event)),
                    deny(
                        "Client writes a marker (replaying a purchase)", [.serverOnly],
                        .create("entitlement_events/evt-2", alice, event)),
                    deny("Client queries markers", [.serverOnly, .query], .list("entitlement_events", alice)),
                ]),
            RulesCaseGroup(
                "questions.no_client_access",
                [
                    allow(
                        "The date-idea catalogue is the client-readable one", [],
                        .get(P.dateIdea, alice, existing: P.dateIdeaDoc)),
                    deny(
                        "Client reads a question", [.serverOnly],
                        .get("questions/\(F.questionID)", alice, existing: question)),
                    deny("Client queries questions", [.serverOnly, .query], .list("questions", alice)),
                ]),
            RulesCaseGroup(
                "rate_limits.no_client_access",
                [
                    allow(
                        "The per-couple reminder lock is readable", [],
                        .get(P.gentleReminder, alice, existing: P.gentleReminderDoc)),
                    deny(
                        "Client reads its counter", [.serverOnly],
                        .get("rate_limits/alice_gentle_reminder", alice, existing: counter)),
                    deny(
                        "Client resets its counter", [.serverOnly],
                        .update(
                            "rate_limits/alice_gentle_reminder", alice, from: counter,
                            to: counter.merging(["count": .number(0)]) { $1 })),
                ]),
        ]
    }

    /// Every group, in catalogue order.
    var allGroups: [RulesCaseGroup] {
        globalAndUserGroups + coupleGroups + answerGroups + threadGroups + conversationGroups + dateGroups
            + gameAndServerGroups + migrationGroups
    }
}
