// fitlink_documents: friend_messages, friend_chats and user_keys (specs/profiles/fitlink/documents.md).

import CloserHarness
import CloserVectorModel
import CoreWire
import FitLink

extension FitLinkDocumentsSuite {
    static let msgID = "6F9619FF-8B86-4011-B42D-00C04FC964FF"
    static let ct = "AAECAwQFBgcICQoLDA0ODxAREhM="  // 20 bytes
    static let iv = "AAECAwQFBgcICQoL"  // 12 bytes
    static let message =
        #""id":"\#(msgID)","sender_id":"alice","encrypted_content":"\#(ct)","iv":"\#(iv)","status":"sent""#

    static func msg(_ type: String, _ extra: String = "") -> String {
        "{\(message),\"type\":\"\(type)\"\(extra)}"
    }

    static func messageCases() throws(CloserError) -> [VectorCase] {
        try validMessages() + invalidMessages() + messageBoundsAndOrder()
    }

    /// Payload bounds, `reply_to`, a trailing newline, and two faults at once: the first in the
    /// stated order of checks is reported (documents.md §"Order of checks").
    static func messageBoundsAndOrder() throws(CloserError) -> [VectorCase] {
        let url2048 = String(repeating: "u", count: 2048)
        return [
            try doc(
                "reply_to not a UUID", [shape], "friend_message", msg("text", #","reply_to":"m1""#), .fitLinkInvalidUUID
            ),
            try doc(
                "image_url of 2048 characters", [shape], "friend_message",
                msg("image", #","payload":{"image_url":"\#(url2048)"}"#)),
            try doc(
                "image_url of 2049 characters", [shape], "friend_message",
                msg("image", #","payload":{"image_url":"\#(url2048)u"}"#), .fitLinkOutOfRange),
            try doc(
                "image_url empty", [shape], "friend_message", msg("image", #","payload":{"image_url":""}"#),
                .fitLinkOutOfRange),
            try doc(
                "voice_duration of 86400 s", [shape], "friend_message",
                msg("voice", #","payload":{"voice_url":"u","voice_duration":86400}"#)),
            try doc(
                "voice_duration of 86401 s", [shape], "friend_message",
                msg("voice", #","payload":{"voice_url":"u","voice_duration":86401}"#), .fitLinkOutOfRange),
            try doc(
                "sender_id with a trailing newline", [shape], "friend_message",
                msg("text").replacingOccurrences(of: "\"alice\"", with: "\"alice\\n\""), .fitLinkInvalidUserID),
            try doc(
                "an unknown member and a missing one: unknown first", [shape], "friend_message",
                #"{"id":"\#(msgID)","sender_id":"alice","type":"text","encrypted_content":"\#(ct)","iv":"\#(iv)","seen":true}"#,
                .fitLinkUnknownField),
            try doc(
                "a missing member and a wrong type: missing first", [shape], "friend_message",
                #"{"id":"\#(msgID)","sender_id":1,"type":"text","encrypted_content":"\#(ct)","iv":"\#(iv)"}"#,
                .fitLinkMissingField),
            try doc(
                "a wrong type and a later value out of its list: type first", [wrongType], "friend_message",
                msg("text").replacingOccurrences(of: "\"alice\"", with: "1").replacingOccurrences(
                    of: "\"sent\"", with: "\"seen\""), .fitLinkWrongType),
            try doc(
                "a bad payload and a bad status: the members first", [enumValue], "friend_message",
                msg("text", #","payload":{"image_url":"u"}"#).replacingOccurrences(of: "\"sent\"", with: "\"seen\""),
                .fitLinkUnknownEnumValue),
        ]
    }

    static func validMessages() throws(CloserError) -> [VectorCase] {
        [
            try doc("a text message", [valid], "friend_message", msg("text")),
            try doc(
                "a text message with an empty payload and a reply", [valid], "friend_message",
                msg("text", #","payload":{},"reply_to":"6f9619ff-8b86-4011-b42d-00c04fc964fe""#)),
            try doc(
                "a voice message", [valid], "friend_message",
                msg("voice", #","payload":{"voice_url":"https://x/v.m4a","voice_duration":12.5}"#)),
            try doc(
                "an image message", [valid], "friend_message",
                msg("image", #","payload":{"image_url":"https://x/i.jpg"}"#)),
            try doc(
                "a file message", [valid], "friend_message", msg("file", #","payload":{"file_url":"https://x/f.pdf"}"#)),
            try doc(
                "a workout plan with its title", [valid], "friend_message",
                msg("workout_plan", #","payload":{"plan_id":"p1","plan_title":"Legs"}"#)),
            try doc(
                "a diet plan without title", [valid], "friend_message",
                msg("diet_plan", #","payload":{"plan_id":"p2"}"#)),
            try doc("a challenge", [valid], "friend_message", msg("challenge", #","payload":{"challenge_id":"c1"}"#)),
        ]
    }

    static func invalidMessages() throws(CloserError) -> [VectorCase] {
        [
            try doc("an unknown document kind", [shape], "friend_chat_message", msg("text"), .fitLinkUnknownDocument),
            try doc("not an object", [shape], "friend_message", "\"text\"", .fitLinkNotAnObject),
            try doc(
                "status missing", [shape], "friend_message",
                #"{"id":"\#(msgID)","sender_id":"alice","type":"text","encrypted_content":"\#(ct)","iv":"\#(iv)"}"#,
                .fitLinkMissingField),
            try doc(
                "a timestamp member (not in the document)", [shape], "friend_message", msg("text", #","timestamp":1"#),
                .fitLinkUnknownField),
            try doc("type video", [enumValue], "friend_message", msg("video"), .fitLinkUnknownEnumValue),
            try doc("type Text (case matters)", [enumValue], "friend_message", msg("Text"), .fitLinkUnknownEnumValue),
            try doc(
                "status seen", [enumValue], "friend_message",
                msg("text").replacingOccurrences(of: "\"sent\"", with: "\"seen\""), .fitLinkUnknownEnumValue),
            try doc(
                "id not a UUID", [shape], "friend_message", msg("text").replacingOccurrences(of: msgID, with: "msg-1"),
                .fitLinkInvalidUUID),
            try doc(
                "sender_id with an underscore", [shape], "friend_message",
                msg("text").replacingOccurrences(of: "alice", with: "al_ice"), .fitLinkInvalidUserID),
            try doc(
                "iv of 16 bytes", [sizes], "friend_message",
                msg("text").replacingOccurrences(of: "\"iv\":\"\(iv)\"", with: "\"iv\":\"AAECAwQFBgcICQoLDA0ODw==\""),
                .aesGCMInvalidIV),
            try doc(
                "encrypted_content of 8 bytes", [sizes], "friend_message",
                msg("text").replacingOccurrences(of: ct, with: "AAECAwQFBgc="), .aesGCMTooShort),
            try doc(
                "encrypted_content unpadded", [encoding], "friend_message",
                msg("text").replacingOccurrences(of: ct, with: "AAECAwQFBgcICQoLDA0ODxAREhM"), .b64InvalidPadding),
            try doc(
                "payload a string", [wrongType], "friend_message", msg("voice", #","payload":"https://x/v.m4a""#),
                .fitLinkWrongType),
            try doc(
                "a voice message without voice_duration", [payload], "friend_message",
                msg("voice", #","payload":{"voice_url":"https://x/v.m4a"}"#), .fitLinkInvalidPayload),
            try doc(
                "a text message with image_url", [payload], "friend_message",
                msg("text", #","payload":{"image_url":"https://x/i.jpg"}"#), .fitLinkInvalidPayload),
            try doc(
                "an image message with plan_id", [payload], "friend_message",
                msg("image", #","payload":{"image_url":"u","plan_id":"p"}"#), .fitLinkInvalidPayload),
            try doc(
                "voice_duration \"12\"", [wrongType], "friend_message",
                msg("voice", #","payload":{"voice_url":"u","voice_duration":"12"}"#), .fitLinkWrongType),
            try doc(
                "voice_duration negative", [shape], "friend_message",
                msg("voice", #","payload":{"voice_url":"u","voice_duration":-1}"#), .fitLinkOutOfRange),
        ]
    }

    static let chat = #""id":"chat_alice_bob","participant_ids":["bob","alice"],"encryption_initialized":true"#
    static let preview28 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGw=="  // 28 bytes

    static func chatCases() throws(CloserError) -> [VectorCase] {
        [
            try doc("a new chat", [valid], "friend_chat", "{\(chat)}"),
            try doc(
                "a chat with its last message and typing", [valid], "friend_chat",
                #"{\#(chat),"last_message":{"sender_id":"bob","timestamp":1764201600000,"type":"text","encrypted_preview":"\#(preview28)"},"typing_status":{"alice":1764201600500}}"#
            ),
            try doc(
                "a chat id in the wrong order", [participants], "friend_chat",
                "{\(chat.replacingOccurrences(of: "chat_alice_bob", with: "chat_bob_alice"))}", .fitLinkInvalidChatID),
            try doc(
                "three participants", [participants], "friend_chat",
                "{\(chat.replacingOccurrences(of: "[\"bob\",\"alice\"]", with: "[\"bob\",\"alice\",\"carol\"]"))}",
                .fitLinkOutOfRange),
            try doc(
                "participants not the chat id's users", [participants], "friend_chat",
                "{\(chat.replacingOccurrences(of: "\"bob\",", with: "\"carol\","))}", .fitLinkNotAParticipant),
            try doc(
                "last_message from someone else", [participants], "friend_chat",
                #"{\#(chat),"last_message":{"sender_id":"carol","timestamp":1,"type":"text","encrypted_preview":"\#(preview28)"}}"#,
                .fitLinkNotAParticipant),
            try doc(
                "typing_status of someone else", [participants], "friend_chat",
                #"{\#(chat),"typing_status":{"carol":1}}"#, .fitLinkNotAParticipant),
            try doc(
                "last_message without encrypted_preview", [shape], "friend_chat",
                #"{\#(chat),"last_message":{"sender_id":"bob","timestamp":1,"type":"text"}}"#, .fitLinkMissingField),
            try doc(
                "encrypted_preview of 27 bytes", [sizes], "friend_chat",
                #"{\#(chat),"last_message":{"sender_id":"bob","timestamp":1,"type":"text","encrypted_preview":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBka"}}"#,
                .aesGCMTooShort),
            try doc(
                "encryption_initialized \"true\"", [wrongType], "friend_chat",
                "{\(chat.replacingOccurrences(of: ":true", with: ":\"true\""))}", .fitLinkWrongType),
            try doc(
                "a timestamp of 1.5 ms", [wrongType], "friend_chat", #"{\#(chat),"typing_status":{"alice":1.5}}"#,
                .fitLinkWrongType),
        ] + (try chatEdges())
    }

    static func chatEdges() throws(CloserError) -> [VectorCase] {
        let last = #""sender_id":"bob","timestamp":1,"encrypted_preview":"\#(preview28)""#
        return [
            try doc(
                "participants alice twice", [participants], "friend_chat",
                "{\(chat.replacingOccurrences(of: "\"bob\",", with: "\"alice\","))}", .fitLinkNotAParticipant),
            try doc(
                "last_message type sticker", [enumValue], "friend_chat",
                #"{\#(chat),"last_message":{\#(last),"type":"sticker"}}"#, .fitLinkUnknownEnumValue),
            try doc(
                "last_message with a text member", [shape], "friend_chat",
                #"{\#(chat),"last_message":{\#(last),"type":"text","text":"hi"}}"#, .fitLinkUnknownField),
            try doc(
                "a typing_status key not a user id", [shape], "friend_chat",
                #"{\#(chat),"typing_status":{"al ice":1}}"#,
                .fitLinkInvalidUserID),
        ]
    }

    static func userKeyCases() throws(CloserError) -> [VectorCase] {
        let key = FitLinkChat.encodePublicKey(Array(repeating: 9, count: 32))
        return [
            try doc(
                "a user's key", [valid], "user_key",
                #"{"user_id":"alice","public_key":"\#(key)","device_id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#),
            try doc(
                "device_id missing", [shape], "user_key", #"{"user_id":"alice","public_key":"\#(key)"}"#,
                .fitLinkMissingField),
            try doc(
                "device_id empty", [shape], "user_key", #"{"user_id":"alice","public_key":"\#(key)","device_id":""}"#,
                .fitLinkOutOfRange),
            try doc(
                "a public key of 31 bytes", [sizes], "user_key",
                #"{"user_id":"alice","public_key":"\#(FitLinkChat.encodePublicKey(Array(repeating: 9, count: 31)))","device_id":"d"}"#,
                .x25519InvalidKeyLength),
            try doc(
                "device_id of 129 characters", [shape], "user_key",
                #"{"user_id":"alice","public_key":"\#(key)","device_id":"\#(String(repeating: "d", count: 129))"}"#,
                .fitLinkOutOfRange),
            try doc(
                "user_id with a trailing newline", [shape], "user_key",
                #"{"user_id":"alice\n","public_key":"\#(key)","device_id":"d"}"#, .fitLinkInvalidUserID),
            try doc(
                "a private key member", [shape], "user_key",
                #"{"user_id":"alice","public_key":"\#(key)","device_id":"d","private_key":"\#(key)"}"#,
                .fitLinkUnknownField),
        ]
    }
}
