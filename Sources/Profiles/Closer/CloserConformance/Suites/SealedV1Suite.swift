// The sealed_v1 suite: `sealed:v1:` seal with injected IVs, and the reveal (`sealed.open`) with
// every step of its order attacked: value shape, commitment string, AEAD and AAD composition,
// canonical plaintext, commitment, payload members and ids.
// Normative: specs/sealed-v1.md, specs/commitment.md, specs/canonical-json.md, specs/encodings.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum SealedV1Suite {
    static let name = "sealed_v1"

    static let valid = VectorFlag(
        "Valid", .basic, .aead, "A legitimate sealed answer: seal byte for byte, open to the canonical payload.")
    static let keyIDHighBit = VectorFlag(
        "KeyIdHighBit", .edgeCase, .tinkFraming,
        "The one-time key id is ≥ 2^31: written big-endian as 4 unsigned bytes.")
    static let nonCanonicalInput = VectorFlag(
        "NonCanonicalPayloadText", .missingStep, .canonicalization,
        "The payload text given to seal is not canonical: the sealed bytes and the commitment are its RFC 8785 form.")
    static let nonASCIIIDs = VectorFlag(
        "NonAsciiIds", .edgeCase, .binding,
        "Ids with non-ASCII characters: the AAD is their UTF-8, compared byte for byte.")
    static let thread = VectorFlag(
        "ThreadMessage", .wrongBinding, .binding,
        "A thread message is bound by the thread's questionId (pinned), not by the threadId.")
    static let badComponent = VectorFlag(
        "BadBindingComponent", .wrongBinding, .binding, "A binding component is empty or contains the separator byte |."
    )
    static let payloadJSON = VectorFlag(
        "PayloadNotIJson", .canOfWorms, .json, "The payload text is not strict I-JSON (canonical-json.md).")
    static let notObject = VectorFlag("PayloadNotObject", .missingStep, .payload, "The payload is not a JSON object.")
    static let missingMember = VectorFlag(
        "MissingMember", .missingStep, .payload,
        "A required member (coupleId, questionId, userId, nonce) is absent or not a string.")
    static let invalidNonce = VectorFlag(
        "InvalidNonce", .encoding, .payload, "The nonce is not b64url (no padding, canonical) of exactly 16 bytes.")
    static let idMismatch = VectorFlag(
        "PayloadIdsDifferFromBinding", .wrongBinding, .payload,
        "The payload's coupleId, questionId or userId differs from the binding's, byte for byte.")
    static let rawPrimary = VectorFlag(
        "NonTinkPrimary", .keyManagement, .keyset, "sealed:v1 is written under a TINK primary only.")
    static let badIV = VectorFlag("InjectedIvLength", .edgeCase, .aead, "The injected IV is not 12 bytes.")
    static let badKeyset = VectorFlag(
        "MalformedKeyset", .keyManagement, .protobuf, "The one-time keyset bytes are not a valid AEAD keyset.")
    static let wrongPrefix = VectorFlag(
        "WrongValuePrefix", .encoding, .encoding, "The string does not start with exactly sealed:v1:.")
    static let wrongAlphabet = VectorFlag(
        "WrongAlphabet", .encoding, .encoding,
        "sealed:v1 bodies are b64url (-_); the standard alphabet (+/) is refused.")
    static let padding = VectorFlag("Padding", .encoding, .encoding, "b64url has no padding; = is refused.")
    static let whitespace = VectorFlag(
        "Whitespace", .encoding, .encoding, "Whitespace or a line break inside or around the body is refused.")
    static let trailingBits = VectorFlag(
        "NonCanonicalTrailingBits", .encoding, .encoding, "The last b64url symbol has non-zero unused bits.")
    static let b64Length = VectorFlag(
        "B64Length", .encoding, .encoding, "A b64url text of 4k+1 symbols, which no encoder writes.")
    static let truncated = AEADValueFlags.truncated
    static let tinkPrefix = AEADValueFlags.tinkPrefix
    static let modified = AEADValueFlags.modified
    static let appended = AEADValueFlags.appended
    static let wrongAAD = VectorFlag(
        "WrongAad", .wrongBinding, .binding,
        "The value was encrypted with another AAD: components swapped, missing, extra, or joined with another separator."
    )
    static let wrongBinding = VectorFlag(
        "WrongBinding", .wrongBinding, .binding, "The value is opened with other ids than it was sealed with.")
    static let wrongKey = VectorFlag(
        "WrongKey", .keyManagement, .aead, "The value is opened with another one-time keyset.")
    static let nonCanonicalPlaintext = VectorFlag(
        "NonCanonicalPlaintext", .missingStep, .canonicalization,
        "The decrypted bytes are I-JSON but not their own RFC 8785 serialization (sealed.non_canonical_payload).")
    static let plaintextNotJSON = VectorFlag(
        "PlaintextNotIJson", .missingStep, .json,
        "The decrypted bytes are not strict I-JSON: invalid UTF-8, BOM, duplicate names, lone surrogates, NaN.")
    static let commitmentMismatch = VectorFlag(
        "CommitmentMismatch", .missingStep, .commitment,
        "The commitment is not SHA-256 of the decrypted bytes (another payload, a flipped digest bit).")
    static let badCommitment = VectorFlag(
        "BadCommitmentString", .encoding, .encoding,
        "The sha256: string is malformed: prefix, alphabet, padding, whitespace, trailing bits, digest length.")
    static let checkOrder = VectorFlag(
        "CheckOrder", .edgeCase, .payload,
        "Several faults in one request: the step sealed-v1.md orders first names the error.")
    static let legacyNoNonce = VectorFlag(
        "LegacyNoNonce", .legacy, .payload,
        "A payload without a nonce member (pre-profile-v1 Android): a reader may accept it; CloserSpec refuses it with sealed.payload_missing_member (sealed-v1.md)."
    )

    struct Binding {
        let c: String
        let q: String
        let u: String
        var aad: [UInt8] { Array("\(c)|\(q)|\(u)".utf8) }
        var members: [(String, JSONValue)] { [("coupleId", V.str(c)), ("questionId", V.str(q)), ("userId", V.str(u))] }
    }

    static func build() throws(CloserError) -> WireSuite {
        let b = try Builder(rng: SuiteRandom(suite: name))
        try b.knownAnswer()
        try b.answerSeals()
        let threadSealed = try b.payloadTextAndIDSeals()
        // Seal refusals, in the order of sealed-v1.md §"Seal: check order".
        let okPayload = b.payloadText(b.alice, #","answer":"yes""#)
        b.sealKeysetAndBindingRefusals(okPayload)
        b.sealPayloadRefusals()
        try b.sealNonceIDAndKeyRefusals(okPayload)
        // Reveal refusals, from real values, in the order of sealed-v1.md §"Reveal".
        let r = try b.realValue()
        b.openBindingRefusals(r)
        try b.valueShapeRefusals(r)
        b.commitmentStringRefusals(r)
        try b.aadAndKeyRefusals(r, threadSealed: threadSealed)
        let rn = try b.nonCanonicalPlaintextRefusals()
        try b.notJSONPlaintextRefusals(r, rn: rn)
        try b.commitmentMismatchRefusals(r)
        let pn = try b.payloadMemberRefusals()
        try b.payloadIDRefusals(pn: pn)
        try b.legacyPayloads()

        return WireSuite(
            name: name, algorithm: "closer-sealed-v1",
            header: [
                "sealed:v1: partner-proof answers (specs/sealed-v1.md): sealed.seal with the injected iv must give value and",
                "commitment byte for byte; sealed.open must give the canonical payload text, or refuse with expected.error.",
                "Intermediates: canonical (RFC 8785 payload bytes), digest (SHA-256 of canonical), aad = UTF-8 of",
                "coupleId|questionId|userId, outputPrefix = 01 || key id, ciphertextWithTag, body = prefix || iv || ct || tag.",
                "Hostile values were made with the library (wrong AAD, non-canonical or non-JSON plaintext, bad payloads);",
                "their intermediates say what was encrypted (plaintext, aadUsedToEncrypt).",
            ],
            groups: [
                VectorGroup("SealedV1Seal", comment: "sealed.seal with an injected IV", cases: b.seals),
                VectorGroup(
                    "SealedV1SealRefused", comment: "sealed.seal refusals in the seal-side check order",
                    cases: b.sealRefused),
                VectorGroup("SealedV1Open", comment: "sealed.open of the sealed values", cases: b.opens),
                VectorGroup(
                    "SealedV1OpenRefused", comment: "sealed.open refusals in the reveal order", cases: b.openRefused),
            ])
    }

    /// Nonce member values that are not b64url of 16 bytes.
    static func nonceVariants(_ rng: SuiteRandom) -> [(String, String)] {
        let n15 = Base64.encode(rng.bytes(15), .url)
        let n17 = Base64.encode(rng.bytes(17), .url)
        var withDash: [UInt8] = []
        repeat {
            withDash = rng.bytes(16)
        } while !Base64.encode(withDash, .url).contains(where: { $0 == "-" || $0 == "_" })
        let good = Base64.encode(withDash, .url)
        return [
            ("of 15 bytes", n15), ("of 17 bytes", n17), ("empty", ""),
            ("padded (==)", good + "=="),
            ("in the standard alphabet", EncodingVariants.standardAlphabet(good)),
            ("with non-canonical trailing bits", EncodingVariants.nonCanonicalTrailingBits(good, url: true) ?? good),
            ("in hex (32 characters, 24 bytes)", Hex.encode(withDash)),
            ("with a space inside", String(good.prefix(11)) + " " + String(good.dropFirst(11))),
            ("of 21 symbols (4k+1)", String(good.prefix(21))),
        ]
    }

    /// Seals fresh values until the b64url text satisfies `condition` (deterministic: the DRBG decides).
    static func sealUntil(_ rng: SuiteRandom, _ ks: AEADKeyset, _ b: Binding, _ condition: (String) -> Bool)
        throws(CloserError) -> (value: String, b64: String)
    {
        var attempt = 0
        while true {
            attempt += 1  // the answer's length varies, so does the body's
            let text =
                #"{"answer":"\#(String(repeating: "x", count: attempt % 7))","coupleId":"\#(b.c)","nonce":"\#(Base64.encode(rng.bytes(16), .url))","questionId":"\#(b.q)","userId":"\#(b.u)"}"#
            let sealed = try SealedV1.seal(
                try SealedPayload(JSONValue(parsing: text)),
                binding: SealedBinding(coupleID: b.c, questionID: b.q, userID: b.u),
                keyset: ks, iv: rng.iv())
            let b64 = String(sealed.value.dropFirst(CloserProfileV1.sealedPrefix.count))
            if condition(b64) { return (sealed.value, b64) }
        }
    }
}

