// The fitlink_rules suite: FitLink's friends-chat firestore.rules as written, through
// rules.evaluate with profile fitlink; the holes are flagged. Normative:
// specs/profiles/fitlink/rules-gaps.md.

import CloserHarness
import CoreRules
import CloserVectorModel
import CoreWire
import FitLink

enum FitLinkRulesSuite {
    static let name = "fitlink_rules"

    static let granted = VectorFlag("Granted", .basic, .rules, "An allow statement of the rules grants the request.")
    static let denied = VectorFlag("Denied", .basic, .rules, "No allow statement grants the request.")
    static let createImpossible = VectorFlag(
        "ChatCreateImpossible", .missingStep, .rules,
        "friend_chats' write rule reads resource.data, which is null on create: no client can create a chat.")
    static let participantRewrite = VectorFlag(
        "ParticipantRewrite", .wrongBinding, .rules,
        "A participant may rewrite participant_ids (the rule checks resource, not request.resource): it can add anyone."
    )
    static let keysWorldReadable = VectorFlag(
        "PublicKeysWorldReadable", .canOfWorms, .rules, "Any signed-in user reads and lists every user's public key.")
    static let messageUpdateUndefined = VectorFlag(
        "MessageUpdateUndefined", .missingStep, .rules,
        "friend_messages has no update or delete rule: status (delivered, read) cannot be written by a client.")
    static let noValidation = VectorFlag(
        "NoFieldValidation", .canOfWorms, .rules,
        "No rule validates a field's shape: plaintext in encrypted_content or a low-order public_key is accepted.")
    static let listUnfiltered = VectorFlag(
        "UnfilteredList", .edgeCase, .rules,
        "A collection query: the engine's list is unfiltered, so resource-based rules deny it.")

    static func build() throws(CloserError) -> WireSuite {
        let c = Cases()
        return WireSuite(
            name: name, algorithm: FitLinkRuleSet.name,
            header: [
                "FitLink friends-chat firestore.rules as written (specs/profiles/fitlink/rules-gaps.md), through rules.evaluate with",
                "profile fitlink: allow, violations (invariant ids) and findings must match. Flags name the holes.",
            ],
            groups: [
                VectorGroup("FitLinkFriendChats", comment: "friend_chats/{chatId}", cases: try c.chats()),
                VectorGroup(
                    "FitLinkFriendMessages", comment: "friend_chats/{chatId}/friend_messages/{messageId}",
                    cases: try c.messages()),
                VectorGroup("FitLinkUserKeys", comment: "user_keys/{userId}", cases: try c.keys()),
                VectorGroup("FitLinkOtherPaths", comment: "deny by default", cases: try c.other()),
            ])
    }
}

