// One explore case's word stream: xoshiro256** (Blackman and Vigna, 2018) whose four state words
// are SHA-256 of the case's seed string read as four little-endian UInt64s. Not for keys: a fast,
// reproducible source of test inputs only. Normative: specs/explore.md §"Determinism".

import Crypto

/// xoshiro256** over a SHA-256-derived state; a class so that the generators' draws advance it.
package final class ExploreStream {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    package init(seed: [UInt8]) {
        let digest = Array(SHA256.hash(data: seed))
        func word(_ i: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(digest[i * 8 + $1]) << (8 * UInt64($1)) }
        }
        (s0, s1, s2, s3) = (word(0), word(1), word(2), word(3))
        // The all-zero state is xoshiro's one fixed point (a digest of 32 zero bytes: never seen).
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    /// A stream from its state words (the reference sequence's test).
    package init(state: (UInt64, UInt64, UInt64, UInt64)) { (s0, s1, s2, s3) = state }

    /// The next word: xoshiro256** (rotl(s1 × 5, 7) × 9, then the state update).
    @inline(__always)
    package func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    /// `count` bytes: the little-endian bytes of ⌈count/8⌉ words, the rest of the last word dropped.
    package func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var i = 0
            while i < count {
                var w = next()
                for _ in 0..<min(8, count - i) {
                    buffer[i] = UInt8(truncatingIfNeeded: w)
                    w >>= 8
                    i += 1
                }
            }
            initialized = count
        }
    }

    @inline(__always)
    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
