// The whole pairing flow at production cost (manual "Pairing flow"; specs/couple-key-wrap.md,
// specs/invite-phrase.md), with the inviter and the acceptor on different backends.

import CloserWire
import CloserWireArgon2
import Testing

@Suite("pairing flow at production parameters")
struct PairingFlowTests {
    @Test("inviter (libsodium) -> acceptor (libargon2): same couple keyset")
    func pairing() throws {
        let random = SeededRandom(seed: "pairing")
        // Inviter: steps 1-3.
        let keyset = try CoupleKeyWrap.newCoupleKeyset(random: random)
        let phrase = RecoveryPhrase.generate(random: random)
        let wrapped = try CoupleKeyWrap.wrap(
            keyset: keyset, phrase: phrase, backend: LibsodiumArgon2Backend(), random: random)
        let code = InviteCode.generate(random: random)
        let encryptedPhrase = try InvitePhraseCipher.encrypt(
            phrase: phrase, code: code, backend: LibsodiumArgon2Backend(), random: random)
        // Acceptor: steps 7, 10, 11 — types the code in lower case.
        let typed = try InviteCode(code.string.lowercased())
        let phraseText = try InvitePhraseCipher.decrypt(encryptedPhrase, code: typed, backend: LibArgon2Backend())
        #expect(phraseText == phrase.string)
        let received = try CoupleKeyWrap.unwrap(wrapped, phraseText: phraseText, backend: LibArgon2Backend())
        #expect(received == keyset)
        #expect(received.serializedBytes == keyset.serializedBytes)
    }

    @Test("a wrong phrase is authentication_failure at production cost")
    func wrongPhrase() throws {
        let random = SeededRandom(seed: "wrong")
        let keyset = try CoupleKeyWrap.newCoupleKeyset(random: random)
        let phrase = RecoveryPhrase.generate(random: random)
        let wrapped = try CoupleKeyWrap.wrap(
            keyset: keyset, phrase: phrase, backend: defaultArgon2idBackend, random: random)
        let other = RecoveryPhrase.generate(random: random)
        let error = try #require(throws: CloserError.self) {
            try CoupleKeyWrap.unwrap(wrapped, phrase: other, backend: defaultArgon2idBackend)
        }
        #expect(error.code == .coupleKeyAuthenticationFailed)
        #expect(error.category == .authenticationFailure)
    }

    @Test("byte-exact wrap and invite value with injected salt and IV (pinned; Python reproduces them)")
    func pinned() throws {
        let keyset = try AEADKeyset.make(key: Array(0..<32), keyID: 0x1234_5678)
        let phrase = try RecoveryPhrase(entropy: Array(0..<10))
        let salt: [UInt8] = Array(0..<16)
        let iv: [UInt8] = Array(0..<12)
        for backend in [LibArgon2Backend() as any Argon2idBackend, LibsodiumArgon2Backend()] {
            let wrapped = try CoupleKeyWrap.wrap(keyset: keyset, phrase: phrase, backend: backend, salt: salt, iv: iv)
            #expect(wrapped.kdfSalt == "AAECAwQFBgcICQoLDA0ODw==")
            #expect(wrapped.kdfParams == "$argon2id$v=19$m=46080,t=3,p=1")
            #expect(wrapped.wrappedCoupleKey == Self.pinnedWrappedCoupleKey, "\(backend.name)")
            let value = try InvitePhraseCipher.encrypt(
                phrase: phrase, code: try InviteCode("ABC234"), backend: backend, salt: salt, iv: iv)
            #expect(value == Self.pinnedInviteValue, "\(backend.name)")
        }
    }

    /// keyset = tink-wire-facts §2's 108-byte keyset (key 00..1f, id 0x12345678), phrase =
    /// entropy 00..09, salt = 00..0f, IV = 00..0b.
    static let pinnedWrappedCoupleKey =
        "AAECAwQFBgcICQoLwQXjs11+tvwbo1xSG0Nk1SddmGDyYcvMMboNDY59tlGS8y6KPmf2e6AdVNvBC9vsl7F4R3EXJ1gueF6PCNcLkgixWF/tlxFIQv3ejWqzxCEDdEyUTF4Tn8IFDl+MT7QE1DJRAAJwaB/VUkakpxvF6f0ZOs5UPar8V52aUA=="
    /// code = ABC234, same phrase, salt and IV.
    static let pinnedInviteValue =
        "AAECAwQFBgcICQoLDA0ODwABAgMEBQYHCAkKC3oZwlLkkAaenw2cBfMLCJXDPCFj8lGCpOhu/wT8yHv9iZ67KPSK0t/8fvhAEa7GrQRNuGtWRbMRJ5xgGzUtC0unnLwdPj4QioRg0o/jzSY="
}
