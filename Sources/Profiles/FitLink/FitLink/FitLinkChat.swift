// FitLink friends-chat message encryption: X25519 → HKDF-SHA256 (salt = UTF-8 of the chat id,
// info = the two raw public keys) → AES-256-GCM with a 12-byte nonce; stored as
// b64(ciphertext ‖ tag) and a separate b64 nonce. Normative: specs/profiles/fitlink/chat.md.

import CoreWire

/// Everything one side computes for a message, for vectors and diagnosis.
package struct FitLinkChatTrace: Sendable {
    package let myPublicKey: [UInt8]
    package let sharedSecret: [UInt8]
    package let salt: [UInt8]
    package let info: [UInt8]
    package let key: [UInt8]
    package let nonce: [UInt8]
    package let ciphertextWithTag: [UInt8]

    /// `encrypted_content`: standard padded b64 of ciphertext ‖ tag.
    package var encryptedContent: String { Base64.encode(ciphertextWithTag, .standard) }
    /// `iv`: standard padded b64 of the nonce.
    package var iv: String { Base64.encode(nonce, .standard) }
}

/// One user's side of a chat: their private key, the peer's public key, the chat id.
package enum FitLinkChat: Sendable {
    /// `public_key` in `user_keys/{uid}`: b64 of the raw 32 bytes.
    package static func encodePublicKey(_ raw: [UInt8]) -> String { Base64.encode(raw, .standard) }

    /// Decodes a `public_key` field: strict padded b64, exactly 32 bytes.
    package static func decodePublicKey(_ text: String) throws(CloserError) -> [UInt8] {
        let raw = try Base64.decode(text, .standard)
        guard raw.count == FitLinkProfile.keyLength else {
            throw CloserError(.x25519InvalidKeyLength, "public_key decodes to \(raw.count) bytes; 32 needed")
        }
        return raw
    }

    /// HKDF's info for one side.
    package static func info(mine: [UInt8], theirs: [UInt8], _ derivation: FitLinkDerivation) -> [UInt8] {
        switch derivation {
        case .asWritten: return mine + theirs
        case .sorted: return mine.lexicographicallyPrecedes(theirs) ? mine + theirs : theirs + mine
        }
    }

    /// The message key of one side, with every step.
    package static func derive(
        privateKey: [UInt8], peerPublicKey: [UInt8], chatID: String, _ derivation: FitLinkDerivation
    ) throws(CloserError) -> (myPublicKey: [UInt8], sharedSecret: [UInt8], salt: [UInt8], info: [UInt8], key: [UInt8]) {
        _ = try FitLinkChatID(parsing: chatID)
        let mine = try X25519.publicKey(privateKey: privateKey)
        let secret = try X25519.sharedSecret(privateKey: privateKey, peerPublicKey: peerPublicKey)
        let salt = Array(chatID.utf8)
        let info = info(mine: mine, theirs: peerPublicKey, derivation)
        let key = try HKDFSHA256.derive(ikm: secret, salt: salt, info: info, length: FitLinkProfile.derivedKeyLength)
        return (mine, secret, salt, info, key)
    }

    /// Encrypts with an injected nonce (12 bytes).
    package static func encrypt(
        _ plaintext: [UInt8], privateKey: [UInt8], peerPublicKey: String, chatID: String, nonce: [UInt8],
        derivation: FitLinkDerivation = .sorted
    ) throws(CloserError) -> FitLinkChatTrace {
        _ = try FitLinkChatID(parsing: chatID)
        _ = try X25519.publicKey(privateKey: privateKey)
        let peer = try decodePublicKey(peerPublicKey)
        guard nonce.count == FitLinkProfile.nonceLength else {
            throw CloserError(.aesGCMInvalidIV, "the nonce must be 12 bytes, got \(nonce.count)")
        }
        let d = try derive(privateKey: privateKey, peerPublicKey: peer, chatID: chatID, derivation)
        let sealed = try AESGCM.seal(key: d.key, iv: nonce, plaintext: plaintext, aad: [])
        return FitLinkChatTrace(
            myPublicKey: d.myPublicKey, sharedSecret: d.sharedSecret, salt: d.salt, info: d.info, key: d.key,
            nonce: nonce, ciphertextWithTag: Array(sealed.dropFirst(FitLinkProfile.nonceLength)))
    }

    /// Encrypts with a nonce from `random`.
    package static func encrypt(
        _ plaintext: [UInt8], privateKey: [UInt8], peerPublicKey: String, chatID: String,
        derivation: FitLinkDerivation = .sorted, random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> FitLinkChatTrace {
        try encrypt(
            plaintext, privateKey: privateKey, peerPublicKey: peerPublicKey, chatID: chatID,
            nonce: random.bytes(FitLinkProfile.nonceLength), derivation: derivation)
    }

    /// Decrypts `encrypted_content` and `iv`. Check order: specs/profiles/fitlink/chat.md §"Decrypt".
    package static func decrypt(
        encryptedContent: String, iv: String, privateKey: [UInt8], peerPublicKey: String, chatID: String,
        derivation: FitLinkDerivation = .sorted
    ) throws(CloserError) -> [UInt8] {
        _ = try FitLinkChatID(parsing: chatID)
        _ = try X25519.publicKey(privateKey: privateKey)
        let peer = try decodePublicKey(peerPublicKey)
        let nonce = try Base64.decode(iv, .standard)
        guard nonce.count == FitLinkProfile.nonceLength else {
            throw CloserError(.aesGCMInvalidIV, "iv decodes to \(nonce.count) bytes; 12 needed")
        }
        let content = try Base64.decode(encryptedContent, .standard)
        guard content.count >= FitLinkProfile.tagLength else {
            throw CloserError(.aesGCMTooShort, "encrypted_content is \(content.count) bytes; at least 16 needed")
        }
        let d = try derive(privateKey: privateKey, peerPublicKey: peer, chatID: chatID, derivation)
        return try AESGCM.open(key: d.key, sealed: nonce + content, aad: [])
    }
}
