// Equality of values that hold secrets compares in constant time, and hashing never mixes
// secret bytes into a hash value (specs/threat-model.md). Compiler-generated `==` on `[UInt8]`
// stops at the first differing byte.

extension TinkAESGCMKey {
    public static func == (a: Self, b: Self) -> Bool { constantTimeEqual(a.keyValue, b.keyValue) }
    public func hash(into h: inout Hasher) { h.combine(keyValue.count) }
}

extension EciesP256PrivateKey {
    // P256Scalar compares in constant time; the public point is not secret.
    public func hash(into h: inout Hasher) { h.combine(scalar.publicPoint) }
}

extension PrimitiveKeyset {
    /// Two keysets are equal when their serialized bytes are (compared in constant time).
    public static func == (a: Self, b: Self) -> Bool { constantTimeEqual(a.serializedBytes, b.serializedBytes) }
    public func hash(into h: inout Hasher) {
        h.combine(serializedBytes.count)
        h.combine(primary.keyID)
    }
}
