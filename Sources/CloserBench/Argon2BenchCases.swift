// Bench cases for Argon2id and the pairing values (specs/argon2id.md §"Default backend"):
// libsodium and the default backend against libargon2 at the production parameters, and the
// couple-key unwrap and invite decryption against the Argon2id call they are dominated by.

import CloserWire
import CloserWireArgon2

package enum Argon2BenchCases {
    package static func all() -> [BenchCase] {
        let random = SeededRandom(seed: "bench-argon2")
        let password = Array("acorn album alpine anchor animal apple apron arena arrow artist".utf8)
        let salt = random.bytes(16)
        let production = CloserProfileV1.coupleKeyArgon2id
        let phrase = RecoveryPhrase.generate(random: random)
        let keyset = try! CoupleKeyWrap.newCoupleKeyset(random: random)
        let wrapped = try! CoupleKeyWrap.wrap(
            keyset: keyset, phrase: phrase, backend: defaultArgon2idBackend, random: random)
        let code = InviteCode.generate(random: random)
        let invite = try! InvitePhraseCipher.encrypt(
            phrase: phrase, code: code, backend: defaultArgon2idBackend, random: random)
        let libargon2 = "Argon2id m=46080 t=3 p=1, libargon2"
        let libsodium = "Argon2id m=46080 t=3 p=1, libsodium"
        return [
            BenchCase(libargon2) {
                _ = try! Argon2id.deriveKey(
                    password: password, salt: salt, parameters: production, backend: LibArgon2Backend())
            },
            BenchCase(libsodium, baseline: libargon2) {
                _ = try! Argon2id.deriveKey(
                    password: password, salt: salt, parameters: production, backend: LibsodiumArgon2Backend())
            },
            BenchCase("Argon2id m=46080 t=3 p=1, default backend", baseline: libargon2) {
                _ = try! Argon2id.deriveKey(
                    password: password, salt: salt, parameters: production, backend: defaultArgon2idBackend)
            },
            BenchCase("couple-key unwrap (default backend)", baseline: libsodium) {
                _ = try! CoupleKeyWrap.unwrap(wrapped, phrase: phrase, backend: defaultArgon2idBackend)
            },
            BenchCase("invite phrase decrypt (default backend)", baseline: libsodium) {
                _ = try! InvitePhraseCipher.decrypt(invite, code: code, backend: defaultArgon2idBackend)
            },
        ]
    }
}
