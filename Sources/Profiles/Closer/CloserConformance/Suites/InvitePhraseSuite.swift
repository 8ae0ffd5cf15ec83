// The invite_phrase suite: `invite.encrypt` / `invite.decrypt`. Invite values carry no
// parameters: every test that reaches Argon2id costs a production derivation (≈ 0.1 s), so
// those are few (9); the rest are refused before Argon2id. Normative: specs/invite-phrase.md.

import CloserHarness
import CloserVectorModel
import CloserWire
import CloserWireArgon2

enum InvitePhraseSuite {
    static let name = "invite_phrase"

    static let valid = VectorFlag(
        "Valid", .basic, .invite,
        "value = b64(salt || IV || AES-256-GCM(Argon2id(UTF-8 of the upper-case code, salt, production), IV, phrase, AAD closer_invite_phrase) || tag)."
    )
    static let lowerCode = VectorFlag(
        "LowerCaseCode", .encoding, .invite,
        "The code is typed in lower or mixed case: its canonical form (upper case) is the password.")
    static let confusable = VectorFlag(
        "ConfusableSymbols", .edgeCase, .invite,
        "The code has O, I, L, 0 or 1: new codes never do, but the rules accept them, so readers must too.")
    static let foreignPhrase = VectorFlag(
        "ForeignPhrase", .edgeCase, .invite,
        "The plaintext is not a wordlist v1 phrase: decrypt returns the text as encrypted.")
    static let badCode = VectorFlag(
        "InvalidCode", .missingStep, .invite,
        "The code is not ^[a-zA-Z0-9]{6}$ (length, space, dash, non-ASCII, full-width): refused with no trimming or normalization."
    )
    static let wrongCode = VectorFlag(
        "WrongCode", .basic, .invite, "Another code: indistinguishable from a changed value (authentication_failure).")
    static let b64Flag = VectorFlag(
        "NonCanonicalB64", .encoding, .encoding,
        "The value is not strict b64 (alphabet, padding, trailing bits, whitespace).")
    static let lengthFlag = VectorFlag(
        "ValueLength", .malleability, .invite,
        "The value decodes to fewer than 44 bytes (salt, IV, tag) or is over 4096 characters.")
    static let modified = VectorFlag(
        "ModifiedCiphertext", .malleability, .aead, "A bit of the ciphertext or tag is flipped.")
    static let notUTF8 = VectorFlag(
        "PlaintextNotUtf8", .missingStep, .invite, "The value authenticates but its plaintext is not UTF-8.")
    static let injectedSalt = VectorFlag(
        "InjectedSaltLength", .edgeCase, .invite,
        "The injected salt is not 16 bytes: refused before Argon2id (couplekey.invalid_salt_length).")
    static let phraseFlag = VectorFlag(
        "EncryptPhrase", .missingStep, .phrase, "invite.encrypt normalizes the phrase against wordlist v1 first.")
    static let checkOrder = VectorFlag(
        "CheckOrder", .edgeCase, .invite, "Several inputs are bad: the first in the page's order names the error.")

    static let aad = Array(CloserProfileV1.invitePhraseAAD.utf8)

    /// A sealed invite value and its intermediates.
    typealias Sealed = (value: String, inter: [(String, JSONValue)])

    static func build() throws(CloserError) -> WireSuite {
        let b = Builder(rng: SuiteRandom(suite: name))
        let (kaPhrase, ka) = try b.knownAnswers()
        try b.authenticatedRefusals(ka)
        b.codeRefusals(ka, kaPhrase)
        try b.valueRefusals(ka)
        b.encryptRefusals(kaPhrase)
        // Appended after the earlier groups, so their tcIds stay.
        try b.minimumLengthValues(ka)
        return WireSuite(
            name: name, algorithm: "closer-invite-phrase-v1",
            header: [
                "Invite phrase encryption (specs/invite-phrase.md): key = Argon2id(UTF-8 of the upper-case code, salt,",
                "m = 46080 KiB, t = 3, p = 1, 32), value = b64(salt(16) || IV(12) || AES-256-GCM(key, IV, phrase, AAD",
                "\"closer_invite_phrase\") || tag). Values carry no parameters: valid tests run a production Argon2id.",
            ],
            groups: [
                VectorGroup("InviteEncrypt", comment: "invite.encrypt with an injected salt and IV", cases: b.encrypts),
                VectorGroup("InviteDecrypt", comment: "invite.decrypt of real and hostile values", cases: b.decrypts),
                VectorGroup(
                    "InviteValueMinimum", comment: "invite.decrypt of values of exactly 44 bytes (salt + IV + tag)",
                    cases: b.minimumLength),
            ])
    }
}

