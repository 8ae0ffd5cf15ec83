// One usable key of a validated keyset. Normative: specs/tink-keyset.md §"Validation".

/// An ENABLED key of a keyset with its parsed key material.
package struct TinkKeysetEntry<Key: Hashable & Sendable>: Hashable, Sendable {
    package let keyID: UInt32
    package let outputPrefixType: TinkOutputPrefixType
    package let key: Key
    /// The ciphertext prefix this key produces and matches.
    package var outputPrefix: [UInt8] { outputPrefixType.prefix(keyID: keyID) }
}
