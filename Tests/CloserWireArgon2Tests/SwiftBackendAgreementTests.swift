// specs/argon2id.md §"Backends": the pure-Swift Argon2id computes RFC 9106 Argon2id (0x13).
// Checked against independent implementations only: RFC 9106 §5.3 and RFC 7693 Appendix A
// (the RFC texts), Python's hashlib.blake2b and argon2-cffi (constants below), and libargon2
// (the reference C, run side by side) on 64 random parameter sets and the production set.

import CloserWire
import CloserWireArgon2
import Testing

@Suite("the Swift Argon2id backend")
struct SwiftBackendAgreementTests {
    struct Case: Sendable {
        let password: [UInt8]
        let salt: [UInt8]
        let parameters: Argon2idParameters
    }

    @Test("RFC 7693 Appendix A: BLAKE2b-512(\"abc\")")
    func blake2bRFC() {
        let digest = BLAKE2b.hash(outputLength: 64, Array("abc".utf8))
        #expect(
            Hex.encode(digest)
                == "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
    }

    /// Digest lengths and block boundaries H' depends on, from Python's
    /// `hashlib.blake2b(message, digest_size=n)`.
    @Test(
        "BLAKE2b with other output lengths and multi-block messages (hashlib)",
        arguments: [
            (32, Array("abc".utf8), "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319"),
            (1, [], "2e"),
            (33, (0..<128).map { UInt8($0) }, "87fb2f807b2fa36f7bebb7349e07ff7c2e2837f029edb93216e3b61470922e7b03"),
            (
                64, (0..<129).map { UInt8($0 % 251) },
                "f59711d44a031d5f97a9413c065d1e614c417ede998590325f49bad2fd444d3e"
                    + "4418be19aec4e11449ac1a57207898bc57d76a1bcf3566292c20c683a5c4648f"
            ),
            (
                48, (0..<300).map { UInt8($0 % 251) },
                "8babfe78d19949e35b6d53afca26e4e3020a44dcf304670af4c47579d01af707b922cbb9cd85078470e31e264f9f9726"
            ),
        ] as [(Int, [UInt8], String)])
    func blake2bLengths(length: Int, message: [UInt8], expected: String) {
        #expect(Hex.encode(BLAKE2b.hash(outputLength: length, message)) == expected)
        // Fed in pieces of 1, 7 and 128 bytes: the same digest.
        for piece in [1, 7, 128] {
            var b = BLAKE2b(outputLength: length)
            var i = 0
            while i < message.count {
                b.update(Array(message[i..<min(i + piece, message.count)]))
                i += piece
            }
            #expect(Hex.encode(b.finalize()) == expected, "pieces of \(piece)")
        }
    }

    @Test("RFC 9106 §5.3: the Argon2id test vector (with secret and associated data)")
    func rfc9106() throws {
        let parameters = try Argon2idParameters(memoryKiB: 32, iterations: 3, parallelism: 4, outputLength: 32)
        let tag = try SwiftArgon2idBackend.deriveKey(
            password: [UInt8](repeating: 0x01, count: 32), salt: [UInt8](repeating: 0x02, count: 16),
            secret: [UInt8](repeating: 0x03, count: 8), associatedData: [UInt8](repeating: 0x04, count: 12),
            parameters: parameters)
        #expect(Hex.encode(tag) == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
    }

    /// Tags longer than one BLAKE2b digest (H' chaining; outside CloserSpec's 16...64 bounds),
    /// from argon2-cffi `hash_secret_raw(b"password", b"somesalt", time_cost=2,
    /// memory_cost=64, parallelism=2, hash_len=n, type=ID, version=19)`.
    @Test(
        "tags of 65 and 100 bytes (argon2-cffi)",
        arguments: [
            (
                65,
                "49660a79cfc5950a8c135040186402ed67e1d863c544553db9e55bf9abf7c305"
                    + "ff152e1d81d95b7e4cc1d8226fe93e795f2ea8a9c37ac867c7d55d2df8da04dd1f"
            ),
            (
                100,
                "9e1aabbad29c004e3b0d760b8b6cfeb6ea4f061bf94781c4dcd2b7a981b129e4"
                    + "af08296207efb3c70b9c3f31fada12f649d690aa4f232e94cb1c718f1c99b076"
                    + "d11262baeca847b91bfb385e06cd339955de1a11dd1a62016d9996a12eba40a1649f1fcc"
            ),
        ] as [(Int, String)])
    func longTags(length: Int, expected: String) {
        let tag = Argon2Memory.argon2id(
            password: Array("password".utf8), salt: Array("somesalt".utf8), secret: [], associatedData: [],
            memoryKiB: 64, iterations: 2, parallelism: 2, tagLength: length)
        #expect(Hex.encode(tag) == expected)
    }

