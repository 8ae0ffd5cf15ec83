// The encrypted preview's decided layout (specs/profiles/fitlink/media.md §encrypted_preview)
// against the document's own CryptoKit code path, run with swift-crypto (CryptoKit's API):
// Curve25519 key agreement, `hkdfDerivedSymmetricKey` with the chat id as salt and the sorted
// keys as info, and `AES.GCM.SealedBox.combined` — not with FitLink's own encryption.

import CloserWire
import Crypto
import FitLink
import Foundation
import Testing

@Suite("FitLink encrypted preview")
struct FitLinkPreviewTests {
    static let chat = "chat_alice_bob"

    /// The document's §3.3 derivation with the pinned sorted info, in CryptoKit's API.
    static func cryptoKitKey(
        _ me: Curve25519.KeyAgreement.PrivateKey, _ peer: Curve25519.KeyAgreement.PublicKey
    ) throws -> SymmetricKey {
        let secret = try me.sharedSecretFromKeyAgreement(with: peer)
        let keys = [Array(me.publicKey.rawRepresentation), Array(peer.rawRepresentation)]
            .sorted { $0.lexicographicallyPrecedes($1) }
        return secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: Data(chat.utf8), sharedInfo: Data(keys[0] + keys[1]), outputByteCount: 32)
    }

    @Test("a preview sealed as CryptoKit's combined box opens with FitLinkStorage.openPreview")
    func cryptoKitCombinedOpens() throws {
        let alice = Curve25519.KeyAgreement.PrivateKey()
        let bob = Curve25519.KeyAgreement.PrivateKey()
        let box = try AES.GCM.seal(Data("See you at 7?".utf8), using: try Self.cryptoKitKey(alice, bob.publicKey))
        let preview = box.combined!.base64EncodedString()
        let opened = try FitLinkStorage.openPreview(
            preview, privateKey: Array(bob.rawRepresentation),
            peerPublicKey: alice.publicKey.rawRepresentation.base64EncodedString(), chatID: Self.chat)
        #expect(opened == Array("See you at 7?".utf8))
    }

    @Test("the suite's previews open with CryptoKit's SealedBox(combined:)")
    func vectorsOpenWithCryptoKit() throws {
        let bob = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: FitLinkDocumentsSuiteKeys.bobOld)
        let alice = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: FitLinkDocumentsSuiteKeys.alice)
        let t = try FitLinkChat.encrypt(
            Array("hi".utf8), privateKey: FitLinkDocumentsSuiteKeys.alice,
            peerPublicKey: bob.publicKey.rawRepresentation.base64EncodedString(), chatID: Self.chat,
            nonce: [UInt8](100..<112))
        let box = try AES.GCM.SealedBox(combined: Data(t.nonce + t.ciphertextWithTag))
        let plain = try AES.GCM.open(box, using: try Self.cryptoKitKey(bob, alice.publicKey))
        #expect(Array(plain) == Array("hi".utf8))
    }
}

/// The suite's fixed keys (FitLinkDocumentsSuite+Keys.swift), repeated so the test does not read them from the
/// code under test.
enum FitLinkDocumentsSuiteKeys {
    static let alice = [UInt8](1...32)
    static let bobOld = [UInt8](repeating: 0x40, count: 32)
}
