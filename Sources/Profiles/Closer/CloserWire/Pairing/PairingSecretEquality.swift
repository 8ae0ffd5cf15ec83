// Equality of Closer's pairing secrets compares in constant time, and hashing never mixes
// secret bytes into a hash value (specs/threat-model.md); the core's keys do the same
// (CoreWire's SecretEquality.swift).

import CoreWire

extension RecoveryPhrase {
    public static func == (a: Self, b: Self) -> Bool { constantTimeEqual(a.entropy, b.entropy) }
    public func hash(into h: inout Hasher) { h.combine(entropy.count) }
}

extension InviteCode {
    public static func == (a: Self, b: Self) -> Bool { constantTimeEqual(Array(a.string.utf8), Array(b.string.utf8)) }
    public func hash(into h: inout Hasher) { h.combine(string.utf8.count) }
}