extension InvitePhraseSuite {
    /// The two groups, filled section by section from the suite's DRBG in a fixed order.
    private final class Builder {
        let rng: SuiteRandom
        let backend = defaultArgon2idBackend
        var encrypts: [VectorCase] = []
        var decrypts: [VectorCase] = []
        var minimumLength: [VectorCase] = []
        /// Keys derived so far, by code and salt.
        var keys: [String: [UInt8]] = [:]

        init(rng: SuiteRandom) { self.rng = rng }

        /// Encrypts `plaintext` under `code` with a key derived once per (code, salt).
        func seal(_ code: InviteCode, _ salt: [UInt8], _ iv: [UInt8], _ plaintext: [UInt8]) throws(CloserError)
            -> Sealed
        {
            let id = code.string + Hex.encode(salt)
            let key: [UInt8]
            if let k = keys[id] {
                key = k
            } else {
                key = try InvitePhraseCipher.phraseKey(code: code, salt: salt, backend: backend)
                keys[id] = key
            }
            let sealed = try AESGCM.seal(key: key, iv: iv, plaintext: plaintext, aad: aad)
            return (
                Base64.encode(salt + sealed, .standard),
                [
                    ("password", V.hex(Array(code.string.utf8))), ("salt", V.hex(salt)), ("argon2Key", V.hex(key)),
                    ("aad", V.hex(aad)), ("iv", V.hex(iv)), ("ciphertextWithTag", V.hex(sealed.dropFirst(12))),
                    ("plaintext", V.hex(plaintext)),
                ]
            )
        }

        func badValue(
            _ comment: String, _ flag: VectorFlag, _ value: String, _ code: CloserError.Code, _ layer: VectorLayer
        ) {
            decrypts.append(
                .invalid(
                    comment, flags: [flag], op: HarnessOpSpec.inviteDecrypt.name,
                    input: [("code", V.str("ABC234")), ("value", V.str(value))],
                    error: code, layer: layer))
        }

        /// Known answer: code ABC234, phrase of entropy 00…09, salt 00…0f, IV 00…0b; a confusable code and a
        /// foreign plaintext. Returns the known answer's phrase and value.
        func knownAnswers() throws(CloserError) -> (RecoveryPhrase, Sealed) {
            let kaPhrase = try RecoveryPhrase(entropy: Array(0..<10))
            let ka = try seal(try InviteCode("ABC234"), Array(0..<16), Array(0..<12), kaPhrase.passwordBytes)
            for (code, flags) in [("ABC234", [valid]), ("abc234", [valid, lowerCode])] {
                encrypts.append(
                    .valid(
                        "known answer of specs/invite-phrase.md, code \(code)", flags: flags,
                        op: HarnessOpSpec.inviteEncrypt.name,
                        input: [
                            ("code", V.str(code)), ("phrase", V.str(kaPhrase.string)), ("salt", V.hex(Array(0..<16))),
                            ("iv", V.hex(Array(0..<12))),
                        ], output: [("value", V.str(ka.value))], intermediates: ka.inter))
            }
            for (code, flags) in [("ABC234", [valid]), ("aBc234", [valid, lowerCode])] {
                decrypts.append(
                    .valid(
                        "known answer, decrypted with code \(code)", flags: flags, op: HarnessOpSpec.inviteDecrypt.name,
                        input: [("code", V.str(code)), ("value", V.str(ka.value))],
                        output: [("phrase", V.str(kaPhrase.string))],
                        intermediates: ka.inter))
            }
            // A code outside the generation alphabet, with a DRBG phrase, salt and IV.
            let oCode = try InviteCode("o0i1lz")
            let oPhrase = RecoveryPhrase.generate(random: rng.source)
            let oSalt = rng.bytes(16)
            let oIV = rng.iv()
            let o = try seal(oCode, oSalt, oIV, oPhrase.passwordBytes)
            encrypts.append(
                .valid(
                    "code o0i1lz (O, 0, I, 1, L: accepted, canonical O0I1LZ), phrase typed in upper case",
                    flags: [valid, confusable, lowerCode], op: HarnessOpSpec.inviteEncrypt.name,
                    input: [
                        ("code", V.str("o0i1lz")), ("phrase", V.str(oPhrase.string.uppercased())),
                        ("salt", V.hex(oSalt)),
                        ("iv", V.hex(oIV)),
                    ], output: [("value", V.str(o.value))], intermediates: o.inter))
            decrypts.append(
                .valid(
                    "code O0I1LZ", flags: [valid, confusable], op: HarnessOpSpec.inviteDecrypt.name,
                    input: [("code", V.str("O0I1LZ")), ("value", V.str(o.value))],
                    output: [("phrase", V.str(oPhrase.string))],
                    intermediates: o.inter))
            // Decrypt returns any UTF-8 text as encrypted (the inviter may be Android with its own list).
            let foreignText = "Abandon  ability able about above absent absorb abstract absurd abuse"
            let f = try seal(try InviteCode("ABC234"), Array(0..<16), rng.iv(), Array(foreignText.utf8))
            decrypts.append(
                .valid(
                    "plaintext not of wordlist v1, not canonical: returned as encrypted",
                    flags: [valid, foreignPhrase],
                    op: HarnessOpSpec.inviteDecrypt.name,
                    input: [("code", V.str("ABC234")), ("value", V.str(f.value))],
                    output: [("phrase", V.str(foreignText))], intermediates: f.inter))
            return (kaPhrase, ka)
        }

