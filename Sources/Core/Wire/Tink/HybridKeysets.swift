// Keysets usable for Tink hybrid encryption (ECIES P-256 template only).
// Normative: specs/tink-hybrid.md §"Keysets".

extension HybridPrivateKeyset {
    /// A one-key keyset from a scalar (harness `hybrid.keyset`), written Java-style.
    package static func make(privateKey: some Collection<UInt8>, keyID: UInt32, prefix: TinkOutputPrefixType = .tink)
        throws(CloserError) -> HybridPrivateKeyset
    {
        let key = EciesP256PrivateKey(scalar: try P256Scalar(privateKey))
        return try HybridPrivateKeyset(
            TinkKeyset(
                primaryKeyID: keyID,
                keys: [
                    .init(
                        keyData: .init(
                            typeURL: EciesP256PrivateKey.typeURL, value: key.serializedBytes,
                            keyMaterialType: .asymmetricPrivate),
                        status: .enabled, keyID: keyID, outputPrefixType: prefix)
                ]))
    }

    /// A new one-key keyset (Tink's ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM template).
    public static func generate(random: some RandomSource = SystemRandom()) throws(CloserError) -> HybridPrivateKeyset {
        var keyID: UInt32 = 0
        while keyID == 0 { keyID = random.uint32() }
        return try make(privateKey: P256Scalar.generate(random: random).d, keyID: keyID)
    }

    /// The public keyset: same ids, statuses and prefixes; public key data, Java-style.
    /// Keys that are not ENABLED are dropped (their material may not parse).
    public var publicKeyset: HybridPublicKeyset {
        let keys = entries.map { e in
            TinkKeyset.Key(
                keyData: .init(
                    typeURL: EciesP256PublicKey.typeURL, value: e.key.publicKey.serializedBytes,
                    keyMaterialType: .asymmetricPublic),
                status: .enabled, keyID: e.keyID, outputPrefixType: e.outputPrefixType)
        }
        // Valid by construction: the primary is among the entries.
        return try! HybridPublicKeyset(TinkKeyset(primaryKeyID: primary.keyID, keys: keys))
    }
}
