// The enc_v1 suite: `enc:v1:` seal with injected IVs and open, valid and hostile.
// Normative: specs/enc-v1.md, specs/encodings.md, specs/tink-aead.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum EncV1Suite {
    static let name = "enc_v1"

    static let valid = VectorFlag(
        "Valid", .basic, .aead, "A legitimate enc:v1 value: seal byte for byte, open to the text.")
    static let keyIDHighBit = VectorFlag(
        "KeyIdHighBit", .edgeCase, .tinkFraming, "The key id is ≥ 2^31: written big-endian as 4 unsigned bytes.")
    static let rotatedFlag = VectorFlag(
        "RotatedKeyset", .keyManagement, .keyset,
        "The keyset has several keys; seal uses the primary, open finds the key by its prefix.")
    static let wrongPrefix = VectorFlag(
        "WrongValuePrefix", .encoding, .encoding, "The string does not start with exactly enc:v1:.")
    static let wrongAlphabet = VectorFlag(
        "WrongAlphabet", .encoding, .encoding, "enc:v1 bodies are standard b64 (+/); url-safe (-_) is refused.")
    static let padding = VectorFlag(
        "Padding", .encoding, .encoding, "enc:v1 bodies are padded b64; missing or extra padding is refused.")
    static let whitespace = VectorFlag(
        "Whitespace", .encoding, .encoding, "Whitespace or a line break inside or around the body is refused.")
    static let trailingBits = VectorFlag(
        "NonCanonicalTrailingBits", .encoding, .encoding,
        "The last b64 symbol has non-zero unused bits: a lax decoder reads the same bytes, a strict one refuses.")
    static let truncated = AEADValueFlags.truncated
    static let tinkPrefix = AEADValueFlags.tinkPrefix
    static let modified = AEADValueFlags.modified
    static let appended = AEADValueFlags.appended
    static let wrongBinding = VectorFlag(
        "WrongBinding", .wrongBinding, .binding, "The value is opened with another coupleId than it was sealed with.")
    static let badComponent = VectorFlag(
        "BadBindingComponent", .wrongBinding, .binding, "coupleId is empty or contains the separator byte |.")
    static let disabledKey = VectorFlag(
        "DisabledKey", .keyManagement, .keyset, "The key that wrote the value is DISABLED in the reader's keyset.")
    static let notUTF8 = VectorFlag(
        "PlaintextNotUtf8", .missingStep, .encoding, "The decrypted bytes are not UTF-8 text.")
    static let badIV = VectorFlag(
        "InjectedIvLength", .edgeCase, .aead, "The injected IV is not 12 bytes.")
    static let rawPrimary = VectorFlag(
        "NonTinkPrimary", .keyManagement, .keyset, "enc:v1 is written under a TINK primary only; RAW/LEGACY is refused."
    )

    static func build() throws(CloserError) -> WireSuite {
        let b = try Builder(rng: SuiteRandom(suite: name))
        let oldValue = try b.validSeals()
        try b.sealRefusals()
        try b.openRefusals(oldValue)
        return WireSuite(
            name: name, algorithm: "closer-enc-v1",
            header: [
                "enc:v1: couple-key field encryption (specs/enc-v1.md): seal with the injected iv must give value byte for",
                "byte; open must give text, or refuse with expected.error. Intermediates: aad = UTF-8 of coupleId,",
                "outputPrefix = 01 || key id, ciphertextWithTag = AES-GCM(key, iv, plaintext, aad), body = prefix || iv || ct || tag.",
            ],
            groups: [
                VectorGroup("EncV1Seal", comment: "enc.seal with an injected IV", cases: b.seals),
                VectorGroup("EncV1Open", comment: "enc.open of real and hostile values", cases: b.opens),
                VectorGroup(
                    "EncV1Latin1CoupleId", comment: "a coupleId of characters in U+0080…U+00FF (D-WIRE-05)",
                    cases: try latin1CoupleIDCases()),
                VectorGroup(
                    "EncV1LongPlaintext", comment: "a text one byte past 64 KiB", cases: try longPlaintextCases()),
            ])
    }

    /// Seals fresh values until the b64 text satisfies `condition` (deterministic: the DRBG decides).
    static func sealUntil(_ rng: SuiteRandom, _ ks: AEADKeyset, _ couple: String, _ condition: (String) -> Bool)
        throws(CloserError) -> String
    {
        while true {
            let v = try EncV1.seal("the secret", coupleID: couple, keyset: ks, iv: rng.iv())
            let b64 = String(v.dropFirst(CloserProfileV1.encPrefix.count))
            if condition(b64) { return b64 }
        }
    }
}