extension SealedV1Suite {
    /// The real value the reveal refusals attack, with its text, body and commitment.
    fileprivate struct RealValue {
        let text: String
        let sealed: SealedAnswer
        let body: [UInt8]
        let b64: String
        let commitment: String
        let canonical: [UInt8]
    }

    /// The suite's DRBG, the one-time keysets and bindings every section uses, and the four groups,
    /// filled section by section in draw order.
    fileprivate final class Builder {
        let rng: SuiteRandom
        let ks: AEADKeyset
        let kHigh: AEADKeyset
        let couple: String
        let alice: Binding
        let bob: Binding
        var seals: [VectorCase] = []
        var sealRefused: [VectorCase] = []
        var opens: [VectorCase] = []
        var openRefused: [VectorCase] = []

        init(rng: SuiteRandom) throws(CloserError) {
            self.rng = rng
            ks = try rng.aeadKeyset(size: 32)
            kHigh = try rng.aeadKeyset(size: 32, keyID: 0x8000_0001 &+ (rng.keyID() & 0x7fff_fff0))
            couple = "couple-\(Hex.encode(rng.bytes(4)))"
            alice = Binding(c: couple, q: "q-42", u: "alice")
            bob = Binding(c: couple, q: "q-42", u: "bob")
        }

        func nonce() -> String { Base64.encode(rng.bytes(16), .url) }
        func payloadText(_ b: Binding, _ extra: String, nonce n: String? = nil) -> String {
            #"{"coupleId":"\#(b.c)","questionId":"\#(b.q)","userId":"\#(b.u)","nonce":"\#(n ?? nonce())"\#(extra)}"#
        }
        func canonical(_ text: String) throws(CloserError) -> [UInt8] {
            try CanonicalJSON.canonicalize(Array(text.utf8))
        }
        func value(_ body: [UInt8]) -> String { CloserProfileV1.sealedPrefix + Base64.encode(body, .url) }

        func sealInput(_ k: [UInt8], _ b: Binding, _ payload: String, _ iv: [UInt8]) -> [(String, JSONValue)] {
            [("keyset", V.hex(k))] + b.members + [("payload", V.str(payload)), ("iv", V.hex(iv))]
        }
        func openInput(_ k: AEADKeyset, _ b: Binding, _ v: String, _ commitment: String) -> [(String, JSONValue)] {
            [("keyset", V.hex(k.serializedBytes))] + b.members + [
                ("value", V.str(v)), ("commitment", V.str(commitment)),
            ]
        }

        @discardableResult
        func addSeal(_ comment: String, _ flags: [VectorFlag], _ k: AEADKeyset, _ b: Binding, _ text: String)
            throws(CloserError) -> (value: String, commitment: String)
        {
            let iv = rng.iv()
            let payload = try SealedPayload(JSONValue(parsing: text))
            let sealed = try SealedV1.seal(
                payload, binding: SealedBinding(coupleID: b.c, questionID: b.q, userID: b.u), keyset: k, iv: iv)
            let canon = try payload.canonicalBytes()
            let wire = try WireString(parsing: sealed.value, as: .sealed)
            let frame = wire.frame!
            let inter: [(String, JSONValue)] = [
                ("canonical", V.hex(canon)), ("digest", V.hex(sealed.commitment.digest)), ("aad", V.hex(b.aad)),
                ("outputPrefix", V.hex(wire.body.prefix(TinkFraming.outputPrefixLength))), ("iv", V.hex(frame.iv)),
                ("ciphertextWithTag", V.hex(frame.ciphertext + frame.tag)), ("body", V.hex(wire.body)),
            ]
            seals.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.sealedSeal.name,
                    input: sealInput(k.serializedBytes, b, text, iv),
                    output: [("value", V.str(sealed.value)), ("commitment", V.str(sealed.commitment.string))],
                    intermediates: inter))
            opens.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.sealedOpen.name,
                    input: openInput(k, b, sealed.value, sealed.commitment.string),
                    output: [("payload", V.str(String(decoding: canon, as: UTF8.self)))], intermediates: inter))
            return (sealed.value, sealed.commitment.string)
        }

        func sealBad(
            _ comment: String, _ flags: [VectorFlag], _ k: [UInt8], _ b: Binding, _ payload: String, _ iv: [UInt8],
            _ code: CloserError.Code, _ layer: VectorLayer
        ) {
            sealRefused.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.sealedSeal.name, input: sealInput(k, b, payload, iv),
                    error: code,
                    layer: layer))
        }
        func openBad(
            _ comment: String, _ flags: [VectorFlag], _ b: Binding, _ v: String, _ commitment: String,
            _ code: CloserError.Code, _ layer: VectorLayer, keyset k: AEADKeyset? = nil,
            _ inter: [(String, JSONValue)] = []
        ) {
            openRefused.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.sealedOpen.name,
                    input: openInput(k ?? ks, b, v, commitment), error: code,
                    layer: layer,
                    intermediates: inter))
        }
        func badValue(
            _ r: RealValue, _ comment: String, _ flags: [VectorFlag], _ text: String, _ code: CloserError.Code,
            _ layer: VectorLayer
        ) {
            openBad(comment, flags, alice, text, r.commitment, code, layer, [("body", V.hex(r.body))])
        }
        func badBody(
            _ r: RealValue, _ comment: String, _ flags: [VectorFlag], _ body: [UInt8], _ code: CloserError.Code,
            _ layer: VectorLayer
        ) {
            badValue(r, comment, flags, value(body), code, layer)
        }
        func badCommit(_ r: RealValue, _ comment: String, _ flags: [VectorFlag], _ c: String, _ code: CloserError.Code)
        {
            openBad("commitment: \(comment)", flags, alice, r.sealed.value, c, code, .encoding)
        }
        func encrypted(_ plaintext: [UInt8], aad: [UInt8], keyset k: AEADKeyset? = nil) throws(CloserError) -> String {
            value(try TinkAEAD.encrypt(k ?? ks, plaintext: plaintext, aad: aad, iv: rng.iv()))
        }
        func badPlaintext(
            _ comment: String, _ flags: [VectorFlag], _ plaintext: [UInt8], _ code: CloserError.Code,
            _ layer: VectorLayer,
            commitment: String? = nil
        ) throws(CloserError) {
            openBad(
                comment, flags, alice, try encrypted(plaintext, aad: alice.aad),
                commitment ?? Commitment(canonicalBytes: plaintext).string, code, layer,
                [("plaintext", V.hex(plaintext)), ("aad", V.hex(alice.aad))])
        }
        func badPayload(
            _ comment: String, _ flags: [VectorFlag], _ text: String, _ code: CloserError.Code, _ layer: VectorLayer,
            binding b: Binding? = nil
        ) throws(CloserError) {
            let canon = try canonical(text)
            let bb = b ?? alice
            openBad(
                comment, flags, bb, try encrypted(canon, aad: bb.aad), Commitment(canonicalBytes: canon).string, code,
                layer,
                [
                    ("plaintext", V.hex(canon)), ("aad", V.hex(bb.aad)),
                    ("digest", V.hex(Commitment(canonicalBytes: canon).digest)),
                ])
        }

        /// The known answer of sealed-v1.md, with its value and commitment written out there.
        func knownAnswer() throws(CloserError) {
            let kaKeyset = try Hex.decode(
                "08f8acd1910112640a580a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b657912221a20000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1801100118f8acd191012001"
            )
            let kaPayload =
                #"{"answer":"yes","coupleId":"couple-1","nonce":"AAECAwQFBgcICQoLDA0ODw","questionId":"q-42","userId":"alice"}"#
            let kaValue =
                "sealed:v1:ARI0VngMCwoJCAcGBQQDAgFns4I2XT-1D9kkcYmwzZvb6XwzMgZIqcmYTbE-Jho6MTR_4OUgv6RKntyJpTNnrgyIFTdhPTp5D1R5S65u-pVuitB101yfZH72S0CAiwPTyUMYacxZPs5R-3Uka9BiNqqx3mmeVXtnFG5P3u13a5-AuUYXsdh7gmGBd6n9"
            let kaCommitment = "sha256:OYyzRV9kEqiAiU7hZ32PVH_XXPjtJW6emQBuBr_G1Xk"
            let kaBinding = Binding(c: "couple-1", q: "q-42", u: "alice")
            let kaIV = try Hex.decode("0c0b0a090807060504030201")
            seals.append(
                .valid(
                    "the known answer of specs/sealed-v1.md", flags: [valid], op: HarnessOpSpec.sealedSeal.name,
                    input: sealInput(kaKeyset, kaBinding, kaPayload, kaIV),
                    output: [("value", V.str(kaValue)), ("commitment", V.str(kaCommitment))],
                    intermediates: [
                        ("canonical", V.hex(Array(kaPayload.utf8))), ("aad", V.hex(kaBinding.aad)), ("iv", V.hex(kaIV)),
                    ]))
            opens.append(
                .valid(
                    "the known answer of specs/sealed-v1.md", flags: [valid], op: HarnessOpSpec.sealedOpen.name,
                    input: openInput(try AEADKeyset(serializedBytes: kaKeyset), kaBinding, kaValue, kaCommitment),
                    output: [("payload", V.str(kaPayload))]))
        }

        /// Answers of every shape, alternately alice's and bob's.
        func answerSeals() throws(CloserError) {
            let answers: [(String, String)] = [
                ("a yes/no answer", #","answer":"yes""#),
                ("a free-text answer with quotes", #","answer":"We met at a \"café\" in 2019.""#),
                ("an emoji answer", ",\"answer\":\"\u{2764}\u{fe0f}\u{1f600}\""),
                ("a numeric answer", #","answer":7"#),
                ("a fractional answer", #","answer":0.1"#),
                ("a multiple-choice answer", #","answer":["b","d"]"#),
                ("an answer object", #","answer":{"text":"Paris","when":"2024-06-01"}"#),
                ("an answer with a newline and controls", #","answer":"line1\nline2\u0001""#),
                ("an empty-string answer", #","answer":"""#),
                (
                    "extra members: schemaVersion and answerDate",
                    #","answer":"ok","schemaVersion":3,"answerDate":"2025-01-31""#
                ),
                ("a long answer", ",\"answer\":\"" + String(repeating: "so much love ", count: 60) + "\""),
                ("no answer member at all (only the required ones)", ""),
            ]
            for (i, (comment, extra)) in answers.enumerated() {
                try addSeal(
                    comment + (i % 2 == 0 ? " (alice)" : " (bob)"), [], ks, i % 2 == 0 ? alice : bob,
                    payloadText(i % 2 == 0 ? alice : bob, extra))
            }
        }

        /// Non-canonical payload texts, a high key id, non-ASCII ids; returns the thread message's seal.
        func payloadTextAndIDSeals() throws(CloserError) -> (value: String, commitment: String) {
            let nonCanonicalTexts: [(String, String)] = [
                (
                    "pretty-printed",
                    "{\n  \"userId\": \"alice\",\n  \"questionId\": \"q-42\",\n  \"nonce\": \"\(nonce())\",\n  \"coupleId\": \"\(couple)\",\n  \"answer\": \"yes\"\n}\n"
                ),
                (
                    "members unsorted",
                    #"{"userId":"alice","answer":"maybe","questionId":"q-42","nonce":"\#(nonce())","coupleId":"\#(couple)"}"#
                ),
                (
                    "escaped characters",
                    #"{"answer":"caf\u00e9 \/ \u0041","coupleId":"\#(couple)","nonce":"\#(nonce())","questionId":"q-42","userId":"alice"}"#
                ),
                (
                    "numbers in other spellings",
                    #"{"answer":[1.0,1E2,-0,0.50],"coupleId":"\#(couple)","nonce":"\#(nonce())","questionId":"q-42","userId":"alice"}"#
                ),
            ]
            for (comment, text) in nonCanonicalTexts {
                try addSeal(
                    "payload text \(comment): its canonical form is sealed", [nonCanonicalInput], ks, alice, text)
            }
            let kHighBinding = Binding(c: couple, q: "q-43", u: "alice")
            try addSeal(
                "one-time key id with the high bit set", [keyIDHighBit], kHigh, kHighBinding,
                payloadText(kHighBinding, #","answer":"yes""#))
            let intl = Binding(c: "cöuple-ü", q: "q-\u{e9}t\u{e9}", u: "user-\u{1f600}")
            try addSeal(
                "ids with non-ASCII characters", [nonASCIIIDs], ks, intl, payloadText(intl, #","answer":"oui""#))
            let threadBinding = Binding(c: couple, q: "q_thread_0007", u: "bob")
            return try addSeal(
                "a thread message: questionId is the thread's question (q_thread_0007 under thread-7)", [thread], ks,
                threadBinding, payloadText(threadBinding, #","text":"what did you mean?""#))
        }

        func sealKeysetAndBindingRefusals(_ okPayload: String) {
            sealBad(
                "keyset bytes truncated", [badKeyset], Array(ks.serializedBytes.dropLast(3)), alice, okPayload,
                rng.iv(),
                .protoTruncated, .protobuf)
            sealBad("keyset of zero bytes", [badKeyset], [], alice, okPayload, rng.iv(), .keysetEmpty, .keyset)
            for (which, b) in [
                ("coupleId", Binding(c: "", q: "q-42", u: "alice")),
                ("questionId", Binding(c: couple, q: "", u: "alice")),
                ("userId", Binding(c: couple, q: "q-42", u: "")),
            ] {
                sealBad(
                    "empty \(which)", [badComponent], ks.serializedBytes, b, payloadText(b, ""), rng.iv(),
                    .bindingEmptyComponent, .binding)
            }
            for (which, b) in [
                ("coupleId", Binding(c: couple + "|x", q: "q-42", u: "alice")),
                ("questionId", Binding(c: couple, q: "q|42", u: "alice")),
                ("userId", Binding(c: couple, q: "q-42", u: "alice|bob")),
            ] {
                sealBad(
                    "\(which) containing |", [badComponent], ks.serializedBytes, b, payloadText(b, ""), rng.iv(),
                    .bindingSeparatorInComponent, .binding)
            }
            sealBad(
                "empty coupleId and | in userId: coupleId is checked first", [badComponent, checkOrder],
                ks.serializedBytes,
                Binding(c: "", q: "q-42", u: "a|b"), okPayload, rng.iv(), .bindingEmptyComponent, .binding)
            sealBad(
                "| in coupleId and an invalid payload: the binding is checked first", [badComponent, checkOrder],
                ks.serializedBytes,
                Binding(c: "a|b", q: "q-42", u: "alice"), "NaN", rng.iv(), .bindingSeparatorInComponent, .binding)
        }

        /// Payloads that are not I-JSON, not objects, or miss a member.
        func sealPayloadRefusals() {
            for (comment, text, code) in [
                ("payload NaN", "NaN", CloserError.Code.jsonNonFiniteLiteral),
                (
                    "duplicate answer member",
                    #"{"answer":"yes","answer":"no","coupleId":"\#(couple)","nonce":"\#(nonce())","questionId":"q-42","userId":"alice"}"#,
                    .jsonDuplicateMember
                ),
                (
                    "duplicate coupleId (the second would win in a lax parser)",
                    #"{"coupleId":"other","coupleId":"\#(couple)","nonce":"\#(nonce())","questionId":"q-42","userId":"alice"}"#,
                    .jsonDuplicateMember
                ),
                (
                    "lone surrogate in the answer",
                    #"{"answer":"\ud800","coupleId":"\#(couple)","nonce":"\#(nonce())","questionId":"q-42","userId":"alice"}"#,
                    .jsonLoneSurrogate
                ),
                (
                    "trailing comma",
                    #"{"coupleId":"\#(couple)","nonce":"\#(nonce())","questionId":"q-42","userId":"alice",}"#,
                    .jsonUnexpectedCharacter
                ),
                (
                    "answer overflowing to infinity",
                    #"{"answer":1e400,"coupleId":"\#(couple)","nonce":"\#(nonce())","questionId":"q-42","userId":"alice"}"#,
                    .jsonNumberOutOfRange
                ),
                ("empty payload text", "", .jsonEmptyInput),
            ] {
                sealBad(comment, [payloadJSON], ks.serializedBytes, alice, text, rng.iv(), code, .json)
            }
            for text in ["[]", #""yes""#, "1", "null"] {
                sealBad(
                    "payload \(text) is not an object", [notObject], ks.serializedBytes, alice, text, rng.iv(),
                    .sealedPayloadNotObject, .payload)
            }
            let n0 = nonce()
            for (comment, text) in [
                ("coupleId absent", #"{"nonce":"\#(n0)","questionId":"q-42","userId":"alice"}"#),
                ("questionId absent", #"{"coupleId":"\#(couple)","nonce":"\#(n0)","userId":"alice"}"#),
                ("userId absent", #"{"coupleId":"\#(couple)","nonce":"\#(n0)","questionId":"q-42"}"#),
                (
                    "nonce absent (writers must include it)",
                    #"{"coupleId":"\#(couple)","questionId":"q-42","userId":"alice"}"#
                ),
                ("coupleId is a number", #"{"coupleId":1,"nonce":"\#(n0)","questionId":"q-42","userId":"alice"}"#),
                ("nonce is null", #"{"coupleId":"\#(couple)","nonce":null,"questionId":"q-42","userId":"alice"}"#),
            ] {
                sealBad(
                    comment, [missingMember], ks.serializedBytes, alice, text, rng.iv(), .sealedPayloadMissingMember,
                    .payload)
            }
        }

        /// Invalid nonces, ids differing from the binding, non-TINK keys, IV lengths.
        func sealNonceIDAndKeyRefusals(_ okPayload: String) throws(CloserError) {
            for (comment, n) in nonceVariants(rng) {
                sealBad(
                    "nonce \(comment)", [invalidNonce], ks.serializedBytes, alice, payloadText(alice, "", nonce: n),
                    rng.iv(),
                    .sealedPayloadInvalidNonce, .payload)
            }
            for (comment, b) in [
                ("coupleId", Binding(c: "couple-other", q: "q-42", u: "alice")),
                ("questionId", Binding(c: couple, q: "q-43", u: "alice")),
                ("userId (the partner's)", Binding(c: couple, q: "q-42", u: "bob")),
                ("questionId, composed vs decomposed é", Binding(c: couple, q: "q-e\u{301}", u: "alice")),
            ] {
                let payloadB =
                    comment.hasPrefix("questionId, composed") ? Binding(c: couple, q: "q-\u{e9}", u: "alice") : alice
                sealBad(
                    "payload \(comment) differs from the binding", [idMismatch], ks.serializedBytes, b,
                    payloadText(payloadB, ""), rng.iv(),
                    .sealedBindingMismatch, .payload)
            }
            sealBad(
                "missing nonce and a mismatched userId: the member check comes first", [missingMember, checkOrder],
                ks.serializedBytes,
                bob, #"{"coupleId":"\#(couple)","questionId":"q-42","userId":"alice"}"#, rng.iv(),
                .sealedPayloadMissingMember, .payload)
            for prefix in [TinkOutputPrefixType.raw, .legacy, .crunchy] {
                let k = try rng.aeadKeyset(size: 32, prefix: prefix)
                sealBad(
                    "one-time key with output prefix \(prefix)", [rawPrimary], k.serializedBytes, alice, okPayload,
                    rng.iv(), .wirePrimaryNotTink, .keyset)
            }
            let rawK = try rng.aeadKeyset(size: 32, prefix: .raw)
            sealBad(
                "RAW primary and a mismatched payload: the ids are checked first", [idMismatch, checkOrder],
                rawK.serializedBytes, bob,
                okPayload, rng.iv(), .sealedBindingMismatch, .payload)
            for n in [0, 8, 11, 13, 16] {
                sealBad(
                    "injected IV of \(n) bytes", [badIV], ks.serializedBytes, alice, okPayload, rng.bytes(n),
                    .aesGCMInvalidIV, .aead)
            }
        }

        func realValue() throws(CloserError) -> RealValue {
            let realText = payloadText(alice, #","answer":"the secret""#)
            let real = try SealedV1.seal(
                try SealedPayload(JSONValue(parsing: realText)),
                binding: SealedBinding(coupleID: alice.c, questionID: alice.q, userID: alice.u),
                keyset: ks, iv: rng.iv())
            let realBody = try WireString(parsing: real.value, as: .sealed).body
            let realB64 = String(real.value.dropFirst(CloserProfileV1.sealedPrefix.count))
            let realCommitment = real.commitment.string
            return RealValue(
                text: realText, sealed: real, body: realBody, b64: realB64, commitment: realCommitment,
                canonical: try canonical(realText))
        }

        /// Step 0: the binding.
        func openBindingRefusals(_ r: RealValue) {
            let (real, realCommitment) = (r.sealed, r.commitment)
            for (which, b) in [
                ("coupleId", Binding(c: "", q: "q-42", u: "alice")),
                ("questionId", Binding(c: couple, q: "", u: "alice")),
                ("userId", Binding(c: couple, q: "q-42", u: "")),
            ] {
                openBad(
                    "empty \(which)", [badComponent], b, real.value, realCommitment, .bindingEmptyComponent, .binding)
            }
            for (which, b) in [
                ("coupleId", Binding(c: "\(couple)|q-42", q: "alice", u: "x")),
                ("questionId", Binding(c: couple, q: "q-42|alice", u: "alice")),
                ("userId", Binding(c: couple, q: "q-42", u: "alice|")),
            ] {
                openBad(
                    "\(which) containing |", [badComponent], b, real.value, realCommitment,
                    .bindingSeparatorInComponent,
                    .binding)
            }
            openBad(
                "| in userId and a malformed value: the binding is checked first", [badComponent, checkOrder],
                Binding(c: couple, q: "q-42", u: "a|b"), "sealed:v1:!!", realCommitment, .bindingSeparatorInComponent,
                .binding)
        }

        /// Step 1: the value's shape.
        func valueShapeRefusals(_ r: RealValue) throws(CloserError) {
            let (real, realBody, realB64) = (r.sealed, r.body, r.b64)
            for p in [
                "sealed:v2:", "SEALED:v1:", "sealed:V1:", "sealed:v1", "sealedv1:", "enc:v1:", "keybox:v1:",
                " sealed:v1:",
                "",
            ] {
                badValue(
                    r, "prefix \"\(p)\" instead of sealed:v1:", [wrongPrefix], p + realB64, .wireWrongPrefix, .encoding)
            }
            let withDash = try sealUntil(rng, ks, alice) { $0.contains("-") || $0.contains("_") }
            badValue(
                r,
                "standard alphabet (+ and /) where b64url is pinned", [wrongAlphabet],
                CloserProfileV1.sealedPrefix + EncodingVariants.standardAlphabet(withDash.b64), .b64WrongAlphabet,
                .encoding
            )
            let unpaddedLength = realB64.utf8.count % 4
            badValue(
                r,
                "padded as standard b64 would be", [padding],
                real.value + String(repeating: "=", count: unpaddedLength == 0 ? 4 : 4 - unpaddedLength),
                .b64InvalidPadding, .encoding)
            badValue(r, "one = appended", [padding], real.value + "=", .b64InvalidPadding, .encoding)
            badValue(r, "trailing newline", [whitespace], real.value + "\n", .b64InvalidCharacter, .encoding)
            badValue(
                r,
                "space inside the body", [whitespace],
                CloserProfileV1.sealedPrefix + String(realB64.prefix(10)) + " " + String(realB64.dropFirst(10)),
                .b64InvalidCharacter, .encoding)
            badValue(
                r,
                "line break every 76 characters (MIME style)", [whitespace],
                CloserProfileV1.sealedPrefix + String(realB64.prefix(76)) + "\r\n" + String(realB64.dropFirst(76)),
                .b64InvalidCharacter, .encoding)
            let spare = try sealUntil(rng, ks, alice) { $0.utf8.count % 4 != 0 }
            if let nc = EncodingVariants.nonCanonicalTrailingBits(spare.b64, url: true) {
                badValue(
                    r,
                    "non-canonical trailing bits", [trailingBits], CloserProfileV1.sealedPrefix + nc, .b64NonCanonical,
                    .encoding)
            }
            let len4k = try sealUntil(rng, ks, alice) { $0.utf8.count % 4 == 0 }
            badValue(
                r,
                "one symbol appended to a 4k-symbol body (4k+1 symbols)", [b64Length],
                CloserProfileV1.sealedPrefix + len4k.b64 + "A",
                .b64InvalidLength, .encoding)
            for n in [0, 1, 5, 17, 32] {
                badBody(
                    r,
                    "body truncated to \(n) bytes", [truncated], Mutate.truncate(realBody, to: n), .wireTooShort,
                    .tinkFraming)
            }
            badBody(
                r,
                "body truncated to 33 bytes (prefix, IV, 16 bytes)", [truncated], Mutate.truncate(realBody, to: 33),
                .aeadDecryptionFailed, .aead)
            badBody(
                r, "tag truncated by one byte", [truncated], Array(realBody.dropLast()), .aeadDecryptionFailed, .aead)
            for first in [0x00, 0x02, 0x03] as [UInt8] {
                var b = realBody
                b[0] = first
                badBody(
                    r,
                    "Tink prefix byte 0x\(String(first, radix: 16))", [tinkPrefix], b, .wireWrongTinkPrefix,
                    .tinkFraming)
            }
            for (what, index) in [
                ("key id", 1), ("key id", 4), ("IV", 5), ("IV", 16), ("ciphertext", 17),
                ("ciphertext", realBody.count - 17),
                ("tag", realBody.count - 16), ("tag", realBody.count - 1),
            ] {
                badBody(
                    r,
                    "flipped bit in the \(what) (byte \(index))", [modified],
                    Mutate.flip(realBody, byte: index, bit: index % 8),
                    .aeadDecryptionFailed, what == "key id" ? .tinkFraming : .aead)
            }
            badBody(r, "one byte appended after the tag", [appended], realBody + [0], .aeadDecryptionFailed, .aead)
        }

        /// The commitment string (parsed after the value's shape, before any cryptography).
        func commitmentStringRefusals(_ r: RealValue) {
            let (real, realB64, realCommitment) = (r.sealed, r.b64, r.commitment)
            let digestB64 = String(realCommitment.dropFirst(CloserProfileV1.commitmentPrefix.count))
            for p in ["sha-256:", "SHA256:", "sha512:", "sha256", " sha256:", "sealed:v1:", ""] {
                badCommit(r, "prefix \"\(p)\" instead of sha256:", [badCommitment], p + digestB64, .wireWrongPrefix)
            }
            badCommit(
                r,
                "prefix sha256:: (the second colon is a body character)", [badCommitment], "sha256::" + digestB64,
                .b64InvalidCharacter)
            badCommit(r, "empty string", [badCommitment], "", .wireWrongPrefix)
            var stdDigest: [UInt8] = []
            repeat {
                stdDigest = rng.bytes(32)
            } while !Base64.encode(stdDigest, .url).contains(where: { $0 == "-" || $0 == "_" })
            badCommit(
                r,
                "standard alphabet (+ /)", [badCommitment],
                "sha256:" + EncodingVariants.standardAlphabet(Base64.encode(stdDigest, .url)), .b64WrongAlphabet)
            badCommit(r, "padded with =", [badCommitment], realCommitment + "=", .b64InvalidPadding)
            badCommit(
                r,
                "standard b64 with padding of a digest", [badCommitment],
                "sha256:" + Base64.encode(stdDigest, .standard),
                .b64WrongAlphabet)
            if let nc = EncodingVariants.nonCanonicalTrailingBits(digestB64, url: true) {
                badCommit(
                    r,
                    "non-canonical trailing bits in the 43rd character", [badCommitment, trailingBits], "sha256:" + nc,
                    .b64NonCanonical)
            }
            badCommit(r, "trailing newline", [badCommitment, whitespace], realCommitment + "\n", .b64InvalidCharacter)
            badCommit(
                r, "space after the prefix", [badCommitment, whitespace], "sha256: " + digestB64, .b64InvalidCharacter)
            badCommit(
                r,
                "31-byte digest", [badCommitment], "sha256:" + Base64.encode(real.commitment.digest.prefix(31), .url),
                .wireWrongLength)
            badCommit(
                r,
                "33-byte digest", [badCommitment], "sha256:" + Base64.encode(real.commitment.digest + [0], .url),
                .wireWrongLength)
            badCommit(r, "no digest", [badCommitment], "sha256:", .wireWrongLength)
            badCommit(
                r,
                "the digest in hex (48 bytes as b64url)", [badCommitment],
                "sha256:" + Hex.encode(real.commitment.digest),
                .wireWrongLength)
            badCommit(
                r,
                "41 symbols (4k+1)", [badCommitment, b64Length], "sha256:" + String(digestB64.prefix(41)),
                .b64InvalidLength
            )
            openBad(
                "a bad value and a bad commitment: the value is checked first", [badCommitment, checkOrder], alice,
                "sealed:v1:" + String(realB64.prefix(12)), "sha256:", .wireTooShort, .tinkFraming)
        }

        /// Step 2: the AEAD with the binding's AAD.
        func aadAndKeyRefusals(_ r: RealValue, threadSealed: (value: String, commitment: String)) throws(CloserError) {
            let (real, realCommitment) = (r.sealed, r.commitment)
            let realCanonical = r.canonical
            let (c, q, u) = (alice.c, alice.q, alice.u)
            let aads: [(String, String)] = [
                ("questionId|coupleId|userId (first two swapped)", "\(q)|\(c)|\(u)"),
                ("coupleId|userId|questionId (last two swapped)", "\(c)|\(u)|\(q)"),
                ("userId|questionId|coupleId (reversed)", "\(u)|\(q)|\(c)"),
                ("coupleId|questionId (userId missing)", "\(c)|\(q)"),
                ("questionId|userId (coupleId missing)", "\(q)|\(u)"),
                ("coupleId alone (the enc:v1 AAD)", c),
                ("joined with :", "\(c):\(q):\(u)"), ("joined with /", "\(c)/\(q)/\(u)"),
                ("joined with ,", "\(c),\(q),\(u)"),
                ("joined with nothing", "\(c)\(q)\(u)"), ("joined with NUL", "\(c)\u{0}\(q)\u{0}\(u)"),
                ("joined with ||", "\(c)||\(q)||\(u)"), ("joined with | and spaces", "\(c) | \(q) | \(u)"),
                ("a trailing |", "\(c)|\(q)|\(u)|"), ("a leading |", "|\(c)|\(q)|\(u)"),
                ("the keybox context info with the partner as recipient", "\(c)|\(q)|\(u)|bob"),
                ("the partner's userId", "\(c)|\(q)|bob"), ("empty", ""),
                ("as JSON array text", #"["\#(c)","\#(q)","\#(u)"]"#),
            ]
            for (comment, aad) in aads {
                openBad(
                    "encrypted with AAD \(comment)", [wrongAAD], alice,
                    try encrypted(realCanonical, aad: Array(aad.utf8)),
                    realCommitment,
                    .aeadDecryptionFailed, .binding,
                    [("aad", V.hex(alice.aad)), ("aadUsedToEncrypt", V.hex(Array(aad.utf8)))])
            }
            for (comment, b) in [
                ("the partner's userId", bob), ("another questionId", Binding(c: couple, q: "q-43", u: "alice")),
                ("another coupleId", Binding(c: "couple-other", q: "q-42", u: "alice")),
                ("a questionId in another case", Binding(c: couple, q: "Q-42", u: "alice")),
            ] {
                openBad(
                    "opened with \(comment)", [wrongBinding], b, real.value, realCommitment, .aeadDecryptionFailed,
                    .binding
                )
            }
            openBad(
                "a thread message opened with the threadId as questionId", [thread, wrongBinding],
                Binding(c: couple, q: "thread-7", u: "bob"), threadSealed.value, threadSealed.commitment,
                .aeadDecryptionFailed, .binding)
            let sameID = try AEADKeyset.make(key: rng.bytes(32), keyID: ks.primary.keyID)
            openBad(
                "opened with another key under the same key id", [wrongKey], alice, real.value, realCommitment,
                .aeadDecryptionFailed, .aead,
                keyset: sameID)
            openBad(
                "opened with another one-time keyset", [wrongKey], alice, real.value, realCommitment,
                .aeadDecryptionFailed,
                .tinkFraming,
                keyset: try rng.aeadKeyset(size: 32))
        }

        /// Step 3: the plaintext is I-JSON and canonical; returns the nonce of these plaintexts.
        func nonCanonicalPlaintextRefusals() throws(CloserError) -> String {
            let (c, q, u) = (alice.c, alice.q, alice.u)
            let rn = nonce()
            let nonCanonicals: [(String, String)] = [
                (
                    "a space after {",
                    #"{ "answer":"yes","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "members unsorted",
                    #"{"coupleId":"\#(c)","answer":"yes","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "a trailing newline",
                    #"{"answer":"yes","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                        + "\n"
                ),
                (
                    "a leading space",
                    #" {"answer":"yes","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "an escaped letter",
                    #"{"answer":"\u0079es","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "an escaped solidus",
                    #"{"answer":"a\/b","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "the number 1.0",
                    #"{"answer":1.0,"coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "the number 1E2",
                    #"{"answer":1E2,"coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "the number -0",
                    #"{"answer":-0,"coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "an upper-case \\u001F escape",
                    #"{"answer":"\u001F","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "an astral character as a surrogate-pair escape",
                    #"{"answer":"\ud83d\ude00","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "é escaped as \\u00e9",
                    #"{"answer":"caf\u00e9","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "a tab written \\u0009",
                    #"{"answer":"\u0009","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
            ]
            for (comment, text) in nonCanonicals {
                try badPlaintext(
                    "plaintext with \(comment)", [nonCanonicalPlaintext], Array(text.utf8), .sealedNonCanonicalPayload,
                    .canonicalization)
            }
            return rn
        }

        func notJSONPlaintextRefusals(_ r: RealValue, rn: String) throws(CloserError) {
            let (c, q, u) = (alice.c, alice.q, alice.u)
            let realCanonical = r.canonical
            let canonPrefix = Array(#"{"answer":""#.utf8)
            let canonSuffix = Array(
                #"","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#.utf8)
            let badUTF8: [(String, [UInt8])] = [
                ("an overlong / (C0 AF)", [0xc0, 0xaf]), ("an overlong NUL (C0 80)", [0xc0, 0x80]),
                ("an overlong 3-byte form (E0 80 AF)", [0xe0, 0x80, 0xaf]),
                ("a UTF-8 encoded surrogate (ED A0 80)", [0xed, 0xa0, 0x80]),
                ("CESU-8 of U+1F600 (two encoded surrogates)", [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]),
                ("a code point above U+10FFFF (F4 90 80 80)", [0xf4, 0x90, 0x80, 0x80]),
                ("the byte F5", [0xf5, 0x80, 0x80, 0x80]),
                ("a stray continuation byte (80)", [0x80]), ("the byte FF", [0xff]),
                ("a truncated 3-byte sequence (E2 82)", [0xe2, 0x82]),
                ("a truncated 4-byte sequence (F0 9F 98)", [0xf0, 0x9f, 0x98]), ("Latin-1 é (E9)", [0xe9]),
            ]
            for (comment, bytes) in badUTF8 {
                try badPlaintext(
                    "plaintext with \(comment) in a string", [plaintextNotJSON], canonPrefix + bytes + canonSuffix,
                    .jsonInvalidUTF8, .json)
            }
            try badPlaintext(
                "plaintext with a truncated sequence at the very end", [plaintextNotJSON],
                realCanonical + [0xe2, 0x82],
                .jsonInvalidUTF8, .json)
            try badPlaintext(
                "plaintext starting with a byte order mark", [plaintextNotJSON], [0xef, 0xbb, 0xbf] + realCanonical,
                .jsonByteOrderMark, .json)
            try badPlaintext(
                "plaintext with a duplicate answer member", [plaintextNotJSON],
                Array(
                    #"{"answer":"no","answer":"yes","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                        .utf8),
                .jsonDuplicateMember, .json)
            try badPlaintext(
                "plaintext with a lone surrogate escape", [plaintextNotJSON],
                Array(
                    #"{"answer":"\ud800","coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#
                        .utf8),
                .jsonLoneSurrogate, .json)
            try badPlaintext(
                "plaintext with a NaN answer", [plaintextNotJSON],
                Array(
                    #"{"answer":NaN,"coupleId":"\#(c)","nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)"}"#.utf8),
                .jsonNonFiniteLiteral, .json)
            try badPlaintext(
                "plaintext with equivalent member names", [plaintextNotJSON],
                Array(
                    #"{"coupleId":"\#(c)","e\u0301":1,"nonce":"\#(rn)","questionId":"\#(q)","userId":"\#(u)","\u00e9":2}"#
                        .utf8),
                .jsonEquivalentMemberNames, .json)
            try badPlaintext("empty plaintext", [plaintextNotJSON], [], .jsonEmptyInput, .json)
            try badPlaintext(
                "plaintext with trailing data", [plaintextNotJSON], realCanonical + Array("{}".utf8), .jsonTrailingData,
                .json)
            try badPlaintext(
                "non-canonical plaintext and a wrong commitment: canonical form is checked first",
                [nonCanonicalPlaintext, checkOrder], Array(" ".utf8) + realCanonical, .sealedNonCanonicalPayload,
                .canonicalization,
                commitment: Commitment(canonicalBytes: realCanonical + [0]).string)
        }

        /// Step 4: the commitment.
        func commitmentMismatchRefusals(_ r: RealValue) throws(CloserError) {
            let (real, realBody) = (r.sealed, r.body)
            let (realText, realCanonical) = (r.text, r.canonical)
            let bobSealed = try SealedV1.seal(
                try SealedPayload(JSONValue(parsing: payloadText(bob, #","answer":"no""#))),
                binding: SealedBinding(coupleID: bob.c, questionID: bob.q, userID: bob.u), keyset: ks, iv: rng.iv())
            openBad(
                "commitment of the partner's answer", [commitmentMismatch], alice, real.value,
                bobSealed.commitment.string,
                .sealedCommitmentMismatch, .commitment)
            var flipped = real.commitment.digest
            flipped[31] ^= 0x80
            openBad(
                "commitment with a flipped digest bit", [commitmentMismatch], alice, real.value,
                "sha256:" + Base64.encode(flipped, .url), .sealedCommitmentMismatch, .commitment)
            openBad(
                "commitment over the canonical bytes plus a newline", [commitmentMismatch], alice, real.value,
                Commitment(canonicalBytes: realCanonical + [0x0a]).string, .sealedCommitmentMismatch, .commitment)
            openBad(
                "commitment over the payload text with members unsorted", [commitmentMismatch], alice, real.value,
                Commitment(canonicalBytes: Array(realText.utf8)).string, .sealedCommitmentMismatch, .commitment)
            openBad(
                "commitment over the ciphertext instead of the plaintext", [commitmentMismatch], alice, real.value,
                Commitment(canonicalBytes: realBody).string, .sealedCommitmentMismatch, .commitment)
            openBad(
                "commitment of the empty string", [commitmentMismatch], alice, real.value,
                Commitment(canonicalBytes: []).string,
                .sealedCommitmentMismatch, .commitment)
        }

        /// Step 5: the payload's members and ids (canonical plaintext, right AAD, right commitment);
        /// returns the nonce of these payloads.
        func payloadMemberRefusals() throws(CloserError) -> String {
            let (c, q, u) = (alice.c, alice.q, alice.u)
            for text in ["[]", #""yes""#, "1", "null", #"["\#(c)","\#(q)","\#(u)"]"#] {
                try badPayload(
                    "payload \(text.count > 10 ? "array of the ids" : text) is not an object", [notObject], text,
                    .sealedPayloadNotObject, .payload)
            }
            let pn = nonce()
            for (comment, text) in [
                ("coupleId absent", #"{"answer":"yes","nonce":"\#(pn)","questionId":"\#(q)","userId":"\#(u)"}"#),
                ("questionId absent", #"{"answer":"yes","coupleId":"\#(c)","nonce":"\#(pn)","userId":"\#(u)"}"#),
                ("userId absent", #"{"answer":"yes","coupleId":"\#(c)","nonce":"\#(pn)","questionId":"\#(q)"}"#),
                ("coupleId is a number", #"{"coupleId":7,"nonce":"\#(pn)","questionId":"\#(q)","userId":"\#(u)"}"#),
                ("userId is null", #"{"coupleId":"\#(c)","nonce":"\#(pn)","questionId":"\#(q)","userId":null}"#),
                (
                    "questionId is an array",
                    #"{"coupleId":"\#(c)","nonce":"\#(pn)","questionId":["\#(q)"],"userId":"\#(u)"}"#
                ),
                (
                    "nonce is null (present, so not the legacy form)",
                    #"{"coupleId":"\#(c)","nonce":null,"questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                ("nonce is a number", #"{"coupleId":"\#(c)","nonce":12345,"questionId":"\#(q)","userId":"\#(u)"}"#),
                (
                    "names in another case (CoupleId)",
                    #"{"CoupleId":"\#(c)","nonce":"\#(pn)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                ("empty object", "{}"),
            ] {
                try badPayload("payload \(comment)", [missingMember], text, .sealedPayloadMissingMember, .payload)
            }
            return pn
        }

        func payloadIDRefusals(pn: String) throws(CloserError) {
            let (c, q, u) = (alice.c, alice.q, alice.u)
            for (comment, n) in nonceVariants(rng) {
                try badPayload(
                    "payload nonce \(comment)", [invalidNonce], payloadText(alice, #","answer":"yes""#, nonce: n),
                    .sealedPayloadInvalidNonce, .payload)
            }
            for (comment, p) in [
                ("coupleId", Binding(c: "couple-other", q: q, u: u)), ("questionId", Binding(c: c, q: "q-43", u: u)),
                ("userId (the partner's answer replayed into alice's slot)", Binding(c: c, q: q, u: "bob")),
                ("coupleId with a trailing space", Binding(c: c + " ", q: q, u: u)),
                ("userId in another case", Binding(c: c, q: q, u: "Alice")),
            ] {
                try badPayload(
                    "payload \(comment) differs from the AAD's", [idMismatch], payloadText(p, #","answer":"yes""#),
                    .sealedBindingMismatch, .payload)
            }
            let composed = Binding(c: c, q: "q-\u{e9}", u: u)
            try badPayload(
                "payload questionId decomposed (e + U+0301), AAD composed (U+00E9): bytes differ",
                [idMismatch, nonASCIIIDs],
                payloadText(Binding(c: c, q: "q-e\u{301}", u: u), ""), .sealedBindingMismatch, .payload,
                binding: composed)
            let threadQ = Binding(c: couple, q: "q_thread_0007", u: "bob")
            try badPayload(
                "thread message whose payload questionId is the threadId", [thread, idMismatch],
                payloadText(Binding(c: couple, q: "thread-7", u: "bob"), #","text":"hi""#), .sealedBindingMismatch,
                .payload,
                binding: threadQ)
            try badPayload(
                "missing userId and another coupleId: the member check comes first", [missingMember, checkOrder],
                #"{"coupleId":"other","nonce":"\#(pn)","questionId":"\#(q)"}"#, .sealedPayloadMissingMember, .payload)
            try badPayload(
                "invalid nonce and another userId: the nonce check comes first", [invalidNonce, checkOrder],
                payloadText(bob, "", nonce: "short"), .sealedPayloadInvalidNonce, .payload)
        }

        /// The legacy payload without a nonce: acceptable.
        func legacyPayloads() throws(CloserError) {
            let (c, q, u) = (alice.c, alice.q, alice.u)
            for (comment, text) in [
                (
                    "legacy payload without nonce (answer yes)",
                    #"{"answer":"yes","coupleId":"\#(c)","questionId":"\#(q)","userId":"\#(u)"}"#
                ),
                (
                    "legacy payload without nonce (answer object)",
                    #"{"answer":{"text":"Paris"},"coupleId":"\#(c)","questionId":"\#(q)","schemaVersion":3,"userId":"\#(u)"}"#
                ),
            ] {
                let canon = try canonical(text)
                openRefused.append(
                    .acceptable(
                        comment, flags: [legacyNoNonce], op: HarnessOpSpec.sealedOpen.name,
                        input: openInput(
                            ks, alice, try encrypted(canon, aad: alice.aad), Commitment(canonicalBytes: canon).string),
                        expected: .error(.sealedPayloadMissingMember, layer: .payload),
                        intermediates: [("plaintext", V.hex(canon)), ("aad", V.hex(alice.aad))]))
            }
        }
    }
}
