// The couple_key_wrap suite: `couplekey.wrap` at the production parameters (few tests: each
// costs a production Argon2id) and `couplekey.unwrap` of documents whose kdfParams name cheap
// parameters (readers take the parameters from the document), valid and hostile: every
// kdfparams.* code, salts, wrapped values, phrases, Argon2 variants, AAD and keyset mix-ups.
// Normative: specs/couple-key-wrap.md, specs/argon2id.md, specs/recovery-phrase.md.

import CloserHarness
import CloserVectorModel
import CloserWire
import CloserWireArgon2

enum CoupleKeyWrapSuite {
    static let name = "couple_key_wrap"

    static let valid = VectorFlag(
        "Valid", .basic, .aead,
        "A legitimate wrap: Argon2id(UTF-8 of the canonical phrase, salt, kdfParams) keys raw AES-256-GCM, AAD closer_couple_key, IV first, b64 with padding."
    )
    static let production = VectorFlag(
        "ProductionParameters", .basic, .argon2, "kdfParams $argon2id$v=19$m=46080,t=3,p=1 (what every writer emits).")
    static let cheap = VectorFlag(
        "DocumentParameters", .wrongParameters, .kdfParams,
        "The document names cheap parameters: a reader must derive with the document's kdfParams, not the production constants."
    )
    static let rotated = VectorFlag(
        "RotatedKeyset", .keyManagement, .keyset,
        "The wrapped keyset has several keys (rotated on Android) or DISABLED/RAW keys: it unwraps; the bytes come back verbatim."
    )
    static let typedPhrase = VectorFlag(
        "TypedPhrase", .encoding, .phrase,
        "The phrase is given as typed (case, whitespace): normalized before it is the password.")
    static let foreignPhrase = VectorFlag(
        "ForeignWordlist", .edgeCase, .phrase,
        "The phrase is not made of wordlist v1 (another implementation's list, or not 10 words): unwrap uses its canonical text without a lookup."
    )
    static let badKDFParams = VectorFlag(
        "HostileKdfParams", .resourceBound, .kdfParams,
        "kdfParams that is not exactly $argon2id$v=19$m=<m>,t=<t>,p=<p> (decimal, no leading zeros) inside the bounds.")
    static let argon2iParams = VectorFlag(
        "Argon2iParams", .wrongParameters, .kdfParams, "kdfParams names argon2i (or another algorithm than argon2id).")
    static let version10 = VectorFlag(
        "Version0x10", .wrongParameters, .argon2,
        "Version 16 (0x10): v=16 in kdfParams, a PHC string without v=, or a wrap derived with version 0x10.")
    static let memoryInBytes = VectorFlag(
        "MemoryInBytes", .wrongParameters, .argon2,
        "Memory given in bytes where KiB is meant (m=47185920), or a wrap derived with floor(m/1024) KiB.")
    static let boundsFlag = VectorFlag(
        "OutOfBounds", .resourceBound, .kdfParams,
        "kdfParams outside specs/argon2id.md §Bounds: refused before Argon2id.")
    static let saltFlag = VectorFlag(
        "SaltLength", .edgeCase, .kdfParams, "The salt is not exactly 16 bytes (or kdfSalt is over 64 characters).")
    static let b64Flag = VectorFlag(
        "NonCanonicalB64", .encoding, .encoding,
        "kdfSalt or wrappedCoupleKey is not strict b64 (standard alphabet, padding exactly as needed, zero trailing bits, no whitespace)."
    )
    static let lengthFlag = VectorFlag(
        "WrappedLength", .malleability, .aead,
        "wrappedCoupleKey decodes to fewer than 28 bytes or is over 65536 characters.")
    static let modified = VectorFlag(
        "ModifiedCiphertext", .malleability, .aead,
        "A bit of the IV, ciphertext or tag is flipped, or bytes cut or appended.")
    static let wrongPhrase = VectorFlag(
        "WrongPhrase", .basic, .aead,
        "Another phrase: indistinguishable from a changed document (authentication_failure).")
    static let phraseInput = VectorFlag(
        "PhraseInput", .missingStep, .phrase, "The phrase input is empty or over 1024 bytes (checked before Argon2id).")
    static let wrongAAD = VectorFlag(
        "WrongAad", .wrongBinding, .binding, "Wrapped with another AAD than UTF-8 closer_couple_key.")
    static let tinkFramed = VectorFlag(
        "TinkFramed", .encoding, .tinkFraming,
        "Wrapped through a Tink AEAD (5-byte output prefix before the IV): the wrap is raw AES-GCM.")
    static let argon2iKey = VectorFlag(
        "Argon2iNotArgon2id", .wrongParameters, .argon2, "Wrapped with a key derived by Argon2i instead of Argon2id.")
    static let paramsMismatch = VectorFlag(
        "ParamsMismatch", .wrongParameters, .argon2,
        "The document's kdfParams differ from the ones the key was derived with.")
    static let passwordNotCanonical = VectorFlag(
        "PasswordNotCanonical", .encoding, .phrase,
        "Wrapped with the phrase as typed (upper case, two spaces) instead of its canonical UTF-8.")
    static let notKeyset = VectorFlag(
        "NotAnAeadKeyset", .keyManagement, .keyset,
        "The wrap authenticates but its plaintext is not a usable AES-GCM keyset (garbage, empty, only DISABLED keys, another key type)."
    )
    static let checkOrder = VectorFlag(
        "CheckOrder", .edgeCase, .kdfParams,
        "Several fields are bad: the first in the order kdfParams, kdfSalt, wrappedCoupleKey, phrase names the error.")
    static let injectedSalt = VectorFlag(
        "InjectedSaltLength", .edgeCase, .kdfParams,
        "The salt injected into couplekey.wrap is not 16 bytes: refused before Argon2id.")
    static let wrapPhrase = VectorFlag(
        "WrapPhrase", .missingStep, .phrase,
        "couplekey.wrap requires a wordlist v1 phrase (new couples use wordlist v1).")
    static let wrapKeyset = VectorFlag(
        "WrapKeyset", .keyManagement, .keyset, "couplekey.wrap is given bytes that are not a valid AEAD keyset.")

