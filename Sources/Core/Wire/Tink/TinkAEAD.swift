// Tink AEAD over a validated keyset: the output prefix, encryption under the primary key and
// Tink's key selection on decryption. Normative: specs/tink-aead.md.

import Foundation

package enum TinkAEAD: Sendable {
    /// Encrypts with the primary key: `prefix || IV || ct || tag`.
    package static func encrypt(
        _ keyset: AEADKeyset, plaintext: some Collection<UInt8>, aad: some Collection<UInt8>,
        random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> [UInt8] {
        try encrypt(keyset, plaintext: plaintext, aad: aad, iv: random.bytes(AESGCM.ivLength))
    }

    /// Encrypts with an injected IV (byte-exact output for vectors).
    package static func encrypt(
        _ keyset: AEADKeyset, plaintext: some Collection<UInt8>, aad: some Collection<UInt8>, iv: [UInt8]
    ) throws(CloserError) -> [UInt8] {
        let parts = try encryptParts(keyset, plaintext: plaintext, aad: aad, iv: iv)
        return parts.prefix + parts.combined
    }

    /// The two parts of a ciphertext as they are made: the output prefix and swift-crypto's
    /// `IV || ct || tag`. Writers encode them into the wire string without joining them first.
    package static func encryptParts(
        _ keyset: AEADKeyset, plaintext: some Collection<UInt8>, aad: some Collection<UInt8>, iv: [UInt8]
    ) throws(CloserError) -> (prefix: [UInt8], combined: Data) {
        let primary = keyset.primary
        return (
            primary.outputPrefix,
            try AESGCM.sealCombined(key: primary.key.symmetricKey, iv: iv, plaintext: plaintext, aad: aad)
        )
    }

    /// Decrypts exactly as Tink selects keys: first every ENABLED key whose 5-byte prefix
    /// matches, on the rest of the ciphertext; then every ENABLED RAW key on all of it.
    package static func decrypt(
        _ keyset: AEADKeyset, ciphertext: some Collection<UInt8>, aad: some Collection<UInt8>
    ) throws(CloserError) -> [UInt8] {
        Array(try decryptData(keyset, ciphertext: ciphertext, aad: aad))
    }

    /// `decrypt`, returning the plaintext as swift-crypto made it (no copy into an array).
    package static func decryptData(
        _ keyset: AEADKeyset, ciphertext: some Collection<UInt8>, aad: some Collection<UInt8>
    ) throws(CloserError) -> Data {
        let ct = Array(ciphertext)
        let aadBytes = Array(aad)
        var tried = 0
        if ct.count > 5 {
            // The 5-byte prefix compared field by field (no prefix array per key).
            let headID = UInt32(ct[1]) << 24 | UInt32(ct[2]) << 16 | UInt32(ct[3]) << 8 | UInt32(ct[4])
            for entry in keyset.entries
            where entry.keyID == headID && entry.outputPrefixType.prefixByte == ct[0] {
                tried += 1
                if let pt = try? AESGCM.openData(key: entry.key.symmetricKey, sealed: ct[5...], aad: aadBytes) {
                    return pt
                }
            }
        }
        for entry in keyset.entries where entry.outputPrefixType == .raw {
            tried += 1
            if let pt = try? AESGCM.openData(key: entry.key.symmetricKey, sealed: ct, aad: aadBytes) { return pt }
        }
        throw CloserError(.aeadDecryptionFailed, decryptFailureReason(keyset, ct, tried: tried))
    }

    static func decryptFailureReason(_ keyset: AEADKeyset, _ ct: [UInt8], tried: Int) -> String {
        if tried == 0 {
            if ct.count >= 5, ct[0] == 0x01 || ct[0] == 0x00 {
                let id = ct[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                return "decryption failed: Tink prefix key id \(hexID(id)) matches no key in the keyset"
            }
            return "decryption failed: no key in the keyset matches the ciphertext prefix"
        }
        return "decryption failed: \(tried) candidate key(s) did not authenticate the ciphertext"
    }
}
