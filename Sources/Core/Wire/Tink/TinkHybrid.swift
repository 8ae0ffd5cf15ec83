// Tink hybrid encryption, ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM.
// Normative: specs/tink-hybrid.md.
//
// ciphertext = prefix(5) || kem(65: 04||X||Y of the ephemeral key) || IV(12) || ct || tag(16)
// DEM key    = HKDF-SHA256(ikm = kem || x(ECDH), salt = empty, info = contextInfo, L = 16)

extension CloserError.Code {
    public static let hybridDecryptionFailed = Self("hybrid.decryption_failed", .authenticationFailure)
}

/// Every intermediate of one hybrid encryption (for vectors and `inspect`).
package struct HybridEncryptionTrace: Hashable, Sendable {
    package let outputPrefix: [UInt8]
    package let kem: [UInt8]
    package let sharedSecret: [UInt8]
    package let demKey: [UInt8]
    package let iv: [UInt8]
    package let ciphertext: [UInt8]
}

/// Tink's hybrid encrypt/decrypt over validated keysets.
package enum TinkHybrid: Sendable {
    package static let kemLength = 65
    package static let demKeyLength = 16

    /// The HKDF step shared by both directions.
    package static func demKey(kem: [UInt8], sharedSecret: [UInt8], contextInfo: some Collection<UInt8>) -> [UInt8] {
        // 16 is always within HKDF's bounds.
        try! HKDFSHA256.derive(ikm: kem + sharedSecret, salt: [UInt8](), info: contextInfo, length: demKeyLength)
    }

    /// Encrypts to the primary key of `recipient` with fresh randomness.
    package static func encrypt(
        _ recipient: HybridPublicKeyset, plaintext: some Collection<UInt8>, contextInfo: some Collection<UInt8>,
        random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> [UInt8] {
        try encryptWithTrace(
            recipient, plaintext: plaintext, contextInfo: contextInfo,
            ephemeral: P256Scalar.generate(random: random), iv: random.bytes(AESGCM.ivLength)
        ).ciphertext
    }

    /// Encrypts with an injected ephemeral key and IV; returns every intermediate.
    package static func encryptWithTrace(
        _ recipient: HybridPublicKeyset, plaintext: some Collection<UInt8>, contextInfo: some Collection<UInt8>,
        ephemeral: P256Scalar, iv: [UInt8]
    ) throws(CloserError) -> HybridEncryptionTrace {
        let kem = ephemeral.publicPoint.uncompressed
        let shared = try ephemeral.sharedSecret(with: recipient.primary.key.point)
        let dem = demKey(kem: kem, sharedSecret: shared, contextInfo: contextInfo)
        let sealed = try AESGCM.seal(key: dem, iv: iv, plaintext: plaintext, aad: [UInt8]())
        let prefix = recipient.primary.outputPrefix
        return HybridEncryptionTrace(
            outputPrefix: prefix, kem: kem, sharedSecret: shared, demKey: dem, iv: iv,
            ciphertext: prefix + kem + sealed)
    }

    /// Decrypts with Tink's key selection (prefix-matching ENABLED keys, then RAW keys).
    /// Every failure is `hybrid.decryption_failed`; the reason says which layer failed.
    package static func decrypt(
        _ keyset: HybridPrivateKeyset, ciphertext: some Collection<UInt8>, contextInfo: some Collection<UInt8>
    ) throws(CloserError) -> [UInt8] {
        let ct = Array(ciphertext)
        let info = Array(contextInfo)
        var lastReason = "no key in the keyset matches the ciphertext prefix"
        var candidates: [(HybridPrivateKeyset.Entry, ArraySlice<UInt8>)] = []
        if ct.count > 5 {
            let head = Array(ct[0..<5])
            for e in keyset.entries where e.outputPrefixType != .raw && e.outputPrefix == head {
                candidates.append((e, ct[5...]))
            }
            if candidates.isEmpty, ct[0] == 0x01 || ct[0] == 0x00 {
                let id = ct[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                lastReason = "Tink prefix key id \(hexID(id)) matches no key in the keyset"
            }
        }
        for e in keyset.entries where e.outputPrefixType == .raw { candidates.append((e, ct[...])) }
        for (entry, body) in candidates {
            do {
                return try open(entry.key.scalar, body: body, contextInfo: info)
            } catch {
                lastReason = error.reason
            }
        }
        throw CloserError(.hybridDecryptionFailed, "decryption failed: \(lastReason)")
    }

    /// Opens `kem || IV || ct || tag` with one private scalar.
    static func open(_ scalar: P256Scalar, body: ArraySlice<UInt8>, contextInfo: [UInt8]) throws(CloserError) -> [UInt8]
    {
        guard body.count >= kemLength + AESGCM.ivLength + AESGCM.tagLength else {
            throw CloserError(.hybridDecryptionFailed, "ciphertext is too short for KEM, IV and tag")
        }
        let kemBytes = Array(body.prefix(kemLength))
        let point: P256Point
        do { point = try P256Point(uncompressed: kemBytes) } catch {
            throw CloserError(.hybridDecryptionFailed, "KEM point is invalid: \(error.reason)")
        }
        let shared = try scalar.sharedSecret(with: point)
        let dem = demKey(kem: kemBytes, sharedSecret: shared, contextInfo: contextInfo)
        do {
            return try AESGCM.open(key: dem, sealed: body.dropFirst(kemLength), aad: [UInt8]())
        } catch {
            throw CloserError(.hybridDecryptionFailed, "DEM tag did not verify (wrong key, context info or tampering)")
        }
    }
}
