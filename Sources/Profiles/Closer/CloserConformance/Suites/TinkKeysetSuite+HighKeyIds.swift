// tink_keyset, appended group: ENABLED non-primary keys with ids of 2^31 and above. The earlier
// groups' ids at or past 2^31 are all primaries', so a port that reads the other keys' ids as
// signed 32-bit integers passed them. Normative: specs/tink-keyset.md (key_id is a uint32,
// D-TINK-01), specs/harness.md (`keyset.validate` lists the ENABLED ids in keyset order).

import CloserHarness
import CloserVectorModel
import CloserWire

extension TinkKeysetSuite {
    /// Appended in 3.5.0: a primary of id 1 followed by ENABLED keys of ids 2^31 and 2^32 − 1.
    /// Fixed key bytes, no DRBG draw.
    static func highNonPrimaryIDCases() -> [VectorCase] {
        let ids: [UInt32] = [1, 0x8000_0000, 0xffff_ffff]
        let keys = ids.enumerated().map { i, id in
            TinkProto.aesEntry([UInt8](repeating: UInt8(0x31 + i), count: 32), id: id)
        }
        let rotatedIDs: [UInt32] = [0xffff_ffff, 7, 0x8000_0000]
        let rotatedKeys = rotatedIDs.enumerated().map { i, id in
            TinkProto.aesEntry([UInt8](repeating: UInt8(0x41 + i), count: 32), id: id)
        }
        func validate(_ comment: String, _ bytes: [UInt8], primary: UInt32, ids: [UInt32]) -> VectorCase {
            VectorCase.valid(
                comment, flags: [valid, keyIDEdge, rotated], op: HarnessOpSpec.keysetValidate.name,
                input: [("keyset", V.hex(bytes)), ("primitive", V.str("aead"))],
                output: [("primaryKeyId", V.int(primary)), ("keyIds", .array(ids.map { V.int($0) }))],
                intermediates: [("serializedKeyset", V.hex(bytes))]
            ).citing(VectorPin("D-TINK-01", .accept))
        }
        return [
            validate(
                "primary id 1, then ENABLED keys of ids 2^31 and 2^32−1: listed unsigned",
                TinkProto.keyset(primary: 1, keys), primary: 1, ids: ids),
            validate(
                "primary id 7 between ENABLED keys of ids 2^32−1 and 2^31: listed unsigned, in keyset order",
                TinkProto.keyset(primary: 7, rotatedKeys), primary: 7, ids: rotatedIDs),
        ]
    }
}
