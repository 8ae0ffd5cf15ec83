// Protobuf groups, known fields written with another wire type, field numbers inside skipped
// groups, and which error comes first when a message has several faults.
// Normative: specs/tink-keyset.md §"Protobuf wire rules" and §"Error precedence".
// Tink is the oracle in oracles/python/test_protobuf_groups.py; these pin the same rules here.

@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Protobuf groups and wire types")
struct ProtobufGroupTests {
    static let key = [UInt8](0..<32)
    static let typeURL = Array(TinkAESGCMKey.typeURL.utf8)

    static func varint(_ n: UInt64) -> [UInt8] {
        var n = n
        var out: [UInt8] = []
        while n >= 0x80 {
            out.append(UInt8(n & 0x7f) | 0x80)
            n >>= 7
        }
        return out + [UInt8(n)]
    }
    static func tag(_ number: UInt64, _ wireType: UInt64) -> [UInt8] { varint(number << 3 | wireType) }
    static func ld(_ number: UInt64, _ body: [UInt8]) -> [UInt8] { tag(number, 2) + varint(UInt64(body.count)) + body }
    static func vi(_ number: UInt64, _ value: UInt64) -> [UInt8] { tag(number, 0) + varint(value) }
    static func group(_ number: UInt64, _ body: [UInt8] = []) -> [UInt8] { tag(number, 3) + body + tag(number, 4) }

    /// A one-key AES256_GCM keyset (id 42, TINK) with bytes appended at each level.
    static func keyset(ks: [UInt8] = [], key: [UInt8] = [], kd: [UInt8] = [], aes: [UInt8] = []) -> [UInt8] {
        let aesKey = ld(3, Self.key) + aes
        let keyData = ld(1, typeURL) + ld(2, aesKey) + vi(3, 1) + kd
        let entry = ld(1, keyData) + vi(2, 1) + vi(3, 42) + vi(4, 1) + key
        return vi(1, 42) + ld(2, entry) + ks
    }

    static func appendedAt(_ level: Int, _ extra: [UInt8]) -> [UInt8] {
        switch level {
        case 0: keyset(ks: extra)
        case 1: keyset(key: extra)
        case 2: keyset(kd: extra)
        default: keyset(aes: extra)
        }
    }

    static func code(_ bytes: [UInt8]) -> String? {
        do {
            _ = try AEADKeyset(serializedBytes: bytes)
            return nil
        } catch { return error.code.rawValue }
    }

    @Test(arguments: 0..<4)
    func aStartGroupOnAKnownFieldIsSkippedAsAnUnknownField(level: Int) throws {
        for number: UInt64 in [1, 2, 3, 4] {
            let ks = try AEADKeyset(serializedBytes: Self.appendedAt(level, Self.group(number, Self.vi(7, 1))))
            #expect(ks.primary.key.keyValue == Self.key && ks.primary.keyID == 42)
        }
    }

    @Test func aKnownFieldWithAnotherWireTypeIsSkippedAndTheValueKept() throws {
        let cases: [[UInt8]] = [
            Self.keyset(ks: Self.ld(1, [0x01])),  // primary_key_id as bytes
            Self.keyset(key: Self.tag(2, 5) + [1, 0, 0, 0]),  // status as fixed32
            Self.keyset(key: Self.ld(3, [0])),  // key_id as bytes
            Self.keyset(kd: Self.vi(1, 1)),  // type_url as a varint
            Self.keyset(aes: Self.ld(1, [])),  // version as bytes
            Self.keyset(aes: Self.vi(3, 5)),  // key_value as a varint
            Self.keyset(aes: Self.group(3, Self.vi(1, 1))),  // key_value as a group
        ]
        for bytes in cases {
            let ks = try AEADKeyset(serializedBytes: bytes)
            #expect(ks.primary.key.keyValue == Self.key && ks.primary.keyID == 42)
        }
        // key_data (1) only as a group: the key has no key_data at all.
        let noData = Self.vi(1, 42) + Self.ld(2, Self.group(1, Self.vi(2, 5)) + Self.vi(2, 1) + Self.vi(3, 42))
        #expect(Self.code(noData) == "keyset.missing_key_data")
        // Keyset.key (2) only as a group: no keys.
        #expect(Self.code(Self.vi(1, 42) + Self.group(2, Self.vi(1, 5))) == "keyset.empty")
    }

