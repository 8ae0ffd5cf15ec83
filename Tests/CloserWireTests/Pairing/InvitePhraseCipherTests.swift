// specs/invite-phrase.md, with a stand-in backend (real Argon2id: CloserWireArgon2Tests
// and oracles/python/test_couple_key.py).

import CloserWire
import Testing

@Suite("invite phrase encryption")
struct InvitePhraseCipherTests {
    let backend = FakeArgon2Backend()
    let phrase = try! RecoveryPhrase(entropy: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    let code = try! InviteCode("k7m2qx")
    let salt = [UInt8](repeating: 0xa5, count: 16)
    let iv = [UInt8](repeating: 0x5a, count: 12)

    @Test("value = b64(salt || IV || ct || tag), key from the upper-case code, AAD closer_invite_phrase")
    func layout() throws {
        let value = try InvitePhraseCipher.encrypt(phrase: phrase, code: code, backend: backend, salt: salt, iv: iv)
        let bytes = try Base64.decode(value, .standard)
        #expect(Array(bytes.prefix(16)) == salt)
        #expect(Array(bytes[16..<28]) == iv)
        #expect(bytes.count == 16 + 12 + phrase.string.utf8.count + 16)
        let key = try backend.deriveKey(
            password: Array("K7M2QX".utf8), salt: salt, parameters: CloserProfileV1.coupleKeyArgon2id)
        let expected = try AESGCM.seal(
            key: key, iv: iv, plaintext: Array(phrase.string.utf8), aad: Array("closer_invite_phrase".utf8))
        #expect(Array(bytes[16...]) == expected)
    }

    @Test("round trip; either case of the code decrypts")
    func roundTrip() throws {
        let value = try InvitePhraseCipher.encrypt(
            phrase: phrase, code: code, backend: backend, random: SeededRandom(seed: "invite"))
        #expect(
            try InvitePhraseCipher.decrypt(value, code: try InviteCode("K7M2QX"), backend: backend) == phrase.string)
        #expect(
            try InvitePhraseCipher.decrypt(value, code: try InviteCode("k7m2qx"), backend: backend) == phrase.string)
    }

    @Test("a wrong code or a changed value is authentication_failure")
    func wrongCode() throws {
        let value = try InvitePhraseCipher.encrypt(phrase: phrase, code: code, backend: backend, salt: salt, iv: iv)
        let error = expectCode(.invitePhraseAuthenticationFailed) { () throws(CloserError) in
            try InvitePhraseCipher.decrypt(value, code: try InviteCode("K7M2QY"), backend: backend)
        }
        #expect(error?.category == .authenticationFailure)
        var bytes = try Base64.decode(value, .standard)
        bytes[3] ^= 1  // the salt is authenticated through the key
        expectCode(.invitePhraseAuthenticationFailed) { () throws(CloserError) in
            try InvitePhraseCipher.decrypt(Base64.encode(bytes, .standard), code: code, backend: backend)
        }
    }

    @Test("malformed values are decode_error before any Argon2 work")
    func malformed() {
        let counting = CountingArgon2Backend()
        for (value, expected) in [
            ("AAAA", CloserError.Code.invitePhraseTooShort),
            (String(repeating: "A", count: 56), .invitePhraseTooShort),  // 42 bytes
            ("AAAA AAAA", .b64InvalidCharacter),
            ("AAA", .b64InvalidPadding),
            (String(repeating: "A", count: 5000), .invitePhraseTooLong),
        ] {
            let error = expectCode(expected) { () throws(CloserError) in
                try InvitePhraseCipher.decrypt(value, code: code, backend: counting)
            }
            #expect(error?.category == .decodeError)
        }
        #expect(counting.calls == 0)
    }

    @Test("an authenticated plaintext that is not UTF-8 is refused")
    func notUTF8() throws {
        let key = try InvitePhraseCipher.phraseKey(code: code, salt: salt, backend: backend)
        let sealed = try AESGCM.seal(
            key: key, iv: iv, plaintext: [0xff, 0xfe], aad: Array("closer_invite_phrase".utf8))
        expectCode(.invitePhraseInvalidPlaintext) { () throws(CloserError) in
            try InvitePhraseCipher.decrypt(Base64.encode(salt + sealed, .standard), code: code, backend: backend)
        }
    }
}
