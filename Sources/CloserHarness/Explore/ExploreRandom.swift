// The explore run's randomness: every case draws from its own stream, SHA-256 in counter mode
// over "closer-spec explore v1 <seed> <case index>" (CloserWire's SeededRandom), so a case is the
// same whatever the job count or the order the jobs reach it. Normative: specs/explore.md
// §"Determinism".

import CloserWire

/// One case's random stream and the draws the generators make from it.
package struct ExploreRandom {
    let source: SeededRandom

    package init(seed: UInt64, index: Int) {
        source = SeededRandom(seed: "closer-spec explore v1 \(seed) \(index)")
    }

    package func bytes(_ n: Int) -> [UInt8] { n == 0 ? [] : source.bytes(n) }

    /// Uniform in 0..<n (n > 0), from 8 bytes (the bias is below 2^-50 for the n used here).
    package func below(_ n: Int) -> Int {
        precondition(n > 0)
        let word = source.bytes(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(word % UInt64(n))
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
