// The tink_hybrid suite: ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM through `hybrid.encrypt`
// (injected ephemeral scalar and IV, byte for byte, every KEM/KDF/DEM intermediate) and
// `hybrid.decrypt`, valid and hostile. Normative: specs/tink-hybrid.md, specs/tink-aead.md
// §"Decrypt" (key selection).

import CloserHarness
import CloserVectorModel
import CloserWire

enum TinkHybridSuite {
    static let name = "tink_hybrid"

    static let valid = VectorFlag(
        "Valid", .basic, .dem, "A legitimate ciphertext: encrypt byte for byte, decrypt to the plaintext.")
    static let knownAnswer = VectorFlag(
        "KnownAnswer", .basic, .kdf, "tink-hybrid.md's known answer (tink-wire-facts.md §3, checked against Tink).")
    static let leadingZero = VectorFlag(
        "SharedSecretLeadingZero", .edgeCase, .kdf,
        "The ECDH x-coordinate starts with 00: it is kept, 32 bytes, in the HKDF input.")
    static let kemLeadingZero = VectorFlag(
        "KemLeadingZero", .edgeCase, .kem, "The ephemeral point's X starts with 00: the KEM is still 65 bytes.")
    static let contextFlag = VectorFlag(
        "ContextInfo", .edgeCase, .kdf, "Empty, long or binary contextInfo (HKDF info).")
    static let coordinates = VectorFlag(
        "CoordinateWidth", .pointValidation, .keyset,
        "The recipient's public keyset has 32-byte (Python/C++) coordinates: the same ciphertext results.")
    static let keyIDHighBit = VectorFlag("KeyIdHighBit", .edgeCase, .tinkFraming, "Recipient key id ≥ 2^31.")
    static let rawRecipient = VectorFlag(
        "RawRecipient", .keyManagement, .tinkFraming,
        "A RAW recipient key: no output prefix, tried after prefixed keys.")
    static let rotated = VectorFlag(
        "RotatedKeyset", .keyManagement, .keyset,
        "Several recipient keys: encrypt to the primary, decrypt with any ENABLED key whose prefix matches.")
    static let emptyPlaintext = VectorFlag("EmptyPlaintext", .edgeCase, .dem, "A 0-byte plaintext.")
    static let compressed = VectorFlag(
        "CompressedKem", .pointValidation, .kem, "A KEM point in compressed (02/03) or hybrid (06/07) form is refused.")
    static let invalidKem = VectorFlag(
        "InvalidKemPoint", .pointValidation, .kem,
        "A KEM point off the curve, the all-zero identity-like point, or X ≥ p.")
    static let negatedKem = VectorFlag(
        "NegatedKem", .malleability, .kdf,
        "The KEM replaced by its negation: same shared secret, but the KEM bytes are HKDF input, so the DEM key differs."
    )
    static let flipped = VectorFlag(
        "ModifiedCiphertext", .malleability, .dem, "A bit of the prefix, key id, KEM, IV, ciphertext or tag is flipped."
    )
    static let truncatedFlag = VectorFlag(
        "Truncated", .malleability, .tinkFraming, "The ciphertext is cut at or inside a layer boundary.")
    static let appended = VectorFlag("AppendedBytes", .malleability, .dem, "Bytes appended after the tag.")
    static let wrongContext = VectorFlag(
        "WrongContextInfo", .wrongBinding, .kdf, "Decrypt with another contextInfo than encrypt used.")
    static let wrongDEMKey = VectorFlag(
        "WrongDemKey", .wrongParameters, .kdf,
        "The DEM was sealed under a key derived the wrong way (HKDF inputs, order, salt/info, length, no HKDF).")
    static let demAAD = VectorFlag(
        "DemAad", .wrongParameters, .dem, "The DEM was sealed with non-empty AAD (Tink's is empty).")
    static let wrongKey = VectorFlag(
        "WrongRecipient", .keyManagement, .kem,
        "The prefix matches a recipient key, but the ciphertext was made for another key.")
    static let disabled = VectorFlag(
        "DisabledKey", .keyManagement, .keyset, "The recipient key is DISABLED in the reader's keyset.")
    static let badScalar = VectorFlag(
        "EphemeralScalarOutOfRange", .pointValidation, .kem, "The injected ephemeral scalar is 0 or ≥ n.")
    static let badIV = VectorFlag("InjectedIvLength", .edgeCase, .dem, "The injected IV is not 12 bytes.")
    static let badKeyset = VectorFlag("InvalidKeyset", .keyManagement, .keyset, "The recipient keyset is refused.")

