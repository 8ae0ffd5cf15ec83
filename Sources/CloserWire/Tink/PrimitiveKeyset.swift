// A keyset validated for one primitive: Tink's keyset rules, then every ENABLED key parsed
// as the one key type the primitive takes. Normative: specs/tink-keyset.md §"Validation".

/// A key proto a primitive's keyset holds (AesGcmKey, EciesAeadHkdfPrivateKey, …).
public protocol TinkPrimitiveKey: Hashable, Sendable {
    /// `KeyData.type_url` of this key type.
    static var typeURL: String { get }
    /// How error messages name the type.
    static var typeName: String { get }
    /// Parses and validates the serialized key proto (`KeyData.value`).
    init(serializedBytes: some Collection<UInt8>) throws(CloserError)
}

/// A validated Tink keyset whose ENABLED keys are all of type `Key`.
///
/// `AEADKeyset`, `HybridPrivateKeyset` and `HybridPublicKeyset` are this type for AES-GCM,
/// private ECIES and public ECIES keys.
public struct PrimitiveKeyset<Key: TinkPrimitiveKey>: Hashable, Sendable {
    /// One usable key: its Tink entry and its parsed key.
    package typealias Entry = TinkKeysetEntry<Key>

    /// The primary key (encryption).
    package let primary: Entry
    /// Every ENABLED key, in keyset order (decryption candidates).
    package let entries: KeysetEntries<Key>
    /// The exact bytes this keyset was read from, or its canonical form when it was built
    /// here. Carried verbatim where Tink carries bytes (keybox plaintext, specs/keybox-v1.md).
    public let serializedBytes: [UInt8]

    /// The underlying keyset, read again from `serializedBytes` when asked (every key as it is,
    /// including those a primitive never uses). Nothing on an encryption path reads it.
    package var keyset: TinkKeyset {
        // Valid by construction: these bytes were parsed, or written from a parsed keyset.
        try! TinkKeyset(serializedBytes: serializedBytes)
    }

    /// Validates a keyset as Tink's primitive wrapper would.
    package init(_ keyset: TinkKeyset) throws(CloserError) {
        try self.init(keyset, encoded: keyset.serializedBytes)
    }

    /// Parses and validates a binary keyset, keeping its bytes as given.
    public init(serializedBytes bytes: some Collection<UInt8>) throws(CloserError) {
        let encoded = Array(bytes)
        try self.init(TinkKeyset(serializedBytes: encoded), encoded: encoded)
    }

    /// A one-key keyset whose bytes a layout reader has already matched entry for entry.
    init(only entry: Entry, serializedBytes: [UInt8]) {
        self.primary = entry
        self.entries = KeysetEntries(only: entry)
        self.serializedBytes = serializedBytes
    }

    private init(_ keyset: TinkKeyset, encoded: [UInt8]) throws(CloserError) {
        guard try keyset.validated(requirePrimary: true) != nil else {
            throw CloserError(.keysetNoPrimary, "keyset has no primary key")
        }
        var entries: [Entry] = []
        var primary: Entry? = nil
        // DISABLED and DESTROYED keys are never used, so their material is never parsed.
        for key in keyset.keys where key.status == .enabled {
            guard let kd = key.keyData else { continue }
            guard kd.typeURL == Key.typeURL else {
                throw CloserError(
                    .keysetUnsupportedKeyType,
                    "key \(hexID(key.keyID)) has another key type; \(Key.typeName) is required")
            }
            let entry = Entry(
                keyID: key.keyID, outputPrefixType: key.outputPrefixType, key: try Key(serializedBytes: kd.value))
            entries.append(entry)
            // validated(): exactly one ENABLED key has the primary id.
            if key.keyID == keyset.primaryKeyID { primary = entry }
        }
        // validated() found an ENABLED key with the primary id, and every ENABLED key is parsed.
        self.primary = primary!
        self.entries = KeysetEntries(entries)!
        self.serializedBytes = encoded
    }
}

/// A keyset usable as a Tink AEAD (AES-GCM keys). specs/tink-aead.md.
public typealias AEADKeyset = PrimitiveKeyset<TinkAESGCMKey>
/// A private keyset for Tink hybrid decryption (ECIES P-256). specs/tink-hybrid.md.
public typealias HybridPrivateKeyset = PrimitiveKeyset<EciesP256PrivateKey>
/// A public keyset for Tink hybrid encryption (ECIES P-256). specs/tink-hybrid.md.
public typealias HybridPublicKeyset = PrimitiveKeyset<EciesP256PublicKey>

extension TinkAESGCMKey: TinkPrimitiveKey {
    public static var typeName: String { "AesGcmKey" }
}

extension EciesP256PrivateKey: TinkPrimitiveKey {
    public static var typeName: String { "a private EciesAeadHkdfPrivateKey" }
}

extension EciesP256PublicKey: TinkPrimitiveKey {
    public static var typeName: String { "a public EciesAeadHkdfPublicKey" }
}
