// The argon2id suite: RFC 9106 Argon2id v0x13 known answers from libargon2 (the reference
// implementation), a few at the production parameters and many at cheap ones, and every
// bound of specs/argon2id.md §"Bounds". Argon2i, version 0x10 and memory-in-bytes are bugs of
// an implementation, not inputs: valid tests carry the key such a port computes instead, so
// the driver can name the bug. Normative: specs/argon2id.md.

import CloserVectorModel
import CloserWire
import CloserWireArgon2

enum Argon2idSuite {
    static let name = "argon2id"

    static let valid = VectorFlag(
        "Valid", .basic, .argon2, "Argon2id (type 2), version 0x13, no secret, no associated data.")
    static let production = VectorFlag(
        "ProductionParameters", .basic, .argon2,
        "m = 46080 KiB, t = 3, p = 1, 32 bytes: the couple-key wrap and invite key.")
    static let argon2i = VectorFlag(
        "Argon2iNotArgon2id", .wrongParameters, .argon2,
        "intermediates.argon2iKey is what a port computing Argon2i (type 1) instead of Argon2id gets; it must not match key."
    )
    static let version10 = VectorFlag(
        "Version0x10", .wrongParameters, .argon2,
        "intermediates.argon2idV10Key is what a port computing version 0x10 (16; a PHC string without v=) gets.")
    static let memoryInBytes = VectorFlag(
        "MemoryInBytes", .wrongParameters, .argon2,
        "intermediates.memoryInBytesKey is what a port gets that hands memoryKiB to an API counting bytes (libsodium's memlimit without × 1024): Argon2id with floor(memoryKiB / 1024) KiB."
    )
    static let lanes = VectorFlag(
        "Parallelism", .edgeCase, .argon2,
        "p > 1: lanes, and m rounded down to a multiple of 4p blocks (H0 hashes m as given).")
    static let memoryRounding = VectorFlag(
        "MemoryNotMultipleOf4p", .edgeCase, .argon2,
        "m is not a multiple of 4p: the memory uses 4p·floor(m/4p) blocks, H0 hashes the m given.")
    static let boundary = VectorFlag(
        "ParameterAtBound", .edgeCase, .argon2, "A parameter exactly at a bound of specs/argon2id.md (accepted).")
    static let emptyPassword = VectorFlag("EmptyPassword", .edgeCase, .argon2, "A zero-length password.")
    static let longPassword = VectorFlag("LongPassword", .edgeCase, .argon2, "A 4096-byte password (the bound).")
    static let nonASCII = VectorFlag(
        "NonAsciiPassword", .encoding, .argon2, "The password is UTF-8 with non-ASCII characters.")
    static let outOfBounds = VectorFlag(
        "OutOfBounds", .resourceBound, .argon2, "A parameter outside the bounds: refused before any Argon2 work.")
    static let checkOrder = VectorFlag(
        "CheckOrder", .edgeCase, .argon2,
        "Several parameters are out of bounds: the first in the order p, m, t, length, salt, password names the error.")
    static let backend = LibArgon2Backend()

