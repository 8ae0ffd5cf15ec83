// The pairing flow suite: the inviter makes the couple keyset, the recovery phrase, the
// couple-key wrap and the invite blob; the acceptor decrypts the phrase with the typed code,
// unwraps the couple keyset, and both exchange an enc:v1 message. Production parameters (the
// point of the flow), so few tests. Normative: specs/couple-key-wrap.md §"Pairing",
// specs/invite-phrase.md, specs/recovery-phrase.md, specs/enc-v1.md; specs/vectors.md §"Test" (steps).

import CloserHarness
import CloserVectorModel
import CloserWire
import CloserWireArgon2

enum PairingSuite {
    static let name = "pairing"

    static let flow = VectorFlag(
        "PairingFlow", .basic, .invite,
        "Every step must pass with the outputs given; each step's input repeats the earlier outputs it needs.")
    static let typedCode = VectorFlag(
        "TypedCode", .encoding, .invite,
        "The acceptor types the code in lower case: the canonical (upper-case) code decrypts.")
    static let keyIDHighBit = VectorFlag(
        "KeyIdHighBit", .edgeCase, .tinkFraming, "The couple key id is ≥ 2^31.")

    static func build() throws(CloserError) -> WireSuite {
        let rng = SuiteRandom(suite: name)
        let backend = defaultArgon2idBackend
        var cases: [VectorCase] = []
        let generationAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

        for i in 0..<6 {
            let key = rng.bytes(32)
            let keyID = i == 5 ? 0x8000_0000 | rng.keyID() : rng.keyID()
            let keyset = try AEADKeyset.make(key: key, keyID: keyID)
            let entropy = rng.bytes(10)
            let phrase = try RecoveryPhrase(entropy: entropy)
            let wrapSalt = rng.bytes(16)
            let wrapIV = rng.iv()
            let wrapped = try CoupleKeyWrap.wrap(
                keyset: keyset, phrase: phrase, backend: backend, salt: wrapSalt, iv: wrapIV)
            var codeChars: [Character] = []
            while codeChars.count < 6 {
                let b = rng.bytes(1)[0]
                if b < 248 { codeChars.append(generationAlphabet[Int(b) % 31]) }
            }
            let code = try InviteCode(String(codeChars))
            let typed = i % 2 == 0 ? code.string.lowercased() : code.string
            let inviteSalt = rng.bytes(16)
            let inviteIV = rng.iv()
            let invite = try InvitePhraseCipher.encrypt(
                phrase: phrase, code: code, backend: backend, salt: inviteSalt, iv: inviteIV)
            let coupleID = "couple-\(Hex.encode(rng.bytes(6)))"
            let text = ["I love you", "see you at 7 ❤️", "", "ünïcødé", "pairing works", "😀"][i]
            let msgIV = rng.iv()
            let message = try EncV1.seal(text, coupleID: coupleID, keyset: keyset, iv: msgIV)
            let ksHex = V.hex(keyset.serializedBytes)
            let wrappedOut: [(String, JSONValue)] = [
                ("wrappedCoupleKey", V.str(wrapped.wrappedCoupleKey)), ("kdfSalt", V.str(wrapped.kdfSalt)),
                ("kdfParams", V.str(wrapped.kdfParams)),
            ]
            let steps: [VectorStep] = [
                VectorStep(
                    op: HarnessOpSpec.aeadKeyset.name, input: [("key", V.hex(key)), ("keyId", V.int(keyID))],
                    expected: .output([("keyset", ksHex)])),
                VectorStep(
                    op: HarnessOpSpec.phraseFromEntropy.name, input: [("entropy", V.hex(entropy))],
                    expected: .output([("phrase", V.str(phrase.string))])),
                VectorStep(
                    op: HarnessOpSpec.coupleKeyWrap.name,
                    input: [
                        ("keyset", ksHex), ("phrase", V.str(phrase.string)), ("salt", V.hex(wrapSalt)),
                        ("iv", V.hex(wrapIV)),
                    ],
                    expected: .output(wrappedOut)),
                VectorStep(
                    op: HarnessOpSpec.inviteEncrypt.name,
                    input: [
                        ("code", V.str(code.string)), ("phrase", V.str(phrase.string)), ("salt", V.hex(inviteSalt)),
                        ("iv", V.hex(inviteIV)),
                    ],
                    expected: .output([("value", V.str(invite))])),
                VectorStep(
                    op: HarnessOpSpec.inviteDecrypt.name, input: [("code", V.str(typed)), ("value", V.str(invite))],
                    expected: .output([("phrase", V.str(phrase.string))])),
                VectorStep(
                    op: HarnessOpSpec.coupleKeyUnwrap.name, input: wrappedOut + [("phrase", V.str(phrase.string))],
                    expected: .output([("keyset", ksHex)])),
                VectorStep(
                    op: HarnessOpSpec.encSeal.name,
                    input: [
                        ("keyset", ksHex), ("coupleId", V.str(coupleID)), ("text", V.str(text)), ("iv", V.hex(msgIV)),
                    ],
                    expected: .output([("value", V.str(message))])),
                VectorStep(
                    op: HarnessOpSpec.encOpen.name,
                    input: [("keyset", ksHex), ("coupleId", V.str(coupleID)), ("value", V.str(message))],
                    expected: .output([("text", V.str(text))])),
            ]
            var flags = [flow]
            if typed != code.string { flags.append(typedCode) }
            if keyID >= 0x8000_0000 { flags.append(keyIDHighBit) }
            cases.append(
                .flow(
                    "pairing \(i + 1): invite code \(code.string)\(typed != code.string ? " typed as \(typed)" : "")",
                    flags: flags,
                    steps: steps,
                    intermediates: [
                        ("serializedKeyset", ksHex), ("entropy", V.hex(entropy)), ("phrase", V.str(phrase.string)),
                        ("password", V.hex(phrase.passwordBytes)), ("salt", V.hex(wrapSalt)),
                        ("kdfParams", V.str(wrapped.kdfParams)),
                        ("inviteCode", V.str(code.string)), ("inviteSalt", V.hex(inviteSalt)),
                        ("aad", V.hex(Array(coupleID.utf8))),
                    ]))
        }
        return WireSuite(
            name: name, algorithm: "closer-pairing-v1",
            header: [
                "Pairing (specs/couple-key-wrap.md, specs/invite-phrase.md): the inviter makes the couple keyset (aead.keyset),",
                "the phrase (phrase.fromEntropy), the wrap (couplekey.wrap) and the invite blob (invite.encrypt); the acceptor",
                "decrypts the phrase with the typed code (invite.decrypt), unwraps (couplekey.unwrap); both use enc:v1.",
                "Production Argon2id parameters: each flow runs four production derivations.",
            ],
            groups: [VectorGroup("PairingFlow", comment: "inviter and acceptor, end to end", cases: cases)])
    }
}
