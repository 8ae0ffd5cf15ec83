// BLAKE2b (RFC 7693), unkeyed, with any output length from 1 to 64 bytes: the hash Argon2
// builds H0 and H' from (RFC 9106 §3.2, §3.3). Part of the pure-Swift Argon2id backend
// (specs/argon2id.md §"Backends"). Not a general-purpose API: package access, for tests.

/// An incremental, unkeyed BLAKE2b hash with a digest of `outputLength` bytes (1...64).
/// The output length is part of the parameter block, so BLAKE2b-32 is not a prefix of
/// BLAKE2b-64 (Argon2's H' relies on asking for exactly the length it needs).
package struct BLAKE2b {
    /// RFC 7693 §2.6: the SHA-512 initial values.
    private static let iv: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179
    )

    /// RFC 7693 §2.7: the message schedule, rounds 0...9 (rounds 10 and 11 reuse 0 and 1).
    private static let sigma: [UInt8] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
        11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4,
        7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8,
        9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13,
        2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9,
        12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11,
        13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10,
        6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5,
        10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
    ]

    /// Block size in bytes.
    static let blockLength = 128
    /// Largest digest in bytes.
    static let maximumOutputLength = 64

    private var h: [UInt64]
    private var buffer = [UInt8](repeating: 0, count: BLAKE2b.blockLength)
    private var buffered = 0
    /// Bytes compressed so far (t in RFC 7693; a 64-bit counter is enough for Argon2's inputs,
    /// the high word t1 is carried anyway).
    private var t0: UInt64 = 0
    private var t1: UInt64 = 0
    package let outputLength: Int

    /// An unkeyed BLAKE2b with a digest of `outputLength` bytes, 1...64 (a caller bug otherwise).
    package init(outputLength: Int) {
        precondition((1...Self.maximumOutputLength).contains(outputLength), "BLAKE2b output length")
        self.outputLength = outputLength
        let iv = Self.iv
        // Parameter block word 0: digest length, key length 0, fanout 1, depth 1.
        h = [iv.0 ^ 0x0101_0000 ^ UInt64(outputLength), iv.1, iv.2, iv.3, iv.4, iv.5, iv.6, iv.7]
    }

    /// Absorbs `bytes`.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            // The last block must be compressed with the final flag, so a full buffer is
            // compressed only once more input arrives.
            if buffered == Self.blockLength {
                increment(by: UInt64(Self.blockLength))
                buffer.withUnsafeBytes { compress($0, last: false) }
                buffered = 0
            }
            let n = min(Self.blockLength - buffered, bytes.count - offset)
            buffer.withUnsafeMutableBytes { dst in
                dst.baseAddress!.advanced(by: buffered).copyMemory(from: bytes.baseAddress! + offset, byteCount: n)
            }
            buffered += n
            offset += n
        }
    }

    /// Absorbs `bytes`.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Absorbs `value` as 4 little-endian bytes (Argon2's LE32).
    mutating func update(le32 value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { update($0) }
    }

    /// The digest.
    package mutating func finalize() -> [UInt8] {
        increment(by: UInt64(buffered))
        for i in buffered..<Self.blockLength { buffer[i] = 0 }
        buffer.withUnsafeBytes { compress($0, last: true) }
        var out = [UInt8]()
        out.reserveCapacity(Self.maximumOutputLength)
        for word in h { withUnsafeBytes(of: word.littleEndian) { out += $0 } }
        for i in 0..<buffer.count { buffer[i] = 0 }
        for i in 0..<h.count { h[i] = 0 }
        return Array(out.prefix(outputLength))
    }

    /// BLAKE2b-`outputLength` of `message`.
    package static func hash(outputLength: Int, _ message: [UInt8]) -> [UInt8] {
        var b = BLAKE2b(outputLength: outputLength)
        b.update(message)
        return b.finalize()
    }

    private mutating func increment(by n: UInt64) {
        let (sum, overflow) = t0.addingReportingOverflow(n)
        t0 = sum
        if overflow { t1 &+= 1 }
    }

    @inline(__always)
    private static func mix(
        _ v: UnsafeMutablePointer<UInt64>, _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt64, _ y: UInt64
    ) {
        v[a] = v[a] &+ v[b] &+ x
        v[d] = rotr(v[d] ^ v[a], 32)
        v[c] = v[c] &+ v[d]
        v[b] = rotr(v[b] ^ v[c], 24)
        v[a] = v[a] &+ v[b] &+ y
        v[d] = rotr(v[d] ^ v[a], 16)
        v[c] = v[c] &+ v[d]
        v[b] = rotr(v[b] ^ v[c], 63)
    }

    @inline(__always)
    private static func rotr(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &>> n) | (x &<< (64 &- n)) }

    /// RFC 7693 §3.2, F.
    private mutating func compress(_ block: UnsafeRawBufferPointer, last: Bool) {
        let iv = Self.iv
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 32) { scratch in
            let v = scratch.baseAddress!
            let m = v + 16
            for i in 0..<16 {
                m[i] = UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
            }
            for i in 0..<8 { v[i] = h[i] }
            v[8] = iv.0
            v[9] = iv.1
            v[10] = iv.2
            v[11] = iv.3
            v[12] = iv.4 ^ t0
            v[13] = iv.5 ^ t1
            v[14] = last ? ~iv.6 : iv.6
            v[15] = iv.7
            Self.sigma.withUnsafeBufferPointer { sigma in
                for round in 0..<12 {
                    let s = sigma.baseAddress! + 16 * (round % 10)
                    Self.mix(v, 0, 4, 8, 12, m[Int(s[0])], m[Int(s[1])])
                    Self.mix(v, 1, 5, 9, 13, m[Int(s[2])], m[Int(s[3])])
                    Self.mix(v, 2, 6, 10, 14, m[Int(s[4])], m[Int(s[5])])
                    Self.mix(v, 3, 7, 11, 15, m[Int(s[6])], m[Int(s[7])])
                    Self.mix(v, 0, 5, 10, 15, m[Int(s[8])], m[Int(s[9])])
                    Self.mix(v, 1, 6, 11, 12, m[Int(s[10])], m[Int(s[11])])
                    Self.mix(v, 2, 7, 8, 13, m[Int(s[12])], m[Int(s[13])])
                    Self.mix(v, 3, 4, 9, 14, m[Int(s[14])], m[Int(s[15])])
                }
            }
            for i in 0..<8 { h[i] ^= v[i] ^ v[i + 8] }
            scratch.update(repeating: 0)
        }
    }
}