    static func build() throws(CloserError) -> WireSuite {
        let b = Builder(rng: SuiteRandom(suite: name))
        try b.knownAnswerPair()
        let r1 = try b.messagePairs()
        let zeroShared = try b.leadingZeroPairs(r1)
        let rRaw = try b.recipientPairs(r1)
        let rotation = try b.rotatedPairs(rRaw)
        try b.encryptRefusals(r1)
        let target = try b.decryptTarget(r1, eph: zeroShared[0])
        b.kemRefusals(target)
        b.framingRefusals(target)
        try b.wrongDEMKeyRefusals(target)
        try b.wrongRecipientRefusals(target, rotation)

        return WireSuite(
            name: name, algorithm: "closer-tink-hybrid",
            header: [
                "Tink hybrid ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM (specs/tink-hybrid.md): hybrid.encrypt with the injected",
                "ephemeralPrivateKey and iv gives ciphertext = outputPrefix || kem || iv || ciphertextWithTag byte for byte, with",
                "sharedSecret = x(ECDH), demKey = HKDF-SHA256(kem || sharedSecret, salt empty, info contextInfo, 16).",
                "hybrid.decrypt refuses every tampered or misdirected ciphertext with hybrid.decryption_failed.",
            ],
            groups: [
                VectorGroup(
                    "HybridEncrypt", comment: "hybrid.encrypt with injected ephemeral scalar and IV", cases: b.encrypts),
                VectorGroup(
                    "HybridDecrypt", comment: "hybrid.decrypt of real ciphertexts, key selection", cases: b.decrypts),
                VectorGroup(
                    "HybridHostile", comment: "refused scalars, IVs, keysets and ciphertexts", cases: b.hostile),
                VectorGroup(
                    "KemAndKdfLowerOps", comment: "p256.ecdh with scalars of any length; hkdf.sha256 at 0…8160 bytes",
                    cases: try kemAndKDFLowerOpCases()),
            ])
    }
}

extension TinkHybridSuite {
    /// The rotated recipient keys, reused by the DISABLED-key refusal.
    fileprivate struct Rotation {
        let newS: P256Scalar
        let newID: UInt32
    }

    /// One real ciphertext to r1, tampered with by the decrypt refusals.
    fileprivate struct DecryptTarget {
        let r1: HybridPrivateKeyset
        let pt: [UInt8]
        let ctx: [UInt8]
        let iv: [UInt8]
        let t: HybridEncryptionTrace
        var ct: [UInt8] { t.ciphertext }
    }

