// Rules vector cases: releaseKeys (answers and thread messages), threads, thread messages.
// Normative: specs/rules.md.

import CloserVectorModel
import CloserRules
import CloserWire

private typealias F = RulesFixture
private typealias P = RulesVectorFixtures

extension RulesVectorFixtures {
    var threadGroups: [RulesCaseGroup] {
        releaseKeyGroups + threadDocGroups + threadMessageAccessGroups + threadMessageSealedGroups
    }

    /// release_keys: the keybox:v1 docs a sender writes for the recipient.
    private var releaseKeyGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let box = P.releaseKeyDoc(keyboxAliceToBob)
        let boxBody = String(keyboxAliceToBob.dropFirst("keybox:v1:".count))
        func key(_ value: String, as who: String = alice, path: String = P.releaseKey(alice, bob)) -> RulesCaseRequest {
            .create(path, who, P.releaseKeyDoc(value))
        }
        return [
            RulesCaseGroup(
                "release_keys.read.recipient_only",
                [
                    allow(
                        "Named recipient reads their keybox", [.realWireValue],
                        .get(P.releaseKey(alice, bob), bob, existing: box)),
                    allow(
                        "Named recipient reads a thread keybox", [.realWireValue, .inferred],
                        .get(P.threadReleaseKey(alice, bob), bob, existing: P.releaseKeyDoc(keyboxThreadAliceToBob))),
                    deny(
                        "The sender reads back the keybox", [.wrongPrincipal],
                        .get(P.releaseKey(alice, bob), alice, existing: box)),
                    deny(
                        "Outsider reads a keybox", [.wrongPrincipal],
                        .get(P.releaseKey(alice, bob), mallory, existing: box)),
                    deny(
                        "Query over releaseKeys cannot bind {recipientId}", [.wrongPrincipal, .query],
                        .list(P.answer(alice) + "/releaseKeys", bob)),
                ]),
            RulesCaseGroup(
                "release_keys.create.sender_is_owner",
                [
                    allow("Author releases their one-time key to the partner", [.realWireValue], key(keyboxAliceToBob)),
                    allow(
                        "Author releases a thread message key; the keybox context uses the thread's questionId, not the threadId (keybox-v1.md)",
                        [.realWireValue, .inferred],
                        key(keyboxThreadAliceToBob, path: P.threadReleaseKey(alice, bob))),
                    deny(
                        "Partner forges a keybox under the author's answer", [.wrongPrincipal],
                        key(keyboxAliceToBob, as: bob)),
                    deny(
                        "Outsider writes a keybox under their own planted answer path", [.wrongPrincipal],
                        key(keyboxAliceToBob, as: mallory, path: P.releaseKey(mallory, bob))),
                ]),
            RulesCaseGroup(
                "release_keys.create.recipient_is_partner",
                [
                    allow("Recipient is the partner", [.realWireValue], key(keyboxAliceToBob)),
                    deny(
                        "Keybox addressed to the author themself", [.wrongPrincipal],
                        key(keyboxAliceToBob, path: P.releaseKey(alice, alice))),
                    deny(
                        "Keybox addressed to an outsider", [.wrongPrincipal],
                        key(keyboxAliceToBob, path: P.releaseKey(alice, mallory))),
                ]),
            RulesCaseGroup(
                "release_keys.create.keybox",
                [
                    allow("Real keybox:v1 (ECIES P-256 to bob's pub:v1 key)", [.realWireValue], key(keyboxAliceToBob)),
                    allow(
                        "120 characters: regex minimum, shorter than any real keybox", [.rulesAcceptWireRejects],
                        key("keybox:v1:" + String(boxBody.prefix(120)))),
                    deny(
                        "Raw one-time key in hex", [.plaintext],
                        key(Hex.encode(RulesVectorValues.random("raw-one-time-key").bytes(32)))),
                    deny("119 characters", [.malformedWireValue], key("keybox:v1:" + String(boxBody.prefix(119)))),
                    deny("sealed:v1 value where keybox:v1 is required", [.wrongPrefix], key(sealedAlice.value)),
                    deny("Padded body", [.malformedWireValue], key("keybox:v1:" + String(boxBody.prefix(160)) + "==")),
                ]),
            RulesCaseGroup(
                "release_keys.create_only",
                [
                    allow("Create", [.realWireValue], key(keyboxAliceToBob)),
                    deny(
                        "Author swaps the keybox after release", [.immutability],
                        .update(P.releaseKey(alice, bob), alice, from: box, to: P.releaseKeyDoc(keyboxThreadAliceToBob))
                    ),
                    deny(
                        "Author deletes the keybox", [.immutability],
                        .delete(P.releaseKey(alice, bob), alice, existing: box)),
                ]),
        ]
    }

    /// threads/{threadId} documents.
    private var threadDocGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let thread = P.threadDoc(by: alice)
        return [
            RulesCaseGroup(
                "threads.read.members_only",
                [
                    allow("Member reads a thread", [], .get(P.thread, bob, existing: thread)),
                    deny("Outsider reads a thread", [.wrongPrincipal], .get(P.thread, mallory, existing: thread)),
                    deny(
                        "Outsider queries threads", [.wrongPrincipal, .query],
                        .list("couples/couple-1/threads", mallory)),
                ]),
            RulesCaseGroup(
                "threads.create.member_author",
                [
                    allow("Member starts a thread as themself", [], .create(P.thread, alice, thread)),
                    deny(
                        "Member starts a thread in the partner's name", [.wrongPrincipal],
                        .create(P.thread, alice, P.threadDoc(by: bob))),
                    deny(
                        "Outsider starts a thread", [.wrongPrincipal],
                        .create(P.thread, mallory, P.threadDoc(by: mallory))),
                ]),
            RulesCaseGroup(
                "threads.update_delete.denied",
                [
                    allow("Member reads a thread", [], .get(P.thread, alice, existing: thread)),
                    deny(
                        "Member changes the thread's question", [.immutability],
                        .update(
                            P.thread, alice, from: thread, to: thread.merging(["questionId": .string("q_0099")]) { $1 })
                    ),
                    deny("Member deletes a thread", [.immutability], .delete(P.thread, bob, existing: thread)),
                ]),
        ]
    }

    /// thread messages: access and path bindings.
    private var threadMessageAccessGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let message = threadMessageDoc(alice)
        return [
            RulesCaseGroup(
                "thread_messages.read.members_only",
                [
                    allow(
                        "Partner reads the sealed message (ciphertext only)", [.realWireValue],
                        .get(P.threadMessage(alice), bob, existing: message)),
                    deny(
                        "Outsider reads it", [.wrongPrincipal], .get(P.threadMessage(alice), mallory, existing: message)
                    ),
                    deny(
                        "Outsider queries messages", [.wrongPrincipal, .query], .list(P.thread + "/messages", mallory)),
                ]),
            RulesCaseGroup(
                "thread_messages.write.owner_member",
                [
                    allow(
                        "Author writes their sealed message", [.realWireValue],
                        .create(P.threadMessage(alice), alice, message)),
                    deny(
                        "Partner writes the author's message", [.wrongPrincipal],
                        .create(P.threadMessage(alice), bob, message)),
                    deny(
                        "Outsider writes a message", [.wrongPrincipal],
                        threadMessageCreate(
                            { $0["userId"] = .string(mallory) }, as: mallory, path: P.threadMessage(mallory))),
                ]),
            RulesCaseGroup(
                "thread_messages.create.schema_version",
                [
                    allow("schemaVersion 3", [.realWireValue], .create(P.threadMessage(alice), alice, message)),
                    deny(
                        "schemaVersion 2 on a thread message", [.shape],
                        threadMessageCreate { $0["schemaVersion"] = .number(2) }),
                    deny("schemaVersion missing", [.shape], threadMessageCreate { $0["schemaVersion"] = nil }),
                ]),
            RulesCaseGroup(
                "thread_messages.create.user_id_matches_path",
                [
                    allow("userId equals {userId}", [], .create(P.threadMessage(alice), alice, message)),
                    deny("userId names the partner", [.shape], threadMessageCreate { $0["userId"] = .string(bob) }),
                    deny("userId missing", [.shape], threadMessageCreate { $0["userId"] = nil }),
                ]),
        ]
    }

    /// thread messages: the sealed shape, commitment, release flag, no deletes.
    private var threadMessageSealedGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let message = threadMessageDoc(alice)
        func msgUpdate(_ who: String = alice, _ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = message
            edit(&d)
            return .update(P.threadMessage(alice), who, from: message, to: d)
        }
        let commitment = sealedThreadAlice.commitment.string
        return [
            RulesCaseGroup(
                "thread_messages.create.sealed_shape",
                [
                    allow(
                        "Sealed thread shape; the sealed:v1 AAD and payload use the thread's questionId (q_thread_0007), not the threadId (sealed-v1.md §Thread messages)",
                        [.realWireValue], .create(P.threadMessage(alice), alice, message)),
                    deny(
                        "answerDate on a thread message", [.shape],
                        threadMessageCreate { $0["answerDate"] = .string(F.date) }),
                    deny(
                        "isRevealed on a thread message", [.shape],
                        threadMessageCreate { $0["isRevealed"] = .bool(false) }),
                ]),
            RulesCaseGroup(
                "thread_messages.create.sealed_payload",
                [
                    allow("Real sealed:v1", [.realWireValue], .create(P.threadMessage(alice), alice, message)),
                    allow(
                        "80 b64url characters that decode to a non-Tink body", [.rulesAcceptWireRejects],
                        threadMessageCreate {
                            $0["encryptedPayload"] = .string("sealed:v1:" + String(repeating: "A", count: 80))
                        }),
                    deny(
                        "enc:v1 value (company-proof, not partner-proof)", [.wrongPrefix, .realWireValue],
                        threadMessageCreate { $0["encryptedPayload"] = .string(self.encAnswerAlice) }),
                    deny(
                        "Plaintext", [.plaintext],
                        threadMessageCreate { $0["encryptedPayload"] = .string("I would pick the mountains.") }),
                ]),
            RulesCaseGroup(
                "thread_messages.create.commitment_hash",
                [
                    allow("Real sha256 commitment", [.realWireValue], .create(P.threadMessage(alice), alice, message)),
                    allow(
                        "Non-canonical last character", [.rulesAcceptWireRejects],
                        threadMessageCreate {
                            $0["commitmentHash"] = .string(RulesVectorValues.nonCanonical(commitment: commitment))
                        }),
                    deny(
                        "44 characters", [.malformedWireValue],
                        threadMessageCreate { $0["commitmentHash"] = .string(commitment + "A") }
                    ),
                    deny("commitmentHash missing", [.shape], threadMessageCreate { $0["commitmentHash"] = nil }),
                ]),
            RulesCaseGroup(
                "thread_messages.update.release_flag_only",
                [
                    allow(
                        "Author marks the key released", [],
                        msgUpdate {
                            $0["answerKeyReleased"] = .bool(true)
                            $0["updatedAt"] = P.t2
                        }),
                    deny(
                        "Author swaps the sealed payload", [.immutability, .realWireValue],
                        msgUpdate { $0["encryptedPayload"] = .string(self.sealedAliceResealed.value) }),
                    deny("Author adds isRevealed", [.immutability], msgUpdate { $0["isRevealed"] = .bool(true) }),
                ]),
            RulesCaseGroup(
                "thread_messages.delete.denied",
                [
                    allow("Author reads their message", [], .get(P.threadMessage(alice), alice, existing: message)),
                    deny(
                        "Author deletes their message", [.immutability],
                        .delete(P.threadMessage(alice), alice, existing: message)),
                    deny(
                        "Partner deletes the author's message", [.wrongPrincipal],
                        .delete(P.threadMessage(alice), bob, existing: message)),
                ]),
        ]
    }

    /// `who` (alice) creates alice's thread message at `path`, edited.
    fileprivate func threadMessageCreate(
        _ edit: (inout Doc) -> Void, as who: String = RulesFixture.alice,
        path: String = RulesVectorFixtures.threadMessage(RulesFixture.alice)
    ) -> RulesCaseRequest {
        var d = threadMessageDoc(RulesFixture.alice)
        edit(&d)
        return .create(path, who, d)
    }
}