    static let aad = Array(CloserProfileV1.coupleKeyWrapAAD.utf8)

    struct Doc {
        var wrapped: WrappedCoupleKey
        var inter: [(String, JSONValue)]
    }

    static func build() throws(CloserError) -> WireSuite {
        let b = Builder(rng: SuiteRandom(suite: name))
        try b.productionWraps()
        let hybridKS = try b.wrapRefusals()
        try b.cheapParamUnwraps()
        let p1 = try KDFParams(memoryKiB: 16, iterations: 1, parallelism: 1)
        let phA = try b.rotatedKeysetUnwraps(p1)
        let ksA = try b.typedPhraseUnwraps(phA, p1)
        let h = try b.baseDocument(phA, ksA, p1)
        b.kdfParamsRefusals(h)
        b.saltRefusals(h)
        try b.wrappedValueRefusals(h)
        b.phraseRefusals(h)
        try b.buggyWriterDocuments(h)
        try b.notAKeysetDocuments(h, hybridKS: hybridKS)
        // Appended after the earlier groups, so their tcIds stay.
        try b.readerBoundUnwraps()

        return WireSuite(
            name: name, algorithm: "closer-couple-key-wrap-v1",
            header: [
                "Couple-key wrap (specs/couple-key-wrap.md): key = Argon2id(UTF-8 of the canonical phrase, salt, kdfParams, 32),",
                "wrappedCoupleKey = b64(IV || AES-256-GCM(key, IV, keyset, AAD \"closer_couple_key\") || tag), kdfSalt = b64(salt).",
                "couplekey.wrap always writes the production kdfParams; unwrap tests mostly carry cheap kdfParams, which a reader",
                "must use. Hostile documents cover every kdfparams.* code, salts, b64, lengths, phrases and writer bugs.",
            ],
            groups: [
                VectorGroup("CoupleKeyWrap", comment: "couplekey.wrap with an injected salt and IV", cases: b.wraps),
                VectorGroup("CoupleKeyUnwrap", comment: "couplekey.unwrap of real documents", cases: b.unwraps),
                VectorGroup(
                    "CoupleKeyUnwrapHostile", comment: "couplekey.unwrap of hostile documents", cases: b.hostile),
                VectorGroup(
                    "CoupleKeyUnwrapAtBounds",
                    comment: "couplekey.unwrap of documents at the reader bounds (inclusive)",
                    cases: b.atBounds),
            ])
    }
}

