// One usable key of a validated keyset, and the walk every primitive's keyset shares.
// Normative: specs/tink-keyset.md §"Validation".

/// An ENABLED key of a keyset with its parsed key material.
public struct TinkKeysetEntry<Key: Hashable & Sendable>: Hashable, Sendable {
    public let keyID: UInt32
    public let outputPrefixType: TinkOutputPrefixType
    public let key: Key
    /// The ciphertext prefix this key produces and matches.
    public var outputPrefix: [UInt8] { outputPrefixType.prefix(keyID: keyID) }
}

extension TinkKeyset {
    /// Tink's keyset validation, then every ENABLED key parsed as the one key type a primitive
    /// takes (another type is `keyset.unsupported_key_type`). Returns the ENABLED keys in keyset
    /// order and the primary among them. DISABLED and DESTROYED keys are never parsed.
    func enabledEntries<Key>(
        typeURL: String, typeName: String, parse: ([UInt8]) throws(CloserError) -> Key
    ) throws(CloserError) -> (primary: TinkKeysetEntry<Key>, entries: [TinkKeysetEntry<Key>]) {
        guard let primaryKey = try validated(requirePrimary: true) else {
            throw CloserError(.keysetNoPrimary, "keyset has no primary key")
        }
        var entries: [TinkKeysetEntry<Key>] = []
        var primary: TinkKeysetEntry<Key>? = nil
        for key in enabledKeys {
            guard let kd = key.keyData else { continue }
            guard kd.typeURL == typeURL else {
                throw CloserError(
                    .keysetUnsupportedKeyType,
                    "key \(hexID(key.keyID)) has type \(kd.typeURL); \(typeName) is required")
            }
            let entry = TinkKeysetEntry(
                keyID: key.keyID, outputPrefixType: key.outputPrefixType, key: try parse(kd.value))
            entries.append(entry)
            if key == primaryKey { primary = entry }
        }
        // validated() found an ENABLED key with the primary id, and every ENABLED key is parsed.
        return (primary!, entries)
    }
}
