// specs/couple-key-wrap.md, with a stand-in backend (the Argon2id bytes are checked in
// CloserWireArgon2Tests and by the Python and BouncyCastle oracles).

import CloserWire
import Testing

@Suite("couple-key wrap")
struct CoupleKeyWrapTests {
    let backend = FakeArgon2Backend()
    let phrase = try! RecoveryPhrase(entropy: [3, 1, 4, 1, 5, 9, 2, 6, 5, 3])
    let salt = Array(0..<16).map(UInt8.init)
    let iv = Array(100..<112).map(UInt8.init)

    func keyset() throws(CloserError) -> AEADKeyset {
        try CoupleKeyWrap.newCoupleKeyset(random: SeededRandom(seed: "couple"))
    }

    @Test("wrap writes the three fields as the profile says")
    func fields() throws {
        let ks = try keyset()
        let w = try CoupleKeyWrap.wrap(keyset: ks, phrase: phrase, backend: backend, salt: salt, iv: iv)
        #expect(w.kdfParams == "$argon2id$v=19$m=46080,t=3,p=1")
        #expect(w.kdfSalt == Base64.encode(salt, .standard))
        let sealed = try Base64.decode(w.wrappedCoupleKey, .standard)
        #expect(Array(sealed.prefix(12)) == iv)
        #expect(sealed.count == 12 + ks.serializedBytes.count + 16)
        // Reproduce it by hand: raw AES-GCM, AAD "closer_couple_key", no Tink prefix.
        let key = try backend.deriveKey(
            password: Array(phrase.string.utf8), salt: salt, parameters: CloserProfileV1.coupleKeyArgon2id)
        let expected = try AESGCM.seal(
            key: key, iv: iv, plaintext: ks.serializedBytes, aad: Array("closer_couple_key".utf8))
        #expect(sealed == expected)
    }

    @Test("a one-key couple keyset is AES256_GCM, TINK, 108 bytes, and wraps to 184 characters")
    func sizes() throws {
        let ks = try keyset()
        #expect(ks.entries.count == 1)
        #expect(ks.primary.key.keyValue.count == 32)
        #expect(ks.primary.outputPrefixType == .tink)
        #expect(ks.serializedBytes.count >= 104 && ks.serializedBytes.count <= 108)
        let w = try CoupleKeyWrap.wrap(keyset: ks, phrase: phrase, backend: backend, random: SeededRandom(seed: "r"))
        #expect(w.wrappedCoupleKey.count <= 184)
        #expect(w.kdfSalt.count == 24)
    }

    @Test("wrap then unwrap returns the keyset, by phrase or by phrase text")
    func roundTrip() throws {
        let ks = try keyset()
        let w = try CoupleKeyWrap.wrap(keyset: ks, phrase: phrase, backend: backend, random: SeededRandom(seed: "r"))
        #expect(try CoupleKeyWrap.unwrap(w, phrase: phrase, backend: backend) == ks)
        let sloppy = "  " + phrase.words.map { $0.uppercased() }.joined(separator: "\t ") + "\n"
        #expect(try CoupleKeyWrap.unwrap(w, phraseText: sloppy, backend: backend) == ks)
    }

    @Test("a phrase from another wordlist unwraps through phraseText")
    func foreignWordlist() throws {
        // Made by hand the way another implementation would: password = UTF-8 of its phrase.
        let ks = try keyset()
        let foreign = "zulu yankee xray whiskey victor uniform tango sierra romeo quebec"
        let key = try backend.deriveKey(
            password: Array(foreign.utf8), salt: salt, parameters: CloserProfileV1.coupleKeyArgon2id)
        let sealed = try AESGCM.seal(
            key: key, iv: iv, plaintext: ks.serializedBytes, aad: Array("closer_couple_key".utf8))
        let w = WrappedCoupleKey(
            wrappedCoupleKey: Base64.encode(sealed, .standard), kdfSalt: Base64.encode(salt, .standard),
            kdfParams: "$argon2id$v=19$m=46080,t=3,p=1")
        #expect(try CoupleKeyWrap.unwrap(w, phraseText: foreign.uppercased(), backend: backend) == ks)
    }

    @Test("a wrong phrase is authentication_failure")
    func wrongPhrase() throws {
        let w = try CoupleKeyWrap.wrap(keyset: try keyset(), phrase: phrase, backend: backend, salt: salt, iv: iv)
        var other = phrase.entropy
        other[9] ^= 1
        let error = expectCode(.coupleKeyAuthenticationFailed) { () throws(CloserError) in
            try CoupleKeyWrap.unwrap(w, phrase: try RecoveryPhrase(entropy: other), backend: backend)
        }
        #expect(error?.category == .authenticationFailure)
        #expect(error?.reason.contains(phrase.words[0]) == false)
    }

    @Test("a changed document is authentication_failure")
    func tampered() throws {
        var w = try CoupleKeyWrap.wrap(keyset: try keyset(), phrase: phrase, backend: backend, salt: salt, iv: iv)
        var sealed = try Base64.decode(w.wrappedCoupleKey, .standard)
        sealed[20] ^= 0x40
        w.wrappedCoupleKey = Base64.encode(sealed, .standard)
        expectCode(.coupleKeyAuthenticationFailed) { () throws(CloserError) in
            try CoupleKeyWrap.unwrap(w, phrase: phrase, backend: backend)
        }
        // A different (valid) salt or different (valid) parameters derive another key.
        var w2 = try CoupleKeyWrap.wrap(keyset: try keyset(), phrase: phrase, backend: backend, salt: salt, iv: iv)
        w2.kdfParams = "$argon2id$v=19$m=46080,t=2,p=1"
        expectCode(.coupleKeyAuthenticationFailed) { () throws(CloserError) in
            try CoupleKeyWrap.unwrap(w2, phrase: phrase, backend: backend)
        }
    }

