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
    private let seed: [UInt8]
    private var counter: UInt64 = 0
    private var buffer: [UInt8] = []
    private let lock = Lock()

    package init(seed: some StringProtocol) { self.seed = Array(seed.utf8) }
    package init(seed: [UInt8]) { self.seed = seed }

    package func bytes(_ count: Int) -> [UInt8] {
        lock.withLock {
            while buffer.count < count {
                var block = seed
                withUnsafeBytes(of: counter.bigEndian) { block += $0 }
                buffer += SHA256.hash(data: block)
                counter += 1
            }
            let out = Array(buffer.prefix(count))
            buffer.removeFirst(count)
            return out
        }
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