extension FitLinkRulesSuite {
    /// Alice and Bob's chat, a stranger (Mallory), and one function per group of rules.evaluate tests.
    fileprivate struct Cases {
        let alice = "alice"
        let bob = "bob"
        let mallory = "mallory"
        let chatID = "chat_alice_bob"
        var chatPath: String { "friend_chats/\(chatID)" }
        var chat: JSONValue {
            .object(["participant_ids": .array([.string(alice), .string(bob)]), "encryption_initialized": .bool(true)])
        }
        let cases = RulesDecisionCase(suite: "fitlink_rules", profile: "fitlink", evaluate: FitLinkRuleSet.evaluate)
        let P = "fitlink.friend_chats.participant"
        let none = "fitlink.paths.no_matching_rule"
        var withChat: [(String, JSONValue)] { [(chatPath, chat)] }

        func message(_ sender: String) -> JSONValue {
            .object([
                "sender_id": .string(sender), "type": .string("text"),
                "encrypted_content": .string("q83vEjRWeJq83vEjRWeJq83vEjQ="), "iv": .string("AAECAwQFBgcICQoL"),
                "status": .string("sent"),
            ])
        }

        func key(_ b64: String) -> JSONValue {
            .object(["user_id": .string(alice), "public_key": .string(b64), "device_id": .string("device-1")])
        }

        /// friend_chats/{chatId}: participants, strangers, the impossible create and the participant rewrite.
        func chats() throws(CloserError) -> [VectorCase] {
            return [
                try cases.make(
                    "a participant reads the chat", [granted], uid: alice, "get", chatPath, existing: chat, allow: true),
                try cases.make(
                    "a participant updates typing_status", [granted], uid: bob, "update", chatPath,
                    data: .object([
                        "participant_ids": .array([.string(alice), .string(bob)]),
                        "encryption_initialized": .bool(true),
                        "typing_status": .object(["bob": .number(1)]),
                    ]), existing: chat, allow: true),
                try cases.make(
                    "a participant creates the chat: resource.data is null on create", [createImpossible], uid: alice,
                    "create",
                    chatPath, data: chat, allow: false, violations: [P]),
                try cases.make(
                    "a stranger creates a chat naming themselves", [createImpossible], uid: mallory, "create",
                    "friend_chats/chat_alice_mallory",
                    data: .object(["participant_ids": .array([.string(alice), .string(mallory)])]), allow: false,
                    violations: [P]),
                try cases.make(
                    "a stranger reads the chat", [denied], uid: mallory, "get", chatPath, existing: chat, allow: false,
                    violations: [P]),
                try cases.make(
                    "signed out reads the chat", [denied], uid: nil, "get", chatPath, existing: chat, allow: false,
                    violations: [P]),
                try cases.make(
                    "a participant reads a chat that does not exist", [denied], uid: alice, "get", chatPath,
                    allow: false,
                    violations: [P]),
                try cases.make(
                    "a participant lists friend_chats", [listUnfiltered], uid: alice, "list", "friend_chats",
                    allow: false,
                    violations: [P]),
                try cases.make(
                    "a participant replaces the other participant with a stranger", [participantRewrite], uid: alice,
                    "update",
                    chatPath, data: .object(["participant_ids": .array([.string(alice), .string(mallory)])]),
                    existing: chat,
                    allow: true),
                try cases.make(
                    "a participant deletes the chat", [granted], uid: bob, "delete", chatPath, existing: chat,
                    allow: true),
            ]
        }

        /// friend_chats/{chatId}/friend_messages/{messageId}: read, send, and the missing update and delete.
        func messages() throws(CloserError) -> [VectorCase] {
            let msgPath = chatPath + "/friend_messages/m1"
            let msgs = chatPath + "/friend_messages"
            return [
                try cases.make(
                    "a participant reads a message", [granted], uid: bob, "get", msgPath, existing: message(alice),
                    world: withChat, allow: true),
                try cases.make(
                    "a participant lists the messages", [granted], uid: alice, "list", msgs, world: withChat,
                    allow: true),
                try cases.make(
                    "a stranger reads a message", [denied], uid: mallory, "get", msgPath, existing: message(alice),
                    world: withChat,
                    allow: false, violations: ["fitlink.friend_messages.read"]),
                try cases.make(
                    "signed out lists the messages", [denied], uid: nil, "list", msgs, world: withChat, allow: false,
                    violations: ["fitlink.friend_messages.read"]),
                try cases.make(
                    "messages of a chat that does not exist", [denied], uid: alice, "list", msgs, allow: false,
                    violations: ["fitlink.friend_messages.read"]),
                try cases.make(
                    "a participant sends a message as themselves", [granted], uid: alice, "create", msgPath,
                    data: message(alice), world: withChat, allow: true),
                try cases.make(
                    "a participant sends a message as the other participant", [denied], uid: alice, "create", msgPath,
                    data: message(bob), world: withChat, allow: false, violations: ["fitlink.friend_messages.create"]),
                try cases.make(
                    "a stranger sends a message as themselves", [denied], uid: mallory, "create", msgPath,
                    data: message(mallory),
                    world: withChat, allow: false, violations: ["fitlink.friend_messages.create"]),
                try cases.make(
                    "a message to a chat that does not exist", [denied], uid: alice, "create", msgPath,
                    data: message(alice),
                    allow: false, violations: ["fitlink.friend_messages.create"]),
                try cases.make(
                    "a message whose encrypted_content is plaintext", [noValidation], uid: alice, "create", msgPath,
                    data: .object([
                        "sender_id": .string(alice), "type": .string("text"),
                        "encrypted_content": .string("hello bob, in clear"),
                    ]),
                    world: withChat, allow: true),
                try cases.make(
                    "the recipient marks a message read (status update)", [messageUpdateUndefined], uid: bob, "update",
                    msgPath,
                    data: .object(["sender_id": .string(alice), "status": .string("read")]), existing: message(alice),
                    world: withChat, allow: false, violations: [none]),
                try cases.make(
                    "the sender deletes their message", [messageUpdateUndefined], uid: alice, "delete", msgPath,
                    existing: message(alice),
                    world: withChat, allow: false, violations: [none]),
            ]
        }

        /// user_keys/{userId}: world-readable, written by the owner, unvalidated.
        func keys() throws(CloserError) -> [VectorCase] {
            let keyPath = "user_keys/alice"
            let pub = "L+V9o0fNYkMVKNqsX7spBzD/9oSvxM/C7ZCZX1jLO3Q="
            return [
                try cases.make(
                    "a stranger reads another user's public key", [keysWorldReadable], uid: mallory, "get", keyPath,
                    existing: key(pub), allow: true),
                try cases.make(
                    "a stranger lists every public key", [keysWorldReadable], uid: mallory, "list", "user_keys",
                    allow: true
                ),
                try cases.make(
                    "signed out reads a public key", [denied], uid: nil, "get", keyPath, existing: key(pub),
                    allow: false,
                    violations: ["fitlink.user_keys.read"]),
                try cases.make(
                    "the owner publishes their key", [granted], uid: alice, "create", keyPath, data: key(pub),
                    allow: true),
                try cases.make(
                    "the owner replaces their key", [granted], uid: alice, "update", keyPath, data: key(pub),
                    existing: key(pub), allow: true),
                try cases.make(
                    "the owner deletes their key", [granted], uid: alice, "delete", keyPath, existing: key(pub),
                    allow: true
                ),
                try cases.make(
                    "a stranger overwrites another user's key", [denied], uid: mallory, "update", keyPath,
                    data: key(pub),
                    existing: key(pub), allow: false, violations: ["fitlink.user_keys.write"]),
                try cases.make(
                    "the owner publishes a low-order point (all zero) as their key", [noValidation], uid: alice,
                    "create",
                    keyPath,
                    data: key(String(repeating: "A", count: 43) + "="), allow: true),
                try cases.make(
                    "the owner publishes a key that is not b64", [noValidation], uid: alice, "create", keyPath,
                    data: key("not a key"), allow: true),
            ]
        }

        /// Paths no match block covers: denied by default.
        func other() throws(CloserError) -> [VectorCase] {
            return [
                try cases.make(
                    "a collection no match block covers", [denied], uid: alice, "get",
                    "friend_chats/\(chatID)/typing/alice",
                    allow: false, violations: [none]),
                try cases.make(
                    "a Closer collection under the FitLink rules", [denied], uid: alice, "get", "users/alice",
                    allow: false,
                    violations: [none]),
            ]
        }
    }
}
