// Keysets usable for Tink hybrid encryption (ECIES P-256 template only).
// Normative: specs/tink-hybrid.md §"Keysets".

/// A validated private hybrid keyset.
public struct HybridPrivateKeyset: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let keyID: UInt32
        public let outputPrefixType: TinkOutputPrefixType
        public let key: EciesP256PrivateKey
        public var outputPrefix: [UInt8] { outputPrefixType.prefix(keyID: keyID) }
    }

    public let keyset: TinkKeyset
    public let primary: Entry
    public let entries: [Entry]
    /// The exact bytes this keyset was read from, or its canonical form when built here.
    public private(set) var serializedBytes: [UInt8]

    public init(_ keyset: TinkKeyset) throws(CloserError) {
        guard let primaryKey = try keyset.validated(requirePrimary: true) else {
            throw CloserError(.keysetNoPrimary, "keyset has no primary key")
        }
        var entries: [Entry] = []
        var primary: Entry? = nil
        for key in keyset.enabledKeys {
            guard let kd = key.keyData else { continue }
            guard kd.typeURL == EciesP256PrivateKey.typeURL else {
                throw CloserError(
                    .keysetUnsupportedKeyType,
                    "key \(hexID(key.keyID)) has type \(kd.typeURL); a private EciesAeadHkdfPrivateKey is required")
            }
            let entry = Entry(
                keyID: key.keyID, outputPrefixType: key.outputPrefixType,
                key: try EciesP256PrivateKey(serializedBytes: kd.value))
            entries.append(entry)
            if key == primaryKey { primary = entry }
        }
        self.keyset = keyset
        self.primary = primary!
        self.entries = entries
        self.serializedBytes = keyset.serializedBytes
    }

    /// Parses and validates a binary keyset, keeping its bytes as given.
    public init(serializedBytes bytes: some Collection<UInt8>) throws(CloserError) {
        let encoded = Array(bytes)
        try self.init(TinkKeyset(serializedBytes: encoded))
        self.serializedBytes = encoded
    }

    /// A one-key keyset from a scalar (harness `hybrid.keyset`), written Java-style.
    public static func make(privateKey: some Collection<UInt8>, keyID: UInt32, prefix: TinkOutputPrefixType = .tink)
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
        return try! HybridPublicKeyset(TinkKeyset(primaryKeyID: keyset.primaryKeyID, keys: keys))
    }

}

/// A validated public hybrid keyset.
public struct HybridPublicKeyset: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let keyID: UInt32
        public let outputPrefixType: TinkOutputPrefixType
        public let key: EciesP256PublicKey
        public var outputPrefix: [UInt8] { outputPrefixType.prefix(keyID: keyID) }
    }

    public let keyset: TinkKeyset
    public let primary: Entry
    public let entries: [Entry]
    /// The exact bytes this keyset was read from, or its canonical form when built here.
    public private(set) var serializedBytes: [UInt8]

    public init(_ keyset: TinkKeyset) throws(CloserError) {
        guard let primaryKey = try keyset.validated(requirePrimary: true) else {
            throw CloserError(.keysetNoPrimary, "keyset has no primary key")
        }
        var entries: [Entry] = []
        var primary: Entry? = nil
        for key in keyset.enabledKeys {
            guard let kd = key.keyData else { continue }
            guard kd.typeURL == EciesP256PublicKey.typeURL else {
                throw CloserError(
                    .keysetUnsupportedKeyType,
                    "key \(hexID(key.keyID)) has type \(kd.typeURL); a public EciesAeadHkdfPublicKey is required")
            }
            let entry = Entry(
                keyID: key.keyID, outputPrefixType: key.outputPrefixType,
                key: try EciesP256PublicKey(serializedBytes: kd.value))
            entries.append(entry)
            if key == primaryKey { primary = entry }
        }
        self.keyset = keyset
        self.primary = primary!
        self.entries = entries
        self.serializedBytes = keyset.serializedBytes
    }

    /// Parses and validates a binary keyset, keeping its bytes as given.
    public init(serializedBytes bytes: some Collection<UInt8>) throws(CloserError) {
        let encoded = Array(bytes)
        try self.init(TinkKeyset(serializedBytes: encoded))
        self.serializedBytes = encoded
    }

}
