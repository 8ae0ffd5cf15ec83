// Firebase Storage paths of chat media and the encrypted preview of a chat's last message.
// Normative: specs/profiles/fitlink/media.md.

import CoreWire

package enum FitLinkStorage {
    /// `chat_images/{chatId}/{imageId}.jpg`, `voice_messages/{chatId}/{messageId}.m4a` (stated, §7).
    package static let kinds: [String: (folder: String, suffix: String)] = [
        "image": ("chat_images", ".jpg"), "voice": ("voice_messages", ".m4a"),
    ]

    /// The object path of a media file: a valid chat id and a UUID (kept in the case given).
    package static func path(kind: String, chatID: String, id: String) throws(CloserError) -> String {
        guard let k = kinds[kind] else { throw CloserError(.fitLinkUnknownEnumValue, "kind is image or voice") }
        let chat = try FitLinkChatID(parsing: chatID)
        try FitLinkCheck.checkUUID(id, "id")
        return "\(k.folder)/\(chat.string)/\(id)\(k.suffix)"
    }

    /// Opens `last_message.encrypted_preview`: b64(nonce ‖ ciphertext ‖ tag) under the chat's
    /// message key (decided: CryptoKit's `SealedBox.combined`, since `last_message` has no `iv`).
    package static func openPreview(
        _ preview: String, privateKey: [UInt8], peerPublicKey: String, chatID: String
    ) throws(CloserError) -> [UInt8] {
        _ = try FitLinkChatID(parsing: chatID)
        _ = try X25519.publicKey(privateKey: privateKey)
        _ = try FitLinkChat.decodePublicKey(peerPublicKey)
        let raw = try Base64.decode(preview, .standard)
        guard raw.count >= FitLinkDocument.previewMinimum else {
            throw CloserError(.aesGCMTooShort, "encrypted_preview is \(raw.count) bytes; at least 28 needed")
        }
        let nonce = Array(raw.prefix(FitLinkProfile.nonceLength))
        let rest = Array(raw.dropFirst(FitLinkProfile.nonceLength))
        return try FitLinkChat.decrypt(
            encryptedContent: Base64.encode(rest, .standard), iv: Base64.encode(nonce, .standard),
            privateKey: privateKey, peerPublicKey: peerPublicKey, chatID: chatID, derivation: .sorted)
    }
}
