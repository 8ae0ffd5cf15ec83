// The fitlink_chat suite: FitLink friends-chat ids, X25519 public keys, message encrypt with
// injected nonces and decrypt, valid and hostile, and the design document's as-written
// derivation that does not round-trip. Normative: specs/profiles/fitlink/chat.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import FitLink

enum FitLinkChatSuite {
    static let name = "fitlink_chat"

    static let valid = VectorFlag(
        "Valid", .basic, .aead, "A legitimate FitLink chat value: encrypt byte for byte, decrypt to the plaintext.")
    static let ownMessage = VectorFlag(
        "OwnMessage", .basic, .kdf, "The sender reads its own message back: same key pair, same derivation.")
    static let asWritten = VectorFlag(
        "AsWrittenDerivation", .wrongBinding, .kdf,
        "The design document's info = myPublicKey ‖ theirPublicKey: sender (A‖B) and recipient (B‖A) derive different keys."
    )
    static let unclamped = VectorFlag(
        "UnclampedPrivateKey", .edgeCase, .kem, "Private key bytes that X25519 clamps (RFC 7748 decodeScalar25519).")
    static let badUserID = VectorFlag(
        "InvalidUserId", .edgeCase, .binding,
        "A user id that is empty, equal to the other, too long or outside [A-Za-z0-9-].")
    static let badChatID = VectorFlag(
        "InvalidChatId", .wrongBinding, .binding,
        "A chat id that is not chat_{lower}_{higher} of two valid distinct user ids.")
    static let wrongChat = VectorFlag(
        "WrongChatId", .wrongBinding, .binding, "Decrypted under another well-formed chat id: another HKDF salt.")
    static let wrongKey = VectorFlag(
        "WrongKey", .wrongBinding, .kem, "Decrypted with another private key or another peer public key.")
    static let lowOrder = VectorFlag(
        "LowOrderPoint", .pointValidation, .kem,
        "The peer public key is a low-order X25519 point: the shared secret is all zero and must be refused.")
    static let keyLength = VectorFlag(
        "KeyLength", .edgeCase, .kem, "A private or public key of other than 32 bytes.")
    static let nonceLength = VectorFlag("NonceLength", .edgeCase, .aead, "The nonce (iv) is not 12 bytes.")
    static let truncated = VectorFlag(
        "TruncatedTag", .malleability, .aead, "encrypted_content is cut inside or before the 16-byte tag.")
    static let modified = VectorFlag(
        "ModifiedCiphertext", .malleability, .aead,
        "A bit of the nonce, ciphertext or tag is flipped, or bytes appended.")
    static let encoding = VectorFlag(
        "Base64", .encoding, .encoding,
        "public_key, iv and encrypted_content are strict padded standard b64: url alphabet, missing padding, whitespace and non-canonical bits are refused."
    )
    /// X25519 low-order points (u-coordinates, little-endian) and their non-canonical twins.
    static let lowOrderPoints: [(String, String)] = [
        ("0", "0000000000000000000000000000000000000000000000000000000000000000"),
        ("1", "0100000000000000000000000000000000000000000000000000000000000000"),
        ("order-8 point", "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),
        ("order-8 point", "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),
        ("p - 1", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        ("p", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        ("p + 1", "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        ("0 with bit 255 set", "0000000000000000000000000000000000000000000000000000000000000080"),
        ("1 with bit 255 set", "0100000000000000000000000000000000000000000000000000000000000080"),
        ("order-8 point with bit 255 set", "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880"),
    ]

    static func uid(_ rng: SuiteRandom) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String(rng.bytes(28).map { letters[Int($0) % letters.count] })
    }

    static func build() throws(CloserError) -> WireSuite {
        let b = try Builder(rng: SuiteRandom(suite: name))
        try b.chatIDCases()
        try b.publicKeyCases()
        try b.messageCases()
        try b.asWrittenCases()
        try b.encryptRefusals()
        let real = try b.realMessage()
        try b.tamperedMessages(real)
        try b.encodingRefusals(real)
        return WireSuite(
            name: name, algorithm: "fitlink-chat-x25519-hkdf-aes256gcm",
            header: [
                "FitLink friends chat (specs/profiles/fitlink/chat.md): chat ids chat_{min}_{max}; public keys b64 of the raw 32",
                "X25519 bytes; a message is encryptedContent = b64(AES-256-GCM ciphertext ‖ tag) and iv = b64(12-byte nonce),",
                "key = HKDF-SHA256(ikm = X25519 shared secret, salt = UTF-8 of the chat id, info = the two raw public keys",
                "in ascending byte order (the pinned fix; derivation as_written = myPublicKey ‖ theirPublicKey), 32 bytes).",
            ],
            groups: [
                VectorGroup("FitLinkChatId", comment: "fitlink.chatId of two user ids", cases: b.chatIDs),
                VectorGroup("FitLinkPublicKey", comment: "fitlink.publicKey of a raw private key", cases: b.keys),
                VectorGroup("FitLinkEncrypt", comment: "fitlink.encrypt with an injected nonce", cases: b.encrypts),
                VectorGroup(
                    "FitLinkDecrypt", comment: "fitlink.decrypt of real and hostile messages", cases: b.decrypts),
            ])
    }

    /// Encrypts fresh 21-byte messages (37-byte content: always padded) until `condition` holds
    /// (deterministic: the DRBG decides).
    static func contentUntil(
        _ rng: SuiteRandom, _ priv: [UInt8], _ peer: String, _ chat: String, _ condition: (FitLinkChatTrace) -> Bool
    ) throws(CloserError) -> FitLinkChatTrace {
        while true {
            let t = try FitLinkChat.encrypt(
                Array("meet at the gym at 7!".utf8), privateKey: priv, peerPublicKey: peer, chatID: chat,
                nonce: rng.iv())
            if condition(t) { return t }
        }
    }
}

extension FitLinkChatSuite {
    /// The suite's users, key pairs and chat ids, and its four groups, filled section by section
    /// from the suite's DRBG in a fixed order.
    fileprivate final class Builder {
        let rng: SuiteRandom
        let alice: String
        let bob: String
        let carol: String
        let aPriv: [UInt8]
        let bPriv: [UInt8]
        let cPriv: [UInt8]
        let aPub: [UInt8]
        let bPub: [UInt8]
        let cPub: [UInt8]
        let aPub64: String
        let bPub64: String
        let chat: String
        let otherChat: String
        /// Malformed chat ids (specs/profiles/fitlink/chat.md), refused by encrypt and (the first three) by decrypt.
        let badChats: [(String, String)]
        /// The plaintext of the real message the decrypt refusals start from.
        let realPlaintext = Array("meet at the gym at 7".utf8)
        var chatIDs: [VectorCase] = []
        var keys: [VectorCase] = []
        var encrypts: [VectorCase] = []
        var decrypts: [VectorCase] = []

        /// Draws the three user ids, then the three private keys.
        init(rng: SuiteRandom) throws(CloserError) {
            self.rng = rng
            let alice = uid(rng)
            let bob = uid(rng)
            let carol = uid(rng)
            aPriv = rng.bytes(32)
            bPriv = rng.bytes(32)
            cPriv = rng.bytes(32)
            aPub = try X25519.publicKey(privateKey: aPriv)
            bPub = try X25519.publicKey(privateKey: bPriv)
            cPub = try X25519.publicKey(privateKey: cPriv)
            aPub64 = FitLinkChat.encodePublicKey(aPub)
            bPub64 = FitLinkChat.encodePublicKey(bPub)
            let chat = try FitLinkChatID(alice, bob).string
            otherChat = try FitLinkChatID(alice, carol).string
            badChats = [
                ("the uids in descending order", "chat_\(bob < alice ? alice : bob)_\(bob < alice ? bob : alice)"),
                ("no chat_ prefix", String(chat.dropFirst(5))), ("Chat_ prefix", "C" + chat.dropFirst()),
                ("three components", chat + "_x"), ("one component", "chat_" + alice), ("empty", ""),
                ("the same uid twice", "chat_\(alice)_\(alice)"), ("an empty component", "chat__" + alice),
                ("trailing space", chat + " "),
            ]
            self.alice = alice
            self.bob = bob
            self.carol = carol
            self.chat = chat
        }

        func intermediates(_ t: FitLinkChatTrace, peer: [UInt8], _ pt: [UInt8]) -> [(String, JSONValue)] {
            [
                ("plaintext", V.hex(pt)), ("myPublicKey", V.hex(t.myPublicKey)), ("peerPublicKey", V.hex(peer)),
                ("sharedSecret", V.hex(t.sharedSecret)), ("salt", V.hex(t.salt)), ("info", V.hex(t.info)),
                ("derivedKey", V.hex(t.key)), ("iv", V.hex(t.nonce)), ("ciphertextWithTag", V.hex(t.ciphertextWithTag)),
            ]
        }

        func encInput(_ priv: [UInt8], _ peer: String, _ chatID: String, _ pt: [UInt8], _ nonce: [UInt8])
            -> [(String, JSONValue)]
        {
            [
                ("privateKey", V.hex(priv)), ("peerPublicKey", V.str(peer)), ("chatId", V.str(chatID)),
                ("plaintext", V.hex(pt)), ("nonce", V.hex(nonce)),
            ]
        }

        func decInput(_ priv: [UInt8], _ peer: String, _ chatID: String, _ content: String, _ iv: String)
            -> [(String, JSONValue)]
        {
            [
                ("privateKey", V.hex(priv)), ("peerPublicKey", V.str(peer)), ("chatId", V.str(chatID)),
                ("encryptedContent", V.str(content)), ("iv", V.str(iv)),
            ]
        }

        func b64(_ bytes: [UInt8]) -> String { Base64.encode(bytes, .standard) }

        /// A decrypt refusal: the real message `real` from Alice to Bob, read by Bob, with the named
        /// inputs replaced.
        func bad(
            _ real: FitLinkChatTrace, _ comment: String, _ flag: VectorFlag, content: String? = nil,
            iv: String? = nil, priv: [UInt8]? = nil, peer: String? = nil, chatID: String? = nil,
            _ code: CloserError.Code, _ layer: VectorLayer
        ) {
            decrypts.append(
                .invalid(
                    comment, flags: [flag], op: HarnessOpSpec.fitLinkDecrypt.name,
                    input: decInput(
                        priv ?? bPriv, peer ?? aPub64, chatID ?? chat, content ?? real.encryptedContent, iv ?? real.iv),
                    error: code, layer: layer, intermediates: [("ciphertextWithTag", V.hex(real.ciphertextWithTag))]))
        }

        /// fitlink.chatId of valid pairs and of invalid user ids (no draws).
        func chatIDCases() throws(CloserError) {
            for (a, b, comment) in [
                (alice, bob, "two generated uids"), (bob, alice, "the same two uids in the other order"),
                ("user-2", "user-10", "byte order, not numeric order"),
                ("B", "a", "upper case sorts before lower case"),
                ("0", "z", "single-character uids"),
                (String(repeating: "x", count: 128), "y", "a 128-character uid"),
            ] {
                chatIDs.append(
                    .valid(
                        comment, flags: [valid], op: HarnessOpSpec.fitLinkChatID.name,
                        input: [("userA", V.str(a)), ("userB", V.str(b))],
                        output: [("chatId", V.str(try FitLinkChatID(a, b).string))]))
            }
            for (a, b, comment) in [
                ("", bob, "empty uid"), (alice, alice, "the same uid twice"), ("a_b", bob, "uid containing _"),
                ("a/b", bob, "uid containing /"), ("ünï", bob, "non-ASCII uid"), ("a b", bob, "uid containing a space"),
                (String(repeating: "x", count: 129), bob, "a 129-character uid"),
            ] {
                chatIDs.append(
                    .invalid(
                        comment, flags: [badUserID], op: HarnessOpSpec.fitLinkChatID.name,
                        input: [("userA", V.str(a)), ("userB", V.str(b))],
                        error: .fitLinkInvalidUserID, layer: .binding))
            }
        }

        /// fitlink.publicKey of random and clamped private keys, then of private keys of the wrong length.
        func publicKeyCases() throws(CloserError) {
            for (priv, flags, comment) in [
                (aPriv, [valid], "a random private key"), (bPriv, [valid], "another random private key"),
                ([UInt8](repeating: 0xff, count: 32), [valid, unclamped], "all-ff private key (clamped)"),
                ([UInt8](repeating: 0, count: 32), [valid, unclamped], "all-zero private key (clamped)"),
            ] {
                keys.append(
                    .valid(
                        comment, flags: flags, op: HarnessOpSpec.fitLinkPublicKey.name,
                        input: [("privateKey", V.hex(priv))],
                        output: [
                            ("publicKey", V.str(FitLinkChat.encodePublicKey(try X25519.publicKey(privateKey: priv))))
                        ]))
            }
            for n in [0, 31, 33, 64] {
                keys.append(
                    .invalid(
                        "private key of \(n) bytes", flags: [keyLength], op: HarnessOpSpec.fitLinkPublicKey.name,
                        input: [("privateKey", V.hex(rng.bytes(n)))], error: .x25519InvalidKeyLength, layer: .kem))
            }
        }

        /// Messages between Alice and Bob under the pinned sorted derivation: the sender's encrypt
        /// byte for byte, the recipient's decrypt, and once the sender reading its own message back.
        func messageCases() throws(CloserError) {
            let texts = [
                "", "hi", "Let's run 5k tomorrow 🏃‍♀️", String(repeating: "a", count: 1000), "line\nbreak\u{0}nul",
            ]
            for (i, text) in texts.enumerated() {
                let pt = Array(text.utf8)
                // Alternate the sender so that both orders of the sorted keys occur.
                let (sPriv, sPub, rPriv, rPub) = i % 2 == 0 ? (aPriv, aPub, bPriv, bPub) : (bPriv, bPub, aPriv, aPub)
                let nonce = rng.iv()
                let t = try FitLinkChat.encrypt(
                    pt, privateKey: sPriv, peerPublicKey: FitLinkChat.encodePublicKey(rPub), chatID: chat, nonce: nonce)
                let comment = "message of \(pt.count) bytes"
                encrypts.append(
                    .valid(
                        comment, flags: [valid], op: HarnessOpSpec.fitLinkEncrypt.name,
                        input: encInput(sPriv, FitLinkChat.encodePublicKey(rPub), chat, pt, nonce),
                        output: [("encryptedContent", V.str(t.encryptedContent)), ("iv", V.str(t.iv))],
                        intermediates: intermediates(t, peer: rPub, pt)))
                // The recipient's side: same secret, salt, info and key; its own public key first in the trace.
                let r = try FitLinkChat.encrypt(
                    pt, privateKey: rPriv, peerPublicKey: FitLinkChat.encodePublicKey(sPub), chatID: chat, nonce: nonce)
                decrypts.append(
                    .valid(
                        comment + ", read by the recipient", flags: [valid], op: HarnessOpSpec.fitLinkDecrypt.name,
                        input: decInput(rPriv, FitLinkChat.encodePublicKey(sPub), chat, t.encryptedContent, t.iv),
                        output: [("plaintext", V.hex(pt))], intermediates: intermediates(r, peer: sPub, pt)))
                if i == 1 {
                    decrypts.append(
                        .valid(
                            comment + ", read back by the sender", flags: [valid, ownMessage],
                            op: HarnessOpSpec.fitLinkDecrypt.name,
                            input: decInput(sPriv, FitLinkChat.encodePublicKey(rPub), chat, t.encryptedContent, t.iv),
                            output: [("plaintext", V.hex(pt))], intermediates: intermediates(t, peer: rPub, pt)))
                }
            }
        }

        /// The document as written: byte-exact for the sender, and it does not round-trip.
        func asWrittenCases() throws(CloserError) {
            let awPT = Array("as written".utf8)
            let awNonce = rng.iv()
            let aw = try FitLinkChat.encrypt(
                awPT, privateKey: aPriv, peerPublicKey: FitLinkChat.encodePublicKey(bPub), chatID: chat,
                nonce: awNonce, derivation: .asWritten)
            let bobAW = try FitLinkChat.derive(privateKey: bPriv, peerPublicKey: aPub, chatID: chat, .asWritten)
            var awEncInput = encInput(aPriv, FitLinkChat.encodePublicKey(bPub), chat, awPT, awNonce)
            awEncInput.append(("derivation", V.str(FitLinkDerivation.asWritten.rawValue)))
            encrypts.append(
                .valid(
                    "the design document's derivation (info = myPublicKey ‖ theirPublicKey), sender side",
                    flags: [valid, asWritten], op: HarnessOpSpec.fitLinkEncrypt.name, input: awEncInput,
                    output: [("encryptedContent", V.str(aw.encryptedContent)), ("iv", V.str(aw.iv))],
                    intermediates: intermediates(aw, peer: bPub, awPT)))
            var awDecSender = decInput(aPriv, FitLinkChat.encodePublicKey(bPub), chat, aw.encryptedContent, aw.iv)
            awDecSender.append(("derivation", V.str(FitLinkDerivation.asWritten.rawValue)))
            decrypts.append(
                .valid(
                    "as written: the sender reads its own message back", flags: [valid, asWritten, ownMessage],
                    op: HarnessOpSpec.fitLinkDecrypt.name, input: awDecSender, output: [("plaintext", V.hex(awPT))],
                    intermediates: intermediates(aw, peer: bPub, awPT)))
            var awDecRecipient = decInput(bPriv, FitLinkChat.encodePublicKey(aPub), chat, aw.encryptedContent, aw.iv)
            awDecRecipient.append(("derivation", V.str(FitLinkDerivation.asWritten.rawValue)))
            decrypts.append(
                .invalid(
                    "as written: the recipient derives another key (info B‖A instead of A‖B) and cannot decrypt",
                    flags: [asWritten], op: HarnessOpSpec.fitLinkDecrypt.name, input: awDecRecipient,
                    error: .aesGCMAuthenticationFailed, layer: .kdf,
                    intermediates: [
                        ("sharedSecret", V.hex(aw.sharedSecret)), ("salt", V.hex(aw.salt)),
                        ("senderInfo", V.hex(aw.info)), ("recipientInfo", V.hex(bobAW.info)),
                        ("senderKey", V.hex(aw.key)), ("recipientKey", V.hex(bobAW.key)),
                    ]))
            var awDecSorted = decInput(bPriv, FitLinkChat.encodePublicKey(aPub), chat, aw.encryptedContent, aw.iv)
            awDecSorted.append(("derivation", V.str(FitLinkDerivation.sorted.rawValue)))
            decrypts.append(
                .invalid(
                    "a message written with the as-written derivation does not open under the pinned sorted one",
                    flags: [asWritten], op: HarnessOpSpec.fitLinkDecrypt.name, input: awDecSorted,
                    error: .aesGCMAuthenticationFailed,
                    layer: .kdf))
        }

        /// Encrypt-side refusals: nonce length, low-order and wrong-length keys, malformed chat ids.
        func encryptRefusals() throws(CloserError) {
            for n in [0, 8, 11, 13, 16] {
                encrypts.append(
                    .invalid(
                        "nonce of \(n) bytes", flags: [nonceLength], op: HarnessOpSpec.fitLinkEncrypt.name,
                        input: encInput(aPriv, bPub64, chat, [0x68, 0x69], rng.bytes(n)), error: .aesGCMInvalidIV,
                        layer: .aead))
            }
            for (comment, hex) in lowOrderPoints {
                encrypts.append(
                    .invalid(
                        "peer public key is the low-order point \(comment)", flags: [lowOrder],
                        op: HarnessOpSpec.fitLinkEncrypt.name,
                        input: encInput(
                            aPriv, Base64.encode(try Hex.decode(hex), .standard), chat, [0x68, 0x69], rng.iv()),
                        error: .x25519LowOrderPoint, layer: .kem))
            }
            for n in [31, 33] {
                encrypts.append(
                    .invalid(
                        "peer public key of \(n) bytes", flags: [keyLength], op: HarnessOpSpec.fitLinkEncrypt.name,
                        input: encInput(aPriv, Base64.encode(rng.bytes(n), .standard), chat, [0x68, 0x69], rng.iv()),
                        error: .x25519InvalidKeyLength, layer: .kem))
                encrypts.append(
                    .invalid(
                        "private key of \(n) bytes", flags: [keyLength], op: HarnessOpSpec.fitLinkEncrypt.name,
                        input: encInput(rng.bytes(n), bPub64, chat, [0x68, 0x69], rng.iv()),
                        error: .x25519InvalidKeyLength, layer: .kem))
            }
            for (comment, bad) in badChats {
                encrypts.append(
                    .invalid(
                        "chat id with \(comment)", flags: [badChatID], op: HarnessOpSpec.fitLinkEncrypt.name,
                        input: encInput(aPriv, bPub64, bad, [0x68, 0x69], rng.iv()), error: .fitLinkInvalidChatID,
                        layer: .binding))
            }
        }

        /// The one real message from Alice to Bob that the decrypt refusals start from.
        func realMessage() throws(CloserError) -> FitLinkChatTrace {
            try FitLinkChat.encrypt(
                realPlaintext, privateKey: aPriv, peerPublicKey: bPub64, chatID: chat,
                nonce: rng.iv())
        }

        /// Decrypt refusals of the real message: truncated or modified content and nonce, another
        /// chat id or key, low-order and wrong-length keys.
        func tamperedMessages(_ real: FitLinkChatTrace) throws(CloserError) {
            let ct = real.ciphertextWithTag
            bad(
                real, "tag truncated by one byte", truncated, content: b64(Array(ct.dropLast())),
                .aesGCMAuthenticationFailed, .aead)
            bad(
                real, "tag truncated to 15 bytes", truncated, content: b64(Array(ct.suffix(15))), .aesGCMTooShort, .aead
            )
            bad(
                real, "tag removed", truncated, content: b64(Array(ct.dropLast(16))), .aesGCMAuthenticationFailed, .aead
            )
            bad(real, "empty encrypted_content", truncated, content: "", .aesGCMTooShort, .aead)
            for index in [0, realPlaintext.count - 1, realPlaintext.count, ct.count - 1] {
                bad(
                    real, "flipped bit in byte \(index) of ciphertext ‖ tag", modified,
                    content: b64(Mutate.flip(ct, byte: index)), .aesGCMAuthenticationFailed, .aead)
            }
            bad(
                real, "one byte appended after the tag", modified, content: b64(ct + [0]), .aesGCMAuthenticationFailed,
                .aead)
            bad(
                real, "flipped bit in the nonce", modified, iv: b64(Mutate.flip(real.nonce, byte: 0)),
                .aesGCMAuthenticationFailed, .aead)
            for n in [0, 8, 11, 13, 16] {
                bad(
                    real, "iv of \(n) bytes", nonceLength, iv: b64(Array((real.nonce + real.nonce).prefix(n))),
                    .aesGCMInvalidIV, .aead)
            }
            bad(
                real, "opened under another chat id (Alice and Carol)", wrongChat, chatID: otherChat,
                .aesGCMAuthenticationFailed, .binding)
            for (comment, badChat) in badChats.prefix(3) {
                bad(real, "chat id with \(comment)", badChatID, chatID: badChat, .fitLinkInvalidChatID, .binding)
            }
            bad(real, "opened with Carol's private key", wrongKey, priv: cPriv, .aesGCMAuthenticationFailed, .kem)
            bad(
                real, "opened with Carol's public key as the peer", wrongKey, peer: FitLinkChat.encodePublicKey(cPub),
                .aesGCMAuthenticationFailed, .kem)
            bad(
                real, "opened with Bob's own public key as the peer", wrongKey, peer: bPub64,
                .aesGCMAuthenticationFailed, .kem)
            for (comment, hex) in lowOrderPoints.prefix(7) {
                bad(
                    real, "peer public key is the low-order point \(comment)", lowOrder,
                    peer: b64(try Hex.decode(hex)), .x25519LowOrderPoint, .kem)
            }
            bad(
                real, "peer public key of 31 bytes", keyLength, peer: b64(Array(aPub.prefix(31))),
                .x25519InvalidKeyLength, .kem)
            bad(real, "peer public key of 33 bytes", keyLength, peer: b64(aPub + [0]), .x25519InvalidKeyLength, .kem)
            bad(
                real, "private key of 31 bytes", keyLength, priv: Array(bPriv.prefix(31)), .x25519InvalidKeyLength, .kem
            )
        }

        /// Decrypt refusals for the encodings of the three b64 fields (encrypted_content, iv,
        /// peer public key); draws until the content has the characters a variant needs.
        func encodingRefusals(_ real: FitLinkChatTrace) throws(CloserError) {
            let withPlus = try contentUntil(rng, aPriv, bPub64, chat) {
                $0.encryptedContent.contains(where: { "+/".contains($0) })
            }
            bad(
                real, "encrypted_content in the url-safe alphabet", encoding,
                content: EncodingVariants.urlAlphabet(withPlus.encryptedContent), iv: withPlus.iv, .b64WrongAlphabet,
                .encoding)
            let padded = try contentUntil(rng, aPriv, bPub64, chat) { $0.encryptedContent.hasSuffix("=") }
            bad(
                real, "encrypted_content without padding", encoding,
                content: EncodingVariants.unpadded(padded.encryptedContent), iv: padded.iv, .b64InvalidPadding,
                .encoding)
            if let nc = EncodingVariants.nonCanonicalTrailingBits(padded.encryptedContent, url: false) {
                bad(
                    real, "encrypted_content with non-canonical trailing bits", encoding, content: nc, iv: padded.iv,
                    .b64NonCanonical, .encoding)
            }
            bad(
                real, "encrypted_content (no padding) with a trailing newline", encoding,
                content: real.encryptedContent + "\n", .b64InvalidCharacter, .encoding)
            bad(real, "iv with extra padding", encoding, iv: real.iv + "==", .b64InvalidPadding, .encoding)
            bad(
                real, "iv with a space inside", encoding, iv: String(real.iv.prefix(4)) + " " + real.iv.dropFirst(4),
                .b64InvalidCharacter, .encoding)
            bad(
                real, "peer public key without padding", encoding, peer: EncodingVariants.unpadded(aPub64),
                .b64InvalidPadding, .encoding)
            bad(
                real, "peer public key as hex (64 b64 characters: 48 bytes)", keyLength, peer: Hex.encode(aPub),
                .x25519InvalidKeyLength, .kem)
        }
    }
}
