// The declarations of the wire-format ops (Tink AEAD and hybrid, the five values, canonical
// JSON). Each is one row of specs/harness.md §"Ops"; fields are in the order the handler reads
// them (HarnessOps+Wire.swift).

import CloserVectorModel

extension HarnessOpSpec {
    package static let aeadKeyset = Self(
        "aead.keyset", family: "wire",
        fields: [.optional("prefix", "TINK|RAW|LEGACY|CRUNCHY, default TINK"), .required("key"), .required("keyId")],
        output: [.required("keyset")], layer: .aead, decodeLayer: .protobuf)
    package static let aeadEncrypt = Self(
        "aead.encrypt", family: "wire",
        fields: [.required("keyset"), .required("plaintext"), .required("aad"), .optional("iv")],
        output: [.required("ciphertext")], layer: .aead, decodeLayer: .protobuf)
    package static let aeadDecrypt = Self(
        "aead.decrypt", family: "wire", fields: [.required("keyset"), .required("ciphertext"), .required("aad")],
        output: [.required("plaintext")], layer: .aead, decodeLayer: .protobuf)
    package static let hybridKeyset = Self(
        "hybrid.keyset", family: "wire", fields: [.required("privateKey", "scalar, any length"), .required("keyId")],
        output: [.required("privateKeyset"), .required("publicKeyset", "Java-style")], layer: .dem,
        decodeLayer: .protobuf)
    package static let hybridEncrypt = Self(
        "hybrid.encrypt", family: "wire",
        fields: [
            .required("publicKeyset"), .optional("ephemeralPrivateKey"), .optional("iv"), .required("plaintext"),
            .required("contextInfo"),
        ], output: [.required("ciphertext")], layer: .dem, decodeLayer: .protobuf)
    package static let hybridDecrypt = Self(
        "hybrid.decrypt", family: "wire",
        fields: [.required("privateKeyset"), .required("ciphertext"), .required("contextInfo")],
        output: [.required("plaintext")], layer: .dem, decodeLayer: .protobuf)
    package static let encSeal = Self(
        "enc.seal", family: "wire",
        fields: [.required("keyset"), .optional("iv"), .required("text", "string"), .required("coupleId")],
        output: [.required("value")], layer: .aead, decodeLayer: .encoding)
    package static let encOpen = Self(
        "enc.open", family: "wire", fields: [.required("keyset"), .required("value"), .required("coupleId")],
        output: [.required("text")], layer: .aead, decodeLayer: .encoding)
    package static let canonicalize = Self(
        "canonicalize", family: "wire", fields: [.required("json", "JSON text, string")],
        output: [.required("canonical", "hex")], layer: .canonicalization, decodeLayer: .json)
    package static let commitment = Self(
        "commitment", family: "wire", fields: [.required("json", "JSON text")],
        output: [.required("canonical", "hex"), .required("value")], layer: .commitment, decodeLayer: .json)
    package static let sealedSeal = Self(
        "sealed.seal", family: "wire",
        fields: [
            .required("keyset"), .required("coupleId"), .required("questionId"), .required("userId"),
            .required("payload", "JSON text"), .optional("iv"),
        ], output: [.required("value"), .required("commitment")], layer: .payload, decodeLayer: .encoding)
    package static let sealedOpen = Self(
        "sealed.open", family: "wire",
        fields: [
            .required("keyset"), .required("coupleId"), .required("questionId"), .required("userId"),
            .required("value"), .required("commitment"),
        ], output: [.required("payload", "canonical JSON text")], layer: .payload, decodeLayer: .encoding)
    package static let pubEncode = Self(
        "pub.encode", family: "wire", fields: [.required("publicKeyset")], output: [.required("value")],
        layer: .keyset, decodeLayer: .encoding)
    package static let pubDecode = Self(
        "pub.decode", family: "wire", fields: [.required("value")],
        output: [
            .required("publicKeyset"), .required("keyId"), .required("x", "32 bytes"), .required("y", "32 bytes"),
        ], layer: .keyset, decodeLayer: .encoding)
    package static let keyboxWrap = Self(
        "keybox.wrap", family: "wire",
        fields: [
            .required("recipient", "pub:v1 string"), .required("coupleId"), .required("questionId"),
            .required("senderUserId"), .required("recipientUserId"), .required("keyset"),
            .optional("ephemeralPrivateKey"), .optional("iv"),
        ], output: [.required("value")], layer: .dem, decodeLayer: .encoding)
    package static let keyboxUnwrap = Self(
        "keybox.unwrap", family: "wire",
        fields: [
            .required("privateKeyset"), .required("coupleId"), .required("questionId"), .required("senderUserId"),
            .required("recipientUserId"), .required("value"),
        ], output: [.required("keyset")], layer: .dem, decodeLayer: .encoding)
}
