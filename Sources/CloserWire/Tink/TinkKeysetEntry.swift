// One usable key of a validated keyset. Normative: specs/tink-keyset.md §"Validation".

/// An ENABLED key of a keyset with its parsed key material.
public struct TinkKeysetEntry<Key: Hashable & Sendable>: Hashable, Sendable {
    public let keyID: UInt32
    public let outputPrefixType: TinkOutputPrefixType
    public let key: Key
    /// The ciphertext prefix this key produces and matches.
    public var outputPrefix: [UInt8] { outputPrefixType.prefix(keyID: keyID) }
}