        /// Decrypt refusals after Argon2id (each costs one production derivation).
        func authenticatedRefusals(_ ka: Sealed) throws(CloserError) {
            decrypts.append(
                .invalid(
                    "wrong code ABC235", flags: [wrongCode], op: HarnessOpSpec.inviteDecrypt.name,
                    input: [("code", V.str("ABC235")), ("value", V.str(ka.value))],
                    error: .invitePhraseAuthenticationFailed,
                    layer: .aead))
            let kaBytes = try Base64.decode(ka.value, .standard)
            decrypts.append(
                .invalid(
                    "flipped bit in the tag", flags: [modified], op: HarnessOpSpec.inviteDecrypt.name,
                    input: [
                        ("code", V.str("ABC234")),
                        ("value", V.str(Base64.encode(Mutate.flip(kaBytes, byte: kaBytes.count - 1), .standard))),
                    ],
                    error: .invitePhraseAuthenticationFailed, layer: .aead))
            let nu = try seal(try InviteCode("ABC234"), Array(0..<16), rng.iv(), [0x61, 0xff, 0xfe, 0x62])
            decrypts.append(
                .invalid(
                    "authenticates, plaintext 61 ff fe 62 is not UTF-8", flags: [notUTF8],
                    op: HarnessOpSpec.inviteDecrypt.name,
                    input: [("code", V.str("ABC234")), ("value", V.str(nu.value))],
                    error: .invitePhraseInvalidPlaintext,
                    layer: .invite, intermediates: nu.inter))
        }

        /// Refusals before Argon2id: malformed codes.
        func codeRefusals(_ ka: Sealed, _ kaPhrase: RecoveryPhrase) {
            let hostileCodes: [(String, String)] = [
                ("5 characters", "ABC23"), ("7 characters", "ABC2345"), ("empty", ""), ("a space inside", "ABC 34"),
                ("a trailing space", "ABC234 "), ("a dash", "ABC-34"), ("a trailing newline", "ABC234\n"),
                ("é (non-ASCII)", "ABC23é"), ("full-width Ａ", "ＡBC234"), ("underscore", "ABC_34"),
            ]
            for (what, code) in hostileCodes {
                decrypts.append(
                    .invalid(
                        "code with \(what)", flags: [badCode], op: HarnessOpSpec.inviteDecrypt.name,
                        input: [("code", V.str(code)), ("value", V.str(ka.value))], error: .inviteCodeInvalid,
                        layer: .invite))
            }
            for (what, code) in hostileCodes.prefix(4) {
                encrypts.append(
                    .invalid(
                        "code with \(what)", flags: [badCode], op: HarnessOpSpec.inviteEncrypt.name,
                        input: [
                            ("code", V.str(code)), ("phrase", V.str(kaPhrase.string)), ("salt", V.hex(rng.bytes(16))),
                            ("iv", V.hex(rng.iv())),
                        ], error: .inviteCodeInvalid, layer: .invite))
            }
        }

        /// Refusals before Argon2id: malformed values.
        func valueRefusals(_ ka: Sealed) throws(CloserError) {
            let kaBytes = try Base64.decode(ka.value, .standard)
            badValue(
                "value of 4100 characters", lengthFlag, String(repeating: "A", count: 4100), .invitePhraseTooLong,
                .invite)
            badValue(
                "url-safe alphabet", b64Flag,
                EncodingVariants.urlAlphabet(
                    ka.value.contains("/") || ka.value.contains("+") ? ka.value : "-" + ka.value.dropFirst()),
                .b64WrongAlphabet, .encoding)
            badValue("padding removed", b64Flag, EncodingVariants.unpadded(ka.value), .b64InvalidPadding, .encoding)
            if let nc = EncodingVariants.nonCanonicalTrailingBits(ka.value, url: false) {
                badValue("non-canonical trailing bits", b64Flag, nc, .b64NonCanonical, .encoding)
            }
            badValue("a trailing newline", b64Flag, ka.value + "\n", .b64InvalidPadding, .encoding)
            for n in [0, 16, 28, 43] {
                badValue(
                    "value decodes to \(n) bytes", lengthFlag,
                    Base64.encode(Mutate.truncate(kaBytes, to: n), .standard),
                    .invitePhraseTooShort, .invite)
            }
            decrypts.append(
                .invalid(
                    "bad code and a too-short value: the code first", flags: [badCode, checkOrder],
                    op: HarnessOpSpec.inviteDecrypt.name,
                    input: [("code", V.str("ABC23")), ("value", V.str("AAAA"))], error: .inviteCodeInvalid,
                    layer: .invite))
        }

