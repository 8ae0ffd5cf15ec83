// The keybox_v1 suite: `keybox.wrap` with an injected ephemeral key and IV, `keybox.unwrap`,
// and hostile values at every layer: prefix, b64url, Tink framing, KEM point, DEM, context
// binding, recipient keys, and plaintexts that are not AEAD keysets.
// Normative: specs/keybox-v1.md, specs/tink-hybrid.md, specs/pub-v1.md, specs/encodings.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum KeyboxV1Suite {
    static let name = "keybox_v1"

    static let valid = VectorFlag(
        "Valid", .basic, .dem,
        "A legitimate keybox: Tink ECIES-P256-HKDF-SHA256-AES128-GCM of the one-time keyset bytes, context info coupleId|questionId|senderUserId|recipientUserId."
    )
    static let keyIDHighBit = VectorFlag(
        "KeyIdHighBit", .edgeCase, .tinkFraming,
        "The recipient key id is ≥ 2^31: 4 unsigned big-endian bytes after 0x01.")
    static let rotatedPlaintext = VectorFlag(
        "MultiKeyPlaintext", .keyManagement, .keyset,
        "The wrapped keyset has several keys or an AES-128 key: readers accept any valid AEAD keyset, bytes verbatim.")
    static let rotatedRecipient = VectorFlag(
        "RotatedRecipient", .keyManagement, .tinkFraming,
        "The recipient's private keyset has several keys: the prefix selects the key that opens.")
    static let threadMessage = VectorFlag(
        "ThreadMessage", .wrongBinding, .binding,
        "A thread message keybox binds the thread document's questionId, not the threadId (keybox-v1.md §Thread messages)."
    )
    static let nonASCII = VectorFlag(
        "NonAsciiIds", .encoding, .binding, "Ids with non-ASCII characters: context info is their UTF-8.")
    static let wrongPrefix = VectorFlag(
        "WrongValuePrefix", .encoding, .encoding, "The string does not start with exactly keybox:v1:.")
    static let wrongAlphabet = VectorFlag(
        "WrongAlphabet", .encoding, .encoding,
        "keybox:v1 bodies are b64url (-_); the standard alphabet (+/) is refused.")
    static let padding = VectorFlag(
        "Padding", .encoding, .encoding, "keybox:v1 bodies are b64url without padding; = is refused.")
    static let whitespace = VectorFlag(
        "Whitespace", .encoding, .encoding, "Whitespace or a line break in or around the body.")
    static let trailingBits = VectorFlag(
        "NonCanonicalTrailingBits", .encoding, .encoding, "The last symbol has non-zero unused bits.")
    static let truncated = VectorFlag(
        "Truncated", .malleability, .tinkFraming,
        "The body is cut at or inside a layer boundary: Tink prefix (5), KEM (65), IV (12), ciphertext, tag (16).")
    static let tinkPrefix = VectorFlag(
        "WrongTinkPrefix", .malleability, .tinkFraming, "The body's first byte is not 0x01.")
    static let compressedKEM = VectorFlag(
        "CompressedKem", .pointValidation, .kem,
        "The KEM point is compressed (02/03 || x, 33 bytes): Tink's hybrid uses uncompressed points only.")
    static let invalidKEM = VectorFlag(
        "InvalidKemPoint", .pointValidation, .kem,
        "The KEM point is off the curve, has a coordinate ≥ p, is all zeros (no encoding of the identity), or has another first byte."
    )
    static let modified = VectorFlag(
        "ModifiedCiphertext", .malleability, .dem,
        "A bit of the key id, KEM, IV, ciphertext or tag is flipped, or bytes appended.")
    static let swapped = VectorFlag(
        "SwappedBinding", .wrongBinding, .binding,
        "The value is opened with other ids, or ids in another order (sender/recipient swapped): A→B never opens as B→A."
    )
    static let contextComposition = VectorFlag(
        "ContextComposition", .wrongBinding, .binding,
        "The writer composed the context info otherwise: a component missing, another separator, another order, a trailing |."
    )
    static let badComponent = VectorFlag(
        "BadBindingComponent", .wrongBinding, .binding, "A component is empty or contains |: refused before decryption."
    )
    static let wrongRecipient = VectorFlag(
        "WrongRecipientKey", .keyManagement, .tinkFraming,
        "Opened with another private keyset: another key id, or the same id with another scalar, or the key DISABLED.")
    static let recipientPrefix = VectorFlag(
        "RecipientNotTink", .keyManagement, .keyset,
        "The recipient's pub:v1 primary is RAW, LEGACY or CRUNCHY: keybox writers refuse it.")
    static let recipientValue = VectorFlag(
        "RecipientValue", .encoding, .encoding, "The recipient is not a pub:v1 value.")
    static let ephemeral = VectorFlag(
        "InjectedEphemeral", .edgeCase, .kem, "The injected ephemeral private key is 0 or ≥ n.")
    static let badIV = VectorFlag("InjectedIvLength", .edgeCase, .dem, "The injected IV is not 12 bytes.")
    static let notKeyset = VectorFlag(
        "NotAnAeadKeyset", .keyManagement, .keyset,
        "The hybrid layer opens but the plaintext is not a valid AEAD keyset: its tink-keyset.md error is the result.")
    static let wrapKeyset = VectorFlag(
        "WrapKeyset", .keyManagement, .keyset, "keybox.wrap is given bytes that are not a valid AEAD keyset.")

    struct Party {
        let priv: HybridPrivateKeyset
        var pub: String { PubV1.encode(priv.publicKeyset) }
    }

    static func build() throws(CloserError) -> WireSuite {
        let b = try Builder(rng: SuiteRandom(suite: name))
        try b.knownAnswerWrap()
        let bob = try b.oneTimeKeysetWraps()
        let threadValue = try b.threadMessageWrap(bob)
        let rotation = try b.rotatedRecipientWrap(bob)
        try b.wrapRefusals(bob)
        try b.valueTextRefusals()
        b.truncatedBodyRefusals()
        try b.kemAndBitFlipRefusals()
        b.bindingRefusals(bob, threadValue: threadValue)
        try b.composedContextRefusals()
        try b.recipientKeyRefusals(bob, rotation)
        try b.notAKeysetRefusals(bob)

        return WireSuite(
            name: name, algorithm: "closer-keybox-v1",
            header: [
                "keybox:v1: release keys (specs/keybox-v1.md): value = \"keybox:v1:\" + b64url(Tink hybrid encrypt of the one-time",
                "keyset bytes to the recipient's pub:v1 keyset, context info = UTF-8 of coupleId|questionId|senderUserId|recipientUserId).",
                "body = 01 || key id(4) || kem(65) || IV(12) || ct || tag(16); demKey = HKDF-SHA256(ikm = kem || sharedSecret,",
                "salt empty, info = contextInfo, 16 bytes). wrap with the injected ephemeralPrivateKey and iv is byte-exact.",
            ],
            groups: [
                VectorGroup(
                    "KeyboxWrap", comment: "keybox.wrap with injected ephemeral key and IV",
                    cases: b.wraps + b.hostileWraps
                ),
                VectorGroup("KeyboxUnwrap", comment: "keybox.unwrap of real values", cases: b.unwraps),
                VectorGroup("KeyboxUnwrapHostile", comment: "keybox.unwrap of hostile values", cases: b.hostile),
            ])
    }

    /// One ECIES P-256 private key entry (for hand-built rotated private keysets).
    static func eciesKey(_ s: P256Scalar, _ id: UInt32, _ status: TinkKeyStatus) -> TinkKeyset.Key {
        TinkKeyset.Key(
            keyData: .init(
                typeURL: EciesP256PrivateKey.typeURL, value: EciesP256PrivateKey(scalar: s).serializedBytes,
                keyMaterialType: .asymmetricPrivate),
            status: status, keyID: id, outputPrefixType: .tink)
    }
}

