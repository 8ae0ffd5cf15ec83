// The declarations of the lower-layer ops: optional, never needed for conformance; the driver
// replays a failing test's layers through them (specs/harness.md §"Lower-layer ops"). Fields in
// the handler's read order (HarnessOps+Lower.swift).

import CloserVectorModel

extension HarnessOpSpec {
    package static let encodingDecode = Self(
        "encoding.decode", family: "lower",
        fields: [.required("profile", "`b64` | `b64url` | `hex`: the encoding"), .required("text")],
        output: [.required("bytes")], layer: .encoding, decodeLayer: .encoding)
    package static let encodingEncode = Self(
        "encoding.encode", family: "lower", fields: [.required("profile"), .required("bytes")],
        output: [.required("text")], layer: .encoding, decodeLayer: .encoding)
    package static let keysetValidate = Self(
        "keyset.validate", family: "lower",
        fields: [.required("keyset"), .required("primitive", "`aead` | `hybridPrivate` | `hybridPublic`")],
        output: [.required("primaryKeyId"), .required("keyIds", "ENABLED keys, keyset order")], layer: .keyset,
        decodeLayer: .protobuf)
    package static let bindingAAD = Self(
        "binding.aad", family: "lower",
        fields: [
            .required("kind", "`enc` | `sealed` | `keybox`"), .required("coupleId"), .optional("questionId"),
            .optional("userId"), .optional("senderUserId"), .optional("recipientUserId"),
        ], output: [.required("aad", "the AAD or context-info bytes the kind uses")], layer: .binding)
    package static let aesGCMSeal = Self(
        "aesgcm.seal", family: "lower",
        fields: [.required("key", "16 or 32 bytes"), .required("iv", "12"), .required("plaintext"), .required("aad")],
        output: [.required("ciphertext", "ct || tag, no IV")], layer: .aead)
    package static let aesGCMOpen = Self(
        "aesgcm.open", family: "lower",
        fields: [.required("key"), .required("iv"), .required("ciphertext", "ct || tag"), .required("aad")],
        output: [.required("plaintext")], layer: .aead)
    package static let p256ECDH = Self(
        "p256.ecdh", family: "lower",
        fields: [
            .required("privateKey", "scalar, any length"), .required("publicPoint", "65 bytes, 04 || X || Y"),
        ], output: [.required("sharedSecret", "32-byte x")], layer: .kem)
    package static let hkdfSHA256 = Self(
        "hkdf.sha256", family: "lower",
        fields: [.required("ikm"), .required("salt"), .required("info"), .required("length")],
        output: [.required("okm")], layer: .kdf)
}
