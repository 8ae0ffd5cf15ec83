// Tink's binary keyset (protobuf message google.crypto.tink.Keyset).
// Normative: specs/tink-keyset.md.
//
// `TinkKeyset` is the structural layer: it parses and writes the protobuf exactly,
// keeping every key as it is. Tink's validity rules (status, prefix, primary) are applied
// by `validated()`; key-type rules by `AEADKeyset` and `HybridPrivateKeyset`.

extension CloserError.Code {
    public static let keysetEmpty = Self("keyset.empty", .invalidKey)
    public static let keysetMissingKeyData = Self("keyset.missing_key_data", .invalidKey)
    public static let keysetInvalidStatus = Self("keyset.invalid_status", .invalidKey)
    public static let keysetInvalidOutputPrefix = Self("keyset.invalid_output_prefix", .invalidKey)
    public static let keysetNoEnabledKey = Self("keyset.no_enabled_key", .invalidKey)
    public static let keysetNoPrimary = Self("keyset.no_primary", .invalidKey)
    public static let keysetDuplicatePrimary = Self("keyset.duplicate_primary", .invalidKey)
    public static let keysetUnsupportedKeyType = Self("keyset.unsupported_key_type", .unsupported)
    public static let keysetInvalidKeyVersion = Self("keyset.invalid_key_version", .invalidKey)
    public static let keysetInvalidKeySize = Self("keyset.invalid_key_size", .invalidKey)
    public static let keysetTooLarge = Self("keyset.too_large", .invalidKey)
    public static let keysetTooManyKeys = Self("keyset.too_many_keys", .invalidKey)
}

/// A Tink key status (`KeyStatusType`). Unrecognized numbers are kept and rejected by validation.
package struct TinkKeyStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let unknown = Self(rawValue: 0)
    package static let enabled = Self(rawValue: 1)
    package static let disabled = Self(rawValue: 2)
    package static let destroyed = Self(rawValue: 3)
    package var description: String {
        ["UNKNOWN_STATUS", "ENABLED", "DISABLED", "DESTROYED"].indices.contains(Int(rawValue))
            ? ["UNKNOWN_STATUS", "ENABLED", "DISABLED", "DESTROYED"][Int(rawValue)] : "status(\(rawValue))"
    }
}

/// A Tink output prefix type (`OutputPrefixType`).
package struct TinkOutputPrefixType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let unknown = Self(rawValue: 0)
    package static let tink = Self(rawValue: 1)
    package static let legacy = Self(rawValue: 2)
    package static let raw = Self(rawValue: 3)
    package static let crunchy = Self(rawValue: 4)

    static let names = ["UNKNOWN_PREFIX", "TINK", "LEGACY", "RAW", "CRUNCHY", "WITH_ID_REQUIREMENT"]
    package var description: String {
        Self.names.indices.contains(Int(rawValue)) ? Self.names[Int(rawValue)] : "prefix(\(rawValue))"
    }

    /// Parses `TINK`, `RAW`, `LEGACY`, `CRUNCHY` (harness `prefix` field).
    package init?(name: String) {
        switch name {
        case "TINK": self = .tink
        case "RAW": self = .raw
        case "LEGACY": self = .legacy
        case "CRUNCHY": self = .crunchy
        default: return nil
        }
    }

    /// The ciphertext prefix for a key with this output type.
    package func prefix(keyID: UInt32) -> [UInt8] {
        guard let first = prefixByte else { return [] }
        return [first, UInt8(keyID >> 24), UInt8(keyID >> 16 & 0xff), UInt8(keyID >> 8 & 0xff), UInt8(keyID & 0xff)]
    }

    /// The first byte of a 5-byte output prefix; nil for RAW (and unknown) types.
    package var prefixByte: UInt8? {
        switch self {
        case .tink: 0x01
        case .legacy, .crunchy: 0x00
        default: nil
        }
    }
}

/// A Tink key material type (`KeyMaterialType`).
package struct TinkKeyMaterialType: RawRepresentable, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let unknown = Self(rawValue: 0)
    package static let symmetric = Self(rawValue: 1)
    package static let asymmetricPrivate = Self(rawValue: 2)
    package static let asymmetricPublic = Self(rawValue: 3)
    package static let remote = Self(rawValue: 4)
}

