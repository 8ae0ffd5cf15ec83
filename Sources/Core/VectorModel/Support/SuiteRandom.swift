// Deterministic material for a suite: every key, IV, scalar and salt comes from the suite's
// DRBG (specs/vectors.md §"Determinism"), in the order the suite asks for it.

import CoreWire

/// Draws from a suite's DRBG.
package struct SuiteRandom {
    package let source: SeededRandom

    package init(suite: String) { source = WireSuite.random(suite) }

    package func bytes(_ n: Int) -> [UInt8] { source.bytes(n) }
    package func iv() -> [UInt8] { source.bytes(AESGCM.ivLength) }
    package func keyID() -> UInt32 {
        var id: UInt32 = 0
        while id == 0 { id = source.uint32() }
        return id
    }

    /// A one-key TINK AES-GCM keyset of `size` bytes with a fresh id, or the given id.
    package func aeadKeyset(size: Int = 32, keyID: UInt32? = nil, prefix: TinkOutputPrefixType = .tink)
        throws(CloserError) -> AEADKeyset
    {
        try AEADKeyset.make(key: bytes(size), keyID: keyID ?? self.keyID(), prefix: prefix)
    }

    /// A valid P-256 scalar.
    package func scalar() -> P256Scalar { P256Scalar.generate(random: source) }
}