    static func build() throws(CloserError) -> WireSuite {
        let rng = SuiteRandom(suite: name)
        let knownAnswers = try knownAnswerCases(rng)
        let cheap = try cheapDRBGCases(rng) + cheapBoundaryCases(rng)
        let hostile = boundCases(rng)
        return WireSuite(
            name: name, algorithm: "argon2id-v19",
            header: [
                "Argon2id (RFC 9106, type 2, version 0x13, no secret, no associated data; specs/argon2id.md). Known answers",
                "from libargon2 (argon2id_hash_raw), checked against argon2-cffi. memoryKiB is in KiB. The first group holds the",
                "production parameters (m = 46080, t = 3, p = 1) and large-memory tests; the second cheap parameters;",
                "the third every bound of specs/argon2id.md §Bounds, refused before any Argon2 work.",
                "intermediates.argon2iKey / argon2idV10Key / memoryInBytesKey: what a port with that bug computes.",
            ],
            groups: [
                VectorGroup(
                    "Argon2idKnownAnswers", comment: "production parameters and large memory", cases: knownAnswers),
                VectorGroup("Argon2idCheap", comment: "cheap parameters: m 8…256 KiB, t 1…10, p 1…16", cases: cheap),
                VectorGroup("Argon2idBounds", comment: "parameters outside the bounds", cases: hostile),
            ])
    }
    static func input(_ pw: [UInt8], _ salt: [UInt8], _ m: Int, _ t: Int, _ p: Int, _ len: Int) -> [(String, JSONValue)]
    {
        [
            ("password", V.hex(pw)), ("salt", V.hex(salt)), ("memoryKiB", V.int(m)), ("iterations", V.int(t)),
            ("parallelism", V.int(p)), ("length", V.int(len)),
        ]
    }
    /// A valid test; variant keys only when cheap.
    static func add(
        _ into: inout [VectorCase], _ comment: String, _ flags: [VectorFlag], _ pw: [UInt8], _ salt: [UInt8],
        _ m: Int,
        _ t: Int, _ p: Int, _ len: Int, variants: Bool, inBytes: Bool = false
    ) throws(CloserError) {
        let key = try Argon2id.deriveKey(
            password: pw, salt: salt,
            parameters: try Argon2idParameters(memoryKiB: m, iterations: t, parallelism: p, outputLength: len),
            backend: backend)
        var inter: [(String, JSONValue)] = [
            ("password", V.hex(pw)), ("salt", V.hex(salt)), ("argon2Key", V.hex(key)),
        ]
        var f = [valid] + flags
        if variants {
            // The outputs of the two usual mistakes: Argon2i, and Argon2id version 0x10.
            let mistakes: [(String, LibArgon2Variants.Kind, UInt32)] = [
                ("argon2iKey", .i, 0x13), ("argon2idV10Key", .id, 0x10),
            ]
            for (name, kind, version) in mistakes {
                let key = try LibArgon2Variants.hash(
                    kind: kind, version: version, password: pw, salt: salt, memoryKiB: m, iterations: t,
                    parallelism: p, length: len)
                inter.append((name, V.hex(key)))
            }
            f += [argon2i, version10]
        }
        if inBytes {
            inter.append(
                (
                    "memoryInBytesKey",
                    V.hex(
                        try LibArgon2Variants.hash(
                            kind: .id, version: 0x13, password: pw, salt: salt, memoryKiB: m / 1024, iterations: t,
                            parallelism: p, length: len))
                ))
            f.append(memoryInBytes)
        }
        into.append(
            .valid(
                comment, flags: f, op: "argon2id", input: input(pw, salt, m, t, p, len),
                output: [("key", V.hex(key))], intermediates: inter))
    }

    /// Production parameters: the known answers of specs/argon2id.md, and memory large enough for the
    /// memory-in-bytes mix-up.
    static func knownAnswerCases(_ rng: SuiteRandom) throws(CloserError) -> [VectorCase] {
        var knownAnswers: [VectorCase] = []
        let prod = CloserProfileV1.coupleKeyArgon2id
        for (pw, salt) in [
            ("correct horse battery staple", Array(UInt8(0)..<16)), ("pässwörd", [UInt8](repeating: 0, count: 16)),
            ("correct horse", [UInt8](repeating: 1, count: 16)),
        ] {
            try add(
                &knownAnswers, "production parameters, password \"\(pw)\" (specs/argon2id.md known answer)",
                [production] + (pw.utf8.count != pw.unicodeScalars.count ? [nonASCII] : []), Array(pw.utf8), salt,
                prod.memoryKiB, prod.iterations, prod.parallelism, prod.outputLength, variants: false, inBytes: true)
        }
        // Memory large enough for the memory-in-bytes mix-up to be computable (≥ 8 KiB after / 1024).
        for m in [8192, 9216, 16384] {
            try add(
                &knownAnswers, "m = \(m) KiB, t = 1: memory in bytes would be \(m / 1024) KiB", [],
                Array("correct horse battery staple".utf8), rng.bytes(16), m, 1, 1, 32, variants: false, inBytes: true)
        }
        return knownAnswers
    }

    /// Cheap parameters from the DRBG.
    static func cheapDRBGCases(_ rng: SuiteRandom) throws(CloserError) -> [VectorCase] {
        var cheap: [VectorCase] = []
        let passwords: [[UInt8]] = [
            Array("password".utf8), Array("pässwörd ❤️".utf8),
            Array("acorn album alpine anchor animal apple apron arena arrow artist".utf8),
            Array("ABC234".utf8), [0x00, 0xff, 0x80, 0x7f],
        ]
        for i in 0..<94 {
            let p = 1 + Int(rng.source.uint32() % 4)
            let m = max(8 * p, 8 + Int(rng.source.uint32() % 249))
            let t = 1 + Int(rng.source.uint32() % 3)
            let saltLen = 8 + Int(rng.source.uint32() % 57)
            let len = 16 + Int(rng.source.uint32() % 49)
            let pw: [UInt8] = i < passwords.count ? passwords[i] : rng.bytes(Int(rng.source.uint32() % 65))
            var flags: [VectorFlag] = p > 1 ? [lanes] : []
            if m % (4 * p) != 0 { flags.append(memoryRounding) }
            if pw.isEmpty { flags.append(emptyPassword) }
            if i == 1 { flags.append(nonASCII) }
            try add(
                &cheap,
                "m = \(m) KiB, t = \(t), p = \(p), \(saltLen)-byte salt, \(len)-byte key, \(pw.count)-byte password",
                flags, pw, rng.bytes(saltLen), m, t, p, len, variants: true)
        }
        return cheap
    }

