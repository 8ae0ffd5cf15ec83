// The explore run's randomness: every case draws from its own stream, xoshiro256** seeded with
// SHA-256 of "closer-spec explore v2 <seed> <case index>" (ExploreStream), so a case is the same
// whatever the job count or the order the jobs reach it. Normative: specs/explore.md
// §"Determinism" (the stream, word by word) and §"Performance" (why not SHA-256 per block).

import CloserWire

/// One case's random stream and the draws the generators make from it.
package struct ExploreRandom {
    let source: ExploreStream

    package init(seed: UInt64, index: Int) {
        source = ExploreStream(seed: Array("closer-spec explore v2 \(seed) \(index)".utf8))
    }

    /// `n` bytes: the little-endian bytes of ⌈n/8⌉ words, the rest of the last word dropped.
    package func bytes(_ n: Int) -> [UInt8] { n == 0 ? [] : source.bytes(n) }

    /// Uniform in 0..<n (n > 0), one word modulo n (the bias is below 2^-40 for the n used here).
    package func below(_ n: Int) -> Int {
        precondition(n > 0)
        return Int(source.next() % UInt64(n))
    }

    package func chance(_ percent: Int) -> Bool { below(100) < percent }

    package func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A length that favours the boundaries (0, 1, block sizes ±1) over the uniform middle.
    package func length(max: Int, boundaries: [Int] = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65]) -> Int {
        let near = boundaries.filter { $0 <= max }
        if !near.isEmpty, chance(60) { return near[below(near.count)] }
        return below(max + 1)
    }
}