/// A Tink keyset in its binary (protobuf) form.
package struct TinkKeyset: Hashable, Sendable {
    /// `Keyset.Key.key_data`.
    package struct KeyData: Hashable, Sendable {
        package var typeURL: String
        /// The serialized key proto (e.g. `AesGcmKey`). Secret for private and symmetric keys.
        package var value: [UInt8]
        package var keyMaterialType: TinkKeyMaterialType

        package init(typeURL: String, value: [UInt8], keyMaterialType: TinkKeyMaterialType) {
            self.typeURL = typeURL
            self.value = value
            self.keyMaterialType = keyMaterialType
        }

        /// The type URLs of the key types CloserSpec reads, as stored strings: reading one of
        /// them builds no new string (the bytes are compared, then the stored string is used).
        static let knownTypeURLs: [(bytes: [UInt8], string: String)] =
            [EciesP256PublicKey.typeURL, EciesP256PrivateKey.typeURL, TinkAESGCMKey.typeURL].map {
                (Array($0.utf8), $0)
            }

        /// The stored string for the bytes of a known type URL, else nil.
        static func knownTypeURL(_ bytes: ArraySlice<UInt8>) -> String? {
            for known in knownTypeURLs where bytesEqual(bytes, known.bytes) { return known.string }
            return nil
        }
    }

    /// `Keyset.Key`.
    package struct Key: Hashable, Sendable {
        package var keyData: KeyData?
        package var status: TinkKeyStatus
        package var keyID: UInt32
        package var outputPrefixType: TinkOutputPrefixType

        package init(keyData: KeyData?, status: TinkKeyStatus, keyID: UInt32, outputPrefixType: TinkOutputPrefixType) {
            self.keyData = keyData
            self.status = status
            self.keyID = keyID
            self.outputPrefixType = outputPrefixType
        }

        /// The ciphertext prefix this key produces and matches.
        package var outputPrefix: [UInt8] { outputPrefixType.prefix(keyID: keyID) }
    }

    package var primaryKeyID: UInt32
    package var keys: [Key]

    package init(primaryKeyID: UInt32, keys: [Key]) {
        self.primaryKeyID = primaryKeyID
        self.keys = keys
    }

    /// Largest serialized keyset read, in bytes (1 MiB). A one-key AEAD keyset is 94 bytes, a
    /// one-key private hybrid keyset about 250 (specs/tink-keyset.md §"Resource bounds").
    package static let maximumSerializedLength = 1_048_576
    /// Most `Keyset.key` entries read (1,000). Every ENABLED key is parsed (a hybrid key costs a
    /// point check) and RAW keys are all tried on decryption, so the count bounds the work.
    package static let maximumKeyCount = 1000

    /// Parses the binary keyset structurally (protobuf only; see `validated()`). The size and
    /// key-count bounds are checked first, before any key is parsed.
    package init(serializedBytes bytes: some Collection<UInt8>) throws(CloserError) {
        guard bytes.count <= Self.maximumSerializedLength else {
            throw CloserError(
                .keysetTooLarge,
                "keyset is \(bytes.count) bytes; at most \(Self.maximumSerializedLength) are read")
        }
        // Two passes over the message, no field list: the first reads every field (so every
        // wire error of the outer message comes first) and counts the keys, the second parses them.
        let all = Array(bytes)[...]
        var keyCount = 0
        var reader = ProtoReader(all, message: "Keyset")
        while let f = try reader.next() {
            if f.number == 2 && f.wireType == 2 { keyCount += 1 }
        }
        guard keyCount <= Self.maximumKeyCount else {
            throw CloserError(
                .keysetTooManyKeys, "keyset has \(keyCount) keys; at most \(Self.maximumKeyCount) are read")
        }
        var primary: UInt32 = 0
        var keys: [Key] = []
        keys.reserveCapacity(keyCount)
        reader = ProtoReader(all, message: "Keyset")
        while let f = try reader.next() {
            switch f.number {
            case 1: if let v = f.uint32 { primary = v }
            case 2: if let b = f.bytes(in: all) { keys.append(try Self.parseKey(b)) }
            default: continue
            }
        }
        self.primaryKeyID = primary
        self.keys = keys
    }

    private static func parseKey(_ bytes: ArraySlice<UInt8>) throws(CloserError) -> Key {
        var keyDataBytes: ArraySlice<UInt8>? = nil
        var status: UInt32 = 0
        var keyID: UInt32 = 0
        var prefix: UInt32 = 0
        var reader = ProtoReader(bytes, message: "Keyset.Key")
        while let f = try reader.next() {
            switch f.number {
            // A repeated embedded message merges: parse the concatenation.
            case 1:
                guard let b = f.bytes(in: bytes) else { continue }
                if keyDataBytes == nil { keyDataBytes = b } else { keyDataBytes!.append(contentsOf: b) }
            case 2: if let v = f.uint32 { status = v }
            case 3: if let v = f.uint32 { keyID = v }
            case 4: if let v = f.uint32 { prefix = v }
            default: continue
            }
        }
        var keyData: KeyData? = nil
        if let kd = keyDataBytes {
            var typeURL = ""
            var firstNonUTF8TypeURL: ProtoField? = nil
            var value: ArraySlice<UInt8> = []
            var material: UInt32 = 0
            var reader = ProtoReader(kd, message: "KeyData")
            // The whole message is read before any field is interpreted (structure first);
            // every type_url occurrence must be UTF-8, not only the last one (which wins).
            while let f = try reader.next() {
                switch f.number {
                case 1:
                    guard let b = f.bytes(in: kd) else { continue }
                    if let s = KeyData.knownTypeURL(b) ?? String(validating: b, as: UTF8.self) {
                        typeURL = s
                    } else if firstNonUTF8TypeURL == nil {
                        firstNonUTF8TypeURL = f
                    }
                case 2: if let b = f.bytes(in: kd) { value = b }
                case 3: if let v = f.uint32 { material = v }
                default: continue
                }
            }
            if let field = firstNonUTF8TypeURL { throw field.notUTF8("KeyData") }
            keyData = KeyData(typeURL: typeURL, value: Array(value), keyMaterialType: .init(rawValue: material))
        }
        return Key(
            keyData: keyData, status: .init(rawValue: status), keyID: keyID,
            outputPrefixType: .init(rawValue: prefix))
    }

    /// The canonical binary form: fields in number order, defaults left out (as Tink writes).
    package var serializedBytes: [UInt8] {
        var w = ProtoWriter()
        w.varint(1, UInt64(primaryKeyID))
        for key in keys {
            var k = ProtoWriter()
            if let kd = key.keyData {
                var d = ProtoWriter()
                d.string(1, kd.typeURL)
                d.bytesField(2, kd.value)
                d.varint(3, UInt64(kd.keyMaterialType.rawValue))
                k.message(1, d.bytes)
            }
            k.varint(2, UInt64(key.status.rawValue))
            k.varint(3, UInt64(key.keyID))
            k.varint(4, UInt64(key.outputPrefixType.rawValue))
            w.message(2, k.bytes)
        }
        return w.bytes
    }

    /// The keys Tink would use: ENABLED, in keyset order.
    package var enabledKeys: [Key] { keys.filter { $0.status == .enabled } }

    /// Applies Tink's keyset validation (specs/tink-keyset.md §"Validation") and returns
    /// the primary key. `requirePrimary: false` is for decrypt-only use of public keysets.
    @discardableResult
    package func validated(requirePrimary: Bool = true) throws(CloserError) -> Key? {
        guard !keys.isEmpty else { throw CloserError(.keysetEmpty, "keyset has no keys") }
        guard keys.count <= Self.maximumKeyCount else {
            throw CloserError(
                .keysetTooManyKeys, "keyset has \(keys.count) keys; at most \(Self.maximumKeyCount) are read")
        }
        var primary: Key? = nil
        for key in keys {
            if key.status == .destroyed && key.keyData == nil { continue }
            guard key.keyData != nil else {
                throw CloserError(.keysetMissingKeyData, "key \(hexID(key.keyID)) has no key_data")
            }
            guard (1...3).contains(key.status.rawValue) else {
                throw CloserError(.keysetInvalidStatus, "key \(hexID(key.keyID)) has status \(key.status)")
            }
            guard (1...4).contains(key.outputPrefixType.rawValue) else {
                throw CloserError(
                    .keysetInvalidOutputPrefix, "key \(hexID(key.keyID)) has output prefix \(key.outputPrefixType)")
            }
            if key.status == .enabled && key.keyID == primaryKeyID {
                guard primary == nil else {
                    throw CloserError(
                        .keysetDuplicatePrimary, "two ENABLED keys have the primary key id \(hexID(primaryKeyID))")
                }
                primary = key
            }
        }
        guard keys.contains(where: { $0.status == .enabled }) else {
            throw CloserError(.keysetNoEnabledKey, "keyset has no ENABLED key")
        }
        if requirePrimary && primary == nil {
            throw CloserError(.keysetNoPrimary, "primary key id \(hexID(primaryKeyID)) matches no ENABLED key")
        }
        return primary
    }
}

/// `0x12345678` formatting for key ids in messages (key ids are not secret).
package func hexID(_ id: UInt32) -> String {
    let h = String(id, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - h.count) + h
}
