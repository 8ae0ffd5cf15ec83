// Argon2's variable-length hash H' (RFC 9106 §3.3), built on BLAKE2b: it makes the first
// two blocks of each lane (1024 bytes) and the tag (16...64 bytes here, any length in general).

enum Argon2VariableHash {
    /// H'^T(X): `outputLength` (T) bytes from `message` (X).
    ///
    /// T ≤ 64: BLAKE2b-T(LE32(T) || X). Otherwise r = ceil(T/32) - 2,
    /// V1 = BLAKE2b-64(LE32(T) || X), V(i) = BLAKE2b-64(V(i-1)) for i = 2...r,
    /// V(r+1) = BLAKE2b-(T - 32r)(V(r)), and the output is the first 32 bytes of V1...V(r)
    /// followed by all of V(r+1).
    static func hash(outputLength: Int, _ message: UnsafeRawBufferPointer) -> [UInt8] {
        precondition(outputLength >= 1 && outputLength <= Int(UInt32.max), "H' output length")
        if outputLength <= BLAKE2b.maximumOutputLength {
            var b = BLAKE2b(outputLength: outputLength)
            b.update(le32: UInt32(outputLength))
            b.update(message)
            return b.finalize()
        }
        let r = (outputLength + 31) / 32 - 2
        var out = [UInt8]()
        out.reserveCapacity(outputLength)
        var b = BLAKE2b(outputLength: 64)
        b.update(le32: UInt32(outputLength))
        b.update(message)
        var v = b.finalize()
        out += v[0..<32]
        for _ in 1..<r {
            v = BLAKE2b.hash(outputLength: 64, v)
            out += v[0..<32]
        }
        out += BLAKE2b.hash(outputLength: outputLength - 32 * r, v)
        return out
    }

    /// H'^T(X) for an array X.
    static func hash(outputLength: Int, _ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { hash(outputLength: outputLength, $0) }
    }
}
