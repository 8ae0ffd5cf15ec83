// Resource bounds of keyset parsing (specs/tink-keyset.md §"Resource bounds") and no
// sender-controlled type URL in any message (specs/threat-model.md §"Hostile bytes in messages").

@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Keyset resource bounds")
struct KeysetBoundsTests {
    static let aesKey = TinkAESGCMKey.raw([UInt8](repeating: 7, count: 32))

    /// A keyset of `count` ENABLED RAW AES-GCM keys, primary the first.
    static func keyset(count: Int) -> [UInt8] {
        TinkKeyset(
            primaryKeyID: 1,
            keys: (0..<count).map {
                .init(
                    keyData: .init(typeURL: TinkAESGCMKey.typeURL, value: aesKey, keyMaterialType: .symmetric),
                    status: .enabled, keyID: UInt32($0 + 1), outputPrefixType: .raw)
            }
        ).serializedBytes
    }

    @Test("1,000 keys are read; 1,001 are keyset.too_many_keys, before any key is parsed")
    func keyCount() throws {
        let ks = try AEADKeyset(serializedBytes: Self.keyset(count: TinkKeyset.maximumKeyCount))
        #expect(ks.entries.count == 1000)
        expectCode(.keysetTooManyKeys) { () throws(CloserError) in
            try AEADKeyset(serializedBytes: Self.keyset(count: 1001))
        }
        // 100,000 empty key entries (2 bytes each): refused by the count, not by their content.
        let empty =
            [UInt8]([0x08, 0x01])
            + [UInt8](repeating: 0, count: 200_000).enumerated().map {
                $0.offset % 2 == 0 ? 0x12 : 0x00
            }
        expectCode(.keysetTooManyKeys) { () throws(CloserError) in try AEADKeyset(serializedBytes: empty) }
        // A keyset built in code is held to the same count by validation.
        let built = try TinkKeyset(serializedBytes: Self.keyset(count: 1000))
        var bigger = built
        bigger.keys += built.keys.prefix(1)
        expectCode(.keysetTooManyKeys) { () throws(CloserError) in try AEADKeyset(bigger) }
    }

    @Test("a keyset over 1 MiB is keyset.too_large, before it is parsed")
    func size() {
        // Not even protobuf: the size alone decides.
        let huge = [UInt8](repeating: 0xff, count: TinkKeyset.maximumSerializedLength + 1)
        expectCode(.keysetTooLarge) { () throws(CloserError) in try AEADKeyset(serializedBytes: huge) }
        expectCode(.keysetTooLarge) { () throws(CloserError) in try HybridPrivateKeyset(serializedBytes: huge) }
        expectCode(.keysetTooLarge) { () throws(CloserError) in try HybridPublicKeyset(serializedBytes: huge) }
    }

    @Test("an unknown type URL is never quoted: no control bytes, no length from input")
    func typeURLNotQuoted() {
        let hostile = "type.googleapis.com/\u{1b}]0;pwned\u{07}" + String(repeating: "A", count: 10_000)
        let bytes = TinkKeyset(
            primaryKeyID: 1,
            keys: [
                .init(
                    keyData: .init(typeURL: hostile, value: Self.aesKey, keyMaterialType: .symmetric),
                    status: .enabled, keyID: 1, outputPrefixType: .tink)
            ]
        ).serializedBytes
        let error = expectCode(.keysetUnsupportedKeyType) { () throws(CloserError) in
            try AEADKeyset(serializedBytes: bytes)
        }
        #expect(error?.reason.contains("pwned") == false)
        #expect(error?.reason.unicodeScalars.contains { $0.value < 0x20 } == false)
        #expect((error?.reason.count ?? 0) < 200)
    }
}