    /// The suite's DRBG and its three groups, filled section by section in draw order.
    fileprivate final class Builder {
        let rng: SuiteRandom
        var encrypts: [VectorCase] = []
        var decrypts: [VectorCase] = []
        var hostile: [VectorCase] = []

        init(rng: SuiteRandom) { self.rng = rng }

        func encInput(_ pub: [UInt8], _ pt: [UInt8], _ ctx: [UInt8], _ eph: [UInt8], _ iv: [UInt8]) -> [(
            String, JSONValue
        )] {
            [
                ("publicKeyset", V.hex(pub)), ("plaintext", V.hex(pt)), ("contextInfo", V.hex(ctx)),
                ("ephemeralPrivateKey", V.hex(eph)), ("iv", V.hex(iv)),
            ]
        }
        func decInput(_ priv: [UInt8], _ ct: [UInt8], _ ctx: [UInt8]) -> [(String, JSONValue)] {
            [("privateKeyset", V.hex(priv)), ("ciphertext", V.hex(ct)), ("contextInfo", V.hex(ctx))]
        }
        func intermediates(_ t: HybridEncryptionTrace, _ pt: [UInt8], _ ctx: [UInt8]) -> [(String, JSONValue)] {
            [
                ("plaintext", V.hex(pt)), ("contextInfo", V.hex(ctx)), ("outputPrefix", V.hex(t.outputPrefix)),
                ("kem", V.hex(t.kem)), ("sharedSecret", V.hex(t.sharedSecret)), ("demKey", V.hex(t.demKey)),
                ("iv", V.hex(t.iv)),
                ("ciphertextWithTag", V.hex(t.ciphertext.dropFirst(t.outputPrefix.count + 65 + 12))),
            ]
        }
        /// A byte-exact encrypt test and the decrypt of the same ciphertext.
        @discardableResult
        func pair(
            _ comment: String, _ flags: [VectorFlag], _ priv: HybridPrivateKeyset, pub: [UInt8]? = nil, _ pt: [UInt8],
            _ ctx: [UInt8], eph: P256Scalar? = nil, iv: [UInt8]? = nil
        ) throws(CloserError) -> HybridEncryptionTrace {
            let eph = eph ?? rng.scalar()
            let iv = iv ?? rng.iv()
            let pubBytes = pub ?? priv.publicKeyset.serializedBytes
            let t = try TinkHybrid.encryptWithTrace(
                try HybridPublicKeyset(serializedBytes: pubBytes), plaintext: pt, contextInfo: ctx, ephemeral: eph,
                iv: iv)
            let inter = intermediates(t, pt, ctx)
            encrypts.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.hybridEncrypt.name,
                    input: encInput(pubBytes, pt, ctx, eph.d, iv),
                    output: [("ciphertext", V.hex(t.ciphertext))], intermediates: inter))
            decrypts.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.hybridDecrypt.name,
                    input: decInput(priv.serializedBytes, t.ciphertext, ctx),
                    output: [("plaintext", V.hex(pt))], intermediates: inter))
            return t
        }
        func entry(
            _ s: P256Scalar, _ id: UInt32, _ status: TinkKeyStatus = .enabled, _ prefix: TinkOutputPrefixType = .tink
        )
            -> TinkKeyset.Key
        {
            .init(
                keyData: .init(
                    typeURL: EciesP256PrivateKey.typeURL, value: EciesP256PrivateKey(scalar: s).serializedBytes,
                    keyMaterialType: .asymmetricPrivate), status: status, keyID: id, outputPrefixType: prefix)
        }
        func decryptOnly(
            _ comment: String, _ flags: [VectorFlag], reader: HybridPrivateKeyset, writer: HybridPrivateKeyset
        )
            throws(CloserError)
        {
            let pt = rng.bytes(9)
            let ctx = Array("ctx".utf8)
            let t = try TinkHybrid.encryptWithTrace(
                writer.publicKeyset, plaintext: pt, contextInfo: ctx, ephemeral: rng.scalar(),
                iv: rng.iv())
            decrypts.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.hybridDecrypt.name,
                    input: decInput(reader.serializedBytes, t.ciphertext, ctx),
                    output: [("plaintext", V.hex(pt))], intermediates: intermediates(t, pt, ctx)))
        }
        /// A refused decrypt of a tampered `target` ciphertext, with the real ciphertext's KEM intermediates.
        func bad(
            _ target: DecryptTarget, _ comment: String, _ flags: [VectorFlag], _ c: [UInt8], _ layer: VectorLayer,
            ctx: [UInt8]? = nil, reader: HybridPrivateKeyset? = nil
        ) {
            let t = target.t
            hostile.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.hybridDecrypt.name,
                    input: decInput((reader ?? target.r1).serializedBytes, c, ctx ?? target.ctx),
                    error: .hybridDecryptionFailed, layer: layer,
                    intermediates: [
                        ("kem", V.hex(t.kem)), ("sharedSecret", V.hex(t.sharedSecret)), ("demKey", V.hex(t.demKey)),
                    ]))
        }

        func knownAnswerPair() throws(CloserError) {
            let kaPriv = try HybridPrivateKeyset.make(
                privateKey: try Hex.decode("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"),
                keyID: 0x0a0b_0c0d)
            try pair(
                "tink-hybrid.md's known answer", [knownAnswer], kaPriv, Array("Hello, hybrid!".utf8),
                Array("context info".utf8),
                eph: try P256Scalar(try Hex.decode("1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988")),
                iv: Array(1...12))
        }

        /// Plaintexts and contextInfos of every shape to r1, the recipient of the later sections.
        func messagePairs() throws(CloserError) -> HybridPrivateKeyset {
            let r1 = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: rng.keyID())
            for (comment, flags, pt, ctx) in [
                ("empty plaintext, empty contextInfo", [emptyPlaintext, contextFlag], [UInt8](), [UInt8]()),
                ("empty plaintext", [emptyPlaintext], [], Array("ctx".utf8)),
                ("1-byte plaintext", [], [0x42], Array("ctx".utf8)),
                ("a 16-byte key's worth", [], rng.bytes(16), Array("couple-1|question-7|alice|bob".utf8)),
                ("4 KiB plaintext", [], rng.bytes(4096), Array("ctx".utf8)),
                ("empty contextInfo", [contextFlag], Array("hello".utf8), []),
                ("1 KiB contextInfo", [contextFlag], Array("hello".utf8), rng.bytes(1024)),
                ("binary contextInfo with NUL and |", [contextFlag], Array("hello".utf8), [0, 0x7c, 0xff, 0]),
                ("UTF-8 contextInfo", [contextFlag], Array("hello".utf8), Array("cöuple|❤|😀".utf8)),
            ] as [(String, [VectorFlag], [UInt8], [UInt8])] {
                try pair(comment, flags, r1, pt, ctx)
            }
            return r1
        }

        /// Shared secrets and ephemeral X coordinates with a leading zero byte; returns the ephemeral
        /// scalars of the shared-secret ones.
        func leadingZeroPairs(_ r1: HybridPrivateKeyset) throws(CloserError) -> [P256Scalar] {
            // Shared secrets with a leading zero byte, found by drawing ephemeral scalars from the DRBG.
            var zeroShared: [P256Scalar] = []
            while zeroShared.count < 3 {
                let e = rng.scalar()
                if try e.sharedSecret(with: r1.primary.key.scalar.publicPoint).first == 0 { zeroShared.append(e) }
            }
            for (i, e) in zeroShared.enumerated() {
                try pair(
                    "shared secret starting 00 (\(i + 1))", [leadingZero], r1, rng.bytes(10), Array("ctx".utf8),
                    eph: e)
            }
            let kemZero = TinkKeysetSuite.findScalar(rng) { $0.publicPoint.x[0] == 0 }
            try pair("ephemeral X starting 00", [kemLeadingZero], r1, rng.bytes(10), Array("ctx".utf8), eph: kemZero)
            return zeroShared
        }

        /// Recipient keysets: 32-byte coordinates, high-bit key ids, a RAW key (returned).
        func recipientPairs(_ r1: HybridPrivateKeyset) throws(CloserError) -> HybridPrivateKeyset {
            // Recipients.
            let s32 = r1.primary.key.scalar.publicPoint
            let pub32 = TinkProto.keyset(
                primary: r1.primary.keyID,
                [
                    TinkProto.key(
                        TinkProto.keyData(
                            TinkProto.eciesPublicURL, TinkProto.eciesPublic(x: s32.x, y: s32.y), material: 3),
                        id: r1.primary.keyID)
                ])
            try pair(
                "recipient public keyset with 32-byte coordinates", [coordinates], r1, pub: pub32, rng.bytes(10),
                Array("ctx".utf8))
            for id: UInt32 in [0x8000_0000, 0xffff_ffff, 0x8000_0000 | rng.keyID()] {
                let r = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: id)
                try pair(
                    "recipient key id 0x\(String(id, radix: 16))", [keyIDHighBit], r, rng.bytes(10),
                    Array("ctx".utf8))
            }
            let rRaw = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: rng.keyID(), prefix: .raw)
            try pair("RAW recipient: no prefix", [rawRecipient], rRaw, rng.bytes(10), Array("ctx".utf8))
            return rRaw
        }

        /// A rotated recipient keyset: encrypt to the primary, decrypt a non-primary and a RAW key's ciphertext.
        func rotatedPairs(_ rRaw: HybridPrivateKeyset) throws(CloserError) -> Rotation {
            // Rotated: old, RAW, new (primary).
            let oldS = rng.scalar(), newS = rng.scalar()
            let oldID = rng.keyID(), newID = 0x8000_0000 | rng.keyID()
            let rotatedPriv = try HybridPrivateKeyset(
                TinkKeyset(
                    primaryKeyID: newID,
                    keys: [
                        entry(oldS, oldID), entry(rRaw.primary.key.scalar, rRaw.primary.keyID, .enabled, .raw),
                        entry(newS, newID),
                    ]))
            try pair(
                "rotated recipient keyset: encrypt to the primary (3rd key)", [rotated, keyIDHighBit], rotatedPriv,
                rng.bytes(10),
                Array("ctx".utf8))
            let oldOnly = try HybridPrivateKeyset(TinkKeyset(primaryKeyID: oldID, keys: [entry(oldS, oldID)]))
            try decryptOnly(
                "a non-primary key's ciphertext opens under the rotated keyset", [rotated], reader: rotatedPriv,
                writer: oldOnly)
            try decryptOnly(
                "a RAW key's ciphertext opens under the rotated keyset (RAW fallback)", [rotated, rawRecipient],
                reader: rotatedPriv, writer: rRaw)
            return Rotation(newS: newS, newID: newID)
        }

        /// Encrypt refusals: ephemeral scalars out of range, IV lengths, keysets.
        func encryptRefusals(_ r1: HybridPrivateKeyset) throws(CloserError) {
            // Encrypt refusals.
            let r1Pub = r1.publicKeyset.serializedBytes
            let n = TinkKeysetSuite.n
            for (comment, e) in [
                ("empty", [UInt8]()), ("0", [0]), ("n", n), ("n + 1", TinkKeysetSuite.add1(n)),
                ("2^256 − 1", [UInt8](repeating: 0xff, count: 32)),
            ] {
                hostile.append(
                    .invalid(
                        "encrypt with ephemeral scalar \(comment)", flags: [badScalar],
                        op: HarnessOpSpec.hybridEncrypt.name,
                        input: encInput(r1Pub, [1], [], e, rng.iv()), error: .p256ScalarOutOfRange, layer: .kem))
            }
            for len in [0, 11, 13, 16] {
                hostile.append(
                    .invalid(
                        "encrypt with an IV of \(len) bytes", flags: [badIV], op: HarnessOpSpec.hybridEncrypt.name,
                        input: encInput(r1Pub, [1], [], rng.scalar().d, rng.bytes(len)), error: .aesGCMInvalidIV,
                        layer: .dem))
            }
            hostile.append(
                .invalid(
                    "encrypt with scalar 0 and a 3-byte IV: the scalar is checked first", flags: [badScalar],
                    op: HarnessOpSpec.hybridEncrypt.name,
                    input: encInput(r1Pub, [1], [], [0], rng.bytes(3)), error: .p256ScalarOutOfRange, layer: .kem))
            hostile.append(
                .invalid(
                    "encrypt to a private keyset", flags: [badKeyset], op: HarnessOpSpec.hybridEncrypt.name,
                    input: encInput(r1.serializedBytes, [1], [], rng.scalar().d, rng.iv()),
                    error: .keysetUnsupportedKeyType,
                    layer: .keyset))
            hostile.append(
                .invalid(
                    "encrypt to an empty keyset", flags: [badKeyset], op: HarnessOpSpec.hybridEncrypt.name,
                    input: encInput([], [1], [], rng.scalar().d, rng.iv()), error: .keysetEmpty, layer: .keyset))
        }

        /// The real ciphertext to r1 the decrypt refusals tamper with.
        func decryptTarget(_ r1: HybridPrivateKeyset, eph: P256Scalar) throws(CloserError) -> DecryptTarget {
            // Decrypt refusals from one real ciphertext to r1.
            let pt = Array("the secret".utf8)
            let ctx = Array("couple|question|alice|bob".utf8)
            let iv = rng.iv()
            let t = try TinkHybrid.encryptWithTrace(
                r1.publicKeyset, plaintext: pt, contextInfo: ctx, ephemeral: eph, iv: iv)
            return DecryptTarget(r1: r1, pt: pt, ctx: ctx, iv: iv, t: t)
        }

        /// KEM points in other forms, off the curve, negated or replaced.
        func kemRefusals(_ target: DecryptTarget) {
            let t = target.t, ct = target.ct, r1 = target.r1
            func withKem(_ kem: [UInt8]) -> [UInt8] { t.outputPrefix + kem + Array(ct.dropFirst(70)) }
            for first: UInt8 in [0x02, 0x03, 0x06, 0x07, 0x00, 0x05] {
                var k = t.kem
                k[0] = first
                bad(
                    target, "KEM first byte 04 → 0\(String(first, radix: 16))",
                    [first == 0x00 || first == 0x05 ? invalidKem : compressed],
                    withKem(k), .kem)
            }
            let yOdd = t.kem[64] & 1
            bad(
                target, "KEM in real compressed form (33 bytes)", [compressed],
                withKem([0x02 | yOdd] + Array(t.kem[1..<33])), .kem)
            bad(
                target, "KEM with Y's last bit flipped (off the curve)", [invalidKem],
                withKem(Mutate.flip(t.kem, byte: 64)), .kem)
            bad(
                target, "KEM with X's first byte flipped (off the curve)", [invalidKem],
                withKem(Mutate.flip(t.kem, byte: 1, bit: 6)), .kem)
            bad(
                target, "KEM 04 || 0^64 (identity-like)", [invalidKem],
                withKem([4] + [UInt8](repeating: 0, count: 64)), .kem)
            bad(target, "KEM with X = p", [invalidKem], withKem([4] + TinkKeysetSuite.p + Array(t.kem[33...])), .kem)
            bad(
                target, "KEM replaced by its negation (x, p − y)", [negatedKem],
                withKem(
                    [4] + Array(t.kem[1..<33]) + TinkKeysetSuite.subtract(TinkKeysetSuite.p, Array(t.kem[33...]))),
                .kdf
            )
            bad(
                target, "KEM replaced by the recipient's own public point", [flipped],
                withKem(r1.primary.key.scalar.publicPoint.uncompressed), .kdf)
        }

        /// Flipped bits, truncations, appended bytes and other contextInfos.
        func framingRefusals(_ target: DecryptTarget) {
            let t = target.t, ct = target.ct, ctx = target.ctx
            for (what, index, layer) in [
                ("prefix byte", 0, VectorLayer.tinkFraming), ("key id first byte", 1, .tinkFraming),
                ("key id last byte", 4, .tinkFraming),
                ("IV first byte", 70, .dem), ("IV last byte", 81, .dem), ("ciphertext first byte", 82, .dem),
                ("tag first byte", ct.count - 16, .dem), ("tag last byte", ct.count - 1, .dem),
            ] {
                bad(target, "flipped bit in the \(what)", [flipped], Mutate.flip(ct, byte: index), layer)
            }
            for (comment, n) in [
                ("empty", 0), ("4 bytes", 4), ("the prefix only", 5), ("prefix and 1 KEM byte", 6),
                ("inside the KEM", 37),
                ("KEM missing its last byte", 69), ("prefix and KEM", 70), ("inside the IV", 76),
                ("prefix, KEM and IV", 82),
                ("prefix, KEM, IV and 15 bytes", 97), ("without the tag", ct.count - 16),
                ("the tag's last byte", ct.count - 1),
            ] {
                bad(
                    target, "truncated: \(comment) (\(n) bytes)", [truncatedFlag], Mutate.truncate(ct, to: n),
                    n <= 5 ? .tinkFraming : n <= 70 ? .kem : .dem)
            }
            bad(target, "one byte appended", [appended], ct + [0], .dem)
            bad(target, "the KEM given twice", [appended], t.outputPrefix + t.kem + Array(ct.dropFirst(5)), .kem)
            for (comment, other) in [
                ("empty", [UInt8]()), ("one more byte", ctx + [0]), ("last byte dropped", Array(ctx.dropLast())),
                ("upper case", Array(String(decoding: ctx, as: UTF8.self).uppercased().utf8)),
                ("components swapped", Array("couple|question|bob|alice".utf8)),
            ] {
                bad(target, "contextInfo \(comment)", [wrongContext], ct, .kdf, ctx: other)
            }
        }

        /// The DEM sealed under wrongly derived keys, or with AAD.
        func wrongDEMKeyRefusals(_ target: DecryptTarget) throws(CloserError) {
            let t = target.t, ctx = target.ctx
            // DEM sealed under wrongly derived keys.
            func demWith(_ key: [UInt8], aad: [UInt8] = []) throws(CloserError) -> [UInt8] {
                t.outputPrefix + t.kem + (try AESGCM.seal(key: key, iv: target.iv, plaintext: target.pt, aad: aad))
            }
            func hkdf(_ ikm: [UInt8], salt: [UInt8] = [], info: [UInt8], _ len: Int = 16) throws(CloserError)
                -> [UInt8]
            {
                try HKDFSHA256.derive(ikm: ikm, salt: salt, info: info, length: len)
            }
            let shared = t.sharedSecret
            for (comment, key) in [
                ("HKDF ikm = shared secret only (KEM left out)", try hkdf(shared, info: ctx)),
                ("HKDF ikm = shared || kem (order swapped)", try hkdf(shared + t.kem, info: ctx)),
                (
                    "HKDF ikm = X || Y || shared (KEM without 04)",
                    try hkdf(Array(t.kem.dropFirst()) + shared, info: ctx)
                ),
                (
                    "HKDF ikm with the shared secret's leading 00 stripped",
                    try hkdf(t.kem + Array(shared.drop { $0 == 0 }), info: ctx)
                ),
                ("HKDF salt and info swapped", try hkdf(t.kem + shared, salt: ctx, info: [])),
                ("HKDF with contextInfo as salt too", try hkdf(t.kem + shared, salt: ctx, info: ctx)),
                ("AES-256 DEM: 32 bytes of HKDF", try hkdf(t.kem + shared, info: ctx, 32)),
                ("no HKDF: the first 16 bytes of the shared secret", Array(shared.prefix(16))),
            ] {
                bad(target, "DEM key from \(comment)", [wrongDEMKey], try demWith(key), .kdf)
            }
            bad(target, "DEM sealed with AAD = contextInfo", [demAAD], try demWith(t.demKey, aad: ctx), .dem)
        }

        /// The right prefix but the wrong recipient: another key, a DISABLED key, a RAW key.
        func wrongRecipientRefusals(_ target: DecryptTarget, _ rotation: Rotation) throws(CloserError) {
            let ct = target.ct, r1 = target.r1
            let other = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: r1.primary.keyID)
            bad(target, "ciphertext for another key with the same id", [wrongKey], ct, .kem, reader: other)
            let disabledReader = try HybridPrivateKeyset(
                TinkKeyset(
                    primaryKeyID: rotation.newID,
                    keys: [
                        entry(r1.primary.key.scalar, r1.primary.keyID, .disabled), entry(rotation.newS, rotation.newID),
                    ]))
            bad(
                target, "the recipient key is DISABLED in the reader's keyset", [disabled], ct, .keyset,
                reader: disabledReader)
            bad(
                target, "a TINK ciphertext under the same key as RAW", [rawRecipient],
                ct, .tinkFraming,
                reader: try HybridPrivateKeyset.make(
                    privateKey: r1.primary.key.scalar.d, keyID: r1.primary.keyID, prefix: .raw))
        }
    }
}
