// The tink_keyset suite: writing keysets byte for byte (`aead.keyset`, `hybrid.keyset`, Java-style
// 33-byte integers) and reading them (`keyset.validate`): every protobuf wire rule, every
// validation rule and every ECIES key check. Normative: specs/tink-keyset.md,
// specs/tink-hybrid.md §"Key protos", §"Points and scalars", §"Check order".

import CloserHarness
import CloserVectorModel
import CloserWire

enum TinkKeysetSuite {
    static let name = "tink_keyset"

    static let valid = VectorFlag("Valid", .basic, .keyset, "A keyset Tink writes or reads.")
    static let keyIDEdge = VectorFlag(
        "KeyIdEdge", .edgeCase, .keyset, "Key id 0, ≥ 2^31 or 2^32−1: key ids are UInt32 over the full range.")
    static let javaStyle = VectorFlag(
        "JavaStyleIntegers", .basic, .keyset,
        "Writers write each coordinate and the scalar as 33 bytes with a leading 00 (Tink Java 1.13).")
    static let coordinateWidth = VectorFlag(
        "CoordinateWidth", .pointValidation, .kem,
        "Coordinates of 32 (Python/C++), 33 (Java) or other widths with leading zeros are the same integer.")
    static let unknownField = VectorFlag(
        "UnknownField", .canOfWorms, .protobuf, "Unknown fields of every wire type are skipped, at every level.")
    static let fieldOrder = VectorFlag(
        "FieldOrder", .canOfWorms, .protobuf, "Fields in another order than the canonical writer's.")
    static let explicitDefault = VectorFlag(
        "ExplicitDefault", .canOfWorms, .protobuf, "A default value (0, empty) written explicitly.")
    static let repeatedField = VectorFlag(
        "RepeatedField", .canOfWorms, .protobuf,
        "A singular field seen twice: scalars keep the last value, messages are merged.")
    static let groupSkipped = VectorFlag(
        "GroupSkipped", .canOfWorms, .protobuf,
        "Groups (wire types 3/4) are skipped as unknown fields, also on a known field number (no Tink field is a group)."
    )
    static let wrongWireType = VectorFlag(
        "KnownFieldWrongWireType", .canOfWorms, .protobuf,
        "A known field written with another wire type is an unknown field: skipped, the right occurrence stands.")
    static let wideVarint = VectorFlag(
        "WideVarint", .edgeCase, .protobuf, "A uint32 read from a wider varint keeps its low 32 bits.")
    static let truncated = VectorFlag("Truncated", .malleability, .protobuf, "The bytes end inside a field or group.")
    static let badVarint = VectorFlag(
        "InvalidVarint", .malleability, .protobuf, "A varint longer than 10 bytes or over 64 bits.")
    static let badWireType = VectorFlag("InvalidWireType", .malleability, .protobuf, "Wire type 6 or 7.")
    static let badTag = VectorFlag(
        "InvalidTag", .malleability, .protobuf,
        "Field number 0 or ≥ 2^29 (also inside skipped groups), or an unmatched end-group.")
    static let tooDeep = VectorFlag("GroupsTooDeep", .resourceBound, .protobuf, "Groups nested deeper than 64.")
    static let badUTF8 = VectorFlag("TypeUrlNotUtf8", .malleability, .protobuf, "A type_url that is not UTF-8.")
    static let precedence = VectorFlag(
        "ErrorPrecedence", .edgeCase, .protobuf,
        "Several faults: tink-keyset.md §\"Error precedence\" names the one reported.")
    static let keysetRule = VectorFlag(
        "KeysetRule", .keyManagement, .keyset,
        "A keyset Tink's keyset handle refuses: no keys, missing key_data, bad status or prefix, primary rules.")
    static let destroyed = VectorFlag(
        "DestroyedKey", .keyManagement, .keyset, "A DESTROYED key without key_data is skipped.")
    static let disabled = VectorFlag(
        "DisabledKey", .keyManagement, .keyset, "DISABLED keys are never used and their material is never parsed.")
    static let rotated = VectorFlag(
        "RotatedKeyset", .keyManagement, .keyset, "Several keys; the primary is not the first.")
    static let wrongKeyType = VectorFlag(
        "WrongKeyType", .keyManagement, .keyset, "An ENABLED key of another type (unsupported).")
    static let keyVersion = VectorFlag("KeyVersion", .keyManagement, .keyset, "A key proto with version ≠ 0.")
    static let keySize = VectorFlag(
        "AesKeySize", .wrongParameters, .keyset, "An AES-GCM key that is not 16 or 32 bytes.")
    static let eciesParams = VectorFlag(
        "WrongEciesParameters", .wrongParameters, .keyset,
        "ECIES params other than P-256 / HKDF-SHA256 / empty salt / AES-128-GCM DEM / UNCOMPRESSED (unsupported).")
    static let eciesMissing = VectorFlag(
        "MissingEciesField", .keyManagement, .keyset, "An ECIES key without params or public_key.")
    static let offCurve = VectorFlag(
        "InvalidPoint", .pointValidation, .kem,
        "A stored public point off the curve, the identity (0, 0), or a coordinate ≥ p or wider than 32 significant bytes."
    )
    static let badScalar = VectorFlag("ScalarOutOfRange", .pointValidation, .kem, "A private scalar 0 or ≥ n.")
    static let mismatch = VectorFlag(
        "PrivatePublicMismatch", .keyManagement, .kem, "d·G differs from the stored public point.")
    static let pinnedRefusal = VectorFlag(
        "PinnedRefusal", .edgeCase, .protobuf,
        "Some of Tink's parsers accept this (varints over 64 bits: all; field 0 inside a skipped group: upb, i.e. Python; groups 65-100 deep: all) and CloserSpec refuses it (pinned in tink-keyset.md): either outcome conforms."
    )
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request, "An unknown primitive or prefix, or a key id outside 0…2^32−1.")

    static let p: [UInt8] = try! Hex.decode("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    static let n: [UInt8] = try! Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

    static func build() throws(CloserError) -> WireSuite {
        let b = Builder(rng: SuiteRandom(suite: name))
        // MARK: aead.keyset, byte for byte, and reading what it wrote.
        try b.aeadKeysetWrites()
        b.aeadKeysetWriteRefusals()
        // MARK: hybrid.keyset, byte for byte (Java style), and reading both keysets.
        let (shortX, madePrivate) = try b.hybridKeysetWrites()
        b.hybridKeysetWriteRefusals()
        // MARK: keyset.validate (aead): accepted structure.
        let m = b.aeadMaterial()
        b.acceptedAEADStructure(m)
        b.unknownFieldsAndWireTypes(m)
        try b.reorderedAndRepeatedFields(m)
        // MARK: keyset.validate (aead): refused structure (proto.*), at each level.
        b.refusedStructure(m)
        b.groupRuleRefusals(m)
        b.precedenceRefusals(m)
        // MARK: keyset.validate (aead): keyset rules.
        b.keysetRuleRefusals(m)
        b.keyTypeVersionAndSizeRefusals(m, eciesKeyset: madePrivate[0])
        // MARK: keyset.validate (hybrid).
        let h = b.hybridMaterial()
        b.hybridCoordinateAndParamsReads(h, shortX: shortX)
        let hs2 = b.hybridRotatedReads(h)
        // Hostile hybrid keys.
        b.eciesParamsRefusals(h)
        b.pointAndScalarRefusals(h, hs2: hs2)
        b.hybridTypeAndStructureRefusals(h, aeadBase: m.base)
        // MARK: appended (each group after the earlier ones, so their tcIds stay).
        b.templateURLCases(h)

        return WireSuite(
            name: name, algorithm: "closer-tink-keyset",
            header: [
                "Tink binary keysets (specs/tink-keyset.md, specs/tink-hybrid.md): aead.keyset and hybrid.keyset write keysets",
                "byte for byte (canonical field order, defaults left out, ECIES integers Java-style in 33 bytes);",
                "keyset.validate reads any encoding Tink's parsers accept and answers the primary id and the ENABLED ids in",
                "keyset order, or refuses with the first error of tink-keyset.md's precedence. Intermediates: serializedKeyset.",
            ],
            groups: [
                VectorGroup(
                    "AeadKeysetWrite", comment: "aead.keyset: one-key AES-GCM keysets byte for byte",
                    cases: b.aeadWrites),
                VectorGroup(
                    "HybridKeysetWrite", comment: "hybrid.keyset: one-key ECIES keysets, Java-style",
                    cases: b.hybridWrites),
                VectorGroup(
                    "AeadKeysetRead", comment: "keyset.validate aead: encodings Tink accepts", cases: b.aeadReads),
                VectorGroup(
                    "AeadKeysetHostile", comment: "keyset.validate aead: protobuf and keyset refusals",
                    cases: b.aeadHostile),
                VectorGroup(
                    "HybridKeysetRead", comment: "keyset.validate hybridPrivate / hybridPublic: accepted",
                    cases: b.hybridReads),
                VectorGroup(
                    "HybridKeysetHostile",
                    comment: "keyset.validate hybrid: ECIES parameter, point and scalar refusals",
                    cases: b.hybridHostile),
                VectorGroup(
                    "KeysetResourceBound", comment: "keyset.validate aead: the 1,000-key bound (D-TINK-06)",
                    cases: resourceBoundCases()),
                VectorGroup(
                    "KeysetRepeatedTemplateUrls",
                    comment: "keyset.validate hybrid: a DEM type_url replaced after a bad one (D-TINK-02)",
                    cases: b.boundsAndRepeats),
                VectorGroup(
                    "KeysetHighNonPrimaryIds", comment: "keyset.validate aead: non-primary key ids of 2^31 and above",
                    cases: highNonPrimaryIDCases()),
            ])
    }

    /// A scalar from the DRBG satisfying `condition` (deterministic).
    static func findScalar(_ rng: SuiteRandom, _ condition: (P256Scalar) -> Bool) -> P256Scalar {
        while true {
            let s = rng.scalar()
            if condition(s) { return s }
        }
    }

    /// a − b for big-endian unsigned integers (a ≥ b), 32 bytes.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        let a = TinkProto.widen(a, to: 32), b = TinkProto.widen(b, to: 32)
        var out = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for i in stride(from: 31, through: 0, by: -1) {
            var v = Int(a[i]) - Int(b[i]) - borrow
            borrow = v < 0 ? 1 : 0
            if v < 0 { v += 256 }
            out[i] = UInt8(v)
        }
        return out
    }

    /// a + b for big-endian unsigned integers, 33 bytes when it carries.
    static func add(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        let a = TinkProto.widen(a, to: 32), b = TinkProto.widen(b, to: 32)
        var out = [UInt8](repeating: 0, count: 32)
        var carry = 0
        for i in stride(from: 31, through: 0, by: -1) {
            let v = Int(a[i]) + Int(b[i]) + carry
            carry = v >> 8
            out[i] = UInt8(v & 0xff)
        }
        return carry > 0 ? [1] + out : out
    }

    static func add1(_ a: [UInt8]) -> [UInt8] { add(a, [1]) }
}

