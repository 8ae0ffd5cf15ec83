/// Constant-time equality of two byte strings of public length.
/// Used for commitment comparison (specs/sealed-v1.md, reveal step 4).
package func constantTimeEqual(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    var diff: UInt8 = 0
    for (x, y) in zip(a, b) { diff |= x ^ y }
    return diff == 0
}