extension CoupleKeyWrapSuite {
    /// kdfParams texts every reader refuses, with their flags and codes (specs/argon2id.md §Bounds,
    /// specs/couple-key-wrap.md).
    fileprivate static let kdfParamsCases: [(String, [VectorFlag], String, CloserError.Code)] = [
        ("67 bytes", [], "$argon2id$v=19$m=16,t=1,p=1" + String(repeating: ",x=1", count: 10), .kdfParamsTooLong),
        ("65 dollar signs", [], String(repeating: "$", count: 65), .kdfParamsTooLong),
        ("a space after a comma", [], "$argon2id$v=19$m=16, t=1,p=1", .kdfParamsInvalidCharacter),
        ("a leading space", [], " $argon2id$v=19$m=16,t=1,p=1", .kdfParamsInvalidCharacter),
        ("a trailing newline", [], "$argon2id$v=19$m=16,t=1,p=1\n", .kdfParamsInvalidCharacter),
        ("a tab", [], "$argon2id$v=19$m=16,\tt=1,p=1", .kdfParamsInvalidCharacter),
        ("a NUL byte", [], "$argon2id$v=19$m=16,t=1,p=1\u{0}", .kdfParamsInvalidCharacter),
        ("full-width ｍ", [], "$argon2id$v=19$ｍ=16,t=1,p=1", .kdfParamsInvalidCharacter),
        ("empty", [], "", .kdfParamsMalformed),
        ("no leading $", [], "argon2id$v=19$m=16,t=1,p=1", .kdfParamsMalformed),
        ("an empty field", [], "$argon2id$v=19$m=16,,t=1,p=1", .kdfParamsMalformed),
        ("a field without =", [], "$argon2id$v=19$m16,t=1,p=1", .kdfParamsMalformed),
        ("a trailing comma", [], "$argon2id$v=19$m=16,t=1,p=1,", .kdfParamsMalformed),
        ("argon2i", [argon2iParams], "$argon2i$v=19$m=16,t=1,p=1", .kdfParamsUnknownAlgorithm),
        ("argon2d", [argon2iParams], "$argon2d$v=19$m=16,t=1,p=1", .kdfParamsUnknownAlgorithm),
        ("Argon2id (case)", [argon2iParams], "$Argon2id$v=19$m=16,t=1,p=1", .kdfParamsUnknownAlgorithm),
        ("scrypt", [argon2iParams], "$scrypt$ln=16,r=8,p=1", .kdfParamsUnknownAlgorithm),
        ("an empty algorithm", [argon2iParams], "$$v=19$m=16,t=1,p=1", .kdfParamsUnknownAlgorithm),
        ("no version segment (PHC: version 16)", [version10], "$argon2id$m=16,t=1,p=1", .kdfParamsMissingVersion),
        ("only the algorithm", [], "$argon2id", .kdfParamsMissingVersion),
        ("v=16 (0x10)", [version10], "$argon2id$v=16$m=16,t=1,p=1", .kdfParamsUnsupportedVersion),
        ("v=18", [], "$argon2id$v=18$m=16,t=1,p=1", .kdfParamsUnsupportedVersion),
        ("v=20", [], "$argon2id$v=20$m=16,t=1,p=1", .kdfParamsUnsupportedVersion),
        ("v=019 (leading zero)", [], "$argon2id$v=019$m=16,t=1,p=1", .kdfParamsInvalidNumber),
        ("v=0x13", [], "$argon2id$v=0x13$m=16,t=1,p=1", .kdfParamsInvalidNumber),
        ("v= (empty)", [], "$argon2id$v=$m=16,t=1,p=1", .kdfParamsInvalidNumber),
        ("no parameter segment", [], "$argon2id$v=19", .kdfParamsMissingField),
        ("p missing", [], "$argon2id$v=19$m=16,t=1", .kdfParamsMissingField),
        ("m missing", [], "$argon2id$v=19$t=1,p=1", .kdfParamsMissingField),
        ("a trailing $", [], "$argon2id$v=19$m=16,t=1,p=1$", .kdfParamsTrailingSegment),
        (
            "salt and hash segments (a full PHC hash)", [], "$argon2id$v=19$m=16,t=1,p=1$c2FsdHNhbHQ$aGFzaA",
            .kdfParamsTrailingSegment
        ),
        ("an unknown field x", [], "$argon2id$v=19$m=16,t=1,p=1,x=1", .kdfParamsUnknownField),
        ("field name mem", [], "$argon2id$v=19$mem=16,t=1,p=1", .kdfParamsUnknownField),
        ("upper-case M", [], "$argon2id$v=19$M=16,t=1,p=1", .kdfParamsUnknownField),
        ("a keyid field (PHC optional)", [], "$argon2id$v=19$m=16,t=1,p=1,keyid=AA", .kdfParamsUnknownField),
        ("m twice", [], "$argon2id$v=19$m=16,m=16,t=1,p=1", .kdfParamsDuplicateField),
        ("p twice", [], "$argon2id$v=19$m=16,t=1,p=1,p=1", .kdfParamsDuplicateField),
        ("t before m", [], "$argon2id$v=19$t=1,m=16,p=1", .kdfParamsFieldOrder),
        ("p before t", [], "$argon2id$v=19$m=16,p=1,t=1", .kdfParamsFieldOrder),
        ("m=016 (leading zero)", [], "$argon2id$v=19$m=016,t=1,p=1", .kdfParamsInvalidNumber),
        ("m=+16", [], "$argon2id$v=19$m=+16,t=1,p=1", .kdfParamsInvalidNumber),
        ("m=-16", [], "$argon2id$v=19$m=-16,t=1,p=1", .kdfParamsInvalidNumber),
        ("m=0x10", [], "$argon2id$v=19$m=0x10,t=1,p=1", .kdfParamsInvalidNumber),
        ("m=16.0", [], "$argon2id$v=19$m=16.0,t=1,p=1", .kdfParamsInvalidNumber),
        ("m= (empty)", [], "$argon2id$v=19$m=,t=1,p=1", .kdfParamsInvalidNumber),
        ("m of 11 digits", [], "$argon2id$v=19$m=10000000000,t=1,p=1", .kdfParamsInvalidNumber),
        ("m=4294967296 (2^32)", [], "$argon2id$v=19$m=4294967296,t=1,p=1", .kdfParamsInvalidNumber),
        ("t=00", [], "$argon2id$v=19$m=16,t=00,p=1", .kdfParamsInvalidNumber),
        (
            "m=47185920: the production memory in bytes", [memoryInBytes, boundsFlag],
            "$argon2id$v=19$m=47185920,t=3,p=1", .argon2MemoryOutOfRange
        ),
        ("m=1048577", [boundsFlag], "$argon2id$v=19$m=1048577,t=1,p=1", .argon2MemoryOutOfRange),
        ("m=4294967295", [boundsFlag], "$argon2id$v=19$m=4294967295,t=1,p=1", .argon2MemoryOutOfRange),
        ("m=7", [boundsFlag], "$argon2id$v=19$m=7,t=1,p=1", .argon2MemoryOutOfRange),
        ("m=0", [boundsFlag], "$argon2id$v=19$m=0,t=1,p=1", .argon2MemoryOutOfRange),
        ("m=16 with p=4 (below 8p)", [boundsFlag], "$argon2id$v=19$m=16,t=1,p=4", .argon2MemoryOutOfRange),
        ("t=0", [boundsFlag], "$argon2id$v=19$m=16,t=0,p=1", .argon2IterationsOutOfRange),
        ("t=11", [boundsFlag], "$argon2id$v=19$m=16,t=11,p=1", .argon2IterationsOutOfRange),
        ("p=0", [boundsFlag], "$argon2id$v=19$m=16,t=1,p=0", .argon2ParallelismOutOfRange),
        ("p=17", [boundsFlag], "$argon2id$v=19$m=256,t=1,p=17", .argon2ParallelismOutOfRange),
        (
            "m=7 and p=0: parallelism first", [boundsFlag, checkOrder], "$argon2id$v=19$m=7,t=1,p=0",
            .argon2ParallelismOutOfRange
        ),
        // Within Argon2id's bounds but above the reader's (argon2id.md §"Reader bounds").
        ("p=4: above the reader bound", [boundsFlag], "$argon2id$v=19$m=32,t=1,p=4", .kdfParamsCostTooHigh),
        ("p=16: above the reader bound", [boundsFlag], "$argon2id$v=19$m=128,t=1,p=16", .kdfParamsCostTooHigh),
        ("t=10: above the reader bound", [boundsFlag], "$argon2id$v=19$m=8,t=10,p=1", .kdfParamsCostTooHigh),
        ("t=5: above the reader bound", [boundsFlag], "$argon2id$v=19$m=46080,t=5,p=1", .kdfParamsCostTooHigh),
        ("m=65537: above the reader bound", [boundsFlag], "$argon2id$v=19$m=65537,t=1,p=1", .kdfParamsCostTooHigh),
        (
            "the old maximum m=1048576,t=10,p=16", [boundsFlag], "$argon2id$v=19$m=1048576,t=10,p=16",
            .kdfParamsCostTooHigh
        ),
    ]

    /// The real document the hostile documents are built from, its phrase, keyset and parameters.
    fileprivate struct BaseDocument {
        let phA: RecoveryPhrase
        let ksA: AEADKeyset
        let p1: KDFParams
        let base: Doc
        let sealed: [UInt8]
        var good: WrappedCoupleKey { base.wrapped }

        func withParams(_ s: String) -> WrappedCoupleKey {
            WrappedCoupleKey(wrappedCoupleKey: good.wrappedCoupleKey, kdfSalt: good.kdfSalt, kdfParams: s)
        }
        func withSalt(_ s: String) -> WrappedCoupleKey {
            WrappedCoupleKey(wrappedCoupleKey: good.wrappedCoupleKey, kdfSalt: s, kdfParams: good.kdfParams)
        }
        func withWrapped(_ s: String) -> WrappedCoupleKey {
            WrappedCoupleKey(wrappedCoupleKey: s, kdfSalt: good.kdfSalt, kdfParams: good.kdfParams)
        }
        func withSealed(_ b: [UInt8]) -> WrappedCoupleKey { withWrapped(Base64.encode(b, .standard)) }
    }

