// HKDF-SHA256 (RFC 5869) as used by Tink's ECIES KEM. Normative: specs/tink-hybrid.md §"KEM".

import Crypto

extension CloserError.Code {
    public static let hkdfInvalidLength = Self("hkdf.invalid_length", .invalidParameters)
}

/// HKDF-SHA256 with a bounds check instead of a trap.
package enum HKDFSHA256: Sendable {
    /// RFC 5869's limit: 255 · HashLen.
    package static let maximumOutputLength = 255 * 32

    /// Derives `length` bytes. An empty salt means RFC 5869's default (HashLen zero bytes).
    package static func derive(
        ikm: some Collection<UInt8>, salt: some Collection<UInt8>, info: some Collection<UInt8>, length: Int
    ) throws(CloserError) -> [UInt8] {
        guard length >= 0 && length <= maximumOutputLength else {
            throw CloserError(
                .hkdfInvalidLength, "HKDF-SHA256 output length \(length) is outside 0...\(maximumOutputLength)")
        }
        guard length > 0 else { return [] }
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Array(ikm)), salt: Array(salt), info: Array(info),
            outputByteCount: length)
        return key.withUnsafeBytes { Array($0) }
    }
}
