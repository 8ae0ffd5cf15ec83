// A keyset usable as a Tink AEAD (AES-GCM keys only). Normative: specs/tink-aead.md.

extension CloserError.Code {
    public static let aeadDecryptionFailed = Self("aead.decryption_failed", .authenticationFailure)
}

extension AEADKeyset {
    /// A new one-key AES-GCM keyset (Tink's AES256_GCM / AES128_GCM templates).
    public static func generate(keySize: Int = 32, random: some RandomSource = SystemRandom()) throws(CloserError)
        -> AEADKeyset
    {
        try generate(keySize: keySize, prefix: .tink, random: random)
    }

    /// A new one-key keyset with another output prefix (RAW, LEGACY, CRUNCHY: tests and the harness).
    package static func generate(
        keySize: Int = 32, prefix: TinkOutputPrefixType, random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> AEADKeyset {
        var keyID: UInt32 = 0
        while keyID == 0 { keyID = random.uint32() }
        let key = random.bytes(keySize)
        return try make(key: key, keyID: keyID, prefix: prefix)
    }

    /// A one-key keyset from given material (harness `aead.keyset`).
    package static func make(key: [UInt8], keyID: UInt32, prefix: TinkOutputPrefixType = .tink) throws(CloserError)
        -> AEADKeyset
    {
        let aes = try TinkAESGCMKey(keyValue: key)
        let ks = TinkKeyset(
            primaryKeyID: keyID,
            keys: [
                .init(
                    keyData: .init(
                        typeURL: TinkAESGCMKey.typeURL, value: aes.serializedBytes, keyMaterialType: .symmetric),
                    status: .enabled, keyID: keyID, outputPrefixType: prefix)
            ])
        return try AEADKeyset(ks)
    }

}

/// Tink's AEAD wrapper over an `AEADKeyset`. Normative: specs/tink-aead.md.
