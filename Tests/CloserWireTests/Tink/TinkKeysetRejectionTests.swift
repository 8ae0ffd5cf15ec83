// Every keyset rejection Tink makes (tink-wire-facts.md §2 "Rejected"), and what Tink
// accepts (any field order, explicit zeros, unknown fields, DESTROYED keys without data).

@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Tink keyset rules")
struct TinkKeysetRejectionTests {
    static let key = [UInt8](repeating: 7, count: 32)

    static func keyset(
        status: TinkKeyStatus = .enabled, prefix: TinkOutputPrefixType = .tink, primary: UInt32 = 42,
        keyValue: [UInt8]? = nil, extraKeys: [TinkKeyset.Key] = []
    ) -> TinkKeyset {
        let aes = TinkAESGCMKey.raw(keyValue ?? key)
        return TinkKeyset(
            primaryKeyID: primary,
            keys: [
                .init(
                    keyData: .init(typeURL: TinkAESGCMKey.typeURL, value: aes, keyMaterialType: .symmetric),
                    status: status, keyID: 42, outputPrefixType: prefix)
            ] + extraKeys)
    }

    static func expectCode(_ code: CloserError.Code, _ body: () throws -> Void) {
        #expect {
            try body()
        } throws: { ($0 as? CloserError)?.code == code }
    }

    @Test func statusUnknownIsRejected() {
        Self.expectCode(.keysetInvalidStatus) { _ = try AEADKeyset(Self.keyset(status: .unknown)) }
        Self.expectCode(.keysetInvalidStatus) { _ = try AEADKeyset(Self.keyset(status: .init(rawValue: 9))) }
    }

    @Test func prefixUnknownIsRejected() {
        Self.expectCode(.keysetInvalidOutputPrefix) { _ = try AEADKeyset(Self.keyset(prefix: .unknown)) }
        Self.expectCode(.keysetInvalidOutputPrefix) { _ = try AEADKeyset(Self.keyset(prefix: .init(rawValue: 5))) }
    }

    @Test func primaryMatchingNoEnabledKeyIsRejected() {
        Self.expectCode(.keysetNoPrimary) { _ = try AEADKeyset(Self.keyset(primary: 43)) }
        Self.expectCode(.keysetNoEnabledKey) { _ = try AEADKeyset(Self.keyset(status: .disabled)) }
    }

    @Test func duplicatePrimaryIsRejected() {
        let dup = Self.keyset().keys[0]
        Self.expectCode(.keysetDuplicatePrimary) { _ = try AEADKeyset(Self.keyset(extraKeys: [dup])) }
    }

    @Test func versionOneAnd24ByteKeysAreRejected() {
        var w = ProtoWriter()
        w.varint(1, 1)
        w.bytesField(3, Self.key)
        var ks = Self.keyset()
        ks.keys[0].keyData!.value = w.bytes
        Self.expectCode(.keysetInvalidKeyVersion) { _ = try AEADKeyset(ks) }
        Self.expectCode(.keysetInvalidKeySize) {
            _ = try AEADKeyset(Self.keyset(keyValue: [UInt8](repeating: 1, count: 24)))
        }
    }

    @Test func emptyKeysetAndCorruptBytesAreRejected() {
        Self.expectCode(.keysetEmpty) { _ = try AEADKeyset(TinkKeyset(primaryKeyID: 1, keys: [])) }
        let good = Self.keyset().serializedBytes
        Self.expectCode(.protoTruncated) { _ = try TinkKeyset(serializedBytes: good.dropLast()) }
        Self.expectCode(.protoInvalidWireType) { _ = try TinkKeyset(serializedBytes: [0x0f]) }
        Self.expectCode(.protoInvalidVarint) {
            _ = try TinkKeyset(serializedBytes: [0x08] + [UInt8](repeating: 0xff, count: 11))
        }
    }

    @Test func destroyedKeyWithoutDataIsIgnoredButDisabledWithoutDataIsNot() throws {
        let destroyed = TinkKeyset.Key(keyData: nil, status: .destroyed, keyID: 7, outputPrefixType: .tink)
        #expect(try AEADKeyset(Self.keyset(extraKeys: [destroyed])).entries.count == 1)
        let disabled = TinkKeyset.Key(keyData: nil, status: .disabled, keyID: 7, outputPrefixType: .tink)
        Self.expectCode(.keysetMissingKeyData) { _ = try AEADKeyset(Self.keyset(extraKeys: [disabled])) }
    }

    @Test func fieldOrderExplicitZerosAndUnknownFieldsAreAccepted() throws {
        let canonical = Self.keyset().serializedBytes
        // Unknown varint field 15, an unknown group (field 16), then the known fields.
        let withUnknown: [UInt8] = [0x78, 0x05, 0x83, 0x01, 0x08, 0x01, 0x84, 0x01] + canonical
        #expect(try TinkKeyset(serializedBytes: withUnknown).serializedBytes == canonical)
        // Explicit zero version inside AesGcmKey, and key_value before version.
        var w = ProtoWriter()
        w.bytesField(3, Self.key)
        let aes = w.bytes + [0x08, 0x00]
        var ks = Self.keyset()
        ks.keys[0].keyData!.value = aes
        #expect(try AEADKeyset(ks).primary.key.keyValue == Self.key)
    }

    @Test func disabledKeysNeverDecryptAndRotationWorks() throws {
        let old = try AEADKeyset.make(key: [UInt8](repeating: 1, count: 32), keyID: 1)
        let new = try AEADKeyset.make(key: [UInt8](repeating: 2, count: 32), keyID: 0x8000_0001)
        let oldCT = try TinkAEAD.encrypt(
            old, plaintext: Array("x".utf8), aad: [UInt8](), iv: [UInt8](repeating: 0, count: 12))
        var rotated = new.keyset
        rotated.keys.append(old.keyset.keys[0])
        let both = try AEADKeyset(rotated)
        #expect(try TinkAEAD.decrypt(both, ciphertext: oldCT, aad: [UInt8]()) == Array("x".utf8))
        #expect(try TinkAEAD.encrypt(both, plaintext: [UInt8](), aad: [UInt8]()).prefix(5) == [0x01, 0x80, 0, 0, 1])
        rotated.keys[1].status = .disabled
        #expect(throws: CloserError.self) {
            try TinkAEAD.decrypt(AEADKeyset(rotated), ciphertext: oldCT, aad: [UInt8]())
        }
    }

    @Test func legacyCrunchyAndRawFraming() throws {
        let iv = [UInt8](repeating: 3, count: 12)
        for (prefix, head) in [
            (TinkOutputPrefixType.legacy, [UInt8]([0, 0, 0, 0, 9])), (.crunchy, [0, 0, 0, 0, 9]), (.raw, []),
        ] {
            let ks = try AEADKeyset.make(key: Self.key, keyID: 9, prefix: prefix)
            let ct = try TinkAEAD.encrypt(ks, plaintext: Array("p".utf8), aad: [UInt8](), iv: iv)
            #expect(Array(ct.prefix(head.count)) == head)
            #expect(ct.count == head.count + 12 + 1 + 16)
            #expect(try TinkAEAD.decrypt(ks, ciphertext: ct, aad: [UInt8]()) == Array("p".utf8))
        }
    }
}

extension TinkAESGCMKey {
    static func raw(_ key: [UInt8]) -> [UInt8] {
        var w = ProtoWriter()
        w.bytesField(3, key)
        return w.bytes
    }
}