    /// Cheap parameters at the boundaries, and shapes.
    static func cheapBoundaryCases(_ rng: SuiteRandom) throws(CloserError) -> [VectorCase] {
        var cheap: [VectorCase] = []
        let pw = Array("correct horse battery staple".utf8)
        try add(&cheap, "empty password", [emptyPassword], [], rng.bytes(16), 32, 2, 1, 32, variants: true)
        try add(
            &cheap, "4096-byte password (the bound)", [longPassword, boundary], rng.bytes(4096), rng.bytes(16), 16, 1,
            1, 32, variants: true)
        try add(
            &cheap, "non-ASCII password (UTF-8 of ünïcødé ❤️)", [nonASCII], Array("ünïcødé ❤️".utf8), rng.bytes(16), 64,
            1, 1, 32, variants: true)
        for p in [1, 2, 3, 4] {
            try add(
                &cheap, "m = 8p = \(8 * p) KiB, the smallest memory for p = \(p)", [boundary] + (p > 1 ? [lanes] : []),
                pw, rng.bytes(16), 8 * p, 1, p, 32, variants: true)
        }
        try add(
            &cheap, "p = 16 (the bound), m = 128 KiB", [boundary, lanes], pw, rng.bytes(16), 128, 1, 16, 32,
            variants: true)
        try add(&cheap, "t = 10 (the bound)", [boundary], pw, rng.bytes(16), 8, 10, 1, 32, variants: true)
        try add(&cheap, "16-byte key (the smallest)", [boundary], pw, rng.bytes(16), 16, 1, 1, 16, variants: true)
        try add(
            &cheap, "64-byte key (the largest; H' in one BLAKE2b-512)", [boundary], pw, rng.bytes(16), 16, 1, 1, 64,
            variants: true)
        try add(&cheap, "8-byte salt (the smallest)", [boundary], pw, rng.bytes(8), 16, 1, 1, 32, variants: true)
        try add(&cheap, "64-byte salt (the largest)", [boundary], pw, rng.bytes(64), 16, 1, 1, 32, variants: true)
        for (m, p) in [(9, 1), (13, 1), (35, 2), (37, 3), (50, 4), (255, 4)] {
            try add(
                &cheap, "m = \(m) KiB with p = \(p): not a multiple of 4p", [memoryRounding] + (p > 1 ? [lanes] : []),
                pw, rng.bytes(16), m, 2, p, 32, variants: true)
        }
        return cheap
    }