        /// Values of exactly 44 bytes: at the minimum of invite-phrase.md's step 4 (D-PAIR-21), so
        /// they reach Argon2id and AES-GCM; 43 bytes are `invite.value_too_short` (valueRefusals).
        func minimumLengthValues(_ ka: Sealed) throws(CloserError) {
            let kaBytes = try Base64.decode(ka.value, .standard)
            minimumLength.append(
                VectorCase.invalid(
                    "value of exactly 44 bytes (the known answer cut after 16 bytes of ciphertext): not too short, does not authenticate",
                    flags: [lengthFlag], op: HarnessOpSpec.inviteDecrypt.name,
                    input: [
                        ("code", V.str("ABC234")),
                        ("value", V.str(Base64.encode(Array(kaBytes.prefix(44)), .standard))),
                    ],
                    error: .invitePhraseAuthenticationFailed, layer: .aead))
            let empty = try seal(try InviteCode("ABC234"), Array(0..<16), Array(12..<24), [])
            minimumLength.append(
                VectorCase.valid(
                    "value of exactly 44 bytes: the empty plaintext, authenticated", flags: [valid, lengthFlag],
                    op: HarnessOpSpec.inviteDecrypt.name,
                    input: [("code", V.str("ABC234")), ("value", V.str(empty.value))],
                    output: [("phrase", V.str(""))], intermediates: empty.inter
                ).citing(VectorPin("D-PAIR-21", .accept)))
            minimumLength.append(
                VectorCase.invalid(
                    "value of 43 bytes (the authenticated 44-byte value less its last byte)", flags: [lengthFlag],
                    op: HarnessOpSpec.inviteDecrypt.name,
                    input: [
                        ("code", V.str("ABC234")),
                        (
                            "value",
                            V.str(Base64.encode(Array(try Base64.decode(empty.value, .standard).dropLast()), .standard))
                        ),
                    ],
                    error: .invitePhraseTooShort, layer: .invite
                ).citing(VectorPin("D-PAIR-21", .refuse)))
        }

        /// Encrypt refusals: injected salts, phrases, the order of the checks.
        func encryptRefusals(_ kaPhrase: RecoveryPhrase) {
            for n in [0, 15, 17, 32] {
                encrypts.append(
                    .invalid(
                        "injected salt of \(n) bytes", flags: [injectedSalt], op: HarnessOpSpec.inviteEncrypt.name,
                        input: [
                            ("code", V.str("ABC234")), ("phrase", V.str(kaPhrase.string)),
                            ("salt", V.hex(rng.bytes(n))),
                            ("iv", V.hex(rng.iv())),
                        ], error: .coupleKeyInvalidSaltLength, layer: .invite))
            }
            encrypts.append(
                .invalid(
                    "15-byte salt and 11-byte IV: the salt first (the IV is checked after Argon2id)",
                    flags: [injectedSalt, checkOrder],
                    op: HarnessOpSpec.inviteEncrypt.name,
                    input: [
                        ("code", V.str("ABC234")), ("phrase", V.str(kaPhrase.string)), ("salt", V.hex(rng.bytes(15))),
                        ("iv", V.hex(rng.bytes(11))),
                    ], error: .coupleKeyInvalidSaltLength, layer: .invite))
            for (what, phrase, code) in [
                (
                    "an unknown word", (["zzzz"] + kaPhrase.words.dropFirst()).joined(separator: " "),
                    CloserError.Code.phraseUnknownWord
                ),
                ("9 words", kaPhrase.words.dropLast().joined(separator: " "), .phraseWrongWordCount),
                ("an empty phrase", "", .phraseEmpty),
            ] {
                encrypts.append(
                    .invalid(
                        "phrase with \(what)", flags: [phraseFlag], op: HarnessOpSpec.inviteEncrypt.name,
                        input: [
                            ("code", V.str("ABC234")), ("phrase", V.str(phrase)), ("salt", V.hex(rng.bytes(16))),
                            ("iv", V.hex(rng.iv())),
                        ],
                        error: code, layer: .phrase))
            }
            encrypts.append(
                .invalid(
                    "bad code and empty phrase: the code first", flags: [badCode, checkOrder],
                    op: HarnessOpSpec.inviteEncrypt.name,
                    input: [
                        ("code", V.str("ABC-34")), ("phrase", V.str("")), ("salt", V.hex(rng.bytes(16))),
                        ("iv", V.hex(rng.iv())),
                    ],
                    error: .inviteCodeInvalid, layer: .invite))
        }
    }
}
