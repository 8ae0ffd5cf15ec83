// Random AES-GCM keysets for the generators: one to three keys, 16- or 32-byte, key ids of every
// varint length, mostly TINK (sometimes RAW, sometimes a DISABLED non-primary key). Written by
// CloserWire's keyset writer, so they are valid unless a mutator breaks them.

import CloserWire

extension ExploreRandom {
    /// A keyset's bytes, and the primary key's id.
    package func aeadKeyset(prefix: TinkOutputPrefixType? = nil) -> (bytes: [UInt8], primary: UInt32) {
        let count = pick([1, 1, 1, 2, 3])
        var keys: [TinkKeyset.Key] = []
        var ids: Set<UInt32> = []
        for n in 0..<count {
            var id = keyID()
            while ids.contains(id) { id = keyID() }
            ids.insert(id)
            let value = (try? TinkAESGCMKey(keyValue: bytes(pick([16, 32]))))?.serializedBytes ?? []
            keys.append(
                TinkKeyset.Key(
                    keyData: .init(typeURL: TinkAESGCMKey.typeURL, value: value, keyMaterialType: .symmetric),
                    status: n > 0 && chance(20) ? .disabled : .enabled, keyID: id,
                    outputPrefixType: prefix ?? (chance(90) ? .tink : .raw)))
        }
        let enabled = keys.filter { $0.status == .enabled }
        let primary = enabled[below(enabled.count)].keyID
        return (TinkKeyset(primaryKeyID: primary, keys: keys).serializedBytes, primary)
    }
}