extension KeyboxV1Suite {
    /// The DRBG-drawn recipient of most valid wraps and the binding they use.
    fileprivate struct Bob {
        let priv: HybridPrivateKeyset
        let coupleID: String
        let binding: KeyboxBinding
    }

    /// The recipient's old and new keys, and a value wrapped to the old one.
    fileprivate struct Rotation {
        let oldScalar: P256Scalar
        let oldID: UInt32
        let newScalar: P256Scalar
        let newID: UInt32
        let oldValue: String
    }

    /// The suite's DRBG and its groups, filled section by section in draw order; the unwrap
    /// refusals tamper with the known-answer value.
    fileprivate final class Builder {
        let rng: SuiteRandom
        var wraps: [VectorCase] = []
        var unwraps: [VectorCase] = []
        var hostileWraps: [VectorCase] = []
        var hostile: [VectorCase] = []
        let kaRecipient: HybridPrivateKeyset
        let kaKeyset: AEADKeyset
        let kaEph: P256Scalar
        let kaBinding: KeyboxBinding
        /// The known answer's value and body, set by `knownAnswerWrap`.
        var kaValue = ""
        var kaBody: [UInt8] = []
        var kaPriv: [UInt8] { kaRecipient.serializedBytes }
        var kaIn: [(String, JSONValue)] { bindingInput(kaBinding) }
        let comps = ["coupleId", "questionId", "senderUserId", "recipientUserId"]

        init(rng: SuiteRandom) throws(CloserError) {
            self.rng = rng
            kaRecipient = try HybridPrivateKeyset.make(
                privateKey: try Hex.decode("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"),
                keyID: 0x0a0b_0c0d)
            kaKeyset = try AEADKeyset(
                serializedBytes: try Hex.decode(
                    "08f8acd1910112640a580a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b657912221a20000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1801100118f8acd191012001"
                ))
            kaEph = try P256Scalar(try Hex.decode("1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988"))
            kaBinding = try KeyboxBinding(
                coupleID: "couple-1", questionID: "q-42", senderUserID: "alice", recipientUserID: "bob")
        }

        func bindingInput(_ b: KeyboxBinding) -> [(String, JSONValue)] {
            [
                ("coupleId", V.str(b.coupleID)), ("questionId", V.str(b.questionID)),
                ("senderUserId", V.str(b.senderUserID)),
                ("recipientUserId", V.str(b.recipientUserID)),
            ]
        }
        func rawBinding(_ c: String, _ q: String, _ s: String, _ r: String) -> [(String, JSONValue)] {
            [
                ("coupleId", V.str(c)), ("questionId", V.str(q)), ("senderUserId", V.str(s)),
                ("recipientUserId", V.str(r)),
            ]
        }
        func inter(_ ks: [UInt8], _ ctx: [UInt8], _ t: HybridEncryptionTrace) -> [(String, JSONValue)] {
            [
                ("plaintext", V.hex(ks)), ("contextInfo", V.hex(ctx)), ("ephemeralPublicKey", V.hex(t.kem)),
                ("kem", V.hex(t.kem)),
                ("sharedSecret", V.hex(t.sharedSecret)), ("demKey", V.hex(t.demKey)), ("iv", V.hex(t.iv)),
                ("ciphertextWithTag", V.hex(t.ciphertext.dropFirst(5 + 65 + 12))),
                ("outputPrefix", V.hex(t.outputPrefix)),
                ("body", V.hex(t.ciphertext)),
            ]
        }
        @discardableResult
        func addWrap(
            _ comment: String, _ flags: [VectorFlag], _ ks: AEADKeyset, _ recipient: HybridPrivateKeyset,
            _ b: KeyboxBinding,
            eph: P256Scalar? = nil, iv: [UInt8]? = nil, unwrapWith: HybridPrivateKeyset? = nil
        ) throws(CloserError) -> String {
            let e = eph ?? rng.scalar()
            let i = iv ?? rng.iv()
            let (value, trace) = try KeyboxV1.wrapWithTrace(
                ks, to: recipient.publicKeyset, binding: b, ephemeral: e, iv: i)
            let it = inter(ks.serializedBytes, try b.contextInfo(), trace)
            wraps.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.keyboxWrap.name,
                    input: [("recipient", V.str(PubV1.encode(recipient.publicKeyset)))] + bindingInput(b) + [
                        ("keyset", V.hex(ks.serializedBytes)), ("ephemeralPrivateKey", V.hex(e.d)), ("iv", V.hex(i)),
                    ], output: [("value", V.str(value))], intermediates: it))
            unwraps.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.keyboxUnwrap.name,
                    input: [("privateKeyset", V.hex((unwrapWith ?? recipient).serializedBytes))] + bindingInput(b) + [
                        ("value", V.str(value))
                    ], output: [("keyset", V.hex(ks.serializedBytes))], intermediates: it))
            return value
        }

        func bad(
            _ comment: String, _ flags: [VectorFlag], _ text: String, priv: [UInt8]? = nil,
            binding b: [(String, JSONValue)]? = nil,
            _ code: CloserError.Code, _ layer: VectorLayer, inter: [(String, JSONValue)] = []
        ) {
            hostile.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.keyboxUnwrap.name,
                    input: [("privateKeyset", V.hex(priv ?? kaPriv))] + (b ?? kaIn) + [("value", V.str(text))],
                    error: code,
                    layer: layer, intermediates: inter.isEmpty ? [("body", V.hex(kaBody))] : inter))
        }
        func badBody(
            _ comment: String, _ flags: [VectorFlag], _ bytes: [UInt8], _ code: CloserError.Code, _ layer: VectorLayer
        ) {
            bad(comment, flags, CloserProfileV1.keyboxPrefix + Base64.encode(bytes, .url), code, layer)
        }

        func knownAnswerWrap() throws(CloserError) {
            kaValue = try addWrap(
                "known answer of specs/keybox-v1.md", [], kaKeyset, kaRecipient, kaBinding, eph: kaEph,
                iv: try Hex.decode("0102030405060708090a0b0c"))
            kaBody = try WireString(parsing: kaValue, as: .keybox).body
        }

        /// One-time keysets of every shape to Bob, and recipients and ids of every shape.
        func oneTimeKeysetWraps() throws(CloserError) -> Bob {
            let bob = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: rng.keyID())
            let coupleID = "couple-\(Hex.encode(rng.bytes(4)))"
            let binding = try KeyboxBinding(
                coupleID: coupleID, questionID: "2025-03-14", senderUserID: "alice-uid", recipientUserID: "bob-uid")
            for _ in 0..<8 {
                try addWrap("one-time AES-256 keyset, DRBG keys", [], try rng.aeadKeyset(), bob, binding)
            }
            try addWrap(
                "one-time keyset with a 1-byte key id varint (100 bytes)", [],
                try rng.aeadKeyset(keyID: 1 + (rng.keyID() & 0x7f)), bob, binding)
            try addWrap(
                "one-time keyset with key id ≥ 2^31", [], try rng.aeadKeyset(keyID: 0x8000_0000 | rng.keyID()), bob,
                binding
            )
            try addWrap("one-time AES-128 keyset", [rotatedPlaintext], try rng.aeadKeyset(size: 16), bob, binding)
            let a1 = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            let a2 = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            try addWrap(
                "a two-key keyset as plaintext", [rotatedPlaintext],
                try AEADKeysets.keyset(primary: a2.keyID, [a1, a2]),
                bob, binding)
            let highBob = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: 0x8000_0000 | rng.keyID())
            try addWrap("recipient key id ≥ 2^31", [keyIDHighBit], try rng.aeadKeyset(), highBob, binding)
            try addWrap(
                "non-ASCII ids", [nonASCII], try rng.aeadKeyset(), bob,
                try KeyboxBinding(
                    coupleID: "cöuple-❤", questionID: "frage-ü", senderUserID: "アリス", recipientUserID: "bøb"))
            try addWrap(
                "long ids (128 characters each)", [], try rng.aeadKeyset(), bob,
                try KeyboxBinding(
                    coupleID: String(repeating: "c", count: 128), questionID: String(repeating: "q", count: 128),
                    senderUserID: String(repeating: "s", count: 128),
                    recipientUserID: String(repeating: "r", count: 128)))
            return Bob(priv: bob, coupleID: coupleID, binding: binding)
        }

        func threadMessageWrap(_ r: Bob) throws(CloserError) -> String {
            let (bob, coupleID) = (r.priv, r.coupleID)
            let threadBinding = try KeyboxBinding(
                coupleID: coupleID, questionID: "q-thread-question", senderUserID: "alice-uid",
                recipientUserID: "bob-uid")
            return try addWrap(
                "thread message: questionId is the thread document's questionId", [threadMessage], try rng.aeadKeyset(),
                bob, threadBinding)
        }

        func rotatedRecipientWrap(_ r: Bob) throws(CloserError) -> Rotation {
            let binding = r.binding
            // Rotated device key: the old key still opens (Tink picks the key by prefix).
            let oldScalar = rng.scalar()
            let oldID = rng.keyID()
            let newScalar = rng.scalar()
            let newID = rng.keyID()
            let oldOnly = try HybridPrivateKeyset.make(privateKey: oldScalar.d, keyID: oldID)
            let rotatedBytes = TinkKeyset(
                primaryKeyID: newID,
                keys: [eciesKey(oldScalar, oldID, .enabled), eciesKey(newScalar, newID, .enabled)]
            ).serializedBytes
            let rotated = try HybridPrivateKeyset(serializedBytes: rotatedBytes)
            let oldKS = try rng.aeadKeyset()
            let oldValue = try addWrap(
                "wrapped to the recipient's old key, opened with the rotated private keyset", [rotatedRecipient], oldKS,
                oldOnly,
                binding, unwrapWith: rotated)
            return Rotation(
                oldScalar: oldScalar, oldID: oldID, newScalar: newScalar, newID: newID, oldValue: oldValue)
        }

        /// Wrap refusals: recipients, binding components, injected ephemeral keys and IVs, keysets.
        func wrapRefusals(_ r: Bob) throws(CloserError) {
            let (bob, binding) = (r.priv, r.binding)
            // Wrap refusals.
            let ks = try rng.aeadKeyset()
            func wrapBad(
                _ comment: String, _ flags: [VectorFlag], recipient: String, _ b: [(String, JSONValue)],
                keyset: [UInt8]? = nil,
                eph: [UInt8]? = nil, iv: [UInt8]? = nil, _ code: CloserError.Code, _ layer: VectorLayer
            ) {
                hostileWraps.append(
                    .invalid(
                        comment, flags: flags, op: HarnessOpSpec.keyboxWrap.name,
                        input: [("recipient", V.str(recipient))] + b + [
                            ("keyset", V.hex(keyset ?? ks.serializedBytes)),
                            ("ephemeralPrivateKey", V.hex(eph ?? rng.scalar().d)),
                            ("iv", V.hex(iv ?? rng.iv())),
                        ], error: code, layer: layer))
            }
            let bobPub = PubV1.encode(bob.publicKeyset)
            let good = bindingInput(binding)
            for prefix in [TinkOutputPrefixType.raw, .legacy, .crunchy] {
                let k = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: rng.keyID(), prefix: prefix)
                let pub = CloserProfileV1.publicKeyPrefix + Base64.encode(k.publicKeyset.serializedBytes, .url)
                wrapBad(
                    "recipient pub:v1 with a \(prefix) primary", [recipientPrefix], recipient: pub, good,
                    .pubWrongOutputPrefix, .keyset)
            }
            wrapBad(
                "recipient is an enc:v1: prefix", [recipientValue], recipient: "enc:v1:" + bobPub.dropFirst(7), good,
                .wireWrongPrefix, .encoding)
            wrapBad(
                "recipient pub:v2:", [recipientValue], recipient: "pub:v2:" + bobPub.dropFirst(7), good,
                .wireWrongPrefix,
                .encoding)
            wrapBad(
                "recipient with standard-alphabet padding", [recipientValue],
                recipient: EncodingVariants.padded(bobPub),
                good, .b64InvalidPadding, .encoding)
            for (i, c) in comps.enumerated() {
                var b = good
                b[i] = (c, V.str(""))
                wrapBad("empty \(c)", [badComponent], recipient: bobPub, b, .bindingEmptyComponent, .binding)
                var p = good
                p[i] = (c, V.str("a|b"))
                wrapBad(
                    "\(c) containing |", [badComponent], recipient: bobPub, p, .bindingSeparatorInComponent, .binding)
            }
            let n = try Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
            wrapBad(
                "ephemeral private key 0", [ephemeral], recipient: bobPub, good, eph: [UInt8](repeating: 0, count: 32),
                .p256ScalarOutOfRange, .kem)
            wrapBad(
                "ephemeral private key n (the group order)", [ephemeral], recipient: bobPub, good, eph: n,
                .p256ScalarOutOfRange, .kem)
            wrapBad(
                "ephemeral private key 2^256 - 1", [ephemeral], recipient: bobPub, good,
                eph: [UInt8](repeating: 0xff, count: 32), .p256ScalarOutOfRange, .kem)
            for len in [0, 11, 13, 16] {
                wrapBad(
                    "injected IV of \(len) bytes", [badIV], recipient: bobPub, good, iv: rng.bytes(len),
                    .aesGCMInvalidIV,
                    .dem)
            }
            wrapBad(
                "keyset bytes 0f (wire type 7)", [wrapKeyset], recipient: bobPub, good, keyset: [0x0f],
                .protoInvalidWireType, .protobuf)
            wrapBad("keyset bytes empty", [wrapKeyset], recipient: bobPub, good, keyset: [], .keysetEmpty, .keyset)
            wrapBad(
                "an ECIES private keyset as the one-time keyset", [wrapKeyset], recipient: bobPub, good,
                keyset: bob.serializedBytes, .keysetUnsupportedKeyType, .keyset)
        }

        /// Unwrap refusals of the known answer's text: prefixes, alphabet, padding, whitespace, length.
        func valueTextRefusals() throws(CloserError) {
            // Unwrap refusals from one real value.
            let value = kaValue
            let b64 = String(value.dropFirst(CloserProfileV1.keyboxPrefix.count))
            for p in [
                "keybox:v2:", "KEYBOX:v1:", "keybox:V1:", "keybox:v1", "keyboxv1:", "sealed:v1:", "enc:v1:",
                " keybox:v1:",
                "",
            ] {
                bad("prefix \"\(p)\" instead of keybox:v1:", [wrongPrefix], p + b64, .wireWrongPrefix, .encoding)
            }
            var alt = value
            while !alt.dropFirst(10).contains(where: { $0 == "-" || $0 == "_" }) {
                alt = try KeyboxV1.wrapWithTrace(
                    kaKeyset, to: kaRecipient.publicKeyset, binding: kaBinding, ephemeral: rng.scalar(), iv: rng.iv()
                ).value
            }
            let altB64 = String(alt.dropFirst(10))
            bad(
                "standard alphabet (+ and /)", [wrongAlphabet],
                CloserProfileV1.keyboxPrefix + EncodingVariants.standardAlphabet(altB64), .b64WrongAlphabet, .encoding)
            bad(
                "padding added", [padding],
                CloserProfileV1.keyboxPrefix + EncodingVariants.padded(b64) + (b64.utf8.count % 4 == 0 ? "=" : ""),
                .b64InvalidPadding, .encoding)
            if let nc = EncodingVariants.nonCanonicalTrailingBits(b64, url: true) {
                bad(
                    "non-canonical trailing bits", [trailingBits], CloserProfileV1.keyboxPrefix + nc, .b64NonCanonical,
                    .encoding)
            }
            bad("trailing newline", [whitespace], value + "\n", .b64InvalidCharacter, .encoding)
            bad(
                "space inside the body", [whitespace],
                CloserProfileV1.keyboxPrefix + String(b64.prefix(20)) + " " + String(b64.dropFirst(20)),
                .b64InvalidCharacter, .encoding)
            bad(
                "a body of 4k+1 symbols", [trailingBits],
                value + String(repeating: "A", count: (5 - b64.utf8.count % 4) % 4),
                .b64InvalidLength, .encoding)
        }

        /// The body cut short, lengthened, or with another Tink prefix byte.
        func truncatedBodyRefusals() {
            let body = kaBody
            for len in [0, 1, 4, 5, 6, 69, 70, 71, 81, 82, 97] {
                badBody(
                    "body truncated to \(len) bytes", [truncated], Mutate.truncate(body, to: len), .wireTooShort,
                    .tinkFraming)
            }
            badBody(
                "body truncated to 98 bytes (prefix, KEM, IV, 16 bytes of ciphertext)", [truncated],
                Mutate.truncate(body, to: 98), .hybridDecryptionFailed, .dem)
            badBody("tag cut by one byte", [truncated], Array(body.dropLast()), .hybridDecryptionFailed, .dem)
            badBody("tag removed", [truncated], Array(body.dropLast(16)), .hybridDecryptionFailed, .dem)
            badBody("one byte appended", [modified], body + [0], .hybridDecryptionFailed, .dem)
            for first in [0x00, 0x02, 0x7f] as [UInt8] {
                var b = body
                b[0] = first
                badBody(
                    "Tink prefix byte 0x\(String(first, radix: 16))", [tinkPrefix], b, .wireWrongTinkPrefix,
                    .tinkFraming)
            }
        }

        /// KEM points in other forms, off the curve or replaced, and flipped bits in every layer.
        func kemAndBitFlipRefusals() throws(CloserError) {
            let body = kaBody
            let kem = Array(body[5..<70])
            let rest = Array(body[70...])
            let compressed = [0x02 | (kem[64] & 1)] + kem[1..<33]
            badBody(
                "compressed KEM point (33 bytes)", [compressedKEM], Array(body[0..<5]) + compressed + rest,
                .hybridDecryptionFailed, .kem)
            badBody(
                "compressed KEM point padded to 65 bytes with zeros", [compressedKEM],
                Array(body[0..<5]) + compressed + [UInt8](repeating: 0, count: 32) + rest, .hybridDecryptionFailed, .kem
            )
            var offCurve = kem
            offCurve[64] ^= 1
            badBody(
                "KEM point off the curve (y + 1 bit)", [invalidKEM], Array(body[0..<5]) + offCurve + rest,
                .hybridDecryptionFailed, .kem)
            badBody(
                "KEM point of 65 zero bytes", [invalidKEM],
                Array(body[0..<5]) + [UInt8](repeating: 0, count: 65) + rest,
                .hybridDecryptionFailed, .kem)
            badBody(
                "KEM point 04 || 0…0 || 0…0 ((0, 0) is not on P-256)", [invalidKEM],
                Array(body[0..<5]) + [4] + [UInt8](repeating: 0, count: 64) + rest, .hybridDecryptionFailed, .kem)
            badBody(
                "KEM x = p (coordinate out of range)", [invalidKEM],
                Array(body[0..<5]) + [4]
                    + (try Hex.decode("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")) + kem[33...]
                    + rest,
                .hybridDecryptionFailed, .kem)
            var hybridForm = kem
            hybridForm[0] = 0x06 | (kem[64] & 1)
            badBody(
                "KEM point in hybrid form (06/07)", [invalidKEM], Array(body[0..<5]) + hybridForm + rest,
                .hybridDecryptionFailed, .kem)
            badBody(
                "KEM point replaced by the recipient's own public point (valid point, wrong secret)", [modified],
                Array(body[0..<5]) + kaRecipient.publicKeyset.primary.key.point.uncompressed + rest,
                .hybridDecryptionFailed, .dem)
            for (what, i) in [
                ("key id", 1), ("key id", 4), ("KEM", 6), ("KEM", 40), ("KEM", 69), ("IV", 70), ("IV", 81),
                ("ciphertext", 82), ("ciphertext", 120), ("ciphertext", body.count - 17), ("tag", body.count - 16),
                ("tag", body.count - 1),
            ] {
                badBody(
                    "flipped bit in the \(what) (byte \(i))", [modified], Mutate.flip(body, byte: i),
                    .hybridDecryptionFailed,
                    what == "key id" ? .tinkFraming : what == "KEM" ? .kem : .dem)
            }
        }

        /// Opened with swapped, other or malformed binding components.
        func bindingRefusals(_ r: Bob, threadValue: String) {
            let (value, bob, coupleID) = (kaValue, r.priv, r.coupleID)
            // Binding: swapped, other, malformed.
            func swappedBinding(_ c: String, _ q: String, _ s: String, _ r: String, _ comment: String) {
                bad(comment, [swapped], value, binding: rawBinding(c, q, s, r), .hybridDecryptionFailed, .binding)
            }
            swappedBinding("couple-1", "q-42", "bob", "alice", "sender and recipient swapped (A→B opened as B→A)")
            swappedBinding("q-42", "couple-1", "alice", "bob", "coupleId and questionId swapped")
            swappedBinding("couple-2", "q-42", "alice", "bob", "another coupleId")
            swappedBinding("couple-1", "q-43", "alice", "bob", "another questionId")
            swappedBinding("couple-1", "q-42", "alice", "carol", "another recipientUserId")
            swappedBinding("couple-1", "q-42", "Alice", "bob", "senderUserId in another case")
            swappedBinding("couple-1", "q-42", "alice ", "bob", "senderUserId with a trailing space")
            bad(
                "thread message keybox opened with the threadId as questionId", [threadMessage], threadValue,
                priv: bob.serializedBytes,
                binding: rawBinding(coupleID, "thread-7", "alice-uid", "bob-uid"), .hybridDecryptionFailed, .binding)
            for (i, c) in comps.enumerated() {
                var b = kaIn
                b[i] = (c, V.str(""))
                bad("empty \(c)", [badComponent], value, binding: b, .bindingEmptyComponent, .binding)
                var p = kaIn
                p[i] = (c, V.str(i == 0 ? "couple|1" : "x|y"))
                bad("\(c) containing |", [badComponent], value, binding: p, .bindingSeparatorInComponent, .binding)
            }
            bad(
                "| moved between components (couple-1|q vs couple-1, q|…): refused, not ambiguous", [badComponent],
                value,
                binding: rawBinding("couple-1|q-42", "alice", "bob", "x"), .bindingSeparatorInComponent, .binding)
        }

        /// Values whose writer composed the context info otherwise.
        func composedContextRefusals() throws(CloserError) {
            func composed(_ comment: String, _ ctx: String) throws(CloserError) {
                let t = try TinkHybrid.encryptWithTrace(
                    kaRecipient.publicKeyset, plaintext: kaKeyset.serializedBytes, contextInfo: Array(ctx.utf8),
                    ephemeral: rng.scalar(),
                    iv: rng.iv())
                bad(
                    comment, [contextComposition], CloserProfileV1.keyboxPrefix + Base64.encode(t.ciphertext, .url),
                    .hybridDecryptionFailed, .binding, inter: inter(kaKeyset.serializedBytes, Array(ctx.utf8), t))
            }
            try composed("context without recipientUserId", "couple-1|q-42|alice")
            try composed("context without questionId", "couple-1|alice|bob")
            try composed("context joined by : instead of |", "couple-1:q-42:alice:bob")
            try composed("context joined by NUL", "couple-1\u{0}q-42\u{0}alice\u{0}bob")
            try composed("context joined by ||", "couple-1||q-42||alice||bob")
            try composed("context with a trailing |", "couple-1|q-42|alice|bob|")
            try composed("context in the order recipient, sender", "couple-1|q-42|bob|alice")
            try composed("context in the order questionId, coupleId", "q-42|couple-1|alice|bob")
            try composed("empty context info", "")
            try composed("context of the sealed AAD (coupleId|questionId|userId)", "couple-1|q-42|alice")
        }

        /// Opened with another recipient key, a RAW key, or the writing key DISABLED.
        func recipientKeyRefusals(_ r: Bob, _ rotation: Rotation) throws(CloserError) {
            let (value, binding) = (kaValue, r.binding)
            let (oldScalar, oldID, newScalar, newID) = (
                rotation.oldScalar, rotation.oldID, rotation.newScalar, rotation.newID
            )
            // Recipient keys.
            let other = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: rng.keyID())
            bad(
                "another recipient's private keyset (other key id)", [wrongRecipient], value,
                priv: other.serializedBytes,
                .hybridDecryptionFailed, .tinkFraming)
            let sameID = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: 0x0a0b_0c0d)
            bad(
                "same key id, another private key", [wrongRecipient], value, priv: sameID.serializedBytes,
                .hybridDecryptionFailed, .kem)
            let rawSame = try HybridPrivateKeyset.make(
                privateKey: try Hex.decode("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"),
                keyID: 0x0a0b_0c0d,
                prefix: .raw)
            bad(
                "the right scalar under a RAW key: the body's 5-byte prefix is read as the KEM", [wrongRecipient],
                value,
                priv: rawSame.serializedBytes, .hybridDecryptionFailed, .tinkFraming)
            let disabledOld = TinkKeyset(
                primaryKeyID: newID,
                keys: [eciesKey(oldScalar, oldID, .disabled), eciesKey(newScalar, newID, .enabled)]
            ).serializedBytes
            bad(
                "the writing key is DISABLED in the recipient's keyset", [wrongRecipient], rotation.oldValue,
                priv: disabledOld,
                binding: bindingInput(binding), .hybridDecryptionFailed, .keyset)
        }

        /// The hybrid layer opens; the plaintext is not a valid AEAD keyset.
        func notAKeysetRefusals(_ r: Bob) throws(CloserError) {
            let bob = r.priv
            var disabledOnly = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            disabledOnly.status = .disabled
            let plaintexts: [(String, [UInt8], CloserError.Code, VectorLayer)] = [
                ("empty", [], .keysetEmpty, .keyset),
                ("0f (wire type 7)", [0x0f], .protoInvalidWireType, .protobuf),
                (
                    "a keyset truncated by 10 bytes", Array(kaKeyset.serializedBytes.dropLast(10)), .protoTruncated,
                    .protobuf
                ),
                (
                    "only a DISABLED key", AEADKeysets.bytes(primary: disabledOnly.keyID, [disabledOnly]),
                    .keysetNoEnabledKey, .keyset
                ),
                (
                    "primary id matching no key",
                    AEADKeysets.bytes(primary: 9, [AEADKeySpec(key: rng.bytes(32), keyID: 8)]), .keysetNoPrimary,
                    .keyset
                ),
                ("an ECIES private keyset", bob.serializedBytes, .keysetUnsupportedKeyType, .keyset),
                (
                    "a 24-byte AES key", AEADKeysets.bytes(primary: 7, [AEADKeySpec(key: rng.bytes(24), keyID: 7)]),
                    .keysetInvalidKeySize, .keyset
                ),
            ]
            for (what, pt, code, layer) in plaintexts {
                let t = try TinkHybrid.encryptWithTrace(
                    kaRecipient.publicKeyset, plaintext: pt, contextInfo: try kaBinding.contextInfo(),
                    ephemeral: rng.scalar(), iv: rng.iv())
                bad(
                    "hybrid plaintext is \(what)", [notKeyset],
                    CloserProfileV1.keyboxPrefix + Base64.encode(t.ciphertext, .url), code, layer,
                    inter: inter(pt, try kaBinding.contextInfo(), t))
            }
        }
    }
}
