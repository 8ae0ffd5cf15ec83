// Injectable randomness. Every random input of every format (IVs, ephemeral keys, salts,
// nonces, key ids, phrase entropy) is drawn through this protocol, so tests and the vector
// generator can make output byte-exact. Production code uses `SystemRandom`.

import Crypto

/// A source of random bytes.
public protocol RandomSource: Sendable {
    /// Returns `count` random bytes.
    func bytes(_ count: Int) -> [UInt8]
}

extension RandomSource {
    /// A uniformly random UInt32 (4 bytes, big-endian).
    public func uint32() -> UInt32 {
        bytes(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// The operating system's CSPRNG.
public struct SystemRandom: RandomSource {
    public init() {}
    public func bytes(_ count: Int) -> [UInt8] {
        // Eight bytes per draw (one getrandom call each on Linux), not one draw per byte.
        var g = SystemRandomNumberGenerator()
        guard count > 0 else { return [] }  // the zero-capacity initializer writes the shared empty storage
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var i = 0
            while i < count {
                var word = g.next()
                withUnsafeBytes(of: &word) { w in
                    for b in w where i < count {
                        buffer[i] = b
                        i += 1
                    }
                }
            }
            initialized = count
        }
    }
}

/// A deterministic generator for tests and vector generation: SHA-256 in counter mode over
/// a seed. Never use it for real keys.
package final class SeededRandom: RandomSource, @unchecked Sendable {
    /// seed ‖ counter (8 bytes, big-endian): the counter is rewritten in place for each block.
    private var block: [UInt8]
    private var counter: UInt64 = 0
    /// Unused bytes of the last block (fewer than 32).
    private var buffer: [UInt8] = []
    private let lock = Lock()

    package convenience init(seed: some StringProtocol) { self.init(seed: Array(seed.utf8)) }
    package init(seed: [UInt8]) { block = seed + [UInt8](repeating: 0, count: 8) }

    /// The stream's next `count` bytes: the leftover of the last block, then whole blocks
    /// SHA-256(seed ‖ counter) appended straight to the output (explore draws every case's
    /// plaintexts from here: specs/explore.md §"Performance"; HexTests-style agreement with the
    /// block-by-block definition in SeededRandomTests).
    package func bytes(_ count: Int) -> [UInt8] {
        lock.withLock {
            if buffer.count >= count {
                let out = Array(buffer.prefix(count))
                buffer.removeFirst(count)
                return out
            }
            var out = buffer
            out.reserveCapacity(count + 32)
            while out.count < count {
                nextBlock(into: &out)
            }
            buffer = Array(out[count...])
            out.removeLast(out.count - count)
            return out
        }
    }

    private func nextBlock(into out: inout [UInt8]) {
        let n = block.count
        var c = counter.bigEndian
        withUnsafeBytes(of: &c) { bytes in
            for i in 0..<8 { block[n - 8 + i] = bytes[i] }
        }
        block.withUnsafeBytes { out.append(contentsOf: SHA256.hash(data: $0)) }
        counter += 1
    }
}

/// A fixed sequence of bytes, consumed in order; traps if exhausted (a test bug).
package final class FixedRandom: RandomSource, @unchecked Sendable {
    private var remaining: [UInt8]
    private let lock = Lock()
    package init(_ bytes: [UInt8]) { remaining = bytes }
    package func bytes(_ count: Int) -> [UInt8] {
        lock.withLock {
            precondition(remaining.count >= count, "FixedRandom exhausted")
            let out = Array(remaining.prefix(count))
            remaining.removeFirst(count)
            return out
        }
    }
}