extension EncV1Suite {
    /// The suite's keys and its two groups, filled section by section from the DRBG in a fixed order.
    private final class Builder {
        let rng: SuiteRandom
        let k32: AEADKeyset
        let k16: AEADKeyset
        let kHigh: AEADKeyset
        let rotatedKeyset: AEADKeyset
        let oldOnly: AEADKeyset
        let disabledReader: AEADKeyset
        let coupleID: String
        let texts: [String]
        var seals: [VectorCase] = []
        var opens: [VectorCase] = []

        /// Draws the keys, the rotated keyset and the coupleId.
        init(rng: SuiteRandom) throws(CloserError) {
            self.rng = rng
            let k32 = try rng.aeadKeyset(size: 32)
            let k16 = try rng.aeadKeyset(size: 16)
            let kHigh = try rng.aeadKeyset(size: 32, keyID: 0x8000_0001 &+ (rng.keyID() & 0x7fff_fff0))
            let oldKey = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            let newKey = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            let rotatedKeyset = try AEADKeysets.keyset(primary: newKey.keyID, [oldKey, newKey])
            let oldOnly = try AEADKeysets.keyset(primary: oldKey.keyID, [oldKey])
            var oldDisabled = oldKey
            oldDisabled.status = .disabled
            let disabledReader = try AEADKeysets.keyset(primary: newKey.keyID, [oldDisabled, newKey])
            let coupleID = "couple-\(Hex.encode(rng.bytes(4)))"
            let texts = [
                "", "I love you", "ünïcødé ❤️ 😀", String(repeating: "a", count: 1024), "line\nbreak\ttab\u{0}nul",
                "e\u{301} (decomposed) and \u{e9} (composed)", "|separators|in|text|",
            ]
            self.k32 = k32
            self.k16 = k16
            self.kHigh = kHigh
            self.rotatedKeyset = rotatedKeyset
            self.oldOnly = oldOnly
            self.disabledReader = disabledReader
            self.coupleID = coupleID
            self.texts = texts
        }
        func addSeal(_ comment: String, _ flags: [VectorFlag], _ ks: AEADKeyset, _ text: String, _ couple: String)
            throws(CloserError)
        {
            let iv = rng.iv()
            let value = try EncV1.seal(text, coupleID: couple, keyset: ks, iv: iv)
            let body = try WireString(parsing: value, as: .enc).body
            let frame = try WireString(parsing: value, as: .enc).frame!
            let inter: [(String, JSONValue)] = [
                ("plaintext", V.hex(Array(text.utf8))), ("aad", V.hex(Array(couple.utf8))),
                ("outputPrefix", V.hex(body.prefix(TinkFraming.outputPrefixLength))), ("iv", V.hex(frame.iv)),
                ("ciphertextWithTag", V.hex(frame.ciphertext + frame.tag)), ("body", V.hex(body)),
            ]
            seals.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.encSeal.name,
                    input: [
                        ("keyset", V.hex(ks.serializedBytes)), ("coupleId", V.str(couple)), ("text", V.str(text)),
                        ("iv", V.hex(iv)),
                    ], output: [("value", V.str(value))], intermediates: inter))
            opens.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.encOpen.name,
                    input: [
                        ("keyset", V.hex(ks.serializedBytes)), ("coupleId", V.str(couple)), ("value", V.str(value)),
                    ],
                    output: [("text", V.str(text))], intermediates: inter))
        }

        /// An enc.open refusal of `text`; `body` is the real value's body it was made from.
        func bad(
            _ body: [UInt8], _ comment: String, _ flag: VectorFlag, _ text: String, _ code: CloserError.Code,
            _ layer: VectorLayer
        ) {
            opens.append(
                .invalid(
                    comment, flags: [flag], op: HarnessOpSpec.encOpen.name,
                    input: [
                        ("keyset", V.hex(k32.serializedBytes)), ("coupleId", V.str(coupleID)), ("value", V.str(text)),
                    ],
                    error: code, layer: layer, intermediates: [("body", V.hex(body))]))
        }
        func badBody(
            _ body: [UInt8], _ comment: String, _ flag: VectorFlag, _ bytes: [UInt8], _ code: CloserError.Code,
            _ layer: VectorLayer
        ) {
            bad(body, comment, flag, CloserProfileV1.encPrefix + Base64.encode(bytes, .standard), code, layer)
        }

        /// Seal and open pairs: texts, key sizes, key ids, rotation, coupleIds; a value of the non-primary key.
        /// Returns that value.
        func validSeals() throws(CloserError) -> String {
            for text in texts { try addSeal("text of \(text.utf8.count) bytes, AES-256", [], k32, text, coupleID) }
            try addSeal("AES-128 key", [], k16, "I love you", coupleID)
            try addSeal("key id with the high bit set", [keyIDHighBit], kHigh, "I love you", coupleID)
            try addSeal(
                "rotated keyset: the primary (second key) writes", [rotatedFlag], rotatedKeyset, "rotated", coupleID)
            try addSeal("coupleId with non-ASCII characters", [], k32, "hello", "cöuple-ü-❤")

            // A value written by the old key opens under the rotated keyset (Tink tries every prefix match).
            let oldIV = rng.iv()
            let oldValue = try EncV1.seal("written before rotation", coupleID: coupleID, keyset: oldOnly, iv: oldIV)
            opens.append(
                .valid(
                    "a value of the non-primary key opens under the rotated keyset", flags: [valid, rotatedFlag],
                    op: HarnessOpSpec.encOpen.name,
                    input: [
                        ("keyset", V.hex(rotatedKeyset.serializedBytes)), ("coupleId", V.str(coupleID)),
                        ("value", V.str(oldValue)),
                    ],
                    output: [("text", V.str("written before rotation"))]))
            return oldValue
        }

        /// Seal-side refusals.
        func sealRefusals() throws(CloserError) {
            let sealInput: (AEADKeyset, String, [UInt8]) -> [(String, JSONValue)] = { ks, couple, iv in
                [
                    ("keyset", V.hex(ks.serializedBytes)), ("coupleId", V.str(couple)), ("text", V.str("hi")),
                    ("iv", V.hex(iv)),
                ]
            }
            seals.append(
                .invalid(
                    "empty coupleId", flags: [badComponent], op: HarnessOpSpec.encSeal.name,
                    input: sealInput(k32, "", rng.iv()),
                    error: .bindingEmptyComponent, layer: .binding))
            seals.append(
                .invalid(
                    "coupleId containing |", flags: [badComponent], op: HarnessOpSpec.encSeal.name,
                    input: sealInput(k32, "a|b", rng.iv()),
                    error: .bindingSeparatorInComponent, layer: .binding))
            for n in [0, 8, 11, 13, 16] {
                seals.append(
                    .invalid(
                        "injected IV of \(n) bytes", flags: [badIV], op: HarnessOpSpec.encSeal.name,
                        input: sealInput(k32, coupleID, rng.bytes(n)),
                        error: .aesGCMInvalidIV, layer: .aead))
            }
            for prefix in [TinkOutputPrefixType.raw, .legacy, .crunchy] {
                let ks = try rng.aeadKeyset(size: 32, prefix: prefix)
                seals.append(
                    .invalid(
                        "primary key with output prefix \(prefix)", flags: [rawPrimary], op: HarnessOpSpec.encSeal.name,
                        input: sealInput(ks, coupleID, rng.iv()), error: .wirePrimaryNotTink, layer: .keyset))
            }
        }

        /// Open-side refusals, all from one real value.
        func openRefusals(_ oldValue: String) throws(CloserError) {
            let iv = rng.iv()
            let value = try EncV1.seal("the secret", coupleID: coupleID, keyset: k32, iv: iv)
            let b64 = String(value.dropFirst(CloserProfileV1.encPrefix.count))
            let body = try WireString(parsing: value, as: .enc).body
            try encodingRefusals(value, b64, body)
            try framingRefusals(value, body, oldValue)
        }

        /// The value's prefix and its b64 text altered.
        func encodingRefusals(_ value: String, _ b64: String, _ body: [UInt8]) throws(CloserError) {
            for p in ["enc:v2:", "ENC:v1:", "enc:V1:", "enc:v1", "encv1:", "sealed:v1:", " enc:v1:", ""] {
                bad(body, "prefix \"\(p)\" instead of enc:v1:", wrongPrefix, p + b64, .wireWrongPrefix, .encoding)
            }
            let withPlus = try sealUntil(rng, k32, coupleID) { $0.contains("+") || $0.contains("/") }
            bad(
                body,
                "url-safe alphabet (- and _)", wrongAlphabet,
                CloserProfileV1.encPrefix + EncodingVariants.urlAlphabet(withPlus),
                .b64WrongAlphabet, .encoding)
            let padded = try sealUntil(rng, k32, coupleID) { $0.hasSuffix("=") }
            bad(
                body,
                "padding removed", padding, CloserProfileV1.encPrefix + EncodingVariants.unpadded(padded),
                .b64InvalidPadding, .encoding)
            bad(
                body, "extra padding", padding, CloserProfileV1.encPrefix + padded + "==", .b64InvalidPadding, .encoding
            )
            if let nc = EncodingVariants.nonCanonicalTrailingBits(padded, url: false) {
                bad(
                    body,
                    "non-canonical trailing bits", trailingBits, CloserProfileV1.encPrefix + nc, .b64NonCanonical,
                    .encoding
                )
            }
            bad(body, "trailing newline", whitespace, value + "\n", .b64InvalidPadding, .encoding)
            bad(
                body,
                "space inside the body", whitespace,
                CloserProfileV1.encPrefix + String(b64.prefix(8)) + " " + String(b64.dropFirst(8)),
                .b64InvalidCharacter, .encoding)
        }

        /// The value's body altered, another coupleId, a DISABLED key, plaintext that is not UTF-8.
        func framingRefusals(_ value: String, _ body: [UInt8], _ oldValue: String) throws(CloserError) {
            for n in [0, 1, 4, 5, 16, 17, 32] {
                badBody(
                    body,
                    "body truncated to \(n) bytes", truncated, Mutate.truncate(body, to: n), .wireTooShort, .tinkFraming
                )
            }
            badBody(body, "tag truncated by one byte", truncated, Array(body.dropLast()), .aeadDecryptionFailed, .aead)
            for first in [0x00, 0x02, 0x03] as [UInt8] {
                var b = body
                b[0] = first
                badBody(
                    body, "Tink prefix byte 0x\(String(first, radix: 16))", tinkPrefix, b, .wireWrongTinkPrefix,
                    .tinkFraming)
            }
            for (what, index) in [
                ("key id", 1), ("key id", 4), ("IV", 5), ("IV", 16), ("ciphertext", 17), ("tag", body.count - 1),
            ] {
                badBody(
                    body,
                    "flipped bit in the \(what) (byte \(index))", modified, Mutate.flip(body, byte: index),
                    .aeadDecryptionFailed,
                    what == "key id" ? .tinkFraming : .aead)
            }
            badBody(body, "one byte appended after the tag", appended, body + [0], .aeadDecryptionFailed, .aead)
            for other in ["couple-2", coupleID + " ", coupleID.uppercased()] {
                opens.append(
                    .invalid(
                        "opened with coupleId \"\(other)\"", flags: [wrongBinding], op: HarnessOpSpec.encOpen.name,
                        input: [
                            ("keyset", V.hex(k32.serializedBytes)), ("coupleId", V.str(other)), ("value", V.str(value)),
                        ],
                        error: .aeadDecryptionFailed, layer: .binding))
            }
            for other in ["", "a|b"] {
                opens.append(
                    .invalid(
                        "opened with coupleId \"\(other)\"", flags: [badComponent], op: HarnessOpSpec.encOpen.name,
                        input: [
                            ("keyset", V.hex(k32.serializedBytes)), ("coupleId", V.str(other)), ("value", V.str(value)),
                        ],
                        error: other.isEmpty ? .bindingEmptyComponent : .bindingSeparatorInComponent, layer: .binding))
            }
            opens.append(
                .invalid(
                    "the writing key is DISABLED in the reader's keyset", flags: [disabledKey],
                    op: HarnessOpSpec.encOpen.name,
                    input: [
                        ("keyset", V.hex(disabledReader.serializedBytes)), ("coupleId", V.str(coupleID)),
                        ("value", V.str(oldValue)),
                    ],
                    error: .aeadDecryptionFailed, layer: .keyset))
            let notText = try TinkAEAD.encrypt(
                k32, plaintext: [0xff, 0xfe, 0x41], aad: Array(coupleID.utf8), iv: rng.iv())
            badBody(body, "decrypted bytes ff fe 41 are not UTF-8", notUTF8, notText, .encInvalidUTF8, .encoding)
        }
    }
}
