// Equality of two byte strings, eight bytes at a time. For public data only (a canonical check,
// not a secret: secrets use `constantTimeEqual`, specs/threat-model.md).

/// Whether `a` and `b` hold the same bytes; returns at the first difference.
package func bytesEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in bytesEqual(x, y) } }
}

/// Whether the slice `a` holds the same bytes as `b`; returns at the first difference.
package func bytesEqual(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in bytesEqual(x, y) } }
}

/// Whether two buffers hold the same bytes; returns at the first difference.
package func bytesEqual(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
    guard x.count == y.count else { return false }
    var i = 0
    while i + 8 <= x.count {
        if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
            return false
        }
        i += 8
    }
    while i < x.count {
        if x[i] != y[i] { return false }
        i += 1
    }
    return true
}
