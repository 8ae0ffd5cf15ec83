// The tink_aead suite: Tink AEAD framing and key selection through `aead.encrypt` (injected IV,
// byte for byte) and `aead.decrypt`, valid and hostile. Normative: specs/tink-aead.md,
// specs/tink-keyset.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum TinkAEADSuite {
    static let name = "tink_aead"

    static let valid = VectorFlag(
        "Valid", .basic, .aead, "A legitimate ciphertext: encrypt byte for byte, decrypt to the plaintext.")
    static let knownAnswer = VectorFlag(
        "KnownAnswer", .basic, .aead, "tink-aead.md's known answer (tink-wire-facts.md §1, checked against Tink).")
    static let prefixType = VectorFlag(
        "OutputPrefixType", .basic, .tinkFraming,
        "TINK writes 01 || key id, LEGACY and CRUNCHY 00 || key id, RAW nothing.")
    static let keyIDHighBit = VectorFlag(
        "KeyIdHighBit", .edgeCase, .tinkFraming, "Key id ≥ 2^31: 4 unsigned big-endian bytes in the prefix.")
    static let rotated = VectorFlag(
        "RotatedKeyset", .keyManagement, .keyset,
        "Several keys: encrypt uses the primary, decrypt tries every ENABLED key whose prefix matches.")
    static let nonPrimary = VectorFlag(
        "NonPrimaryKeyDecrypts", .keyManagement, .tinkFraming, "A ciphertext of a non-primary ENABLED key opens.")
    static let rawFallback = VectorFlag(
        "RawFallback", .keyManagement, .tinkFraming, "After the prefix-matching keys, every ENABLED RAW key is tried.")
    static let sharedID = VectorFlag(
        "SharedKeyId", .keyManagement, .tinkFraming, "Two keys share an id: each candidate is tried in keyset order.")
    static let disabled = VectorFlag(
        "DisabledKey", .keyManagement, .keyset, "The key that wrote the ciphertext is DISABLED in the reader's keyset.")
    static let emptyPlaintext = VectorFlag(
        "EmptyPlaintext", .edgeCase, .aead, "A 0-byte plaintext: the ciphertext is prefix || IV || tag.")
    static let aadFlag = VectorFlag("Aad", .edgeCase, .aead, "Empty or non-empty AAD; empty AAD equals no AAD.")
    static let wrongAAD = VectorFlag("WrongAad", .wrongBinding, .aead, "Decrypt with another AAD than encrypt used.")
    static let flipped = VectorFlag(
        "ModifiedCiphertext", .malleability, .aead, "A bit of the prefix, key id, IV, ciphertext or tag is flipped.")
    static let truncatedFlag = VectorFlag(
        "Truncated", .malleability, .tinkFraming, "The ciphertext is cut at or inside a layer boundary.")
    static let appended = VectorFlag("AppendedBytes", .malleability, .aead, "Bytes appended after the tag.")
    static let prefixSwap = VectorFlag(
        "PrefixTypeSwapped", .malleability, .tinkFraming,
        "The prefix byte of another output type (TINK 01 ↔ LEGACY 00), or a RAW ciphertext given a prefix.")
    static let wrongKey = VectorFlag(
        "WrongKey", .keyManagement, .aead,
        "The prefix matches a key of the reader, but another key wrote the ciphertext.")
    static let badIV = VectorFlag("InjectedIvLength", .edgeCase, .aead, "The injected IV is not 12 bytes.")
    static let badKeyset = VectorFlag("InvalidKeyset", .keyManagement, .keyset, "The keyset itself is refused.")

    /// The plaintext and AAD of the ciphertexts the decrypt refusals start from.
    static let hostilePlaintext = Array("the secret plaintext".utf8)
    static let hostileAAD = Array("the aad".utf8)

    static func build() throws(CloserError) -> WireSuite {
        let b = Builder(rng: SuiteRandom(suite: name))
        let k32 = try b.encryptPairs()
        let keys = try b.rotatedKeysets()
        try b.encryptRefusals(k32, keys)
        let ct = try b.tamperedCiphertexts(k32)
        try b.misreadCiphertexts(k32, keys, ct)
        return WireSuite(
            name: name, algorithm: "closer-tink-aead",
            header: [
                "Tink AEAD with AES-GCM keys (specs/tink-aead.md): aead.encrypt with the injected iv gives ciphertext byte for",
                "byte = outputPrefix || iv || ciphertextWithTag; aead.decrypt selects keys as Tink does (ENABLED keys whose",
                "5-byte prefix matches, then RAW keys) and fails with aead.decryption_failed otherwise.",
            ],
            groups: [
                VectorGroup("AeadEncrypt", comment: "aead.encrypt with an injected IV", cases: b.encrypts),
                VectorGroup(
                    "AeadDecrypt", comment: "aead.decrypt of real ciphertexts, key selection", cases: b.decrypts),
                VectorGroup("AeadHostile", comment: "refused ciphertexts, IVs and keysets", cases: b.hostile),
                VectorGroup(
                    "AesGcmLowerOps", comment: "aesgcm.seal / aesgcm.open: the IV length and the order of the checks",
                    cases: try aesGCMLowerOpCases()),
            ])
    }
}

