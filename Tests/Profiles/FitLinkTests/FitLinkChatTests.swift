// FitLink friends chat: X25519 against RFC 7748's published vectors, the pinned derivation
// round-trips, the document's as-written one does not. Normative: specs/profiles/fitlink/chat.md.

import CoreWire
import FitLink
import Testing

@Suite("FitLink chat")
struct FitLinkChatTests {
    // RFC 7748 §6.1 (independent of this code).
    static let alicePriv = try! Hex.decode("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
    static let alicePub = try! Hex.decode("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
    static let bobPriv = try! Hex.decode("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
    static let bobPub = try! Hex.decode("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
    static let shared = try! Hex.decode("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")
    static let chat = "chat_alice_bob"

    @Test("X25519 gives RFC 7748's public keys and shared secret")
    func rfc7748() throws {
        #expect(try X25519.publicKey(privateKey: Self.alicePriv) == Self.alicePub)
        #expect(try X25519.publicKey(privateKey: Self.bobPriv) == Self.bobPub)
        #expect(try X25519.sharedSecret(privateKey: Self.alicePriv, peerPublicKey: Self.bobPub) == Self.shared)
        #expect(try X25519.sharedSecret(privateKey: Self.bobPriv, peerPublicKey: Self.alicePub) == Self.shared)
    }

    @Test("sorted derivation: the recipient decrypts what the sender wrote")
    func roundTrip() throws {
        let nonce = [UInt8](repeating: 7, count: 12)
        let t = try FitLinkChat.encrypt(
            Array("hi".utf8), privateKey: Self.alicePriv, peerPublicKey: FitLinkChat.encodePublicKey(Self.bobPub),
            chatID: Self.chat, nonce: nonce)
        #expect(t.sharedSecret == Self.shared)
        #expect(t.salt == Array(Self.chat.utf8))
        #expect(t.info == Self.alicePub + Self.bobPub)  // 85… < de…
        let pt = try FitLinkChat.decrypt(
            encryptedContent: t.encryptedContent, iv: t.iv, privateKey: Self.bobPriv,
            peerPublicKey: FitLinkChat.encodePublicKey(Self.alicePub), chatID: Self.chat)
        #expect(pt == Array("hi".utf8))
    }

    @Test("as written: the sender reads its message back, the recipient cannot")
    func asWritten() throws {
        let t = try FitLinkChat.encrypt(
            Array("hi".utf8), privateKey: Self.bobPriv, peerPublicKey: FitLinkChat.encodePublicKey(Self.alicePub),
            chatID: Self.chat, nonce: [UInt8](repeating: 1, count: 12), derivation: .asWritten)
        #expect(t.info == Self.bobPub + Self.alicePub)
        let own = try FitLinkChat.decrypt(
            encryptedContent: t.encryptedContent, iv: t.iv, privateKey: Self.bobPriv,
            peerPublicKey: FitLinkChat.encodePublicKey(Self.alicePub), chatID: Self.chat, derivation: .asWritten)
        #expect(own == Array("hi".utf8))
        #expect(throws: CloserError(.aesGCMAuthenticationFailed, "")) {
            try FitLinkChat.decrypt(
                encryptedContent: t.encryptedContent, iv: t.iv, privateKey: Self.alicePriv,
                peerPublicKey: FitLinkChat.encodePublicKey(Self.bobPub), chatID: Self.chat, derivation: .asWritten)
        }
    }

    @Test(
        "low-order peer points are refused with a named error",
        arguments: [
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
            "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        ])
    func lowOrder(_ hex: String) throws {
        #expect(throws: CloserError(.x25519LowOrderPoint, "")) {
            try X25519.sharedSecret(privateKey: Self.alicePriv, peerPublicKey: try Hex.decode(hex))
        }
    }

    @Test("chat ids: sorted by bytes, malformed ones refused")
    func chatIDs() throws {
        #expect(try FitLinkChatID("bob", "alice").string == "chat_alice_bob")
        #expect(try FitLinkChatID("user-2", "user-10").string == "chat_user-10_user-2")
        #expect(try FitLinkChatID("a", "B").string == "chat_B_a")
        for bad in ["chat_bob_alice", "chat_alice", "chat_a_b_c", "chat__a", "Chat_a_b", "chat_a_a", ""] {
            #expect(throws: CloserError(.fitLinkInvalidChatID, ""), "\(bad)") { try FitLinkChatID(parsing: bad) }
        }
        #expect(throws: CloserError(.fitLinkInvalidUserID, "")) { try FitLinkChatID("a_b", "c") }
    }

    @Test("errors never carry key bytes")
    func noSecretsInErrors() throws {
        let bad = Base64.encode([UInt8](repeating: 0, count: 32), .standard)
        do {
            _ = try FitLinkChat.encrypt(
                [1], privateKey: Self.alicePriv, peerPublicKey: bad, chatID: Self.chat,
                nonce: [UInt8](repeating: 0, count: 12))
            Issue.record("a low-order point was accepted")
        } catch {
            #expect(!error.reason.contains(Hex.encode(Self.alicePriv)))
            #expect(!error.reason.contains(bad))
        }
    }
}

@Suite("FitLink errors quote input")
struct FitLinkErrorQuotingTests {
    /// An unknown member of 1 000 characters with a terminal escape: the reason carries at most 64
    /// scalars of it, escaped (CloserError.quoted, as the core's messages do).
    @Test("an unknown member name is truncated and escaped in the reason")
    func unknownMemberQuoted() {
        let name = "\u{1B}[2J" + String(repeating: "x", count: 1000)
        do {
            _ = try FitLinkDocument.validate("user_key", .object([name: .bool(true)]))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .fitLinkUnknownField)
            #expect(!error.reason.unicodeScalars.contains("\u{1B}"))
            #expect(error.reason.count < 120)
        }
    }
}
