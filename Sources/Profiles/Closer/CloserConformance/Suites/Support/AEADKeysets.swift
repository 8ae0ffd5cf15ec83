// Multi-key AES-GCM keysets for suites: rotated keysets, DISABLED and RAW keys.
// Normative: specs/tink-keyset.md, specs/tink-aead.md §"Key selection".

import CloserVectorModel
import CloserWire

/// One key of a hand-built AES-GCM keyset.
package struct AEADKeySpec {
    package let key: [UInt8]
    package let keyID: UInt32
    package var status: TinkKeyStatus = .enabled
    package var prefix: TinkOutputPrefixType = .tink

    package init(key: [UInt8], keyID: UInt32, status: TinkKeyStatus = .enabled, prefix: TinkOutputPrefixType = .tink) {
        self.key = key
        self.keyID = keyID
        self.status = status
        self.prefix = prefix
    }

    package var keyset: TinkKeyset.Key {
        TinkKeyset.Key(
            keyData: .init(
                typeURL: TinkAESGCMKey.typeURL, value: (try? TinkAESGCMKey(keyValue: key))?.serializedBytes ?? [],
                keyMaterialType: .symmetric),
            status: status, keyID: keyID, outputPrefixType: prefix)
    }
}

package enum AEADKeysets {
    /// The serialized keyset of `keys` with `primary` (not validated: hostile keysets too).
    package static func bytes(primary: UInt32, _ keys: [AEADKeySpec]) -> [UInt8] {
        TinkKeyset(primaryKeyID: primary, keys: keys.map(\.keyset)).serializedBytes
    }

    /// The validated keyset of `keys` with `primary`.
    package static func keyset(primary: UInt32, _ keys: [AEADKeySpec]) throws(CloserError) -> AEADKeyset {
        try AEADKeyset(serializedBytes: bytes(primary: primary, keys))
    }
}
