// The members of a `friend_chats/{chatId}` document that refer to its participants:
// `participant_ids`, `last_message`, `typing_status`. Normative: specs/profiles/fitlink/documents.md
// §"friend_chats".

import CoreWire

package enum FitLinkChatDocument {
    /// Exactly two user ids.
    package static let participantIDs: FitLinkField.Check = { v, path throws(CloserError) in
        guard case .array(let items) = v else { throw CloserError(.fitLinkWrongType, "\(path) must be an array") }
        guard items.count == 2 else { throw CloserError(.fitLinkOutOfRange, "\(path) has exactly 2 user ids") }
        for (i, item) in items.enumerated() { try FitLinkCheck.userID(item, "\(path)[\(i)]") }
    }

    /// `{sender_id, timestamp, type, encrypted_preview}`, all required.
    package static let lastMessage: FitLinkField.Check = { v, path throws(CloserError) in
        _ = try FitLinkCheck.object(
            [
                .required("sender_id", FitLinkCheck.userID), .required("timestamp", FitLinkCheck.instant),
                .required("type", FitLinkCheck.enumeration(FitLinkDocument.messageTypes)),
                .required(
                    "encrypted_preview",
                    FitLinkCheck.b64(minimum: FitLinkDocument.previewMinimum, short: .aesGCMTooShort)),
            ], v, path)
    }

    /// `{userId: instant}`.
    package static let typingStatus: FitLinkField.Check = { v, path throws(CloserError) in
        guard case .object(let m) = v else { throw CloserError(.fitLinkWrongType, "\(path) must be an object") }
        for key in m.keys.sorted() {
            try FitLinkChatID.checkUserID(key)
            try FitLinkCheck.instant(m[key]!, "\(path).\(key)")
        }
    }

    /// After every member: the participants are the chat id's two users (either order), and
    /// `last_message.sender_id` and every `typing_status` key is one of them.
    package static func checkParticipants(_ members: [String: JSONValue]) throws(CloserError) {
        guard let id = try? FitLinkChatID(parsing: members["id"]?.stringValue ?? ""),
            case .array(let items)? = members["participant_ids"]
        else { return }
        let users = Set([id.lower, id.higher])
        guard Set(items.compactMap(\.stringValue)) == users else {
            throw CloserError(.fitLinkNotAParticipant, "participant_ids are the chat id's two users")
        }
        if let sender = members["last_message"]?["sender_id"]?.stringValue, !users.contains(sender) {
            throw CloserError(.fitLinkNotAParticipant, "last_message.sender_id is a participant")
        }
        if case .object(let typing)? = members["typing_status"],
            let other = typing.keys.sorted().first(where: { !users.contains($0) })
        {
            throw CloserError(
                .fitLinkNotAParticipant, "typing_status.\(CloserError.quoted(other)) is not a participant")
        }
    }
}
