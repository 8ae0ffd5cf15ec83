// specs/argon2id.md §"Backends": libargon2 and libsodium compute the same function.
// 64 random cheap parameter sets (p = 1, 16-byte salt, libsodium's domain) plus the
// production set; libargon2 with p > 1 is checked against argon2-cffi in
// oracles/python/test_argon2.py.

import CloserWire
import CloserWireArgon2
import Foundation
import Testing

@Suite("libargon2 and libsodium agree")
struct BackendAgreementTests {
    struct Case: Sendable {
        let password: [UInt8]
        let salt: [UInt8]
        let parameters: Argon2idParameters
    }

    /// Deterministic random cheap cases: m 8...2048 KiB, t 1...4, 16...64 bytes out,
    /// passwords of 0...100 arbitrary bytes.
    static func cheapCases(count: Int) throws -> [Case] {
        let random = SeededRandom(seed: "argon2id-agreement-v1")
        func below(_ n: Int) -> Int { Int(random.uint32() % UInt32(n)) }
        return try (0..<count).map { _ in
            Case(
                password: random.bytes(below(101)), salt: random.bytes(16),
                parameters: try Argon2idParameters(
                    memoryKiB: 8 + below(2041), iterations: 1 + below(4), parallelism: 1, outputLength: 16 + below(49)))
        }
    }

    @Test("64 random cheap parameter sets")
    func cheap() throws {
        let cases = try Self.cheapCases(count: 64)
        var agreed = 0
        for c in cases {
            let a = try Argon2id.deriveKey(
                password: c.password, salt: c.salt, parameters: c.parameters, backend: LibArgon2Backend())
            let b = try Argon2id.deriveKey(
                password: c.password, salt: c.salt, parameters: c.parameters, backend: LibsodiumArgon2Backend())
            #expect(a == b, "\(c.parameters)")
            if a == b { agreed += 1 }
        }
        print("libargon2 == libsodium on \(agreed)/\(cases.count) random cheap parameter sets")
        #expect(agreed == 64)
    }

    @Test("the production set, with timings")
    func production() throws {
        let password = Array("acorn album alpine anchor animal apple apron arena arrow artist".utf8)
        let salt = [UInt8](repeating: 0x42, count: 16)
        let clock = ContinuousClock()
        var keys: [[UInt8]] = []
        for backend in [LibArgon2Backend() as any Argon2idBackend, LibsodiumArgon2Backend()] {
            var key: [UInt8] = []
            let elapsed = try clock.measure {
                key = try Argon2id.deriveKey(
                    password: password, salt: salt, parameters: CloserProfileV1.coupleKeyArgon2id, backend: backend)
            }
            print("\(backend.name): production Argon2id in \(elapsed)")
            keys.append(key)
        }
        #expect(keys[0] == keys[1])
    }

    @Test("libsodium refuses what it cannot compute, with unsupported")
    func libsodiumDomain() throws {
        let p2 = try Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 2, outputLength: 32)
        let error1 = try? #require(throws: CloserError.self) {
            try Argon2id.deriveKey(
                password: [1], salt: [UInt8](repeating: 0, count: 16), parameters: p2, backend: LibsodiumArgon2Backend()
            )
        }
        #expect(error1?.code == .argon2Unsupported)
        #expect(error1?.category == .unsupported)
        let p1 = try Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 1, outputLength: 32)
        let error2 = try? #require(throws: CloserError.self) {
            try Argon2id.deriveKey(
                password: [1], salt: [UInt8](repeating: 0, count: 8), parameters: p1, backend: LibsodiumArgon2Backend())
        }
        #expect(error2?.code == .argon2Unsupported)
    }

    @Test("the default backend computes what libsodium cannot, through libargon2")
    func defaultFallsBack() throws {
        let p4 = try Argon2idParameters(memoryKiB: 256, iterations: 2, parallelism: 4, outputLength: 32)
        let salt8 = [UInt8](repeating: 9, count: 8)
        let a = try Argon2id.deriveKey(password: [1, 2], salt: salt8, parameters: p4, backend: defaultArgon2idBackend)
        let b = try Argon2id.deriveKey(password: [1, 2], salt: salt8, parameters: p4, backend: LibArgon2Backend())
        #expect(a == b)
        // Lanes change the result (p is part of the function, not just scheduling).
        let p1 = try Argon2idParameters(memoryKiB: 256, iterations: 2, parallelism: 1, outputLength: 32)
        #expect(
            try Argon2id.deriveKey(password: [1, 2], salt: salt8, parameters: p1, backend: LibArgon2Backend()) != a)
    }

    @Test("the backends by name")
    func named() {
        #expect(Argon2idBackends.names.allSatisfy { Argon2idBackends.named($0) != nil })
        #expect(Argon2idBackends.named("bouncycastle") == nil)
    }
}
