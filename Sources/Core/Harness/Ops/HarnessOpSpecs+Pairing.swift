// The declarations of the pairing ops (Argon2id, the couple-key wrap, recovery phrases, the
// invite-phrase cipher). Rows of specs/harness.md §"Ops"; fields in the handler's read order
// (HarnessOps+Pairing.swift).

import CloserVectorModel

extension HarnessOpSpec {
    package static let argon2id = Self(
        "argon2id", family: "pairing",
        fields: [
            .required("memoryKiB"), .required("iterations"), .required("parallelism"), .required("length"),
            .required("password", "hex"), .required("salt"),
        ], output: [.required("key")], layer: .argon2, runsArgon2: true)
    package static let coupleKeyWrap = Self(
        "couplekey.wrap", family: "pairing",
        fields: [.required("keyset"), .required("phrase"), .optional("salt"), .optional("iv")],
        output: [.required("wrappedCoupleKey"), .required("kdfSalt"), .required("kdfParams")], layer: .argon2,
        decodeLayer: .encoding, runsArgon2: true)
    package static let coupleKeyUnwrap = Self(
        "couplekey.unwrap", family: "pairing",
        fields: [.required("wrappedCoupleKey"), .required("kdfSalt"), .required("kdfParams"), .required("phrase")],
        output: [.required("keyset")], layer: .argon2, decodeLayer: .encoding, runsArgon2: true)
    package static let phraseFromEntropy = Self(
        "phrase.fromEntropy", family: "pairing", fields: [.required("entropy", "10 bytes")],
        output: [.required("phrase")], layer: .phrase, decodeLayer: .phrase)
    package static let phraseNormalize = Self(
        "phrase.normalize", family: "pairing", fields: [.required("input")],
        output: [.required("phrase"), .required("entropy")], layer: .phrase, decodeLayer: .phrase)
    package static let inviteEncrypt = Self(
        "invite.encrypt", family: "pairing",
        fields: [.required("code"), .required("phrase"), .optional("salt"), .optional("iv")],
        output: [.required("value")], layer: .invite, decodeLayer: .encoding, runsArgon2: true)
    package static let inviteDecrypt = Self(
        "invite.decrypt", family: "pairing", fields: [.required("code"), .required("value")],
        output: [.required("phrase")], layer: .invite, decodeLayer: .encoding, runsArgon2: true)
}