    /// The suite's DRBG and its three groups, filled section by section in draw order.
    fileprivate final class Builder {
        let rng: SuiteRandom
        let backend = defaultArgon2idBackend
        var wraps: [VectorCase] = []
        var unwraps: [VectorCase] = []
        var hostile: [VectorCase] = []
        var atBounds: [VectorCase] = []

        init(rng: SuiteRandom) { self.rng = rng }

        func inter(
            _ pw: [UInt8], _ salt: [UInt8], _ params: String, _ key: [UInt8], _ iv: [UInt8], _ ctTag: [UInt8],
            _ ks: [UInt8]
        )
            -> [(String, JSONValue)]
        {
            [
                ("password", V.hex(pw)), ("salt", V.hex(salt)), ("kdfParams", V.str(params)), ("argon2Key", V.hex(key)),
                ("aad", V.hex(aad)), ("iv", V.hex(iv)), ("ciphertextWithTag", V.hex(ctTag)), ("plaintext", V.hex(ks)),
            ]
        }
        /// A document encrypted directly with the library's pieces, with any parameters, key, AAD.
        func document(
            plaintext: [UInt8], password: [UInt8], params: KDFParams, salt: [UInt8]? = nil, key: [UInt8]? = nil,
            aad: [UInt8] = aad, writtenParams: String? = nil
        ) throws(CloserError) -> Doc {
            let salt = salt ?? rng.bytes(16)
            let iv = rng.iv()
            let k: [UInt8]
            if let key {
                k = key
            } else {
                k = try CoupleKeyWrap.wrappingKey(password: password, salt: salt, kdfParams: params, backend: backend)
            }
            let sealed = try AESGCM.seal(key: k, iv: iv, plaintext: plaintext, aad: aad)
            let text = writtenParams ?? params.string
            return Doc(
                wrapped: WrappedCoupleKey(
                    wrappedCoupleKey: Base64.encode(sealed, .standard), kdfSalt: Base64.encode(salt, .standard),
                    kdfParams: text),
                inter: inter(password, salt, text, k, iv, Array(sealed.dropFirst(12)), plaintext))
        }
        func unwrapInput(_ w: WrappedCoupleKey, _ phrase: String) -> [(String, JSONValue)] {
            [
                ("wrappedCoupleKey", V.str(w.wrappedCoupleKey)), ("kdfSalt", V.str(w.kdfSalt)),
                ("kdfParams", V.str(w.kdfParams)), ("phrase", V.str(phrase)),
            ]
        }

        func addWrap(
            _ comment: String, _ ks: AEADKeyset, _ phrase: RecoveryPhrase, _ salt: [UInt8], _ iv: [UInt8],
            withUnwrap: Bool
        )
            throws(CloserError)
        {
            let w = try CoupleKeyWrap.wrap(keyset: ks, phrase: phrase, backend: backend, salt: salt, iv: iv)
            let key = try CoupleKeyWrap.wrappingKey(
                password: phrase.passwordBytes, salt: salt, kdfParams: CloserProfileV1.coupleKeyKDFParams,
                backend: backend)
            let sealed = try Base64.decode(w.wrappedCoupleKey, .standard)
            let i = inter(
                phrase.passwordBytes, salt, w.kdfParams, key, iv, Array(sealed.dropFirst(12)), ks.serializedBytes)
            wraps.append(
                .valid(
                    comment, flags: [valid, production], op: HarnessOpSpec.coupleKeyWrap.name,
                    input: [
                        ("keyset", V.hex(ks.serializedBytes)), ("phrase", V.str(phrase.string)), ("salt", V.hex(salt)),
                        ("iv", V.hex(iv)),
                    ],
                    output: [
                        ("wrappedCoupleKey", V.str(w.wrappedCoupleKey)), ("kdfSalt", V.str(w.kdfSalt)),
                        ("kdfParams", V.str(w.kdfParams)),
                    ], intermediates: i))
            if withUnwrap {
                unwraps.append(
                    .valid(
                        comment + ", unwrapped", flags: [valid, production], op: HarnessOpSpec.coupleKeyUnwrap.name,
                        input: unwrapInput(w, phrase.string), output: [("keyset", V.hex(ks.serializedBytes))],
                        intermediates: i))
            }
        }
        func addUnwrap(
            _ comment: String, _ flags: [VectorFlag], _ ks: [UInt8], password: [UInt8], phraseInput: String,
            _ params: KDFParams
        ) throws(CloserError) {
            let d = try document(plaintext: ks, password: password, params: params)
            unwraps.append(
                .valid(
                    comment, flags: [valid, cheap] + flags, op: HarnessOpSpec.coupleKeyUnwrap.name,
                    input: unwrapInput(d.wrapped, phraseInput),
                    output: [("keyset", V.hex(ks))], intermediates: d.inter))
        }
        func cheapParams() throws(CloserError) -> KDFParams {
            let p = 1 + Int(rng.source.uint32() % 2)  // within the reader bound p ≤ 2
            return try KDFParams(
                memoryKiB: max(8 * p, 8 + Int(rng.source.uint32() % 57)), iterations: 1 + Int(rng.source.uint32() % 3),
                parallelism: p)
        }
        func bad(
            _ h: BaseDocument, _ comment: String, _ flags: [VectorFlag], _ w: WrappedCoupleKey, phrase: String? = nil,
            _ code: CloserError.Code,
            _ layer: VectorLayer, inter: [(String, JSONValue)] = []
        ) {
            hostile.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.coupleKeyUnwrap.name,
                    input: unwrapInput(w, phrase ?? h.phA.string),
                    error: code,
                    layer: layer, intermediates: inter))
        }
        func buggy(_ h: BaseDocument, _ comment: String, _ flags: [VectorFlag], _ d: Doc, phrase: String? = nil) {
            bad(
                h, comment, flags, d.wrapped, phrase: phrase, .coupleKeyAuthenticationFailed, flags.first!.layer,
                inter: d.inter)
        }

        /// Documents exactly at argon2id.md's reader bounds (m ≤ 65536, t ≤ 4, p ≤ 2, all inclusive;
        /// D-PAIR-11): they unwrap. One past each bound is in the hostile group (`kdfparams.cost_too_high`).
        func readerBoundUnwraps() throws(CloserError) {
            let ks = try AEADKeyset.make(key: Array(0..<32), keyID: 0x1234_5678)
            let phrase = try RecoveryPhrase(entropy: Array(0..<10))
            for (memory, iterations, parallelism) in [(65536, 1, 1), (16, 4, 2)] {
                let params = try KDFParams(memoryKiB: memory, iterations: iterations, parallelism: parallelism)
                let d = try document(
                    plaintext: ks.serializedBytes, password: phrase.passwordBytes, params: params, salt: Array(0..<16))
                atBounds.append(
                    VectorCase.valid(
                        "\(params.string): at the reader bound, unwrapped", flags: [valid, cheap, boundsFlag],
                        op: HarnessOpSpec.coupleKeyUnwrap.name, input: unwrapInput(d.wrapped, phrase.string),
                        output: [("keyset", V.hex(ks.serializedBytes))], intermediates: d.inter
                    ).citing(VectorPin("D-PAIR-11", .accept)))
            }
        }

        /// Wrap at the production parameters: the spec's known answer and one 100-byte keyset.
        func productionWraps() throws(CloserError) {
            let kaKeyset = try AEADKeyset.make(key: Array(0..<32), keyID: 0x1234_5678)
            let kaPhrase = try RecoveryPhrase(entropy: Array(0..<10))
            try addWrap(
                "known answer of specs/couple-key-wrap.md (108-byte keyset, entropy 00…09)", kaKeyset, kaPhrase,
                Array(0..<16),
                Array(0..<12), withUnwrap: true)
            let smallID = try AEADKeyset.make(key: rng.bytes(32), keyID: 1 + (rng.keyID() & 0x7f))
            try addWrap(
                "a keyset with a 1-byte key id varint (100 bytes)", smallID,
                RecoveryPhrase.generate(random: rng.source),
                rng.bytes(16),
                rng.iv(), withUnwrap: false)
        }

        /// Wrap refusals, all before Argon2id; returns the ECIES keyset reused as a non-AEAD plaintext.
        func wrapRefusals() throws(CloserError) -> HybridPrivateKeyset {
            func wrapBad(
                _ comment: String, _ flags: [VectorFlag], keyset: [UInt8], phrase: String, salt: [UInt8], iv: [UInt8],
                _ code: CloserError.Code, _ layer: VectorLayer
            ) {
                wraps.append(
                    .invalid(
                        comment, flags: flags, op: HarnessOpSpec.coupleKeyWrap.name,
                        input: [
                            ("keyset", V.hex(keyset)), ("phrase", V.str(phrase)), ("salt", V.hex(salt)),
                            ("iv", V.hex(iv)),
                        ],
                        error: code, layer: layer))
            }
            let ks0 = try rng.aeadKeyset()
            let ph0 = RecoveryPhrase.generate(random: rng.source)
            for n in [0, 8, 15, 17, 32] {
                wrapBad(
                    "injected salt of \(n) bytes", [injectedSalt], keyset: ks0.serializedBytes, phrase: ph0.string,
                    salt: rng.bytes(n), iv: rng.iv(), .coupleKeyInvalidSaltLength, .kdfParams)
            }
            wrapBad(
                "15-byte salt and 11-byte IV: the salt is checked first (the IV only after Argon2id)",
                [injectedSalt, checkOrder],
                keyset: ks0.serializedBytes, phrase: ph0.string, salt: rng.bytes(15), iv: rng.bytes(11),
                .coupleKeyInvalidSaltLength, .kdfParams)
            wrapBad(
                "phrase with an unknown word", [wrapPhrase], keyset: ks0.serializedBytes,
                phrase: (["zzzz"] + ph0.words.dropFirst()).joined(separator: " "), salt: rng.bytes(16), iv: rng.iv(),
                .phraseUnknownWord, .phrase)
            wrapBad(
                "phrase of 9 words", [wrapPhrase], keyset: ks0.serializedBytes,
                phrase: ph0.words.dropLast().joined(separator: " "),
                salt: rng.bytes(16), iv: rng.iv(), .phraseWrongWordCount, .phrase)
            wrapBad(
                "empty phrase", [wrapPhrase], keyset: ks0.serializedBytes, phrase: "", salt: rng.bytes(16),
                iv: rng.iv(),
                .phraseEmpty, .phrase)
            wrapBad(
                "phrase of another wordlist (wrap requires wordlist v1)", [wrapPhrase, foreignPhrase],
                keyset: ks0.serializedBytes,
                phrase: "abandon ability able about above absent absorb abstract absurd abuse", salt: rng.bytes(16),
                iv: rng.iv(),
                .phraseUnknownWord, .phrase)
            wrapBad(
                "keyset bytes empty (no keys)", [wrapKeyset], keyset: [], phrase: ph0.string, salt: rng.bytes(16),
                iv: rng.iv(),
                .keysetEmpty, .keyset)
            wrapBad(
                "keyset bytes 0f (wire type 7)", [wrapKeyset], keyset: [0x0f], phrase: ph0.string, salt: rng.bytes(16),
                iv: rng.iv(), .protoInvalidWireType, .protobuf)
            wrapBad(
                "keyset bytes truncated inside a key", [wrapKeyset], keyset: Array(ks0.serializedBytes.dropLast(10)),
                phrase: ph0.string, salt: rng.bytes(16), iv: rng.iv(), .protoTruncated, .protobuf)
            let hybridKS = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: rng.keyID())
            wrapBad(
                "an ECIES private keyset instead of an AEAD keyset", [wrapKeyset], keyset: hybridKS.serializedBytes,
                phrase: ph0.string, salt: rng.bytes(16), iv: rng.iv(), .keysetUnsupportedKeyType, .keyset)
            wrapBad(
                "bad keyset and bad phrase: the keyset is read first", [wrapKeyset, checkOrder], keyset: [0x0f],
                phrase: "",
                salt: rng.bytes(16), iv: rng.iv(), .protoInvalidWireType, .protobuf)
            return hybridKS
        }

        /// Unwrap of documents at cheap parameters.
        func cheapParamUnwraps() throws(CloserError) {
            for i in 0..<14 {
                let ks = try rng.aeadKeyset(size: i % 5 == 4 ? 16 : 32)
                let ph = RecoveryPhrase.generate(random: rng.source)
                let params = try cheapParams()
                try addUnwrap(
                    "\(ks.serializedBytes.count)-byte keyset, \(params.string)", [], ks.serializedBytes,
                    password: ph.passwordBytes,
                    phraseInput: ph.string, params)
            }
        }

        /// Rotated keysets and a high key id; returns the phrase of the later documents.
        func rotatedKeysetUnwraps(_ p1: KDFParams) throws(CloserError) -> RecoveryPhrase {
            let phA = RecoveryPhrase.generate(random: rng.source)
            let high = try rng.aeadKeyset(keyID: 0x8000_0000 | rng.keyID())
            try addUnwrap(
                "key id ≥ 2^31", [], high.serializedBytes, password: phA.passwordBytes, phraseInput: phA.string, p1)
            let a = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            let b = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            var aDisabled = a
            aDisabled.status = .disabled
            var aRaw = a
            aRaw.prefix = .raw
            try addUnwrap(
                "rotated keyset: two ENABLED keys", [rotated], AEADKeysets.bytes(primary: b.keyID, [a, b]),
                password: phA.passwordBytes, phraseInput: phA.string, p1)
            try addUnwrap(
                "rotated keyset: the old key DISABLED", [rotated], AEADKeysets.bytes(primary: b.keyID, [aDisabled, b]),
                password: phA.passwordBytes, phraseInput: phA.string, p1)
            try addUnwrap(
                "rotated keyset: an old RAW key", [rotated], AEADKeysets.bytes(primary: b.keyID, [aRaw, b]),
                password: phA.passwordBytes, phraseInput: phA.string, p1)
            return phA
        }

        /// Phrases as typed or from other lists, and document parameters; returns the keyset of the later documents.
        func typedPhraseUnwraps(_ phA: RecoveryPhrase, _ p1: KDFParams) throws(CloserError) -> AEADKeyset {
            let ksA = try rng.aeadKeyset()
            try addUnwrap(
                "phrase typed in upper case with tabs and newlines", [typedPhrase], ksA.serializedBytes,
                password: phA.passwordBytes,
                phraseInput: " " + phA.words.map { $0.uppercased() }.joined(separator: "\t\n ") + "\n", p1)
            try addUnwrap(
                "phrase typed with full-width letters and ideographic spaces", [typedPhrase], ksA.serializedBytes,
                password: phA.passwordBytes,
                phraseInput: String(
                    String.UnicodeScalarView(
                        phA.string.unicodeScalars.map { c in
                            c == " " ? "\u{3000}" : ("a"..."z").contains(c) ? Unicode.Scalar(c.value + 0xfee0)! : c
                        })), p1)
            let foreign = "abandon ability able about above absent absorb abstract absurd abuse"
            try addUnwrap(
                "phrase of another wordlist: its canonical text is the password", [foreignPhrase], ksA.serializedBytes,
                password: Array(foreign.utf8), phraseInput: foreign.uppercased(), p1)
            let nine = phA.words.dropLast().joined(separator: " ")
            try addUnwrap(
                "a 9-word phrase text: unwrap does not count words", [foreignPhrase], ksA.serializedBytes,
                password: Array(nine.utf8), phraseInput: nine, p1)
            for (m, t, p) in [(8, 1, 1), (13, 2, 1), (32, 1, 2), (16, 4, 2), (64, 4, 1)] {
                let params = try KDFParams(memoryKiB: m, iterations: t, parallelism: p)
                try addUnwrap(
                    "document parameters \(params.string)", [], ksA.serializedBytes, password: phA.passwordBytes,
                    phraseInput: phA.string, params)
            }
            return ksA
        }

        /// Hostile documents, built from one real document.
        func baseDocument(_ phA: RecoveryPhrase, _ ksA: AEADKeyset, _ p1: KDFParams) throws(CloserError)
            -> BaseDocument
        {
            let base = try document(plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1)
            let sealed = try Base64.decode(base.wrapped.wrappedCoupleKey, .standard)
            return BaseDocument(phA: phA, ksA: ksA, p1: p1, base: base, sealed: sealed)
        }

        func kdfParamsRefusals(_ h: BaseDocument) {
            for (what, flags, text, code) in kdfParamsCases {
                bad(h, "kdfParams: \(what)", [badKDFParams] + flags, h.withParams(text), code, .kdfParams)
            }
            bad(
                h,
                "bad kdfParams, bad salt, bad wrap and empty phrase: kdfParams first", [badKDFParams, checkOrder],
                WrappedCoupleKey(wrappedCoupleKey: "AAAA", kdfSalt: "AAAA", kdfParams: "$argon2i$v=19$m=16,t=1,p=1"),
                phrase: "",
                .kdfParamsUnknownAlgorithm, .kdfParams)
        }

        func saltRefusals(_ h: BaseDocument) {
            let good = h.good
            // Salts.
            let saltPlus = Base64.encode([0xfb, 0xff, 0xbf] + rng.bytes(13), .standard)
            bad(
                h,
                "kdfSalt of 65 characters", [saltFlag], h.withSalt(String(repeating: "A", count: 65)),
                .coupleKeyInvalidSaltLength, .kdfParams)
            bad(
                h,
                "kdfSalt of 88 characters (64 bytes, valid b64)", [saltFlag],
                h.withSalt(Base64.encode(rng.bytes(64), .standard)),
                .coupleKeyInvalidSaltLength, .kdfParams)
            bad(
                h,
                "kdfSalt in the url-safe alphabet", [b64Flag], h.withSalt(EncodingVariants.urlAlphabet(saltPlus)),
                .b64WrongAlphabet, .encoding)
            bad(
                h,
                "kdfSalt without padding", [b64Flag], h.withSalt(EncodingVariants.unpadded(good.kdfSalt)),
                .b64InvalidPadding,
                .encoding)
            bad(
                h,
                "kdfSalt with one = only", [b64Flag], h.withSalt(String(good.kdfSalt.dropLast())), .b64InvalidPadding,
                .encoding)
            if let nc = EncodingVariants.nonCanonicalTrailingBits(good.kdfSalt, url: false) {
                bad(
                    h, "kdfSalt with non-canonical trailing bits", [b64Flag], h.withSalt(nc), .b64NonCanonical,
                    .encoding)
            }
            bad(
                h, "kdfSalt with a trailing newline", [b64Flag], h.withSalt(good.kdfSalt + "\n"), .b64InvalidPadding,
                .encoding)
            bad(
                h,
                "kdfSalt with a space inside", [b64Flag],
                h.withSalt(String(good.kdfSalt.prefix(8)) + " " + String(good.kdfSalt.dropFirst(8))),
                .b64InvalidCharacter, .encoding)
            bad(
                h,
                "kdfSalt hex instead of b64", [b64Flag], h.withSalt(Hex.encode(rng.bytes(16))),
                .coupleKeyInvalidSaltLength,
                .kdfParams)
            for n in [0, 8, 15, 17, 32] {
                bad(
                    h,
                    "salt of \(n) bytes", [saltFlag], h.withSalt(Base64.encode(rng.bytes(n), .standard)),
                    .coupleKeyInvalidSaltLength, .kdfParams)
            }
            bad(
                h,
                "15-byte salt and a 27-byte wrap: the salt first", [saltFlag, checkOrder],
                WrappedCoupleKey(
                    wrappedCoupleKey: Base64.encode(rng.bytes(27), .standard),
                    kdfSalt: Base64.encode(rng.bytes(15), .standard),
                    kdfParams: good.kdfParams), .coupleKeyInvalidSaltLength, .kdfParams)
        }

        func wrappedValueRefusals(_ h: BaseDocument) throws(CloserError) {
            let (base, good, sealed, phA, ksA, p1) = (h.base, h.good, h.sealed, h.phA, h.ksA, h.p1)
            // Wrapped values.
            bad(
                h,
                "wrappedCoupleKey of 65540 characters", [lengthFlag],
                h.withWrapped(String(repeating: "A", count: 65540)),
                .coupleKeyWrappedTooLong, .encoding)
            var plusDoc = base
            while !plusDoc.wrapped.wrappedCoupleKey.contains(where: { $0 == "+" || $0 == "/" })
                || !plusDoc.wrapped.wrappedCoupleKey.hasSuffix("=")
            {
                plusDoc = try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1,
                    salt: try Base64.decode(good.kdfSalt, .standard))
            }
            let pw = plusDoc.wrapped.wrappedCoupleKey
            bad(
                h,
                "wrappedCoupleKey in the url-safe alphabet", [b64Flag], h.withWrapped(EncodingVariants.urlAlphabet(pw)),
                .b64WrongAlphabet, .encoding)
            bad(
                h,
                "wrappedCoupleKey without padding", [b64Flag], h.withWrapped(EncodingVariants.unpadded(pw)),
                .b64InvalidPadding, .encoding)
            bad(
                h, "wrappedCoupleKey with extra padding", [b64Flag], h.withWrapped(pw + "=="), .b64InvalidPadding,
                .encoding)
            if let nc = EncodingVariants.nonCanonicalTrailingBits(pw, url: false) {
                bad(
                    h,
                    "wrappedCoupleKey with non-canonical trailing bits", [b64Flag], h.withWrapped(nc), .b64NonCanonical,
                    .encoding)
            }
            bad(
                h,
                "wrappedCoupleKey with a line break inside (MIME)", [b64Flag],
                h.withWrapped(String(pw.prefix(76)) + "\r\n" + String(pw.dropFirst(76))),
                .b64InvalidCharacter, .encoding)
            for n in [0, 1, 12, 27] {
                bad(
                    h,
                    "wrappedCoupleKey decodes to \(n) bytes", [lengthFlag],
                    h.withSealed(Mutate.truncate(sealed, to: n)),
                    .coupleKeyWrappedTooShort, .aead)
            }
            bad(
                h,
                "IV and tag only (28 bytes)", [modified], h.withSealed(Array(sealed.prefix(12) + sealed.suffix(16))),
                .coupleKeyAuthenticationFailed, .aead)
            bad(
                h,
                "tag cut by one byte", [modified], h.withSealed(Array(sealed.dropLast())),
                .coupleKeyAuthenticationFailed,
                .aead)
            bad(h, "one byte appended", [modified], h.withSealed(sealed + [0]), .coupleKeyAuthenticationFailed, .aead)
            for (what, i) in [
                ("IV", 0), ("IV", 11), ("ciphertext", 12), ("ciphertext", 40), ("tag", sealed.count - 16),
                ("tag", sealed.count - 1),
            ] {
                bad(
                    h,
                    "flipped bit in the \(what) (byte \(i))", [modified], h.withSealed(Mutate.flip(sealed, byte: i)),
                    .coupleKeyAuthenticationFailed, .aead)
            }
        }

        func phraseRefusals(_ h: BaseDocument) {
            let (good, sealed, phA) = (h.good, h.sealed, h.phA)
            // Phrases.
            bad(h, "empty phrase", [phraseInput], good, phrase: "", .phraseEmpty, .phrase)
            bad(h, "whitespace-only phrase", [phraseInput], good, phrase: " \n\t", .phraseEmpty, .phrase)
            bad(
                h,
                "phrase of 1025 bytes", [phraseInput], good,
                phrase: phA.string + String(repeating: " ", count: 1025 - phA.string.utf8.count), .phraseTooLong,
                .phrase)
            bad(
                h,
                "empty phrase and a 27-byte wrap: the wrap first", [phraseInput, checkOrder],
                h.withSealed(Mutate.truncate(sealed, to: 27)),
                phrase: "", .coupleKeyWrappedTooShort, .aead)
            var other = phA.words
            other[9] = other[9] == "zebra" ? "zipper" : "zebra"
            bad(
                h,
                "one word of the phrase changed", [wrongPhrase], good, phrase: other.joined(separator: " "),
                .coupleKeyAuthenticationFailed, .aead)
            bad(
                h,
                "words in another order", [wrongPhrase], good, phrase: phA.words.reversed().joined(separator: " "),
                .coupleKeyAuthenticationFailed, .aead)
            bad(
                h,
                "the first 9 words", [wrongPhrase], good, phrase: phA.words.dropLast().joined(separator: " "),
                .coupleKeyAuthenticationFailed, .aead)
            bad(
                h,
                "a phrase joined by ZERO WIDTH SPACE (one word)", [wrongPhrase], good,
                phrase: phA.words.joined(separator: "\u{200b}"), .coupleKeyAuthenticationFailed, .aead)
        }

        func buggyWriterDocuments(_ h: BaseDocument) throws(CloserError) {
            let (good, phA, ksA, p1) = (h.good, h.phA, h.ksA, h.p1)
            // Documents a buggy writer makes.
            let saltA = try Base64.decode(good.kdfSalt, .standard)
            buggy(
                h,
                "wrapped with AAD closer_invite_phrase", [wrongAAD],
                try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1,
                    aad: Array(CloserProfileV1.invitePhraseAAD.utf8)))
            buggy(
                h,
                "wrapped with an empty AAD", [wrongAAD],
                try document(plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1, aad: []))
            buggy(
                h,
                "wrapped with the couple id as AAD", [wrongAAD],
                try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1, aad: Array("couple-1".utf8)
                ))
            let v = try LibArgon2Variants.hash(
                kind: .i, version: 0x13, password: phA.passwordBytes, salt: saltA, memoryKiB: 16, iterations: 1,
                parallelism: 1, length: 32)
            buggy(
                h,
                "key derived with Argon2i", [argon2iKey],
                try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1, salt: saltA, key: v))
            let v10 = try LibArgon2Variants.hash(
                kind: .id, version: 0x10, password: phA.passwordBytes, salt: saltA, memoryKiB: 16, iterations: 1,
                parallelism: 1, length: 32)
            buggy(
                h,
                "key derived with version 0x10", [version10],
                try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1, salt: saltA, key: v10)
            )
            let big = try KDFParams(memoryKiB: 8192, iterations: 1, parallelism: 1)
            let vBytes = try LibArgon2Variants.hash(
                kind: .id, version: 0x13, password: phA.passwordBytes, salt: saltA, memoryKiB: 8, iterations: 1,
                parallelism: 1, length: 32)
            buggy(
                h,
                "document says m=8192 but the key was derived with 8 KiB (memory in bytes)", [memoryInBytes],
                try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: big, salt: saltA, key: vBytes))
            let p2 = try KDFParams(memoryKiB: 32, iterations: 1, parallelism: 1)
            let k16 = try CoupleKeyWrap.wrappingKey(
                password: phA.passwordBytes, salt: saltA, kdfParams: p1, backend: backend)
            buggy(
                h,
                "document says m=32 but the key was derived with m=16", [paramsMismatch],
                try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p2, salt: saltA, key: k16)
            )
            let k64 = try Argon2id.deriveKey(
                password: phA.passwordBytes, salt: saltA, parameters: try p1.argon2idParameters(outputLength: 64),
                backend: backend)
            buggy(
                h,
                "key = first 32 bytes of a 64-byte Argon2id output", [paramsMismatch],
                try document(
                    plaintext: ksA.serializedBytes, password: phA.passwordBytes, params: p1, salt: saltA,
                    key: Array(k64.prefix(32))))
            buggy(
                h,
                "wrapped with the phrase in upper case as the password", [passwordNotCanonical],
                try document(plaintext: ksA.serializedBytes, password: Array(phA.string.uppercased().utf8), params: p1))
            buggy(
                h,
                "wrapped with the words joined by two spaces", [passwordNotCanonical],
                try document(
                    plaintext: ksA.serializedBytes, password: Array(phA.words.joined(separator: "  ").utf8), params: p1)
            )
            // Tink-framed: 01 || key id || IV || ct || tag under a keyset holding the derived key.
            let framedKS = try AEADKeyset.make(key: k16, keyID: rng.keyID())
            let framed = try TinkAEAD.encrypt(framedKS, plaintext: ksA.serializedBytes, aad: aad, iv: rng.iv())
            bad(
                h,
                "wrapped through a Tink AEAD: 5-byte output prefix before the IV", [tinkFramed],
                WrappedCoupleKey(
                    wrappedCoupleKey: Base64.encode(framed, .standard), kdfSalt: good.kdfSalt, kdfParams: good.kdfParams
                ),
                .coupleKeyAuthenticationFailed, .tinkFraming)
        }

        func notAKeysetDocuments(_ h: BaseDocument, hybridKS: HybridPrivateKeyset) throws(CloserError) {
            let phA = h.phA, p1 = h.p1
            // The wrap authenticates but is not a usable keyset.
            var disabledOnly = AEADKeySpec(key: rng.bytes(32), keyID: rng.keyID())
            disabledOnly.status = .disabled
            let notKeysets: [(String, [UInt8])] = [
                ("empty plaintext", []), ("garbage bytes", rng.bytes(40)), ("UTF-8 text", Array("not a keyset".utf8)),
                ("a keyset with only a DISABLED key", AEADKeysets.bytes(primary: disabledOnly.keyID, [disabledOnly])),
                ("an ECIES private keyset", hybridKS.serializedBytes),
                ("a 24-byte AES key", AEADKeysets.bytes(primary: 7, [AEADKeySpec(key: rng.bytes(24), keyID: 7)])),
                (
                    "the primary id matches no key",
                    AEADKeysets.bytes(primary: 9, [AEADKeySpec(key: rng.bytes(32), keyID: 8)])
                ),
            ]
            for (what, pt) in notKeysets {
                let d = try document(plaintext: pt, password: phA.passwordBytes, params: p1)
                bad(
                    h,
                    "authenticates, plaintext is \(what)", [notKeyset], d.wrapped, .coupleKeyInvalidKeyset, .keyset,
                    inter: d.inter)
            }
        }
    }
}
