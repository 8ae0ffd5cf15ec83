// tink_keyset, appended group: the key-count resource bound (specs/tink-keyset.md §"Resource
// bounds", D-TINK-06), each test citing it and its side (specs/vectors.md §Test `pins`).

import CloserHarness
import CloserVectorModel
import CloserWire

extension TinkKeysetSuite {
    static let resourceBound = VectorFlag(
        "ResourceBound", .edgeCase, .keyset,
        "More than 1,000 keys: refused by tink-keyset.md's resource bound, which Tink does not have; either outcome conforms."
    )

    /// Appended in 3.4.0: 1,000 keys are read and 1,001 refused with keyset.too_many_keys (D-TINK-06).
    /// One ENABLED AES-GCM primary and DESTROYED keys without key_data (8 bytes each), so the count
    /// and not the size decides; the refusal is acceptable, Tink having no such bound.
    static func resourceBoundCases() -> [VectorCase] {
        let primary = TinkProto.aesEntry([UInt8](repeating: 0x5a, count: 32), id: 1)
        func keyset(count: Int) -> [UInt8] {
            TinkProto.keyset(primary: 1, [primary] + (2...count).map { TinkProto.key(nil, status: 3, id: UInt32($0)) })
        }
        let input: (Int) -> [(String, JSONValue)] = {
            [("keyset", V.hex(keyset(count: $0))), ("primitive", V.str("aead"))]
        }
        return [
            VectorCase.valid(
                "1,000 keys (the bound): one ENABLED primary and 999 DESTROYED keys", flags: [keysetRule, destroyed],
                op: HarnessOpSpec.keysetValidate.name, input: input(1000),
                output: [("primaryKeyId", V.int(1)), ("keyIds", .array([V.int(1)]))]
            ).citing(VectorPin("D-TINK-06", .accept)),
            VectorCase.acceptable(
                "1,001 keys (one past the bound): keyset.too_many_keys before any key is parsed",
                flags: [resourceBound], op: HarnessOpSpec.keysetValidate.name, input: input(1001),
                expected: .error(.keysetTooManyKeys, layer: .keyset)
            ).citing(VectorPin("D-TINK-06", .refuse)),
        ]
    }
}
