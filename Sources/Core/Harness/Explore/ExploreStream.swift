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
    /// Guided mode's tape (specs/explore.md §Guided): its words come first, then the state's.
    /// Empty in plain explore, whose stream is unchanged.
    private var tape: [UInt8] = []
    /// The tape's length and the bytes read from it (plain explore's check is 0 < 0, no load of the array).
    private var tapeLength = 0
    private var taken = 0

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

    /// Guided mode's stream (specs/explore.md §Guided): the words of `tape` first (8 bytes each,
    /// little-endian, a short last word zero-padded), then xoshiro256** seeded with SHA-256 of
    /// `closer-spec explore guided v1 ` followed by the tape.
    package convenience init(tape: [UInt8]) {
        self.init(seed: Array("closer-spec explore guided v1 ".utf8) + tape)
        self.tape = tape
        tapeLength = tape.count
    }

    /// The next word: xoshiro256** (rotl(s1 × 5, 7) × 9, then the state update).
    @inline(__always)
    package func next() -> UInt64 {
        if taken < tapeLength { return tapeWord() }
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
        guard count > 0 else { return [] }  // the zero-capacity initializer writes the shared empty storage
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
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

    /// The tape's next word (guided mode only).
    private func tapeWord() -> UInt64 {
        let end = min(taken + 8, tapeLength)
        var word: UInt64 = 0
        for i in taken..<end { word |= UInt64(tape[i]) << (8 * UInt64(i - taken)) }
        taken += 8
        return word
    }

    @inline(__always)
    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