    /// Deterministic random cheap cases: p 1...4, m 8p...512 KiB (not always a multiple of 4p,
    /// so the rounding down is exercised), t 1...4, passwords of 0...200 bytes (one of 4096),
    /// salts of 8...64 bytes, 16...64 bytes out.
    static func cheapCases(count: Int) throws -> [Case] {
        let random = SeededRandom(seed: "argon2id-swift-agreement-v1")
        func below(_ n: Int) -> Int { Int(random.uint32() % UInt32(n)) }
        return try (0..<count).map { i in
            let p = 1 + below(4)
            return Case(
                password: random.bytes(i == 0 ? 4096 : below(201)), salt: random.bytes(8 + below(57)),
                parameters: try Argon2idParameters(
                    memoryKiB: 8 * p + below(512 - 8 * p + 1), iterations: 1 + below(4), parallelism: p,
                    outputLength: 16 + below(49)))
        }
    }

    @Test("agrees with libargon2 on 64 random cheap parameter sets")
    func agreesWithLibArgon2() throws {
        let cases = try Self.cheapCases(count: 64)
        #expect(Set(cases.map(\.parameters.parallelism)) == [1, 2, 3, 4])
        var agreed = 0
        for c in cases {
            let reference = try Argon2id.deriveKey(
                password: c.password, salt: c.salt, parameters: c.parameters, backend: LibArgon2Backend())
            let swift = try Argon2id.deriveKey(
                password: c.password, salt: c.salt, parameters: c.parameters, backend: SwiftArgon2idBackend())
            #expect(swift == reference, "\(c.parameters), salt \(c.salt.count) bytes")
            if swift == reference { agreed += 1 }
        }
        print("swift == libargon2 on \(agreed)/\(cases.count) random cheap parameter sets")
        #expect(agreed == 64)
    }

    @Test("agrees with libargon2 and libsodium at the production parameters, with timings")
    func production() throws {
        let password = Array("acorn album alpine anchor animal apple apron arena arrow artist".utf8)
        let salt = [UInt8](repeating: 0x42, count: 16)
        let clock = ContinuousClock()
        var keys: [String: [UInt8]] = [:]
        let backends: [any Argon2idBackend] = [SwiftArgon2idBackend(), LibArgon2Backend(), LibsodiumArgon2Backend()]
        for backend in backends {
            var key: [UInt8] = []
            let elapsed = try clock.measure {
                key = try Argon2id.deriveKey(
                    password: password, salt: salt, parameters: CloserProfileV1.coupleKeyArgon2id, backend: backend)
            }
            print("\(backend.name): production Argon2id in \(elapsed)")
            keys[backend.name] = key
        }
        #expect(keys["swift"] == keys["libargon2"])
        #expect(keys["swift"] == keys["libsodium"])
    }

    @Test("the known answers at the production parameters (tink-wire-facts §4)", arguments: Argon2KnownAnswer.all)
    func knownAnswer(kat: Argon2KnownAnswer) throws {
        let key = try Argon2id.deriveKey(
            password: Array(kat.password.utf8), salt: kat.salt, parameters: CloserProfileV1.coupleKeyArgon2id,
            backend: SwiftArgon2idBackend())
        #expect(Hex.encode(key) == kat.key)
    }

    @Test("a salt shorter than RFC 9106's 8 bytes is refused by a direct call, with a named error")
    func shortSalt() throws {
        let parameters = try Argon2idParameters(memoryKiB: 8, iterations: 1, parallelism: 1, outputLength: 16)
        let error = try? #require(throws: CloserError.self) {
            try SwiftArgon2idBackend().deriveKey(password: [1], salt: [1, 2, 3], parameters: parameters)
        }
        #expect(error?.code == .argon2SaltLengthOutOfRange)
        #expect(SwiftArgon2idBackend().name == "swift")
    }
}