    @Test(arguments: 0..<4)
    func fieldNumbersAreCheckedInsideSkippedGroups(level: Int) {
        let refused: [([UInt8], String)] = [
            (Self.tag(9, 3) + [0x00, 0x00] + Self.tag(9, 4), "proto.invalid_tag"),  // field 0 varint
            (Self.tag(9, 3) + [0x02, 0x00] + Self.tag(9, 4), "proto.invalid_tag"),  // field 0 bytes
            (Self.tag(9, 3) + Self.vi(1 << 29, 1) + Self.tag(9, 4), "proto.invalid_tag"),
            (Self.tag(9, 3) + Self.vi((1 << 29) + 9, 1) + Self.tag(9, 4), "proto.invalid_tag"),
            (Self.tag(9, 3) + Self.vi(1 << 32, 1) + Self.tag(9, 4), "proto.invalid_tag"),
            (Self.tag(9, 3) + Self.group(1 << 29) + Self.tag(9, 4), "proto.invalid_tag"),
            // An end-group whose number is out of range is refused for the number, not the mismatch.
            (Self.tag(9, 3) + Self.tag(0, 4), "proto.invalid_tag"),
            (Self.tag(9, 3) + Self.tag(8, 4), "proto.invalid_tag"),
            (Self.tag(9, 4), "proto.invalid_tag"),
            (Self.tag(9, 3) + Self.vi(1, 1), "proto.truncated"),
            (Self.tag(9, 3) + Self.tag(5, 6) + Self.tag(9, 4), "proto.invalid_wire_type"),
            // Field 0 with wire type 7: the field number is checked before the wire type.
            (Self.tag(9, 3) + [0x07] + Self.tag(9, 4), "proto.invalid_tag"),
            (Self.group(0), "proto.invalid_tag"),
            (Self.group(1 << 29), "proto.invalid_tag"),
            ([UInt8](repeating: 0x4b, count: 65) + [UInt8](repeating: 0x4c, count: 65), "proto.too_deep"),
        ]
        for (extra, code) in refused {
            #expect(Self.code(Self.appendedAt(level, extra)) == code, "level \(level): \(extra)")
        }
        let accepted: [[UInt8]] = [
            Self.group(9),
            Self.group(9, Self.group(8, Self.group(7, Self.vi(1, 5)))),
            Self.tag(9, 3) + Self.vi((1 << 29) - 1, 1) + Self.tag(9, 4),
            [UInt8](repeating: 0x4b, count: 64) + [UInt8](repeating: 0x4c, count: 64),
        ]
        for extra in accepted {
            #expect(Self.code(Self.appendedAt(level, extra)) == nil, "level \(level): \(extra)")
        }
    }

    @Test func hybridKeysSkipGroupsAndWrongWireTypesToo() throws {
        let scalar = [UInt8](repeating: 0, count: 31) + [7]
        let made = try HybridPrivateKeyset.make(privateKey: scalar, keyID: 0x0102_0304)
        let point = made.primary.key.publicKey
        let pub = point.serializedBytes
        // A group on params (2) and a varint on x (3), both skipped.
        var ks = TinkKeyset(
            primaryKeyID: 1,
            keys: [
                .init(
                    keyData: .init(typeURL: EciesP256PublicKey.typeURL, value: pub, keyMaterialType: .asymmetricPublic),
                    status: .enabled, keyID: 1, outputPrefixType: .tink)
            ])
        ks.keys[0].keyData!.value = pub + Self.group(2, Self.vi(1, 1)) + Self.vi(3, 1)
        #expect(try HybridPublicKeyset(ks).primary.key == point)
        ks.keys[0].keyData!.value = pub + Self.tag(9, 3) + [0x00, 0x00] + Self.tag(9, 4)
        #expect(throws: CloserError.self) { try HybridPublicKeyset(ks) }
    }

    // §"Error precedence": the structure of a whole message is scanned before any of its
    // fields is interpreted; fields are then read in order of appearance.

    @Test func aStructureFaultAnywhereInAMessageComesBeforeItsFields() {
        // Key 1's type_url is not UTF-8, and the Keyset ends in a truncated field: the
        // Keyset's structure scan runs first.
        let badURL = Self.vi(1, 42) + Self.ld(2, Self.ld(1, Self.ld(1, [0xff])) + Self.vi(2, 1) + Self.vi(3, 42))
        #expect(Self.code(badURL) == "proto.invalid_utf8")
        #expect(Self.code(badURL + [0x10]) == "proto.truncated")
        // Inside Keyset.Key: a bad tag after key_data comes before key_data's UTF-8 fault.
        let keyFault = Self.vi(1, 42) + Self.ld(2, Self.ld(1, Self.ld(1, [0xff])) + [0x00, 0x00])
        #expect(Self.code(keyFault) == "proto.invalid_tag")
    }

    @Test func keysAreParsedInOrderAndEachKeyCompletelyBeforeTheNext() {
        let first = Self.ld(1, Self.ld(1, [0xff]))  // key_data.type_url not UTF-8
        let second = Self.ld(1, [0x0f])  // key_data: field 1 with wire type 7
        let both = Self.vi(1, 42) + Self.ld(2, first) + Self.ld(2, second)
        #expect(Self.code(both) == "proto.invalid_utf8")
        let swapped = Self.vi(1, 42) + Self.ld(2, second) + Self.ld(2, first)
        #expect(Self.code(swapped) == "proto.invalid_wire_type")
    }

    @Test func keyDataOccurrencesAreMergedThenScanned() {
        // Two key_data occurrences: the first with a bad type_url, the second ends in a
        // truncated varint. The merged KeyData is scanned as one message: structure first.
        let entry = Self.ld(1, Self.ld(1, [0xff])) + Self.ld(1, [0x18]) + Self.vi(2, 1) + Self.vi(3, 42)
        #expect(Self.code(Self.vi(1, 42) + Self.ld(2, entry)) == "proto.truncated")
    }

    @Test func keyMaterialIsParsedOnlyAfterTheKeysetChecks() {
        // The AesGcmKey is truncated, and the keyset has no primary: keyset checks come first.
        var bytes = Self.keyset(aes: [0x08])
        #expect(Self.code(bytes) == "proto.truncated")
        bytes = Self.vi(1, 43) + Array(bytes.dropFirst(2))
        #expect(Self.code(bytes) == "keyset.no_primary")
    }
}