extension TinkKeysetSuite {
    /// One case per group rule of tink-keyset.md §"Protobuf wire rules", appended in the Keyset.Key.
    fileprivate static let protoGroupRules: [(String, [UInt8], CloserError.Code)] = [
        ("field 0 (varint) inside a skipped group", PB.tag(9, 3) + [0x00, 0x00] + PB.tag(9, 4), .protoInvalidTag),
        ("field 0 (bytes) inside a skipped group", PB.tag(9, 3) + [0x02, 0x00] + PB.tag(9, 4), .protoInvalidTag),
        ("field 2^29 inside a skipped group", PB.tag(9, 3) + PB.vi(1 << 29, 1) + PB.tag(9, 4), .protoInvalidTag),
        (
            "field 2^29 + 9 inside a skipped group (Tink C++ would read field 9)",
            PB.tag(9, 3) + PB.vi((1 << 29) + 9, 1) + PB.tag(9, 4), .protoInvalidTag
        ),
        ("field 2^32 inside a skipped group", PB.tag(9, 3) + PB.vi(1 << 32, 1) + PB.tag(9, 4), .protoInvalidTag),
        ("a group numbered 2^29 inside a group", PB.tag(9, 3) + PB.group(1 << 29) + PB.tag(9, 4), .protoInvalidTag),
        ("end-group 0 inside a group", PB.tag(9, 3) + PB.tag(0, 4), .protoInvalidTag),
        ("end-group 8 closing group 9", PB.tag(9, 3) + PB.tag(8, 4), .protoInvalidTag),
        ("an end-group without a start", PB.tag(9, 4), .protoInvalidTag),
        ("a group with no end-group", PB.tag(9, 3) + PB.vi(1, 1), .protoTruncated),
        ("wire type 6 inside a group", PB.tag(9, 3) + PB.tag(5, 6) + PB.tag(9, 4), .protoInvalidWireType),
        (
            "tag 07 inside a group: field 0 is checked before wire type 7", PB.tag(9, 3) + [0x07] + PB.tag(9, 4),
            .protoInvalidTag
        ),
        ("group 0", PB.group(0), .protoInvalidTag),
        ("group 2^29", PB.group(1 << 29), .protoInvalidTag),
        (
            "groups nested 65 deep", [UInt8](repeating: 0x4b, count: 65) + [UInt8](repeating: 0x4c, count: 65),
            .protoTooDeep
        ),
        ("a member of a group runs past the end", PB.tag(9, 3) + PB.tag(1, 2) + [0x09], .protoTruncated),
    ]

    /// ECIES params other than tink-hybrid.md's template, each refused with ecies.unsupported_parameters.
    fileprivate static let eciesParamCases: [(String, [UInt8])] = [
        ("curve NIST_P384", TinkProto.eciesParams(curve: 3)), ("curve NIST_P521", TinkProto.eciesParams(curve: 4)),
        ("curve CURVE25519", TinkProto.eciesParams(curve: 5)),
        ("curve absent (UNKNOWN)", TinkProto.eciesParams(curve: 0)),
        ("hash SHA512", TinkProto.eciesParams(hash: 4)), ("hash SHA1", TinkProto.eciesParams(hash: 1)),
        ("hash SHA384", TinkProto.eciesParams(hash: 2)), ("hash absent", TinkProto.eciesParams(hash: 0)),
        ("HKDF salt non-empty", TinkProto.eciesParams(salt: [0])),
        ("point format COMPRESSED", TinkProto.eciesParams(pointFormat: 2)),
        ("point format DO_NOT_USE_CRUNCHY_UNCOMPRESSED", TinkProto.eciesParams(pointFormat: 3)),
        ("point format absent", TinkProto.eciesParams(pointFormat: 0)),
        ("DEM AES-256-GCM (key size 32)", TinkProto.eciesParams(demKeySize: 32)),
        ("DEM key size absent", TinkProto.eciesParams(demKeySize: 0)),
        ("DEM AesGcmKeyFormat version 1", TinkProto.eciesParams(demVersion: 1)),
        (
            "DEM AesCtrHmacAeadKey",
            TinkProto.eciesParams(demURL: Array("type.googleapis.com/google.crypto.tink.AesCtrHmacAeadKey".utf8))
        ),
        (
            "DEM XChaCha20Poly1305Key",
            TinkProto.eciesParams(demURL: Array("type.googleapis.com/google.crypto.tink.XChaCha20Poly1305Key".utf8))
        ),
        ("DEM type absent", TinkProto.eciesParams(demURL: [])),
    ]

    /// The AES-GCM keys, ids and key entries the keyset.validate (aead) sections vary.
    fileprivate struct AEADMaterial {
        let k1: [UInt8], k2: [UInt8], k3: [UInt8]
        let id1: UInt32, id2: UInt32, id3: UInt32
        let e1: [UInt8], e2: [UInt8], e3: [UInt8]
        let base: [UInt8]
        let levels = ["Keyset", "Keyset.Key", "KeyData", "AesGcmKey"]
        var kdFull: [UInt8] { TinkProto.keyData(TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1), material: 1) }