    /// Hostile: every bound, and the check order.
    static func boundCases(_ rng: SuiteRandom) -> [VectorCase] {
        var hostile: [VectorCase] = []
        let pw = Array("correct horse battery staple".utf8)
        func bad(
            _ comment: String, _ flags: [VectorFlag], _ pw: [UInt8], _ salt: [UInt8], _ m: Int, _ t: Int, _ p: Int,
            _ len: Int, _ code: CloserError.Code, _ layer: VectorLayer = .argon2
        ) {
            hostile.append(
                .invalid(
                    comment, flags: flags, op: "argon2id", input: input(pw, salt, m, t, p, len), error: code,
                    layer: layer))
        }
        let s16 = rng.bytes(16)
        bad("p = 0", [outOfBounds], pw, s16, 64, 1, 0, 32, .argon2ParallelismOutOfRange)
        bad("p = 17", [outOfBounds], pw, s16, 256, 1, 17, 32, .argon2ParallelismOutOfRange)
        bad("p = -1", [outOfBounds], pw, s16, 64, 1, -1, 32, .argon2ParallelismOutOfRange)
        bad(
            "p = 2^32 + 1 (wraps to 1 in 32 bits)", [outOfBounds], pw, s16, 64, 1, 4_294_967_297, 32,
            .argon2ParallelismOutOfRange)
        bad("m = 7 KiB with p = 1 (below 8p)", [outOfBounds], pw, s16, 7, 1, 1, 32, .argon2MemoryOutOfRange)
        bad("m = 15 KiB with p = 2 (below 8p)", [outOfBounds], pw, s16, 15, 1, 2, 32, .argon2MemoryOutOfRange)
        bad("m = 127 KiB with p = 16 (below 8p)", [outOfBounds], pw, s16, 127, 1, 16, 32, .argon2MemoryOutOfRange)
        bad("m = 0", [outOfBounds], pw, s16, 0, 1, 1, 32, .argon2MemoryOutOfRange)
        bad("m = -46080", [outOfBounds], pw, s16, -46080, 3, 1, 32, .argon2MemoryOutOfRange)
        bad("m = 1048577 KiB (1 GiB + 1 KiB)", [outOfBounds], pw, s16, 1_048_577, 1, 1, 32, .argon2MemoryOutOfRange)
        bad(
            "m = 47185920: the production memory written in bytes (46080 × 1024), read as KiB",
            [outOfBounds, memoryInBytes],
            pw, s16, 47_185_920, 3, 1, 32, .argon2MemoryOutOfRange)
        bad("m = 2^32 - 1", [outOfBounds], pw, s16, 4_294_967_295, 1, 1, 32, .argon2MemoryOutOfRange)
        bad(
            "m = 2^32 + 64 (wraps to 64 in 32 bits)", [outOfBounds], pw, s16, 4_294_967_360, 1, 1, 32,
            .argon2MemoryOutOfRange)
        bad("t = 0", [outOfBounds], pw, s16, 64, 0, 1, 32, .argon2IterationsOutOfRange)
        bad("t = 11", [outOfBounds], pw, s16, 64, 11, 1, 32, .argon2IterationsOutOfRange)
        bad("t = -3", [outOfBounds], pw, s16, 64, -3, 1, 32, .argon2IterationsOutOfRange)
        bad("length 15", [outOfBounds], pw, s16, 64, 1, 1, 15, .argon2OutputLengthOutOfRange)
        bad("length 65", [outOfBounds], pw, s16, 64, 1, 1, 65, .argon2OutputLengthOutOfRange)
        bad("length 0", [outOfBounds], pw, s16, 64, 1, 1, 0, .argon2OutputLengthOutOfRange)
        bad(
            "length 4 (RFC 9106's minimum, below the bound)", [outOfBounds], pw, s16, 64, 1, 1, 4,
            .argon2OutputLengthOutOfRange)
        bad("salt of 7 bytes", [outOfBounds], pw, rng.bytes(7), 64, 1, 1, 32, .argon2SaltLengthOutOfRange)
        bad("salt of 65 bytes", [outOfBounds], pw, rng.bytes(65), 64, 1, 1, 32, .argon2SaltLengthOutOfRange)
        bad("empty salt", [outOfBounds], pw, [], 64, 1, 1, 32, .argon2SaltLengthOutOfRange)
        bad("password of 4097 bytes", [outOfBounds], rng.bytes(4097), s16, 64, 1, 1, 32, .argon2PasswordTooLong)
        bad(
            "p = 0 and m = 0: parallelism first", [outOfBounds, checkOrder], pw, s16, 0, 1, 0, 32,
            .argon2ParallelismOutOfRange)
        bad(
            "p = 17 and t = 0: parallelism first", [outOfBounds, checkOrder], pw, s16, 64, 0, 17, 32,
            .argon2ParallelismOutOfRange)
        bad(
            "m = 7 and t = 11: memory before iterations", [outOfBounds, checkOrder], pw, s16, 7, 11, 1, 32,
            .argon2MemoryOutOfRange)
        bad(
            "t = 0 and length 15: iterations before length", [outOfBounds, checkOrder], pw, s16, 64, 0, 1, 15,
            .argon2IterationsOutOfRange)
        bad(
            "length 65 and a 7-byte salt: length before salt", [outOfBounds, checkOrder], pw, rng.bytes(7), 64, 1, 1,
            65, .argon2OutputLengthOutOfRange)
        bad(
            "7-byte salt and a 4097-byte password: salt before password", [outOfBounds, checkOrder], rng.bytes(4097),
            rng.bytes(7), 64, 1, 1, 32, .argon2SaltLengthOutOfRange)
        bad(
            "m = 1048577 and a 4097-byte password: bounds before lengths", [outOfBounds, checkOrder], rng.bytes(4097),
            s16,
            1_048_577, 1, 1, 32, .argon2MemoryOutOfRange)
        return hostile
    }
}
