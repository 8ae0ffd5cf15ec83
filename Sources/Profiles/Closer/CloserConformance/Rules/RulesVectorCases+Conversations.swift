// Rules vector cases: conversations and their messages.
// Normative: specs/rules.md.

import CloserVectorModel
import CloserRules
import CloserWire

private typealias F = RulesFixture
private typealias P = RulesVectorFixtures

extension RulesVectorFixtures {
    var conversationGroups: [RulesCaseGroup] {
        conversationDocGroups + messageCreateGroups + messageUpdateGroups
    }

    /// conversations/{conversationId} documents.
    private var conversationDocGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let conv = conversationDoc()
        func convCreate(_ edit: (inout Doc) -> Void, as who: String = alice) -> RulesCaseRequest {
            var d = conversationDoc()
            edit(&d)
            return .create(P.conversation, who, d)
        }
        func convUpdate(_ who: String, _ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = conv
            edit(&d)
            return .update(P.conversation, who, from: conv, to: d)
        }
        return [
            RulesCaseGroup(
                "conversations.members_only",
                [
                    allow(
                        "Member opens the couple conversation", [.realWireValue], .create(P.conversation, alice, conv)),
                    allow("Member queries conversations", [.query], .list("couples/couple-1/conversations", bob)),
                    deny(
                        "Outsider reads a conversation", [.wrongPrincipal],
                        .get(P.conversation, mallory, existing: conv)),
                    deny("Outsider creates a conversation", [.wrongPrincipal], .create(P.conversation, mallory, conv)),
                ]),
            RulesCaseGroup(
                "conversations.write.type",
                [
                    allow("type couple", [.realWireValue], .create(P.conversation, alice, conv)),
                    allow(
                        "type thread with its questionId", [],
                        convCreate {
                            $0["type"] = .string("thread")
                            $0["questionId"] = .string(F.threadQuestionID)
                        }),
                    deny("type group", [.shape], convCreate { $0["type"] = .string("group") }),
                    deny("type missing", [.shape], convCreate { $0["type"] = nil }),
                ]),
            RulesCaseGroup(
                "conversations.write.preview_ciphertext",
                [
                    allow("Preview null (no message yet)", [], convCreate { $0["lastMessagePreview"] = .null }),
                    allow("Real enc:v1 preview", [.realWireValue], .create(P.conversation, alice, conv)),
                    allow(
                        "enc:v1:AAAA preview", [.rulesAcceptWireRejects],
                        convCreate { $0["lastMessagePreview"] = .string("enc:v1:AAAA") }),
                    deny(
                        "Plaintext preview (the server could read it)", [.plaintext],
                        convUpdate(alice) { $0["lastMessagePreview"] = .string("See you at 8") }),
                    deny(
                        "sealed:v1 preview", [.wrongPrefix, .realWireValue],
                        convCreate { $0["lastMessagePreview"] = .string(self.sealedAlice.value) }),
                ]),
            RulesCaseGroup(
                "conversations.update.own_read_and_typing_marks",
                [
                    allow(
                        "Alice moves her read mark", [],
                        convUpdate(alice) { $0["reads"] = J.map([alice: P.t2, bob: P.t0]) }),
                    allow("Bob moves his typing mark", [], convUpdate(bob) { $0["typing"] = J.map([bob: P.t2]) }),
                    deny(
                        "Alice marks Bob as having read", [.wrongPrincipal],
                        convUpdate(alice) { $0["reads"] = J.map([alice: P.t1, bob: P.t2]) }),
                    deny(
                        "Alice clears Bob's typing mark", [.wrongPrincipal],
                        convUpdate(alice) { $0["typing"] = J.map([:]) }),
                ]),
            RulesCaseGroup(
                "conversations.delete.denied",
                [
                    allow("Member reads", [], .get(P.conversation, alice, existing: conv)),
                    deny(
                        "Member deletes the conversation", [.immutability],
                        .delete(P.conversation, alice, existing: conv)),
                    deny(
                        "Partner deletes the conversation", [.immutability],
                        .delete(P.conversation, bob, existing: conv)),
                ]),
        ]
    }

    /// conversation messages: access and create shape.
    private var messageCreateGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let msg = messageDoc(by: alice)
        let image: (inout Doc) -> Void = {
            $0["type"] = .string("image")
            $0["text"] = nil
            $0["mediaUrl"] = .string("gs://closer/couples/couple-1/media/m-1.bin")
        }
        return [
            RulesCaseGroup(
                "messages.members_only",
                [
                    allow("Partner reads a message", [.realWireValue], .get(P.message(), bob, existing: msg)),
                    allow("Author sends a message", [.realWireValue], .create(P.message(), alice, msg)),
                    deny("Outsider reads a message", [.wrongPrincipal], .get(P.message(), mallory, existing: msg)),
                    deny(
                        "Outsider queries messages", [.wrongPrincipal, .query],
                        .list(P.conversation + "/messages", mallory)),
                ]),
            RulesCaseGroup(
                "messages.create.author_is_caller",
                [
                    allow("authorUserId is the caller", [.realWireValue], .create(P.message(), alice, msg)),
                    deny(
                        "Message sent in the partner's name", [.wrongPrincipal],
                        messageCreate { $0["authorUserId"] = .string(bob) }),
                    deny("authorUserId missing", [.shape], messageCreate { $0["authorUserId"] = nil }),
                ]),
            RulesCaseGroup(
                "messages.write.type",
                [
                    allow("type text", [.realWireValue], .create(P.message(), alice, msg)),
                    allow("type image", [], messageCreate(image)),
                    deny("type sticker", [.shape], messageCreate { $0["type"] = .string("sticker") }),
                    deny("type missing", [.shape], messageCreate { $0["type"] = nil }),
                ]),
            RulesCaseGroup(
                "messages.write.text_ciphertext",
                [
                    allow("Text message with real enc:v1", [.realWireValue], .create(P.message(), alice, msg)),
                    allow("Image message without text", [], messageCreate(image)),
                    allow(
                        "enc:v1:AAB= text", [.rulesAcceptWireRejects],
                        messageCreate { $0["text"] = .string("enc:v1:AAB=") }
                    ),
                    deny("Plaintext text", [.plaintext], messageCreate { $0["text"] = .string("See you at 8") }),
                    deny("Text message without text", [.shape], messageCreate { $0["text"] = nil }),
                    deny("Text message with text null", [.shape], messageCreate { $0["text"] = .null }),
                    deny(
                        "Image with a plaintext caption in text", [.plaintext],
                        messageCreate {
                            image(&$0)
                            $0["text"] = .string("look at this")
                        }),
                ]),
        ]
    }

    /// conversation messages: reactions, deletion flag, no deletes.
    private var messageUpdateGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let msg = messageDoc(by: alice)
        func msgUpdate(_ who: String, _ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = msg
            edit(&d)
            return .update(P.message(), who, from: msg, to: d)
        }
        return [
            RulesCaseGroup(
                "messages.reactions.own_only",
                [
                    allow("Partner reacts", [], msgUpdate(bob) { $0["reactions"] = J.map([bob: .string("❤️")]) }),
                    allow("Author sends with no reactions", [.realWireValue], .create(P.message(), alice, msg)),
                    deny(
                        "Partner sets the author's reaction", [.wrongPrincipal],
                        msgUpdate(bob) { $0["reactions"] = J.map([alice: .string("👍")]) }),
                    deny(
                        "Author sends with a reaction in the partner's name", [.wrongPrincipal],
                        messageCreate { $0["reactions"] = J.map([bob: .string("❤️")]) }),
                    deny("reactions as a list", [.shape], msgUpdate(bob) { $0["reactions"] = J.list(["❤️"]) }),
                ]),
            RulesCaseGroup(
                "messages.update.deleted_author_only",
                [
                    allow("Author unsends", [], msgUpdate(alice) { $0["deleted"] = .bool(true) }),
                    deny(
                        "Partner unsends the author's message", [.wrongPrincipal],
                        msgUpdate(bob) { $0["deleted"] = .bool(true) }),
                    deny("deleted as a string", [.shape], msgUpdate(alice) { $0["deleted"] = .string("yes") }),
                ]),
            RulesCaseGroup(
                "messages.update.reactions_or_deleted_only",
                [
                    allow("Partner reacts", [], msgUpdate(bob) { $0["reactions"] = J.map([bob: .string("❤️")]) }),
                    deny(
                        "Author edits the text", [.immutability, .realWireValue],
                        msgUpdate(alice) { $0["text"] = .string(self.encMessageEdited) }),
                    deny(
                        "Partner claims authorship", [.immutability],
                        msgUpdate(bob) { $0["authorUserId"] = .string(bob) }),
                ]),
            RulesCaseGroup(
                "messages.delete.denied",
                [
                    allow(
                        "Author unsends with the tombstone instead", [],
                        msgUpdate(alice) { $0["deleted"] = .bool(true) }),
                    deny("Author hard-deletes", [.immutability], .delete(P.message(), alice, existing: msg)),
                    deny("Partner hard-deletes", [.wrongPrincipal], .delete(P.message(), bob, existing: msg)),
                ]),
        ]
    }

    /// `who` (alice) creates alice's conversation message, edited.
    fileprivate func messageCreate(_ edit: (inout Doc) -> Void, as who: String = RulesFixture.alice)
        -> RulesCaseRequest
    {
        var d = messageDoc(by: RulesFixture.alice)
        edit(&d)
        return .create(Self.message(), who, d)
    }
}
