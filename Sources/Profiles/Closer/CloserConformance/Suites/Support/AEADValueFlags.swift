// Flags every suite of a Tink-AEAD-framed value shares (enc_v1, sealed_v1): the hostile shapes of
// `01 || key id || IV || ct || tag` (specs/tink-aead.md).

import CloserVectorModel

enum AEADValueFlags {
    static let truncated = VectorFlag(
        "Truncated", .malleability, .tinkFraming, "The body is cut at or inside a layer boundary.")
    static let tinkPrefix = VectorFlag(
        "WrongTinkPrefix", .malleability, .tinkFraming, "The body's first byte is not 0x01 (TINK).")
    static let modified = VectorFlag(
        "ModifiedCiphertext", .malleability, .aead, "A bit of the key id, IV, ciphertext or tag is flipped.")
    static let appended = VectorFlag("AppendedBytes", .malleability, .aead, "Bytes appended after the tag.")
}
