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
    package var primary: Entry { entries[primaryPosition] }
    /// Every ENABLED key, in keyset order (decryption candidates).
    package let entries: KeysetEntries<Key>
    /// Where the primary is in `entries` (each key is held once).
    private let primaryPosition: Int
    /// The exact bytes this keyset was read from, or its canonical form when it was built
    /// here. Carried verbatim where Tink carries bytes (keybox plaintext, specs/keybox-v1.md).
    public var serializedBytes: [UInt8] { writtenCoordinateLength == 0 ? storedBytes : writtenBytes() }
    /// The bytes as read or written; empty when `writtenCoordinateLength` is not 0.
    private let storedBytes: [UInt8]
    /// 32 or 33 when this keyset was read in the written one-key layout with coordinates of
    /// that length: its bytes are then exactly the layout's, rebuilt when asked instead of
    /// kept (reading a public key allocates nothing but the key). 0 otherwise.
    private let writtenCoordinateLength: UInt8

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

    /// A one-key keyset read in the written one-key layout with `coordinateLength`-byte
    /// coordinates (`WrittenPublicKeysetLayout`), which rebuilds its bytes.
    init(written entry: consuming Entry, coordinateLength: Int) {
        self.entries = KeysetEntries(only: entry)
        self.primaryPosition = 0
        self.storedBytes = []
        self.writtenCoordinateLength = UInt8(coordinateLength)
    }

    /// The written layout's bytes for this keyset's only key (see `init(written:)`).
    private func writtenBytes() -> [UInt8] {
        // Only public ECIES keysets are read in the written layout.
        let point = (primary.key as! EciesP256PublicKey).point
        let c = Int(writtenCoordinateLength)
        return WrittenPublicKeysetLayout.canonical(
            id: primary.keyID, x: c == 33 ? P256Point.javaStyle(point.x) : point.x,
            y: c == 33 ? P256Point.javaStyle(point.y) : point.y)
    }

    private init(_ keyset: TinkKeyset, encoded: [UInt8]) throws(CloserError) {
        guard try keyset.validated(requirePrimary: true) != nil else {
            throw CloserError(.keysetNoPrimary, "keyset has no primary key")
        }
        var entries: [Entry] = []
        var primary: Int? = nil
        // DISABLED and DESTROYED keys are never used, so their material is never parsed.
        for key in keyset.keys where key.status == .enabled {
            guard let kd = key.keyData else { continue }
            guard kd.typeURL == Key.typeURL else {
                throw CloserError(
                    .keysetUnsupportedKeyType,
                    "key \(hexID(key.keyID)) has another key type; \(Key.typeName) is required")
            }
            // validated(): exactly one ENABLED key has the primary id.
            if key.keyID == keyset.primaryKeyID { primary = entries.count }
            entries.append(
                Entry(
                    keyID: key.keyID, outputPrefixType: key.outputPrefixType,
                    key: try Key(serializedBytes: kd.value)))
        }
        // validated() found an ENABLED key with the primary id, and every ENABLED key is parsed.
        self.primaryPosition = primary!
        self.entries = KeysetEntries(entries)!
        self.storedBytes = encoded
        self.writtenCoordinateLength = 0
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