    @Test("authenticated bytes that are not a usable AES-GCM keyset are invalid_key")
    func notAKeyset() throws {
        let key = try backend.deriveKey(
            password: phrase.passwordBytes, salt: salt, parameters: CloserProfileV1.coupleKeyArgon2id)
        for plaintext: [UInt8] in [
            Array("not a keyset".utf8), [],
            // A keyset whose only key is DISABLED.
            TinkKeyset(
                primaryKeyID: 1,
                keys: [
                    .init(
                        keyData: .init(
                            typeURL: TinkAESGCMKey.typeURL, value: try TinkAESGCMKey(keyValue: salt).serializedBytes,
                            keyMaterialType: .symmetric), status: .disabled, keyID: 1, outputPrefixType: .tink)
                ]
            ).serializedBytes,
            // A keyset of another key type.
            TinkKeyset(
                primaryKeyID: 1,
                keys: [
                    .init(
                        keyData: .init(
                            typeURL: "type.googleapis.com/google.crypto.tink.HmacKey", value: [],
                            keyMaterialType: .symmetric),
                        status: .enabled, keyID: 1, outputPrefixType: .tink)
                ]
            ).serializedBytes,
        ] {
            let sealed = try AESGCM.seal(key: key, iv: iv, plaintext: plaintext, aad: Array("closer_couple_key".utf8))
            let w = WrappedCoupleKey(
                wrappedCoupleKey: Base64.encode(sealed, .standard), kdfSalt: Base64.encode(salt, .standard),
                kdfParams: CloserProfileV1.coupleKeyKDFParamsString)
            let error = expectCode(.coupleKeyInvalidKeyset) { () throws(CloserError) in
                try CoupleKeyWrap.unwrap(w, phrase: phrase, backend: backend)
            }
            #expect(error?.category == .invalidKey)
        }
    }

    @Test("a rotated keyset with several keys is accepted (readers accept rotation)")
    func rotated() throws {
        let a = try AEADKeyset.make(key: [UInt8](repeating: 1, count: 32), keyID: 0xdead_beef)
        let b = try AEADKeyset.make(key: [UInt8](repeating: 2, count: 32), keyID: 7)
        let ks = try AEADKeyset(TinkKeyset(primaryKeyID: 7, keys: a.keyset.keys + b.keyset.keys))
        let w = try CoupleKeyWrap.wrap(keyset: ks, phrase: phrase, backend: backend, salt: salt, iv: iv)
        let back = try CoupleKeyWrap.unwrap(w, phrase: phrase, backend: backend)
        #expect(back.entries.count == 2)
        #expect(back.primary.keyID == 7)
    }

    @Test(
        "document errors come before any Argon2 work, each with its category",
        arguments: [
            ("A", "AAAAAAAAAAAAAAAAAAAAAA==", CloserError.Code.b64InvalidLength),
            ("", "AAAAAAAAAAAAAAAAAAAAAA==", .coupleKeyWrappedTooShort),
            ("AAAA", "AAAAAAAAAAAAAAAAAAAAAA==", .coupleKeyWrappedTooShort),
            ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAAA", .coupleKeyInvalidSaltLength),
            (
                "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                .coupleKeyInvalidSaltLength
            ),
            ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAAAAA=", .b64InvalidPadding),
            ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAAAAB==", .b64NonCanonical),
            ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAAA-_==", .b64WrongAlphabet),
            ("AAAA AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAAAAA==", .b64InvalidCharacter),
            (String(repeating: "A", count: 65540), "AAAAAAAAAAAAAAAAAAAAAA==", .coupleKeyWrappedTooLong),
        ])
    func documentErrors(wrapped: String, salt: String, code: CloserError.Code) {
        let counting = CountingArgon2Backend()
        let w = WrappedCoupleKey(
            wrappedCoupleKey: wrapped, kdfSalt: salt, kdfParams: CloserProfileV1.coupleKeyKDFParamsString)
        let error = expectCode(code) { () throws(CloserError) in
            try CoupleKeyWrap.unwrap(w, phraseText: "whatever it is", backend: counting)
        }
        #expect(counting.calls == 0)
        #expect(error?.category == code.category)
    }

    @Test("phrase text errors come before Argon2 too")
    func phraseTextErrors() throws {
        let counting = CountingArgon2Backend()
        let w = try CoupleKeyWrap.wrap(keyset: try keyset(), phrase: phrase, backend: backend, salt: salt, iv: iv)
        expectCode(.phraseEmpty) { () throws(CloserError) in
            try CoupleKeyWrap.unwrap(w, phraseText: "  ", backend: counting)
        }
        #expect(counting.calls == 0)
    }

    @Test("wrap refuses a salt that is not 16 bytes")
    func wrapSalt() throws {
        expectCode(.coupleKeyInvalidSaltLength) { () throws(CloserError) in
            try CoupleKeyWrap.wrap(keyset: try keyset(), phrase: phrase, backend: backend, salt: [1, 2, 3], iv: iv)
        }
    }
}
