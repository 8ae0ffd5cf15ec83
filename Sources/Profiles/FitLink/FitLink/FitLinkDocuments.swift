// FitLink's Firestore documents as checks: `friend_chats/{chatId}`, its `friend_messages`, and
// `user_keys/{uid}`. Normative: specs/profiles/fitlink/documents.md (each member's source
// section and basis).

import CoreWire

package enum FitLinkDocument: String, Sendable, CaseIterable {
    case friendMessage = "friend_message"
    case friendChat = "friend_chat"
    case userKey = "user_key"

    package static let messageTypes = ["text", "image", "file", "voice", "diet_plan", "workout_plan", "challenge"]
    package static let statuses = ["sending", "sent", "delivered", "read"]
    /// `encrypted_preview`: b64(nonce ‖ ciphertext ‖ tag), at least 12 + 16 bytes (decided).
    package static let previewMinimum = FitLinkProfile.nonceLength + FitLinkProfile.tagLength

    /// Checks a document of `kind`; returns its member names, sorted.
    package static func validate(_ kind: String, _ body: JSONValue) throws(CloserError) -> [String] {
        guard let doc = Self(rawValue: kind) else {
            throw CloserError(
                .fitLinkUnknownDocument, "document is one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let members: [String: JSONValue]
        switch doc {
        case .friendMessage:
            members = try FitLinkCheck.object(messageFields, body, "")
            if let payload = members["payload"] { try FitLinkPayload.check(payload, type: members["type"]) }
        case .friendChat:
            members = try FitLinkCheck.object(chatFields, body, "")
            try FitLinkChatDocument.checkParticipants(members)
        case .userKey:
            members = try FitLinkCheck.object(userKeyFields, body, "")
        }
        return members.keys.sorted()
    }

    /// The member names the kind declares (required and optional).
    package var memberNames: [String] {
        switch self {
        case .friendMessage: Self.messageFields.map(\.name)
        case .friendChat: Self.chatFields.map(\.name)
        case .userKey: Self.userKeyFields.map(\.name)
        }
    }

    static let messageFields: [FitLinkField] = [
        .required("id", FitLinkCheck.uuid), .required("sender_id", FitLinkCheck.userID),
        .required("type", FitLinkCheck.enumeration(messageTypes)),
        .required("encrypted_content", FitLinkCheck.b64(minimum: FitLinkProfile.tagLength, short: .aesGCMTooShort)),
        .required("iv", FitLinkCheck.b64(exact: FitLinkProfile.nonceLength, short: .aesGCMInvalidIV)),
        .optional("payload", FitLinkCheck.isObject),
        .required("status", FitLinkCheck.enumeration(statuses)), .optional("reply_to", FitLinkCheck.uuid),
    ]

    static let chatFields: [FitLinkField] = [
        .required(
            "id", { v, path throws(CloserError) in _ = try FitLinkChatID(parsing: try FitLinkCheck.string(v, path)) }),
        .required("participant_ids", FitLinkChatDocument.participantIDs),
        .required("encryption_initialized", FitLinkCheck.boolean),
        .optional("last_message", FitLinkChatDocument.lastMessage),
        .optional("typing_status", FitLinkChatDocument.typingStatus),
    ]

    static let userKeyFields: [FitLinkField] = [
        .required("user_id", FitLinkCheck.userID),
        .required(
            FitLinkProfile.publicKeyField,
            FitLinkCheck.b64(exact: FitLinkProfile.keyLength, short: .x25519InvalidKeyLength)),
        .required("device_id", FitLinkCheck.text(1, 128)),
    ]
}
