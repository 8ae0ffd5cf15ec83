// fitlink_documents: the encrypted preview, key rotation, Storage paths
// (specs/profiles/fitlink/media.md, keys.md).

import CloserHarness
import CloserVectorModel
import CoreWire
import FitLink

extension FitLinkDocumentsSuite {
    static let alice = [UInt8](1...32)
    static let bobOld = [UInt8](repeating: 0x40, count: 32)
    static let bobNew = [UInt8](repeating: 0x80, count: 32)
    static let chatID = "chat_alice_bob"
    /// Every ciphertext of this suite under one key has its own nonce (media.md: a fresh nonce).
    static func nonce(_ n: UInt8) -> [UInt8] { [UInt8](repeating: 0, count: 11) + [n] }

    static func pub(_ priv: [UInt8]) throws(CloserError) -> String {
        FitLinkChat.encodePublicKey(try X25519.publicKey(privateKey: priv))
    }

    /// A preview sealed by alice for bob's key `bob`: b64(nonce ‖ ciphertext ‖ tag).
    static func preview(_ text: String, to bob: [UInt8], nonce n: UInt8) throws(CloserError) -> [UInt8] {
        let t = try FitLinkChat.encrypt(
            Array(text.utf8), privateKey: alice, peerPublicKey: try pub(bob), chatID: chatID, nonce: nonce(n))
        return t.nonce + t.ciphertextWithTag
    }

    static func open(_ c: String, _ flags: [VectorFlag], _ preview: [UInt8], _ e: CloserError.Code? = nil)
        throws(CloserError) -> VectorCase
    {
        try run(
            .fitLinkOpenPreview, c, flags,
            [
                ("encryptedPreview", .string(Base64.encode(preview, .standard))), ("privateKey", .hex(bobOld)),
                ("peerPublicKey", .string(try pub(alice))), ("chatId", .string(chatID)),
            ], e)
    }

    static func previewCases() throws(CloserError) -> [VectorCase] {
        let good = try preview("See you at 7?", to: bobOld, nonce: 1)
        var flipped = good
        flipped[good.count - 1] ^= 1
        return [
            try open("bob opens alice's preview", [valid, preview], good),
            try open("an empty preview text", [preview], try preview("", to: bobOld, nonce: 2)),
            try open(
                "the nonce is the first 12 bytes, not the last", [preview],
                Array(good.dropFirst(12)) + Array(good.prefix(12)), .aesGCMAuthenticationFailed),
            try open("a modified tag", [preview], flipped, .aesGCMAuthenticationFailed),
            try open("27 bytes", [sizes], Array(good.prefix(27)), .aesGCMTooShort),
        ] + (try previewOrderCases(good))
    }

    /// The opening order of media.md: chat id, private key, peer public key, then the preview's b64.
    static func previewOrderCases(_ good: [UInt8]) throws(CloserError) -> [VectorCase] {
        func open(
            _ c: String, preview: String, key: [UInt8] = bobOld, chat: String = chatID, _ e: CloserError.Code
        ) throws(CloserError) -> VectorCase {
            try run(
                .fitLinkOpenPreview, c, [FitLinkDocumentsSuite.preview],
                [
                    ("encryptedPreview", .string(preview)), ("privateKey", .hex(key)),
                    ("peerPublicKey", .string(try pub(alice))), ("chatId", .string(chat)),
                ], e)
        }
        let short = Base64.encode(Array(good.prefix(27)), .standard)
        return [
            try open("a preview that is not b64", preview: "AAAA*AAAAAAAAAAA", .b64InvalidCharacter),
            try open(
                "a chat id in the wrong order before a short preview", preview: short, chat: "chat_bob_alice",
                .fitLinkInvalidChatID),
            try open(
                "a private key of 31 bytes before a short preview", preview: short, key: Array(bobOld.prefix(31)),
                .x25519InvalidKeyLength),
        ]
    }

    static func rotationCases() throws(CloserError) -> [VectorCase] {
        let old = try FitLinkChat.encrypt(
            Array("before".utf8), privateKey: alice, peerPublicKey: try pub(bobOld), chatID: chatID, nonce: nonce(3))
        func decrypt(_ c: String, _ flags: [VectorFlag], bob: [UInt8], peer: String, _ e: CloserError.Code? = nil)
            throws(CloserError) -> VectorCase
        {
            try run(
                .fitLinkDecrypt, c, flags,
                [
                    ("encryptedContent", .string(old.encryptedContent)), ("iv", .string(old.iv)),
                    ("privateKey", .hex(bob)),
                    ("peerPublicKey", .string(peer)), ("chatId", .string(chatID)),
                ], e)
        }
        return [
            try decrypt(
                "bob's old key opens a message sent before the rotation", [rotation], bob: bobOld, peer: try pub(alice)),
            try decrypt(
                "bob's new key cannot open it", [rotation], bob: bobNew, peer: try pub(alice),
                .aesGCMAuthenticationFailed),
            try decrypt(
                "alice with bob's cached old public key opens it", [rotation], bob: alice, peer: try pub(bobOld)),
            try decrypt(
                "alice with bob's new public key cannot open it: the history is lost on both sides", [rotation],
                bob: alice, peer: try pub(bobNew), .aesGCMAuthenticationFailed),
        ]
    }

    static func storageCases() throws(CloserError) -> [VectorCase] {
        func path(_ c: String, _ kind: String, _ chat: String, _ id: String, _ e: CloserError.Code? = nil)
            throws(CloserError) -> VectorCase
        {
            try run(
                .fitLinkStoragePath, c, [storage],
                [("kind", .string(kind)), ("chatId", .string(chat)), ("mediaId", .string(id))], e)
        }
        return [
            try path("an image", "image", chatID, msgID),
            try path("a voice message, the id's case kept", "voice", chatID, msgID.lowercased()),
            try path("a file (no Storage path in the document)", "file", chatID, msgID, .fitLinkUnknownEnumValue),
            try path("a chat id in the wrong order", "image", "chat_bob_alice", msgID, .fitLinkInvalidChatID),
            try path("an id with a slash", "image", chatID, "../" + msgID, .fitLinkInvalidUUID),
        ]
    }
}
