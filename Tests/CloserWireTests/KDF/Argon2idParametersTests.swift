// specs/argon2id.md §"Bounds".

import CloserWire
import Testing

@Suite("Argon2id parameter bounds")
struct Argon2idParametersTests {
    @Test("the production parameters are inside the bounds and equal the profile's")
    func production() throws {
        let p = try Argon2idParameters(memoryKiB: 46080, iterations: 3, parallelism: 1, outputLength: 32)
        #expect(p == CloserProfileV1.coupleKeyArgon2id)
        #expect(try KDFParams(memoryKiB: 46080, iterations: 3, parallelism: 1) == CloserProfileV1.coupleKeyKDFParams)
        #expect(CloserProfileV1.coupleKeyKDFParams.string == CloserProfileV1.coupleKeyKDFParamsString)
    }

    @Test("the edges of every bound are accepted")
    func edges() throws {
        _ = try Argon2idParameters(memoryKiB: 8, iterations: 1, parallelism: 1, outputLength: 16)
        _ = try Argon2idParameters(memoryKiB: 1_048_576, iterations: 10, parallelism: 16, outputLength: 64)
        _ = try Argon2idParameters(memoryKiB: 128, iterations: 1, parallelism: 16, outputLength: 16)
    }

    @Test(
        "out-of-bounds values are refused with a named code",
        arguments: [
            (0, 3, 1, 32, CloserError.Code.argon2MemoryOutOfRange),
            (7, 3, 1, 32, .argon2MemoryOutOfRange),
            (127, 3, 16, 32, .argon2MemoryOutOfRange),  // 8 KiB per lane
            (1_048_577, 3, 1, 32, .argon2MemoryOutOfRange),
            (Int.max, 3, 1, 32, .argon2MemoryOutOfRange),
            (-1, 3, 1, 32, .argon2MemoryOutOfRange),
            (46080, 0, 1, 32, .argon2IterationsOutOfRange),
            (46080, 11, 1, 32, .argon2IterationsOutOfRange),
            (46080, 1_000_000, 1, 32, .argon2IterationsOutOfRange),
            (46080, 3, 0, 32, .argon2ParallelismOutOfRange),
            (46080, 3, 17, 32, .argon2ParallelismOutOfRange),
            (46080, 3, 1, 15, .argon2OutputLengthOutOfRange),
            (46080, 3, 1, 65, .argon2OutputLengthOutOfRange),
        ])
    func outOfBounds(m: Int, t: Int, p: Int, len: Int, code: CloserError.Code) {
        let error = expectCode(code) { () throws(CloserError) in
            try Argon2idParameters(memoryKiB: m, iterations: t, parallelism: p, outputLength: len)
        }
        #expect(error?.category == .invalidParameters)
    }

    @Test("salt and password lengths are checked before the backend is called")
    func saltAndPassword() throws {
        let backend = CountingArgon2Backend()
        let p = CloserProfileV1.coupleKeyArgon2id
        expectCode(.argon2SaltLengthOutOfRange) { () throws(CloserError) in
            try Argon2id.deriveKey(
                password: [1], salt: [UInt8](repeating: 0, count: 7), parameters: p, backend: backend)
        }
        expectCode(.argon2SaltLengthOutOfRange) { () throws(CloserError) in
            try Argon2id.deriveKey(
                password: [1], salt: [UInt8](repeating: 0, count: 65), parameters: p, backend: backend)
        }
        expectCode(.argon2PasswordTooLong) { () throws(CloserError) in
            try Argon2id.deriveKey(
                password: [UInt8](repeating: 0x61, count: 4097), salt: [UInt8](repeating: 0, count: 16), parameters: p,
                backend: backend)
        }
        #expect(backend.calls == 0)
        _ = try Argon2id.deriveKey(password: [], salt: [UInt8](repeating: 0, count: 8), parameters: p, backend: backend)
        #expect(backend.calls == 1)
    }

    @Test("a backend returning the wrong length is caught")
    func brokenBackend() {
        expectCode(.argon2BackendFailure) { () throws(CloserError) in
            try Argon2id.deriveKey(
                password: [1], salt: [UInt8](repeating: 0, count: 16), parameters: CloserProfileV1.coupleKeyArgon2id,
                backend: ShortArgon2Backend())
        }
    }
}
