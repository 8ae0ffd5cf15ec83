// tink-wire-facts.md §4: Argon2id known answers at the production parameters
// (m = 46080 KiB, t = 3, p = 1, 32 bytes, version 0x13), through every backend.
// The expected values come from independent implementations (BouncyCastle, argon2-cffi).

import CloserWire
import CloserWireArgon2
import Testing

struct Argon2KnownAnswer: Sendable, CustomTestStringConvertible {
    let password: String
    let salt: [UInt8]
    let key: String
    var testDescription: String { "\"\(password)\"" }

    static let all = [
        Argon2KnownAnswer(
            password: "correct horse battery staple", salt: Array(0..<16),
            key: "d3a6e5a3d92061bf3a2b6886d263869a1adc4b0c15cd569fa1800b3450f7b47e"),
        Argon2KnownAnswer(
            password: "pässwörd", salt: [UInt8](repeating: 0, count: 16),
            key: "de8ca4b8119cb1f5c8b81e27cded23b0f1fdeb3f15e42b45c8253da232f1a4b0"),
        Argon2KnownAnswer(
            password: "correct horse", salt: [UInt8](repeating: 1, count: 16),
            key: "45eb3c5e42297dccbd6a72e380ac422b5cf9681da8df4aea64959ff6e2661dc3"),
    ]
}

/// Every backend under test, by name.
let allBackends: [any Argon2idBackend] = [LibArgon2Backend(), LibsodiumArgon2Backend(), defaultArgon2idBackend]

@Suite("Argon2id known answers (tink-wire-facts §4)")
struct KnownAnswerTests {
    @Test("libargon2", arguments: Argon2KnownAnswer.all)
    func libargon2(kat: Argon2KnownAnswer) throws {
        try check(kat, LibArgon2Backend())
    }

    @Test("libsodium", arguments: Argon2KnownAnswer.all)
    func libsodium(kat: Argon2KnownAnswer) throws {
        try check(kat, LibsodiumArgon2Backend())
    }

    @Test("default backend", arguments: Argon2KnownAnswer.all)
    func defaultBackend(kat: Argon2KnownAnswer) throws {
        try check(kat, defaultArgon2idBackend)
    }

    func check(_ kat: Argon2KnownAnswer, _ backend: some Argon2idBackend) throws {
        let key = try Argon2id.deriveKey(
            password: Array(kat.password.utf8), salt: kat.salt, parameters: CloserProfileV1.coupleKeyArgon2id,
            backend: backend)
        #expect(Hex.encode(key) == kat.key, "\(backend.name)")
    }
}