        /// The one-key keyset with `extra` appended at a level (0 Keyset, 1 Key, 2 KeyData, 3 AesGcmKey).
        func appended(_ level: Int, _ extra: [UInt8]) -> [UInt8] {
            let aes = TinkProto.aesGcmKey(k1) + (level == 3 ? extra : [])
            let kd = TinkProto.keyData(TinkProto.aesGcmURL, aes, material: 1) + (level == 2 ? extra : [])
            let entry = TinkProto.key(kd, id: id1) + (level == 1 ? extra : [])
            return TinkProto.keyset(primary: id1, [entry]) + (level == 0 ? extra : [])
        }
    }

    /// The ECIES key the keyset.validate (hybrid) sections vary, Java-style, and its keyset writers.
    fileprivate struct HybridMaterial {
        let hs: P256Scalar
        let hid: UInt32
        var hpt: P256Point { hs.publicPoint }
        var x33: [UInt8] { TinkProto.widen(hpt.x, to: 33) }
        var y33: [UInt8] { TinkProto.widen(hpt.y, to: 33) }
        var d33: [UInt8] { TinkProto.widen(hs.d, to: 33) }
        var goodPub: [UInt8] { pub(x33, y33) }
        var goodPriv: [UInt8] { TinkProto.eciesPrivate(publicKey: goodPub, d: d33) }

        func pub(_ x: [UInt8], _ y: [UInt8], params: [UInt8]? = TinkProto.eciesParams(), version: UInt64 = 0) -> [UInt8]
        {
            TinkProto.eciesPublic(params: params, x: x, y: y, version: version)
        }
        func privKS(_ keyBytes: [UInt8], id: UInt32? = nil, status: UInt64 = 1, prefix: UInt64 = 1) -> [UInt8] {
            TinkProto.key(
                TinkProto.keyData(TinkProto.eciesPrivateURL, keyBytes, material: 2), status: status, id: id ?? hid,
                prefix: prefix)
        }
        func pubKS(_ keyBytes: [UInt8], id: UInt32? = nil, prefix: UInt64 = 1) -> [UInt8] {
            TinkProto.key(
                TinkProto.keyData(TinkProto.eciesPublicURL, keyBytes, material: 3), id: id ?? hid, prefix: prefix)
        }
        func privateKeyset(_ keyBytes: [UInt8]) -> [UInt8] { TinkProto.keyset(primary: hid, [privKS(keyBytes)]) }
        func publicKeyset(_ keyBytes: [UInt8]) -> [UInt8] { TinkProto.keyset(primary: hid, [pubKS(keyBytes)]) }
    }

    /// The suite's DRBG and its six groups, filled section by section in draw order.
    fileprivate final class Builder {
        let rng: SuiteRandom
        var aeadWrites: [VectorCase] = []
        var hybridWrites: [VectorCase] = []
        var aeadReads: [VectorCase] = []
        var aeadHostile: [VectorCase] = []
        var hybridReads: [VectorCase] = []
        var hybridHostile: [VectorCase] = []
        var boundsAndRepeats: [VectorCase] = []

        init(rng: SuiteRandom) { self.rng = rng }

        /// Cites `pin` on the last test appended to `into`.
        func cite(_ into: inout [VectorCase], _ pin: VectorPin) {
            into[into.count - 1] = into[into.count - 1].citing(pin)
        }

        func validate(
            _ into: inout [VectorCase], _ comment: String, _ flags: [VectorFlag], _ bytes: [UInt8], _ primitive: String,
            primary: UInt32, ids: [UInt32]
        ) {
            into.append(
                .valid(
                    comment, flags: flags, op: HarnessOpSpec.keysetValidate.name,
                    input: [("keyset", V.hex(bytes)), ("primitive", V.str(primitive))],
                    output: [("primaryKeyId", V.int(primary)), ("keyIds", .array(ids.map { V.int($0) }))],
                    intermediates: [("serializedKeyset", V.hex(bytes))]))
        }
        func refuse(
            _ into: inout [VectorCase], _ comment: String, _ flags: [VectorFlag], _ bytes: [UInt8], _ primitive: String,
            _ code: CloserError.Code
        ) {
            into.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.keysetValidate.name,
                    input: [("keyset", V.hex(bytes)), ("primitive", V.str(primitive))], error: code,
                    layer: VectorLayer.of(detail: code.rawValue) ?? .keyset))
        }

        /// A refusal CloserSpec pins where Tink's own parsers accept (tink-keyset.md §"Protobuf wire
        /// rules", **pinned**): either outcome conforms; CloserSpec's is the expected error.
        func pinned(
            _ into: inout [VectorCase], _ comment: String, _ flags: [VectorFlag], _ bytes: [UInt8],
            _ code: CloserError.Code
        ) {
            into.append(
                .acceptable(
                    comment, flags: flags + [pinnedRefusal], op: HarnessOpSpec.keysetValidate.name,
                    input: [("keyset", V.hex(bytes)), ("primitive", V.str("aead"))],
                    expected: .error(code, layer: VectorLayer.of(detail: code.rawValue) ?? .protobuf)))
        }

        func badPub(
            _ h: HybridMaterial, _ comment: String, _ flags: [VectorFlag], _ keyBytes: [UInt8], _ code: CloserError.Code
        ) {
            refuse(&hybridHostile, comment + " (public keyset)", flags, h.publicKeyset(keyBytes), "hybridPublic", code)
        }
        func badPriv(
            _ h: HybridMaterial, _ comment: String, _ flags: [VectorFlag], _ keyBytes: [UInt8], _ code: CloserError.Code
        ) {
            refuse(
                &hybridHostile, comment + " (private keyset)", flags, h.privateKeyset(keyBytes), "hybridPrivate", code)
        }

        /// One-key AES-GCM keysets of every size, prefix and edge id, and the prefix left out.
        func aeadKeysetWrites() throws(CloserError) {
            let kaKey = [UInt8](0..<32)
            var writes: [(String, [VectorFlag], [UInt8], UInt32, TinkOutputPrefixType)] = [
                ("tink-keyset.md's known answer: key 00…1f, id 0x12345678 (108 bytes)", [], kaKey, 0x1234_5678, .tink),
                ("AES-256, TINK", [], rng.bytes(32), rng.keyID(), .tink),
                ("AES-128, TINK", [], rng.bytes(16), rng.keyID(), .tink),
                ("AES-256, RAW", [], rng.bytes(32), rng.keyID(), .raw),
                ("AES-256, LEGACY", [], rng.bytes(32), rng.keyID(), .legacy),
                ("AES-128, CRUNCHY", [], rng.bytes(16), rng.keyID(), .crunchy),
            ]
            for id: UInt32 in [0, 1, 0x8000_0000, 0xffff_ffff, 0x7fff_ffff] {
                writes.append(("key id \(id)", [keyIDEdge], rng.bytes(32), id, .tink))
            }
            for (comment, flags, key, id, prefix) in writes {
                let ks = try AEADKeyset.make(key: key, keyID: id, prefix: prefix)
                aeadWrites.append(
                    .valid(
                        comment, flags: [valid] + flags, op: HarnessOpSpec.aeadKeyset.name,
                        input: [("key", V.hex(key)), ("keyId", V.int(id)), ("prefix", V.str(prefix.description))],
                        output: [("keyset", V.hex(ks.serializedBytes))],
                        intermediates: [("serializedKeyset", V.hex(ks.serializedBytes))]))
                validate(&aeadReads, comment, [valid] + flags, ks.serializedBytes, "aead", primary: id, ids: [id])
            }
            let defaultPrefixKey = rng.bytes(32)
            let defaultPrefixID = rng.keyID()
            let defaultPrefix = try AEADKeyset.make(key: defaultPrefixKey, keyID: defaultPrefixID)
            aeadWrites.append(
                .valid(
                    "prefix absent: TINK", flags: [valid], op: HarnessOpSpec.aeadKeyset.name,
                    input: [("key", V.hex(defaultPrefixKey)), ("keyId", V.int(defaultPrefixID))],
                    output: [("keyset", V.hex(defaultPrefix.serializedBytes))],
                    intermediates: [("serializedKeyset", V.hex(defaultPrefix.serializedBytes))]))
        }

        /// Key sizes, prefixes and key ids aead.keyset refuses.
        func aeadKeysetWriteRefusals() {
            for size in [0, 1, 15, 17, 24, 31, 33, 64] {
                aeadWrites.append(
                    .invalid(
                        "AES key of \(size) bytes", flags: [keySize], op: HarnessOpSpec.aeadKeyset.name,
                        input: [
                            ("key", V.hex(rng.bytes(size))), ("keyId", V.int(rng.keyID())), ("prefix", V.str("TINK")),
                        ],
                        error: .keysetInvalidKeySize, layer: .keyset))
            }
            for prefix in ["UNKNOWN", "tink", "WITH_ID_REQUIREMENT", ""] {
                aeadWrites.append(
                    .invalid(
                        "prefix \"\(prefix)\"", flags: [badRequest], op: HarnessOpSpec.aeadKeyset.name,
                        input: [("key", V.hex(rng.bytes(24))), ("keyId", V.int(1)), ("prefix", V.str(prefix))],
                        error: RequestCodes.malformedRequest, layer: .request))
            }
            for (comment, id) in [
                ("-1", JSONValue.number(-1)), ("2^32", .number(4_294_967_296)), ("1.5", .number(1.5)),
                ("a string", .string("1")),
            ] {
                aeadWrites.append(
                    .invalid(
                        "key id \(comment) (and a 24-byte key: the id is read first)", flags: [badRequest],
                        op: HarnessOpSpec.aeadKeyset.name,
                        input: [("key", V.hex(rng.bytes(24))), ("keyId", id), ("prefix", V.str("TINK"))],
                        error: RequestCodes.malformedRequest, layer: .request))
            }
        }

        /// One-key ECIES keysets, Java-style; returns the scalar with a short x and the keysets made.
        func hybridKeysetWrites() throws(CloserError) -> (shortX: P256Scalar, madePrivate: [HybridPrivateKeyset]) {
            let kaD = try Hex.decode("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
            var hybridInputs: [(String, [VectorFlag], [UInt8], UInt32)] = [
                ("tink-hybrid.md's known answer (267 / 228 bytes)", [], kaD, 0x0a0b_0c0d),
                ("a random scalar", [], rng.scalar().d, rng.keyID()),
                ("the scalar 7 written in 1 byte", [], [7], rng.keyID()),
                ("a scalar given Java-style in 33 bytes", [javaStyle], [0] + rng.scalar().d, rng.keyID()),
                ("the scalar n − 1", [], subtract(n, [1]), rng.keyID()),
            ]
            for id: UInt32 in [0, 0x8000_0000, 0xffff_ffff] {
                hybridInputs.append(("key id \(id)", [keyIDEdge], rng.scalar().d, id))
            }
            let shortX = findScalar(rng) { $0.publicPoint.x[0] == 0 }
            hybridInputs.append(
                (
                    "public x < 2^248: 33 bytes with two leading zeros", [javaStyle, coordinateWidth], shortX.d,
                    rng.keyID()
                ))
            var madePrivate: [HybridPrivateKeyset] = []
            for (comment, flags, d, id) in hybridInputs {
                let priv = try HybridPrivateKeyset.make(privateKey: d, keyID: id)
                madePrivate.append(priv)
                let pub = priv.publicKeyset
                hybridWrites.append(
                    .valid(
                        comment, flags: [valid, javaStyle] + flags, op: HarnessOpSpec.hybridKeyset.name,
                        input: [("privateKey", V.hex(d)), ("keyId", V.int(id))],
                        output: [
                            ("privateKeyset", V.hex(priv.serializedBytes)),
                            ("publicKeyset", V.hex(pub.serializedBytes)),
                        ],
                        intermediates: [
                            ("serializedKeyset", V.hex(priv.serializedBytes)),
                            ("publicPoint", V.hex(priv.primary.key.scalar.publicPoint.uncompressed)),
                        ]))
                validate(
                    &hybridReads, comment + ": private keyset", [valid, javaStyle] + flags, priv.serializedBytes,
                    "hybridPrivate", primary: id, ids: [id])
                validate(
                    &hybridReads, comment + ": public keyset", [valid, javaStyle] + flags, pub.serializedBytes,
                    "hybridPublic", primary: id, ids: [id])
            }
            return (shortX, madePrivate)
        }

        /// Scalars hybrid.keyset refuses.
        func hybridKeysetWriteRefusals() {
            for (comment, d) in [
                ("empty", [UInt8]()), ("zero", [0]), ("32 zero bytes", [UInt8](repeating: 0, count: 32)), ("n", n),
                ("n + 1", add1(n)), ("2^256 − 1", [UInt8](repeating: 0xff, count: 32)),
                ("33 significant bytes", [1] + rng.bytes(32)),
            ] {
                hybridWrites.append(
                    .invalid(
                        "scalar \(comment)", flags: [badScalar], op: HarnessOpSpec.hybridKeyset.name,
                        input: [("privateKey", V.hex(d)), ("keyId", V.int(rng.keyID()))], error: .p256ScalarOutOfRange,
                        layer: .kem))
            }
            hybridWrites.append(
                .invalid(
                    "scalar n with key id −1: the key id is read before the scalar's range", flags: [badRequest],
                    op: HarnessOpSpec.hybridKeyset.name, input: [("privateKey", V.hex(n)), ("keyId", .number(-1))],
                    error: RequestCodes.malformedRequest, layer: .request))
        }

        func aeadMaterial() -> AEADMaterial {
            let k1 = rng.bytes(32), k2 = rng.bytes(16), k3 = rng.bytes(32)
            let id1 = rng.keyID(), id2 = rng.keyID(), id3 = rng.keyID()
            let e1 = TinkProto.aesEntry(k1, id: id1)
            let e2 = TinkProto.aesEntry(k2, id: id2)
            let e3 = TinkProto.aesEntry(k3, id: id3)
            let base = TinkProto.keyset(primary: id1, [e1])
            return AEADMaterial(
                k1: k1, k2: k2, k3: k3, id1: id1, id2: id2, id3: id3, e1: e1, e2: e2, e3: e3, base: base)
        }

        /// Rotated, DESTROYED and DISABLED keys, key_material_type.
        func acceptedAEADStructure(_ m: AEADMaterial) {
            let (k1, k2, k3, id1, id2, id3, e1, e2, e3) = (m.k1, m.k2, m.k3, m.id1, m.id2, m.id3, m.e1, m.e2, m.e3)
            validate(
                &aeadReads, "rotated: three keys, the primary second", [valid, rotated],
                TinkProto.keyset(primary: id2, [e1, e2, e3]), "aead", primary: id2, ids: [id1, id2, id3])
            validate(
                &aeadReads, "a DESTROYED key without key_data is skipped", [valid, destroyed],
                TinkProto.keyset(primary: id1, [e1, TinkProto.key(nil, status: 3, id: id2)]), "aead", primary: id1,
                ids: [id1])
            validate(
                &aeadReads, "a DESTROYED key with key_data is kept out of the ENABLED ids", [valid, destroyed],
                TinkProto.keyset(primary: id1, [e1, TinkProto.aesEntry(k2, id: id2, status: 3)]), "aead", primary: id1,
                ids: [id1])
            validate(
                &aeadReads, "a DISABLED non-primary key is not listed", [valid, disabled],
                TinkProto.keyset(primary: id1, [TinkProto.aesEntry(k2, id: id2, status: 2), e1]), "aead", primary: id1,
                ids: [id1])
            validate(
                &aeadReads, "a DISABLED key with the primary's id is no second primary", [valid, disabled],
                TinkProto.keyset(primary: id1, [TinkProto.aesEntry(k2, id: id1, status: 2), e1]), "aead", primary: id1,
                ids: [id1])
            validate(
                &aeadReads, "two ENABLED non-primary keys share an id", [valid, rotated],
                TinkProto.keyset(primary: id1, [e1, e2, TinkProto.aesEntry(k3, id: id2)]), "aead", primary: id1,
                ids: [id1, id2, id2])
            validate(
                &aeadReads, "a DISABLED key of another type is never parsed", [valid, disabled],
                TinkProto.keyset(
                    primary: id1,
                    [
                        e1,
                        TinkProto.key(
                            TinkProto.keyData(
                                Array("type.googleapis.com/google.crypto.tink.HmacKey".utf8), [0xff], material: 1),
                            status: 2, id: id2),
                    ]),
                "aead", primary: id1, ids: [id1])
            validate(
                &aeadReads, "a DISABLED AES key of version 1 and 24 bytes is never parsed", [valid, disabled],
                TinkProto.keyset(
                    primary: id1,
                    [
                        e1,
                        TinkProto.key(
                            TinkProto.keyData(
                                TinkProto.aesGcmURL, TinkProto.aesGcmKey(rng.bytes(24), version: 1), material: 1),
                            status: 2, id: id2),
                    ]),
                "aead", primary: id1, ids: [id1])
            validate(
                &aeadReads, "key_material_type ASYMMETRIC_PRIVATE on an AES key is not checked", [valid],
                TinkProto.keyset(
                    primary: id1,
                    [
                        TinkProto.key(
                            TinkProto.keyData(TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1), material: 2), id: id1)
                    ]),
                "aead", primary: id1, ids: [id1])
            validate(
                &aeadReads, "key_material_type absent", [valid, explicitDefault],
                TinkProto.keyset(
                    primary: id1,
                    [
                        TinkProto.key(
                            TinkProto.keyData(TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1), material: 0), id: id1)
                    ]),
                "aead", primary: id1, ids: [id1])
        }

        /// Unknown fields and groups at every level, known fields in another wire type.
        func unknownFieldsAndWireTypes(_ m: AEADMaterial) {
            let id1 = m.id1
            let levels = m.levels
            for (level, levelName) in levels.enumerated() {
                for (what, extra) in [
                    ("varint field 99", PB.vi(99, 12345)), ("bytes field 15", PB.ld(15, [1, 2, 3])),
                    ("fixed32 field 6", PB.tag(6, 5) + [1, 2, 3, 4]),
                    ("fixed64 field 7", PB.tag(7, 1) + [UInt8](repeating: 9, count: 8)),
                    ("field 2^29 − 1", PB.vi((1 << 29) - 1, 1)),
                ] {
                    validate(
                        &aeadReads, "unknown \(what) in \(levelName)", [valid, unknownField], m.appended(level, extra),
                        "aead",
                        primary: id1, ids: [id1])
                }
                validate(
                    &aeadReads, "an unknown group (field 9) in \(levelName)", [valid, groupSkipped],
                    m.appended(level, PB.group(9, PB.vi(1, 5) + PB.ld(2, [7]))), "aead", primary: id1, ids: [id1])
                for number: UInt64 in [[1, 2], [1, 2, 3, 4], [1, 2, 3], [1, 3]][level] {
                    validate(
                        &aeadReads, "a start-group on known field \(number) of \(levelName) is skipped",
                        [valid, groupSkipped],
                        m.appended(level, PB.group(number, PB.vi(7, 1))), "aead", primary: id1, ids: [id1])
                }
                validate(
                    &aeadReads, "groups nested 64 deep in \(levelName)", [valid, groupSkipped],
                    m.appended(level, [UInt8](repeating: 0x4b, count: 64) + [UInt8](repeating: 0x4c, count: 64)),
                    "aead",
                    primary: id1, ids: [id1])
            }
            for (comment, extra, level) in [
                ("primary_key_id written length-delimited", PB.ld(1, [0x01]), 0),
                ("status written as fixed32", PB.tag(2, 5) + [1, 0, 0, 0], 1),
                ("key_id written length-delimited", PB.ld(3, [0]), 1),
                ("type_url written as a varint", PB.vi(1, 1), 2),
                ("AesGcmKey version written length-delimited", PB.ld(1, []), 3),
                ("key_value written as a varint after the bytes", PB.vi(3, 5), 3),
            ] {
                validate(
                    &aeadReads, comment, [valid, wrongWireType], m.appended(level, extra), "aead", primary: id1,
                    ids: [id1])
            }
        }

        /// Reordered fields at every level, explicit defaults, repeated fields, wide varints.
        func reorderedAndRepeatedFields(_ m: AEADMaterial) throws(CloserError) {
            let (k1, k2, id1, id2, e1) = (m.k1, m.k2, m.id1, m.id2, m.e1)
            let reordered =
                PB.ld(
                    2,
                    PB.vi(4, 1) + PB.vi(3, UInt64(id1)) + PB.vi(2, 1)
                        + PB.ld(1, PB.vi(3, 1) + PB.ld(2, PB.ld(3, k1) + PB.vi(1, 0)) + PB.ld(1, TinkProto.aesGcmURL)))
                + PB.vi(1, UInt64(id1))
            validate(
                &aeadReads, "every message's fields in reverse order", [valid, fieldOrder], reordered, "aead",
                primary: id1,
                ids: [id1])
            validate(
                &aeadReads, "explicit version 0 in AesGcmKey", [valid, explicitDefault],
                m.appended(3, PB.vi(1, 0)), "aead", primary: id1, ids: [id1])
            validate(
                &aeadReads, "explicit primary_key_id 0 and key_id 0", [valid, explicitDefault, keyIDEdge],
                PB.vi(1, 0)
                    + PB.ld(
                        2,
                        PB.ld(1, TinkProto.keyData(TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1), material: 1))
                            + PB.vi(2, 1)
                            + PB.vi(3, 0) + PB.vi(4, 1)),
                "aead", primary: 0, ids: [0])
            validate(
                &aeadReads, "primary_key_id twice: the last wins", [valid, repeatedField],
                PB.vi(1, UInt64(id2)) + TinkProto.keyset(primary: id1, [e1]), "aead", primary: id1, ids: [id1])
            validate(
                &aeadReads, "status twice (DISABLED, then ENABLED): the last wins", [valid, repeatedField],
                TinkProto.keyset(primary: id1, [TinkProto.aesEntry(k1, id: id1) + PB.vi(2, 2) + PB.vi(2, 1)]), "aead",
                primary: id1, ids: [id1])
            validate(
                &aeadReads, "key_id twice: the last wins", [valid, repeatedField],
                TinkProto.keyset(primary: id1, [PB.vi(3, UInt64(id2)) + TinkProto.aesEntry(k1, id: id1)]), "aead",
                primary: id1, ids: [id1])
            let kdFull = TinkProto.keyData(TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1), material: 1)
            validate(
                &aeadReads, "key_data split in two occurrences: merged", [valid, repeatedField],
                TinkProto.keyset(
                    primary: id1,
                    [
                        PB.ld(1, PB.ld(1, TinkProto.aesGcmURL))
                            + PB.ld(1, PB.ld(2, TinkProto.aesGcmKey(k1)) + PB.vi(3, 1))
                            + PB.vi(2, 1) + PB.vi(3, UInt64(id1)) + PB.vi(4, 1)
                    ]),
                "aead", primary: id1, ids: [id1])
            validate(
                &aeadReads, "AesGcmKey key_value twice: the last wins", [valid, repeatedField],
                m.appended(3, PB.ld(3, k2)), "aead", primary: id1, ids: [id1])
            let sext = try Hex.decode("effdb6f5fdffffffff01")  // 0xdeadbeef sign-extended to 64 bits
            validate(
                &aeadReads, "primary_key_id and key_id as 10-byte sign-extended varints (0xdeadbeef)",
                [valid, wideVarint, keyIDEdge],
                PB.tag(1, 0) + sext + PB.ld(2, PB.ld(1, kdFull) + PB.vi(2, 1) + PB.tag(3, 0) + sext + PB.vi(4, 1)),
                "aead", primary: 0xdead_beef, ids: [0xdead_beef])
        }

        /// Truncations and protobuf faults (varints, wire types, tags) at every level.
        func refusedStructure(_ m: AEADMaterial) {
            let (id1, base) = (m.id1, m.base)
            let levels = m.levels
            let primaryLength = PB.viDefault(1, UInt64(id1)).count
            let cutPoints = [base.count - 1, base.count - 10, base.count / 2, primaryLength + 2, primaryLength + 1]
            for cut in cutPoints {
                refuse(
                    &aeadHostile, "truncated to \(cut) of \(base.count) bytes", [truncated], Array(base.prefix(cut)),
                    "aead",
                    .protoTruncated)
            }
            refuse(
                &aeadHostile, "truncated inside the primary_key_id varint", [truncated],
                Array(base.prefix(primaryLength - 1)), "aead", .protoTruncated)
            for (level, levelName) in levels.enumerated() {
                refuse(
                    &aeadHostile, "11-byte varint in \(levelName)", [badVarint],
                    m.appended(level, PB.tag(9, 0) + [UInt8](repeating: 0xff, count: 10) + [0x01]), "aead",
                    .protoInvalidVarint)
                pinned(
                    &aeadHostile, "10-byte varint over 64 bits in \(levelName)", [badVarint],
                    m.appended(level, PB.tag(9, 0) + [UInt8](repeating: 0xff, count: 9) + [0x02]), .protoInvalidVarint)
                refuse(
                    &aeadHostile, "wire type 6 in \(levelName)", [badWireType], m.appended(level, PB.tag(9, 6) + [0]),
                    "aead",
                    .protoInvalidWireType)
                refuse(
                    &aeadHostile, "wire type 7 in \(levelName)", [badWireType], m.appended(level, PB.tag(9, 7) + [0]),
                    "aead",
                    .protoInvalidWireType)
                refuse(
                    &aeadHostile, "field 0 in \(levelName)", [badTag], m.appended(level, [0x00, 0x00]), "aead",
                    .protoInvalidTag)
                refuse(
                    &aeadHostile, "field 2^29 in \(levelName)", [badTag], m.appended(level, PB.vi(1 << 29, 1)), "aead",
                    .protoInvalidTag)
                refuse(
                    &aeadHostile, "a varint field truncated in \(levelName)", [truncated],
                    m.appended(level, PB.tag(9, 0) + [0x80]),
                    "aead", .protoTruncated)
                refuse(
                    &aeadHostile, "a length past the end in \(levelName)", [truncated],
                    m.appended(level, PB.tag(9, 2) + [0x05, 0x00]),
                    "aead", .protoTruncated)
                refuse(
                    &aeadHostile, "fixed64 truncated in \(levelName)", [truncated],
                    m.appended(level, PB.tag(9, 1) + [0, 0, 0]),
                    "aead", .protoTruncated)
            }
        }

        /// One test per group rule of tink-keyset.md §"Protobuf wire rules", in the Keyset.Key; type_url UTF-8.
        func groupRuleRefusals(_ m: AEADMaterial) {
            let (k1, id1, base, kdFull) = (m.k1, m.id1, m.base, m.kdFull)
            let pinnedRules = ["field 0 (varint)", "field 0 (bytes)", "groups nested 65"]
            for (comment, extra, code) in protoGroupRules where pinnedRules.contains(where: comment.hasPrefix) {
                pinned(
                    &aeadHostile, comment, [code == .protoTooDeep ? tooDeep : badTag, groupSkipped],
                    m.appended(1, extra),
                    code)
            }
            for (comment, extra, code) in protoGroupRules where !pinnedRules.contains(where: comment.hasPrefix) {
                refuse(
                    &aeadHostile, comment,
                    [
                        code == .protoTooDeep
                            ? tooDeep
                            : code == .protoTruncated
                                ? truncated : code == .protoInvalidWireType ? badWireType : badTag,
                        groupSkipped,
                    ],
                    m.appended(1, extra), "aead", code)
            }
            refuse(
                &aeadHostile, "tag 07 at the top: field 0 is checked before wire type 7", [badTag], base + [0x07],
                "aead",
                .protoInvalidTag)
            refuse(
                &aeadHostile, "key_data written only as a group: the key has no key_data", [groupSkipped, keysetRule],
                PB.vi(1, UInt64(id1))
                    + PB.ld(2, PB.group(1, PB.vi(2, 5)) + PB.vi(2, 1) + PB.vi(3, UInt64(id1)) + PB.vi(4, 1)),
                "aead", .keysetMissingKeyData)
            refuse(
                &aeadHostile, "Keyset.key written only as a group: no keys", [groupSkipped, keysetRule],
                PB.vi(1, UInt64(id1)) + PB.group(2, PB.vi(1, 5)), "aead", .keysetEmpty)
            let badURLKD = PB.ld(1, [0x74, 0xff, 0x70]) + PB.ld(2, TinkProto.aesGcmKey(k1)) + PB.vi(3, 1)
            refuse(
                &aeadHostile, "type_url not UTF-8", [badUTF8],
                TinkProto.keyset(primary: id1, [TinkProto.key(badURLKD, id: id1)]), "aead", .protoInvalidUTF8)
            refuse(
                &aeadHostile, "type_url not UTF-8, replaced by a later valid type_url", [badUTF8, repeatedField],
                TinkProto.keyset(primary: id1, [TinkProto.key(PB.ld(1, [0xc3]) + kdFull, id: id1)]), "aead",
                .protoInvalidUTF8)
            refuse(
                &aeadHostile, "type_url with a lone surrogate in UTF-8 (ed a0 80)", [badUTF8],
                TinkProto.keyset(
                    primary: id1,
                    [TinkProto.key(PB.ld(1, [0xed, 0xa0, 0x80]) + PB.ld(2, TinkProto.aesGcmKey(k1)), id: id1)]),
                "aead", .protoInvalidUTF8)
        }

        /// Precedence (tink-keyset.md §"Error precedence").
        func precedenceRefusals(_ m: AEADMaterial) {
            let (k1, id1) = (m.k1, m.id1)
            let badURLKS = PB.vi(1, 42) + PB.ld(2, PB.ld(1, PB.ld(1, [0xff])) + PB.vi(2, 1) + PB.vi(3, 42))
            refuse(
                &aeadHostile, "a bad type_url in key 1 and a truncated field at the end: the Keyset's structure first",
                [precedence, truncated], badURLKS + [0x10], "aead", .protoTruncated)
            refuse(
                &aeadHostile, "a bad tag after key_data whose type_url is not UTF-8: the Key's structure first",
                [precedence, badTag],
                PB.vi(1, 42) + PB.ld(2, PB.ld(1, PB.ld(1, [0xff])) + [0x00, 0x00]), "aead", .protoInvalidTag)
            let faultA = PB.ld(1, PB.ld(1, [0xff]))
            let faultB = PB.ld(1, [0x0f])
            refuse(
                &aeadHostile, "key 1 bad type_url, key 2 wire type 7: key 1 first", [precedence, badUTF8],
                PB.vi(1, 42) + PB.ld(2, faultA) + PB.ld(2, faultB), "aead", .protoInvalidUTF8)
            refuse(
                &aeadHostile, "key 1 wire type 7, key 2 bad type_url: key 1 first", [precedence, badWireType],
                PB.vi(1, 42) + PB.ld(2, faultB) + PB.ld(2, faultA), "aead", .protoInvalidWireType)
            refuse(
                &aeadHostile,
                "two key_data occurrences, a bad type_url then a truncated varint: merged, structure first",
                [precedence, truncated],
                PB.vi(1, 42) + PB.ld(2, PB.ld(1, PB.ld(1, [0xff])) + PB.ld(1, [0x18]) + PB.vi(2, 1) + PB.vi(3, 42)),
                "aead",
                .protoTruncated)
            refuse(
                &aeadHostile, "a truncated AesGcmKey and no primary: keyset checks before key material",
                [precedence, keysetRule],
                TinkProto.keyset(
                    primary: id1 &+ 1,
                    [
                        TinkProto.key(
                            TinkProto.keyData(TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1) + [0x08], material: 1),
                            id: id1)
                    ]),
                "aead", .keysetNoPrimary)
            refuse(
                &aeadHostile, "a truncated AesGcmKey", [truncated],
                TinkProto.keyset(
                    primary: id1,
                    [
                        TinkProto.key(
                            TinkProto.keyData(TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1) + [0x08], material: 1),
                            id: id1)
                    ]),
                "aead", .protoTruncated)
        }

        /// tink-keyset.md's keyset rules: keys, key_data, status, output prefix, primary.
        func keysetRuleRefusals(_ m: AEADMaterial) {
            let (k1, k2, id1, id2, id3, e1, e2, e3) = (m.k1, m.k2, m.id1, m.id2, m.id3, m.e1, m.e2, m.e3)
            refuse(&aeadHostile, "no bytes: no keys", [keysetRule], [], "aead", .keysetEmpty)
            refuse(
                &aeadHostile, "only a primary_key_id: no keys", [keysetRule], PB.vi(1, UInt64(id1)), "aead",
                .keysetEmpty)
            refuse(
                &aeadHostile, "an ENABLED key without key_data", [keysetRule],
                TinkProto.keyset(primary: id1, [e1, TinkProto.key(nil, id: id2)]), "aead", .keysetMissingKeyData)
            refuse(
                &aeadHostile, "a DISABLED key without key_data", [keysetRule],
                TinkProto.keyset(primary: id1, [e1, TinkProto.key(nil, status: 2, id: id2)]), "aead",
                .keysetMissingKeyData)
            for status: UInt64 in [0, 4, 99] {
                refuse(
                    &aeadHostile, "status \(status) on a non-primary key", [keysetRule],
                    TinkProto.keyset(primary: id1, [e1, TinkProto.aesEntry(k2, id: id2, status: status)]), "aead",
                    .keysetInvalidStatus)
            }
            for prefix: UInt64 in [0, 5, 99] {
                refuse(
                    &aeadHostile, "output prefix \(prefix) on the primary", [keysetRule],
                    TinkProto.keyset(primary: id1, [TinkProto.aesEntry(k1, id: id1, prefix: prefix)]), "aead",
                    .keysetInvalidOutputPrefix)
            }
            refuse(
                &aeadHostile, "two ENABLED keys with the primary id", [keysetRule],
                TinkProto.keyset(primary: id1, [e1, TinkProto.aesEntry(k2, id: id1)]), "aead", .keysetDuplicatePrimary)
            refuse(
                &aeadHostile, "only DISABLED keys", [keysetRule, disabled],
                TinkProto.keyset(primary: id1, [TinkProto.aesEntry(k1, id: id1, status: 2)]), "aead",
                .keysetNoEnabledKey)
            refuse(
                &aeadHostile, "only a DESTROYED key without key_data", [keysetRule, destroyed],
                TinkProto.keyset(primary: id1, [TinkProto.key(nil, status: 3, id: id1)]), "aead", .keysetNoEnabledKey)
            refuse(
                &aeadHostile, "primary id matches no key", [keysetRule],
                TinkProto.keyset(primary: id3, [e1, e2]), "aead", .keysetNoPrimary)
            refuse(
                &aeadHostile, "the primary is DISABLED", [keysetRule, disabled],
                TinkProto.keyset(primary: id1, [TinkProto.aesEntry(k1, id: id1, status: 2), e2]), "aead",
                .keysetNoPrimary)
            refuse(
                &aeadHostile, "the primary is DESTROYED", [keysetRule, destroyed],
                TinkProto.keyset(primary: id1, [TinkProto.key(nil, status: 3, id: id1), e2]), "aead", .keysetNoPrimary)
            refuse(
                &aeadHostile, "primary_key_id absent (0), the key's id is not 0", [keysetRule],
                TinkProto.keyset(primary: 0, [e1]), "aead", .keysetNoPrimary)
            refuse(
                &aeadHostile, "key 1 bad status, key 2 no key_data: keys in order", [keysetRule, precedence],
                TinkProto.keyset(
                    primary: id3, [TinkProto.aesEntry(k1, id: id1, status: 0), TinkProto.key(nil, id: id2), e3]),
                "aead",
                .keysetInvalidStatus)
            refuse(
                &aeadHostile, "bad prefix and duplicate primary in one key: prefix first", [keysetRule, precedence],
                TinkProto.keyset(primary: id1, [e1, TinkProto.aesEntry(k2, id: id1, prefix: 0)]), "aead",
                .keysetInvalidOutputPrefix)
        }

        /// Key types, versions and sizes, and unknown primitives.
        func keyTypeVersionAndSizeRefusals(_ m: AEADMaterial, eciesKeyset: HybridPrivateKeyset) {
            let (k1, id1, id2, e1, base) = (m.k1, m.id1, m.id2, m.e1, m.base)
            for (comment, url) in [
                ("AesCtrHmacAeadKey", "type.googleapis.com/google.crypto.tink.AesCtrHmacAeadKey"),
                ("ChaCha20Poly1305Key", "type.googleapis.com/google.crypto.tink.ChaCha20Poly1305Key"),
                ("AesGcmSivKey", "type.googleapis.com/google.crypto.tink.AesGcmSivKey"),
                ("AesGcmKey with another host", "type.example.com/google.crypto.tink.AesGcmKey"),
                ("an empty type_url", ""),
            ] {
                refuse(
                    &aeadHostile, "ENABLED key of type \(comment)", [wrongKeyType],
                    TinkProto.keyset(
                        primary: id1,
                        [
                            TinkProto.key(
                                TinkProto.keyData(Array(url.utf8), TinkProto.aesGcmKey(k1), material: 1), id: id1)
                        ]),
                    "aead", .keysetUnsupportedKeyType)
            }
            refuse(
                &aeadHostile, "an ENABLED ECIES private key in an AEAD keyset", [wrongKeyType],
                eciesKeyset.serializedBytes, "aead", .keysetUnsupportedKeyType)
            refuse(
                &aeadHostile, "a non-primary ENABLED key of another type", [wrongKeyType],
                TinkProto.keyset(
                    primary: id1,
                    [
                        e1,
                        TinkProto.key(
                            TinkProto.keyData(
                                Array("type.googleapis.com/google.crypto.tink.HmacKey".utf8), [], material: 1), id: id2),
                    ]),
                "aead", .keysetUnsupportedKeyType)
            for version: UInt64 in [1, 2] {
                refuse(
                    &aeadHostile, "AesGcmKey version \(version)", [keyVersion],
                    TinkProto.keyset(
                        primary: id1,
                        [
                            TinkProto.key(
                                TinkProto.keyData(
                                    TinkProto.aesGcmURL, TinkProto.aesGcmKey(k1, version: version), material: 1),
                                id: id1)
                        ]),
                    "aead", .keysetInvalidKeyVersion)
            }
            for size in [0, 24, 31, 64] {
                refuse(
                    &aeadHostile, "AES key of \(size) bytes", [keySize],
                    TinkProto.keyset(primary: id1, [TinkProto.aesEntry(rng.bytes(size), id: id1)]), "aead",
                    .keysetInvalidKeySize)
            }
            refuse(
                &aeadHostile, "version 1 and a 24-byte key: version first", [keyVersion, precedence],
                TinkProto.keyset(
                    primary: id1,
                    [
                        TinkProto.key(
                            TinkProto.keyData(
                                TinkProto.aesGcmURL, TinkProto.aesGcmKey(rng.bytes(24), version: 1), material: 1),
                            id: id1)
                    ]),
                "aead", .keysetInvalidKeyVersion)
            for primitive in ["AEAD", "hybrid", "", "deterministicAead"] {
                refuse(
                    &aeadHostile, "unknown primitive \"\(primitive)\"", [badRequest], base, primitive,
                    RequestCodes.malformedRequest)
            }
        }

        func hybridMaterial() -> HybridMaterial {
            let hs = rng.scalar()
            let hid = rng.keyID()
            return HybridMaterial(hs: hs, hid: hid)
        }

        /// Coordinate and scalar widths, the negated point, params encoded every accepted way.
        func hybridCoordinateAndParamsReads(_ h: HybridMaterial, shortX: P256Scalar) {
            let (hs, hid, hpt, x33, y33, d33) = (h.hs, h.hid, h.hpt, h.x33, h.y33, h.d33)
            for (width, flags) in [
                (32, [coordinateWidth]), (33, [javaStyle]), (34, [coordinateWidth]), (40, [coordinateWidth]),
            ] {
                let x = TinkProto.widen(hpt.x, to: width), y = TinkProto.widen(hpt.y, to: width)
                validate(
                    &hybridReads, "\(width)-byte coordinates and scalar: private keyset", [valid] + flags,
                    h.privateKeyset(
                        TinkProto.eciesPrivate(publicKey: h.pub(x, y), d: TinkProto.widen(hs.d, to: width))),
                    "hybridPrivate", primary: hid, ids: [hid])
                validate(
                    &hybridReads, "\(width)-byte coordinates: public keyset", [valid] + flags,
                    h.publicKeyset(h.pub(x, y)),
                    "hybridPublic", primary: hid, ids: [hid])
            }
            let sx = shortX.publicPoint
            validate(
                &hybridReads, "x < 2^248 written in 31 bytes (leading zero stripped)", [valid, coordinateWidth],
                h.publicKeyset(h.pub(Array(sx.x.drop { $0 == 0 }), sx.y)), "hybridPublic", primary: hid, ids: [hid])
            validate(
                &hybridReads, "x and y of 32 bytes, scalar of 33", [valid, coordinateWidth],
                h.privateKeyset(TinkProto.eciesPrivate(publicKey: h.pub(hpt.x, hpt.y), d: d33)), "hybridPrivate",
                primary: hid,
                ids: [hid])
            validate(
                &hybridReads, "the negated point (x, p − y) is a valid public key", [valid],
                h.publicKeyset(h.pub(hpt.x, subtract(p, hpt.y))), "hybridPublic", primary: hid, ids: [hid])
            let paramsReordered =
                PB.vi(3, 1) + PB.ld(2, PB.ld(2, PB.vi(3, 1) + PB.ld(2, PB.vi(2, 16)) + PB.ld(1, TinkProto.aesGcmURL)))
                + PB.ld(1, PB.vi(2, 3) + PB.vi(1, 2))
            validate(
                &hybridReads, "ECIES params with every field in reverse order", [valid, fieldOrder],
                h.publicKeyset(PB.ld(4, y33) + PB.ld(3, x33) + PB.ld(2, paramsReordered)), "hybridPublic", primary: hid,
                ids: [hid])
            let paramsDefaults =
                PB.ld(1, PB.vi(1, 2) + PB.vi(2, 3) + PB.ld(11, []))
                + PB.ld(2, PB.ld(2, PB.ld(1, TinkProto.aesGcmURL) + PB.ld(2, PB.vi(2, 16) + PB.vi(3, 0)) + PB.vi(3, 1)))
                + PB.vi(3, 1)
            validate(
                &hybridReads, "explicit defaults: empty salt, AesGcmKeyFormat version 0, key version 0",
                [valid, explicitDefault],
                h.publicKeyset(PB.vi(1, 0) + PB.ld(2, paramsDefaults) + PB.ld(3, x33) + PB.ld(4, y33)), "hybridPublic",
                primary: hid, ids: [hid])
            let paramsUnknown =
                PB.ld(1, PB.vi(1, 2) + PB.vi(2, 3) + PB.vi(12, 7))
                + PB.ld(
                    2,
                    PB.ld(2, PB.ld(1, TinkProto.aesGcmURL) + PB.ld(2, PB.vi(2, 16) + PB.vi(9, 1)) + PB.vi(3, 1))
                        + PB.ld(5, [1]))
                + PB.vi(3, 1) + PB.ld(20, [2]) + PB.group(21)
            validate(
                &hybridReads, "unknown fields and a group in every params message", [valid, unknownField],
                h.publicKeyset(h.pub(x33, y33, params: paramsUnknown) + PB.vi(9, 9)), "hybridPublic", primary: hid,
                ids: [hid])
            for (comment, prefix) in [("RAW", UInt64(3)), ("absent (UNKNOWN)", 0), ("LEGACY", 2)] {
                validate(
                    &hybridReads, "DEM template output prefix \(comment) is ignored", [valid],
                    h.publicKeyset(h.pub(x33, y33, params: TinkProto.eciesParams(demPrefix: prefix))), "hybridPublic",
                    primary: hid, ids: [hid])
            }
            validate(
                &hybridReads, "params written twice: merged", [valid, repeatedField],
                h.publicKeyset(
                    PB.ld(2, PB.ld(1, PB.vi(1, 2) + PB.vi(2, 3)))
                        + PB.ld(
                            2, PB.ld(2, PB.ld(2, PB.ld(1, TinkProto.aesGcmURL) + PB.ld(2, PB.vi(2, 16)))) + PB.vi(3, 1))
                        + PB.ld(3, x33) + PB.ld(4, y33)),
                "hybridPublic", primary: hid, ids: [hid])
        }

        /// Rotated, DISABLED and RAW keys; returns the second key's scalar.
        func hybridRotatedReads(_ h: HybridMaterial) -> P256Scalar {
            let (hid, x33, y33, d33, goodPub, goodPriv) = (h.hid, h.x33, h.y33, h.d33, h.goodPub, h.goodPriv)
            let hs2 = rng.scalar()
            let hid2 = rng.keyID()
            let priv2 = TinkProto.eciesPrivate(
                publicKey: h.pub(
                    TinkProto.widen(hs2.publicPoint.x, to: 33), TinkProto.widen(hs2.publicPoint.y, to: 33)),
                d: TinkProto.widen(hs2.d, to: 33))
            validate(
                &hybridReads, "rotated private keyset: the primary second", [valid, rotated],
                TinkProto.keyset(primary: hid2, [h.privKS(goodPriv), h.privKS(priv2, id: hid2)]), "hybridPrivate",
                primary: hid2, ids: [hid, hid2])
            validate(
                &hybridReads, "a DISABLED private key with an off-curve point is never parsed", [valid, disabled],
                TinkProto.keyset(
                    primary: hid,
                    [
                        h.privKS(goodPriv),
                        h.privKS(
                            TinkProto.eciesPrivate(publicKey: h.pub(x33, Mutate.flip(y33, byte: 32)), d: d33), id: hid2,
                            status: 2),
                    ]),
                "hybridPrivate", primary: hid, ids: [hid])
            validate(
                &hybridReads, "a RAW public key", [valid],
                TinkProto.keyset(primary: hid, [h.pubKS(goodPub, prefix: 3)]), "hybridPublic", primary: hid, ids: [hid])
            return hs2
        }

        /// ECIES params other than the template, in public and private keys.
        func eciesParamsRefusals(_ h: HybridMaterial) {
            let (x33, y33, d33) = (h.x33, h.y33, h.d33)
            for (comment, params) in eciesParamCases {
                badPub(
                    h,
                    "ECIES params: \(comment)", [eciesParams], h.pub(x33, y33, params: params),
                    .eciesUnsupportedParameters)
            }
            for (comment, params) in eciesParamCases.prefix(1) + eciesParamCases.dropFirst(4).prefix(1)
                + eciesParamCases.dropFirst(9).prefix(1) + eciesParamCases.dropFirst(12).prefix(1)
            {
                badPriv(
                    h,
                    "ECIES params: \(comment)", [eciesParams],
                    TinkProto.eciesPrivate(publicKey: h.pub(x33, y33, params: params), d: d33),
                    .eciesUnsupportedParameters)
            }
        }

        /// Missing fields, versions, points off the curve, scalars out of range, mismatched keys.
        func pointAndScalarRefusals(_ h: HybridMaterial, hs2: P256Scalar) {
            let (hs, hpt, x33, y33, d33, goodPub) = (h.hs, h.hpt, h.x33, h.y33, h.d33, h.goodPub)
            badPub(h, "no params", [eciesMissing], h.pub(x33, y33, params: nil), .eciesMissingField)
            badPriv(
                h, "no public_key", [eciesMissing], TinkProto.eciesPrivate(publicKey: nil, d: d33), .eciesMissingField)
            badPub(h, "public key version 1", [keyVersion], h.pub(x33, y33, version: 1), .keysetInvalidKeyVersion)
            badPriv(
                h,
                "private key version 1", [keyVersion], TinkProto.eciesPrivate(publicKey: goodPub, d: d33, version: 1),
                .keysetInvalidKeyVersion)
            badPriv(
                h,
                "its public key version 1", [keyVersion],
                TinkProto.eciesPrivate(publicKey: h.pub(x33, y33, version: 1), d: d33), .keysetInvalidKeyVersion)
            badPub(
                h,
                "version 1 and no params: version first", [keyVersion, precedence],
                h.pub(x33, y33, params: nil, version: 1),
                .keysetInvalidKeyVersion)
            badPub(
                h,
                "curve P-384 and an off-curve point: params first", [eciesParams, precedence],
                h.pub(x33, Mutate.flip(y33, byte: 32), params: TinkProto.eciesParams(curve: 3)),
                .eciesUnsupportedParameters)
            badPub(h, "x = p", [offCurve], h.pub(p, y33), .p256CoordinateOutOfRange)
            badPub(h, "y + p (over 32 bytes)", [offCurve], h.pub(x33, add(p, hpt.y)), .p256CoordinateOutOfRange)
            badPub(h, "x with 33 significant bytes", [offCurve], h.pub([1] + hpt.x, y33), .p256CoordinateOutOfRange)
            badPub(
                h,
                "x ≥ p and y off-curve: x first", [offCurve, precedence], h.pub(p, Mutate.flip(y33, byte: 32)),
                .p256CoordinateOutOfRange)
            badPub(
                h,
                "point off the curve (y's last bit flipped)", [offCurve], h.pub(x33, Mutate.flip(y33, byte: 32)),
                .p256NotOnCurve)
            badPub(
                h,
                "point off the curve (x's first bit flipped)", [offCurve],
                h.pub(Mutate.flip(x33, byte: 1, bit: 7), y33),
                .p256NotOnCurve)
            badPub(h, "the identity written as (0, 0)", [offCurve], h.pub([0], [0]), .p256NotOnCurve)
            badPub(h, "x and y absent (read as 0)", [offCurve], h.pub([], []), .p256NotOnCurve)
            badPub(h, "x = 0 with the key's y", [offCurve], h.pub([0], y33), .p256NotOnCurve)
            badPub(h, "x and y swapped", [offCurve], h.pub(y33, x33), .p256NotOnCurve)
            badPriv(
                h,
                "point off the curve", [offCurve],
                TinkProto.eciesPrivate(publicKey: h.pub(x33, Mutate.flip(y33, byte: 32)), d: d33), .p256NotOnCurve)
            badPriv(
                h,
                "the identity (0, 0)", [offCurve], TinkProto.eciesPrivate(publicKey: h.pub([], []), d: d33),
                .p256NotOnCurve)
            badPriv(
                h,
                "scalar absent (0)", [badScalar], TinkProto.eciesPrivate(publicKey: goodPub, d: []),
                .p256ScalarOutOfRange)
            badPriv(
                h,
                "scalar 0 in 32 bytes", [badScalar],
                TinkProto.eciesPrivate(publicKey: goodPub, d: [UInt8](repeating: 0, count: 32)), .p256ScalarOutOfRange)
            badPriv(h, "scalar n", [badScalar], TinkProto.eciesPrivate(publicKey: goodPub, d: n), .p256ScalarOutOfRange)
            badPriv(
                h,
                "scalar n + d (≡ d mod n)", [badScalar], TinkProto.eciesPrivate(publicKey: goodPub, d: add(n, hs.d)),
                .p256ScalarOutOfRange)
            badPriv(
                h,
                "scalar with 33 significant bytes", [badScalar],
                TinkProto.eciesPrivate(publicKey: goodPub, d: [1] + hs.d),
                .p256ScalarOutOfRange)
            badPriv(
                h,
                "another key's public point", [mismatch],
                TinkProto.eciesPrivate(
                    publicKey: h.pub(
                        TinkProto.widen(hs2.publicPoint.x, to: 33), TinkProto.widen(hs2.publicPoint.y, to: 33)),
                    d: d33), .p256KeyMismatch)
            badPriv(
                h,
                "the negated public point (x, p − y)", [mismatch],
                TinkProto.eciesPrivate(publicKey: h.pub(hpt.x, subtract(p, hpt.y)), d: d33), .p256KeyMismatch)
            badPriv(
                h,
                "scalar n − d (the negated key)", [mismatch],
                TinkProto.eciesPrivate(publicKey: goodPub, d: subtract(n, hs.d)), .p256KeyMismatch)
        }

        /// Wrong key types and protobuf faults inside the ECIES keys.
        func hybridTypeAndStructureRefusals(_ h: HybridMaterial, aeadBase: [UInt8]) {
            let (x33, y33, d33, goodPub, goodPriv) = (h.x33, h.y33, h.d33, h.goodPub, h.goodPriv)
            refuse(
                &hybridHostile, "an AES-GCM key in a private hybrid keyset", [wrongKeyType], aeadBase, "hybridPrivate",
                .keysetUnsupportedKeyType)
            refuse(
                &hybridHostile, "an AES-GCM key in a public hybrid keyset", [wrongKeyType], aeadBase, "hybridPublic",
                .keysetUnsupportedKeyType)
            refuse(
                &hybridHostile, "a public key in a private keyset", [wrongKeyType], h.publicKeyset(goodPub),
                "hybridPrivate",
                .keysetUnsupportedKeyType)
            refuse(
                &hybridHostile, "a private key in a public keyset", [wrongKeyType], h.privateKeyset(goodPriv),
                "hybridPublic",
                .keysetUnsupportedKeyType)
            refuse(
                &hybridHostile, "field 0 at the end of the private key's public_key", [precedence, badTag],
                h.privateKeyset(TinkProto.eciesPrivate(publicKey: goodPub + [0x00, 0x00], d: d33)), "hybridPrivate",
                .protoInvalidTag)
            refuse(
                &hybridHostile, "a field 0 inside a skipped group in the public key", [badTag, groupSkipped],
                h.publicKeyset(goodPub + PB.tag(9, 3) + [0x00, 0x00] + PB.tag(9, 4)), "hybridPublic", .protoInvalidTag)
            refuse(
                &hybridHostile, "a truncated EciesHkdfKemParams", [truncated],
                h.publicKeyset(
                    PB.ld(
                        2,
                        PB.ld(1, PB.vi(1, 2) + [0x10])
                            + PB.ld(2, PB.ld(2, PB.ld(1, TinkProto.aesGcmURL) + PB.ld(2, PB.vi(2, 16)))) + PB.vi(3, 1))
                        + PB.ld(3, x33) + PB.ld(4, y33)),
                "hybridPublic", .protoTruncated)
            refuse(
                &hybridHostile, "a DEM type_url that is not UTF-8", [badUTF8, eciesParams],
                h.publicKeyset(h.pub(x33, y33, params: TinkProto.eciesParams(demURL: [0xff, 0xfe]))), "hybridPublic",
                .protoInvalidUTF8)
        }

        /// tink-keyset.md §"Protobuf wire rules": a DEM KeyTemplate type_url is UTF-8-checked on every
        /// occurrence, the later one replacing it or not (D-TINK-02); the 1,000-key bound is
        /// KeysetResourceBound's (TinkKeysetSuite+Bounds.swift). No DRBG draws.
        func templateURLCases(_ h: HybridMaterial) {
            func params(demURLs: [[UInt8]]) -> [UInt8] {
                let kem = PB.viDefault(1, 2) + PB.viDefault(2, 3)
                let template = demURLs.flatMap { PB.ld(1, $0) } + PB.ld(2, PB.viDefault(2, 16)) + PB.viDefault(3, 1)
                return PB.ld(1, kem) + PB.ld(2, PB.ld(2, template)) + PB.viDefault(3, 1)
            }
            let ctrURL = Array("type.googleapis.com/google.crypto.tink.AesCtrHmacAeadKey".utf8)
            let replaced = h.pub(h.x33, h.y33, params: params(demURLs: [ctrURL, TinkProto.aesGcmURL]))
            validate(
                &boundsAndRepeats, "DEM type_url given twice, the AesGcmKey one last: the last wins (public keyset)",
                [valid, repeatedField, eciesParams], h.publicKeyset(replaced), "hybridPublic", primary: h.hid,
                ids: [h.hid])
            cite(&boundsAndRepeats, VectorPin("D-TINK-02", .accept))
            let badFirst = h.pub(h.x33, h.y33, params: params(demURLs: [[0xff], TinkProto.aesGcmURL]))
            refuse(
                &boundsAndRepeats, "DEM type_url not UTF-8, replaced by a later valid one (public keyset)",
                [badUTF8, repeatedField, eciesParams], h.publicKeyset(badFirst), "hybridPublic", .protoInvalidUTF8)
            cite(&boundsAndRepeats, VectorPin("D-TINK-02", .refuse))
            refuse(
                &boundsAndRepeats, "DEM type_url not UTF-8, replaced by a later valid one (private keyset)",
                [badUTF8, repeatedField, eciesParams],
                h.privateKeyset(TinkProto.eciesPrivate(publicKey: badFirst, d: h.d33)), "hybridPrivate",
                .protoInvalidUTF8)
            cite(&boundsAndRepeats, VectorPin("D-TINK-02", .refuse))
        }
    }
}