extension TinkAEADSuite {
    /// The keys of the rotated keyset, which the refusals reuse.
    private struct Rotation {
        let old: AEADKeySpec
        let oldRaw: AEADKeySpec
        let new: AEADKeySpec
        let oldOnly: AEADKeyset
        let rawOnly: AEADKeyset
    }

    /// The three groups, filled section by section from the suite's DRBG in a fixed order.
    private final class Builder {
        let rng: SuiteRandom
        var encrypts: [VectorCase] = []
        var decrypts: [VectorCase] = []
        var hostile: [VectorCase] = []

        init(rng: SuiteRandom) { self.rng = rng }

        func encInput(_ ks: [UInt8], _ pt: [UInt8], _ aad: [UInt8], _ iv: [UInt8]) -> [(String, JSONValue)] {
            [("keyset", V.hex(ks)), ("plaintext", V.hex(pt)), ("aad", V.hex(aad)), ("iv", V.hex(iv))]
        }
        func decInput(_ ks: [UInt8], _ ct: [UInt8], _ aad: [UInt8]) -> [(String, JSONValue)] {
            [("keyset", V.hex(ks)), ("ciphertext", V.hex(ct)), ("aad", V.hex(aad))]
        }
        /// A byte-exact encrypt test and the decrypt test of the same ciphertext; returns it.
        @discardableResult
        func pair(
            _ comment: String, _ flags: [VectorFlag], _ ks: AEADKeyset, _ pt: [UInt8], _ aad: [UInt8],
            iv: [UInt8]? = nil
        ) throws(CloserError) -> [UInt8] {
            let iv = iv ?? rng.iv()
            let ct = try TinkAEAD.encrypt(ks, plaintext: pt, aad: aad, iv: iv)
            let prefix = ks.primary.outputPrefix
            let inter: [(String, JSONValue)] = [
                ("plaintext", V.hex(pt)), ("aad", V.hex(aad)), ("outputPrefix", V.hex(prefix)), ("iv", V.hex(iv)),
                ("ciphertextWithTag", V.hex(ct.dropFirst(prefix.count + 12))),
            ]
            encrypts.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.aeadEncrypt.name,
                    input: encInput(ks.serializedBytes, pt, aad, iv),
                    output: [("ciphertext", V.hex(ct))], intermediates: inter))
            decrypts.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.aeadDecrypt.name,
                    input: decInput(ks.serializedBytes, ct, aad),
                    output: [("plaintext", V.hex(pt))], intermediates: inter))
            return ct
        }

        /// A decrypt test of a ciphertext `writer` made, read with `reader`.
        func decryptOnly(
            _ comment: String, _ flags: [VectorFlag], reader: AEADKeyset, writer: AEADKeyset, _ pt: [UInt8],
            _ aad: [UInt8]
        ) throws(CloserError) {
            let iv = rng.iv()
            let ct = try TinkAEAD.encrypt(writer, plaintext: pt, aad: aad, iv: iv)
            let prefix = writer.primary.outputPrefix
            decrypts.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.aeadDecrypt.name,
                    input: decInput(reader.serializedBytes, ct, aad),
                    output: [("plaintext", V.hex(pt))],
                    intermediates: [
                        ("plaintext", V.hex(pt)), ("aad", V.hex(aad)), ("outputPrefix", V.hex(prefix)),
                        ("iv", V.hex(iv)),
                        ("ciphertextWithTag", V.hex(ct.dropFirst(prefix.count + 12))),
                    ]))
        }

        /// A decrypt refusal (aead.decryption_failed) at `layer`.
        func bad(
            _ comment: String, _ flags: [VectorFlag], _ ks: AEADKeyset, _ c: [UInt8],
            _ a: [UInt8] = TinkAEADSuite.hostileAAD, _ layer: VectorLayer = .aead
        ) {
            hostile.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.aeadDecrypt.name,
                    input: decInput(ks.serializedBytes, c, a),
                    error: .aeadDecryptionFailed, layer: layer,
                    intermediates: [("outputPrefix", V.hex(ks.primary.outputPrefix))]))
        }

        /// Encrypt and decrypt pairs: the known answer, both key sizes, every output prefix, key ids.
        func encryptPairs() throws(CloserError) -> AEADKeyset {
            let ka = try AEADKeyset.make(key: Array(0..<32), keyID: 0x1234_5678)
            try pair(
                "tink-aead.md's known answer", [knownAnswer], ka, Array("Hello, Tink!".utf8),
                Array("associated data".utf8),
                iv: Array(0..<12))
            let k32 = try rng.aeadKeyset(size: 32)
            let k16 = try rng.aeadKeyset(size: 16)
            for (comment, flags, pt, aad) in [
                ("empty plaintext, empty AAD", [emptyPlaintext, aadFlag], [UInt8](), [UInt8]()),
                ("empty plaintext, AAD", [emptyPlaintext, aadFlag], [], Array("aad".utf8)),
                ("1-byte plaintext", [], [0x42], Array("aad".utf8)),
                ("16-byte plaintext, empty AAD", [aadFlag], rng.bytes(16), []),
                ("4 KiB plaintext", [], rng.bytes(4096), rng.bytes(32)),
                ("binary AAD with NUL and 0xff", [aadFlag], Array("x".utf8), [0, 0xff, 0x7c, 0]),
            ] as [(String, [VectorFlag], [UInt8], [UInt8])] {
                try pair("AES-256 TINK: \(comment)", flags, k32, pt, aad)
                try pair("AES-128 TINK: \(comment)", flags, k16, pt, aad)
            }
            for prefix in [TinkOutputPrefixType.raw, .legacy, .crunchy] {
                for size in [16, 32] {
                    let ks = try rng.aeadKeyset(size: size, prefix: prefix)
                    try pair("AES-\(size * 8) \(prefix)", [prefixType], ks, rng.bytes(20), Array("aad".utf8))
                    try pair("AES-\(size * 8) \(prefix), empty plaintext", [prefixType, emptyPlaintext], ks, [], [])
                }
            }
            let highIDs: [UInt32] = [0x8000_0000, 0xffff_ffff, 0xdead_beef, 0x8000_0000 | (rng.keyID() & 0x7fff_ffff)]
            for id in highIDs {
                try pair(
                    "key id 0x\(String(id, radix: 16))", [keyIDHighBit], try rng.aeadKeyset(keyID: id), rng.bytes(8),
                    [1])
            }
            try pair("key id 0", [], try rng.aeadKeyset(keyID: 0), rng.bytes(8), [1])
            return k32
        }

        /// Rotated keysets: old TINK, old RAW, new TINK primary; non-primary keys still open.
        func rotatedKeysets() throws(CloserError) -> Rotation {
            let old = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            let oldRaw = AEADKeySpec(key: rng.bytes(16), keyID: rng.keyID(), prefix: .raw)
            let oldLegacy = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID(), prefix: .legacy)
            let new = AEADKeySpec(key: rng.bytes(32), keyID: 0x8000_0000 | rng.keyID())
            let rotated = try AEADKeysets.keyset(primary: new.keyID, [old, oldRaw, oldLegacy, new])
            try pair(
                "rotated keyset: the primary (4th key) writes", [TinkAEADSuite.rotated, keyIDHighBit], rotated,
                rng.bytes(30),
                Array("r".utf8))
            let oldOnly = try AEADKeysets.keyset(primary: old.keyID, [old])
            let rawOnly = try AEADKeysets.keyset(primary: oldRaw.keyID, [oldRaw])
            let legacyOnly = try AEADKeysets.keyset(primary: oldLegacy.keyID, [oldLegacy])
            try decryptOnly(
                "a non-primary TINK key's ciphertext opens", [TinkAEADSuite.rotated, nonPrimary], reader: rotated,
                writer: oldOnly,
                rng.bytes(12), [2])
            try decryptOnly(
                "a non-primary RAW key's ciphertext opens (RAW fallback)", [TinkAEADSuite.rotated, rawFallback],
                reader: rotated,
                writer: rawOnly, rng.bytes(12), [2])
            try decryptOnly(
                "a non-primary LEGACY key's ciphertext opens", [TinkAEADSuite.rotated, nonPrimary], reader: rotated,
                writer: legacyOnly, rng.bytes(12), [2])
            try decryptOnly(
                "a RAW ciphertext whose first 5 bytes match no prefix", [rawFallback], reader: rotated, writer: rawOnly,
                [], [])
            // Two keys with one id: the second one wrote.
            let twinA = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            let twinB = AEADKeySpec(key: rng.bytes(32), keyID: twinA.keyID)
            let twinReader = try AEADKeyset(
                serializedBytes: TinkProto.keyset(
                    primary: new.keyID,
                    [
                        TinkProto.aesEntry(twinA.key, id: twinA.keyID), TinkProto.aesEntry(twinB.key, id: twinB.keyID),
                        TinkProto.aesEntry(new.key, id: new.keyID),
                    ]))
            try decryptOnly(
                "two keys share the id: the second one's ciphertext opens", [sharedID], reader: twinReader,
                writer: try AEADKeysets.keyset(primary: twinB.keyID, [twinB]), rng.bytes(5), [3])
            // A RAW primary and a TINK key whose ciphertext starts like a prefix.
            try decryptOnly(
                "a keyset with a RAW primary opens a TINK key's ciphertext", [rawFallback, nonPrimary],
                reader: try AEADKeysets.keyset(primary: oldRaw.keyID, [oldRaw, old]), writer: oldOnly, rng.bytes(7), [])
            return Rotation(old: old, oldRaw: oldRaw, new: new, oldOnly: oldOnly, rawOnly: rawOnly)
        }

        /// Encrypt refusals: injected IVs and keysets.
        func encryptRefusals(_ k32: AEADKeyset, _ keys: Rotation) throws(CloserError) {
            let old = keys.old
            for n in [0, 8, 11, 13, 16] {
                hostile.append(
                    .invalid(
                        "encrypt with an injected IV of \(n) bytes", flags: [badIV], op: HarnessOpSpec.aeadEncrypt.name,
                        input: encInput(k32.serializedBytes, [1], [], rng.bytes(n)), error: .aesGCMInvalidIV,
                        layer: .aead))
            }
            hostile.append(
                .invalid(
                    "encrypt with an empty keyset", flags: [badKeyset], op: HarnessOpSpec.aeadEncrypt.name,
                    input: encInput([], [1], [], rng.iv()),
                    error: .keysetEmpty, layer: .keyset))
            hostile.append(
                .invalid(
                    "encrypt with a keyset whose only key is DISABLED", flags: [badKeyset, disabled],
                    op: HarnessOpSpec.aeadEncrypt.name,
                    input: encInput(
                        AEADKeysets.bytes(
                            primary: old.keyID, [AEADKeySpec(key: old.key, keyID: old.keyID, status: .disabled)]), [1],
                        [],
                        rng.iv()),
                    error: .keysetNoEnabledKey, layer: .keyset))
            hostile.append(
                .invalid(
                    "encrypt with a bad keyset and a bad IV: the keyset is read first", flags: [badKeyset],
                    op: HarnessOpSpec.aeadEncrypt.name,
                    input: encInput([0x0a], [1], [], rng.bytes(3)), error: .protoTruncated, layer: .protobuf))
        }

        /// Decrypt refusals of one TINK ciphertext, which it returns: flipped bits, truncations, appended bytes,
        /// another AAD.
        func tamperedCiphertexts(_ k32: AEADKeyset) throws(CloserError) -> [UInt8] {
            let pt = hostilePlaintext
            let aad = hostileAAD
            let ct = try TinkAEAD.encrypt(k32, plaintext: pt, aad: aad, iv: rng.iv())
            for (what, index, bit, layer) in [
                ("prefix byte", 0, 0, VectorLayer.tinkFraming), ("key id byte 1", 1, 7, .tinkFraming),
                ("key id byte 2", 2, 0, .tinkFraming),
                ("key id byte 3", 3, 3, .tinkFraming), ("key id byte 4", 4, 0, .tinkFraming),
                ("IV first byte", 5, 0, .aead),
                ("IV last byte", 16, 7, .aead), ("ciphertext first byte", 17, 0, .aead),
                ("ciphertext last byte", ct.count - 17, 4, .aead),
                ("tag first byte", ct.count - 16, 0, .aead), ("tag last byte", ct.count - 1, 7, .aead),
            ] {
                bad(
                    "flipped bit \(bit) of the \(what)", [flipped], k32, Mutate.flip(ct, byte: index, bit: bit), aad,
                    layer)
            }
            for (comment, n) in [
                ("empty", 0), ("1 byte", 1), ("the prefix only", 5), ("prefix and 1 byte", 6), ("prefix and IV", 17),
                ("prefix, IV and 15 bytes", 32), ("prefix, IV and the ciphertext without tag", ct.count - 16),
                ("the tag's last byte", ct.count - 1),
            ] {
                bad(
                    "truncated: \(comment) (\(n) bytes)", [truncatedFlag], k32, Mutate.truncate(ct, to: n), aad,
                    n <= 5 ? .tinkFraming : .aead)
            }
            bad("the IV (12 bytes) dropped", [truncatedFlag], k32, Array(ct.prefix(5) + ct.dropFirst(17)))
            bad("one byte appended", [appended], k32, ct + [0])
            bad("16 bytes appended", [appended], k32, ct + rng.bytes(16))
            bad("decrypt with empty AAD", [wrongAAD], k32, ct, [])
            bad("decrypt with the AAD and one more byte", [wrongAAD], k32, ct, aad + [0])
            bad("decrypt with the AAD's last byte dropped", [wrongAAD], k32, ct, Array(aad.dropLast()))
            let emptyAADct = try TinkAEAD.encrypt(k32, plaintext: pt, aad: [], iv: rng.iv())
            bad("empty AAD at encrypt, one NUL byte at decrypt", [wrongAAD], k32, emptyAADct, [0])
            return ct
        }

        /// Decrypt refusals of the same ciphertext (and a RAW one) under another prefix type, key or key status.
        func misreadCiphertexts(_ k32: AEADKeyset, _ keys: Rotation, _ ct: [UInt8]) throws(CloserError) {
            let pt = hostilePlaintext
            let aad = hostileAAD
            let old = keys.old, oldRaw = keys.oldRaw, new = keys.new
            let oldOnly = keys.oldOnly, rawOnly = keys.rawOnly
            var legacyByte = ct
            legacyByte[0] = 0x00
            bad("TINK ciphertext with the LEGACY prefix byte 00", [prefixSwap], k32, legacyByte, aad, .tinkFraming)
            let legacyKS = try AEADKeyset.make(key: k32.primary.key.keyValue, keyID: k32.primary.keyID, prefix: .legacy)
            bad(
                "TINK ciphertext under the same key as LEGACY (prefix 00 expected)", [prefixSwap], legacyKS, ct, aad,
                .tinkFraming)
            let rawKS = try AEADKeyset.make(key: k32.primary.key.keyValue, keyID: k32.primary.keyID, prefix: .raw)
            bad(
                "TINK ciphertext under the same key as RAW (the prefix is not stripped)", [prefixSwap], rawKS, ct, aad,
                .tinkFraming)
            let rawCt = try TinkAEAD.encrypt(rawKS, plaintext: pt, aad: aad, iv: rng.iv())
            bad("RAW ciphertext under the same key as TINK", [prefixSwap], k32, rawCt, aad, .tinkFraming)
            bad(
                "RAW ciphertext with a TINK prefix prepended, under RAW", [prefixSwap], rawKS,
                k32.primary.outputPrefix + rawCt, aad,
                .tinkFraming)
            let other = try rng.aeadKeyset(size: 32, keyID: k32.primary.keyID)
            bad("another key with the same id", [wrongKey], other, ct, aad, .aead)
            var disabledReader = old
            disabledReader.status = .disabled
            let oldCt = try TinkAEAD.encrypt(oldOnly, plaintext: pt, aad: aad, iv: rng.iv())
            bad(
                "the writing key is DISABLED in the reader's keyset", [disabled],
                try AEADKeysets.keyset(primary: new.keyID, [disabledReader, new]), oldCt, aad, .keyset)
            var disabledRaw = oldRaw
            disabledRaw.status = .disabled
            let rawOld = try TinkAEAD.encrypt(rawOnly, plaintext: pt, aad: aad, iv: rng.iv())
            bad(
                "the writing RAW key is DISABLED in the reader's keyset", [disabled, rawFallback],
                try AEADKeysets.keyset(primary: new.keyID, [disabledRaw, new]), rawOld, aad, .keyset)
            let highKS = try rng.aeadKeyset(keyID: 0x8000_0000 | rng.keyID())
            let highCt = try TinkAEAD.encrypt(highKS, plaintext: pt, aad: aad, iv: rng.iv())
            bad(
                "key id ≥ 2^31 with its high bit cleared in the prefix", [flipped, keyIDHighBit], highKS,
                Mutate.flip(highCt, byte: 1, bit: 7), aad, .tinkFraming)
            bad(
                "key id ≥ 2^31 with its bytes reversed (little-endian)", [flipped, keyIDHighBit], highKS,
                [highCt[0], highCt[4], highCt[3], highCt[2], highCt[1]] + Array(highCt.dropFirst(5)), aad, .tinkFraming)
            hostile.append(
                .invalid(
                    "decrypt with an empty keyset", flags: [badKeyset], op: HarnessOpSpec.aeadDecrypt.name,
                    input: decInput([], ct, aad),
                    error: .keysetEmpty, layer: .keyset))
        }
    }
}
