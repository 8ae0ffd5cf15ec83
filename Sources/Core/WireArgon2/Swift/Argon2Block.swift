// The Argon2 block (1 KiB = 128 little-endian 64-bit words) and the compression function G
// (RFC 9106 §3.5, §3.6): G(X, Y) = P-columns(P-rows(X ⊕ Y)) ⊕ X ⊕ Y, where P is the BLAKE2b
// round without message words and with BlaMka's multiplication (GB). This is the hot loop of
// Argon2: pointers only, no allocation, wrapping arithmetic, everything inlined.

enum Argon2Block {
    /// 64-bit words in a block.
    static let words = 128
    /// Bytes in a block.
    static let bytes = 1024

    /// Computes `next` = G(`prev`, `ref`) (`withXor` false), or `next` ⊕= G(`prev`, `ref`)
    /// (`withXor` true: passes after the first, version 0x13). `scratch` is one block of
    /// working memory. `next` may be the same block as `ref` (address blocks), never as
    /// `prev` or `scratch`.
    @inline(__always)
    static func fill(
        prev: UnsafePointer<UInt64>, ref: UnsafePointer<UInt64>, next: UnsafeMutablePointer<UInt64>,
        scratch r: UnsafeMutablePointer<UInt64>, withXor: Bool
    ) {
        // R = ref ⊕ prev; next keeps R (⊕ its old value) until P(R) is added at the end.
        if withXor {
            for i in 0..<words {
                let x = ref[i] ^ prev[i]
                r[i] = x
                next[i] ^= x
            }
        } else {
            for i in 0..<words {
                let x = ref[i] ^ prev[i]
                r[i] = x
                next[i] = x
            }
        }
        // P on the 8 rows of 16 consecutive words...
        var i = 0
        while i < 8 {
            permuteRow(r + 16 &* i)
            i &+= 1
        }
        // ...then on the 8 columns of word pairs (2i, 2i+1, 2i+16, 2i+17, ..., 2i+112, 2i+113).
        i = 0
        while i < 8 {
            permuteColumn(r + 2 &* i)
            i &+= 1
        }
        for i in 0..<words { next[i] ^= r[i] }
    }

    /// P on words 0...15 of `v`.
    @inline(__always)
    static func permuteRow(_ v: UnsafeMutablePointer<UInt64>) {
        var v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3], v4 = v[4], v5 = v[5], v6 = v[6], v7 = v[7]
        var v8 = v[8], v9 = v[9], v10 = v[10], v11 = v[11], v12 = v[12], v13 = v[13], v14 = v[14], v15 = v[15]
        round(&v0, &v1, &v2, &v3, &v4, &v5, &v6, &v7, &v8, &v9, &v10, &v11, &v12, &v13, &v14, &v15)
        v[0] = v0; v[1] = v1; v[2] = v2; v[3] = v3; v[4] = v4; v[5] = v5; v[6] = v6; v[7] = v7
        v[8] = v8; v[9] = v9; v[10] = v10; v[11] = v11; v[12] = v12; v[13] = v13; v[14] = v14; v[15] = v15
    }

    /// P on words 0, 1, 16, 17, 32, 33, ..., 112, 113 of `v`.
    @inline(__always)
    static func permuteColumn(_ v: UnsafeMutablePointer<UInt64>) {
        var v0 = v[0], v1 = v[1], v2 = v[16], v3 = v[17], v4 = v[32], v5 = v[33], v6 = v[48], v7 = v[49]
        var v8 = v[64], v9 = v[65], v10 = v[80], v11 = v[81], v12 = v[96], v13 = v[97], v14 = v[112], v15 = v[113]
        round(&v0, &v1, &v2, &v3, &v4, &v5, &v6, &v7, &v8, &v9, &v10, &v11, &v12, &v13, &v14, &v15)
        v[0] = v0; v[1] = v1; v[16] = v2; v[17] = v3; v[32] = v4; v[33] = v5; v[48] = v6; v[49] = v7
        v[64] = v8; v[65] = v9; v[80] = v10; v[81] = v11; v[96] = v12; v[97] = v13; v[112] = v14; v[113] = v15
    }

    /// P (RFC 9106 §3.6): GB on the columns of the 4×4 matrix, then on its diagonals.
    @inline(__always)
    static func round(
        _ v0: inout UInt64, _ v1: inout UInt64, _ v2: inout UInt64, _ v3: inout UInt64,
        _ v4: inout UInt64, _ v5: inout UInt64, _ v6: inout UInt64, _ v7: inout UInt64,
        _ v8: inout UInt64, _ v9: inout UInt64, _ v10: inout UInt64, _ v11: inout UInt64,
        _ v12: inout UInt64, _ v13: inout UInt64, _ v14: inout UInt64, _ v15: inout UInt64
    ) {
        gb(&v0, &v4, &v8, &v12)
        gb(&v1, &v5, &v9, &v13)
        gb(&v2, &v6, &v10, &v14)
        gb(&v3, &v7, &v11, &v15)
        gb(&v0, &v5, &v10, &v15)
        gb(&v1, &v6, &v11, &v12)
        gb(&v2, &v7, &v8, &v13)
        gb(&v3, &v4, &v9, &v14)
    }

    /// GB (RFC 9106 §3.6): BLAKE2b's G with a + b replaced by a + b + 2·lo32(a)·lo32(b).
    @inline(__always)
    static func gb(_ a: inout UInt64, _ b: inout UInt64, _ c: inout UInt64, _ d: inout UInt64) {
        a = blaMka(a, b)
        d = rotr(d ^ a, 32)
        c = blaMka(c, d)
        b = rotr(b ^ c, 24)
        a = blaMka(a, b)
        d = rotr(d ^ a, 16)
        c = blaMka(c, d)
        b = rotr(b ^ c, 63)
    }

    @inline(__always)
    static func blaMka(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let low: UInt64 = 0xFFFF_FFFF
        return x &+ y &+ (((x & low) &* (y & low)) &<< 1)
    }

    @inline(__always)
    static func rotr(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &>> n) | (x &<< (64 &- n)) }
}
