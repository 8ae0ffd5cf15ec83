// The layers a failure is named by, and the bug taxonomy of flags. Normative:
// specs/vectors.md §"Layers" and §"bugType".

/// A layer of the wire stack; the harness names the first one whose bytes disagree.
package enum VectorLayer: String, Sendable, CaseIterable {
    case request, encoding, protobuf, keyset
    case tinkFraming = "tink_framing"
    case aead, kem, kdf, dem, binding, json, canonicalization, commitment, payload, argon2
    case kdfParams = "kdf_params"
    case phrase, invite, contract, rules

    /// One line for people: what the layer covers.
    package var summary: String {
        switch self {
        case .request: "harness request framing and field types"
        case .encoding: "value prefixes, b64 / b64url / hex: alphabet, padding, trailing bits"
        case .protobuf: "the protobuf wire format of keysets and keys"
        case .keyset: "Tink keyset validation: status, primary, key type, version, size, prefix type"
        case .tinkFraming: "Tink output prefix: prefix byte, key id, candidate key selection"
        case .aead: "AES-GCM: IV, ciphertext, tag"
        case .kem: "P-256 points and scalars: encoding, coordinate width, on-curve, ECDH"
        case .kdf: "HKDF-SHA256 (salt, info, length) and the DEM key"
        case .dem: "the hybrid's AES-128-GCM layer"
        case .binding: "AAD and context-info composition (components, order, separator)"
        case .json: "the strict I-JSON parser"
        case .canonicalization: "RFC 8785 serialization: member order, strings, numbers"
        case .commitment: "sha256: digest and the commitment check"
        case .payload: "sealed payload members, ids against the AAD, nonce"
        case .argon2: "Argon2id: variant, version, memory unit, iterations, lanes"
        case .kdfParams: "the kdfParams PHC string and its bounds"
        case .phrase: "recovery phrase: normalization, wordlist, entropy"
        case .invite: "invite codes and the invite-phrase encryption"
        case .contract: "app contracts: callables, date keys, push routing"
        case .rules: "Firestore rules decisions"
        }
    }

    /// The layer an error code belongs to (its area), for naming a port's refusal.
    package static func of(detail: String) -> VectorLayer? {
        let area = detail.split(separator: ".").first.map(String.init) ?? ""
        switch area {
        case "harness": return .request
        case "b64", "hex", "wire": return detail.hasPrefix("wire.wrong_tink_prefix") ? .tinkFraming : .encoding
        case "proto": return .protobuf
        case "keyset", "ecies", "pub": return .keyset
        case "aead", "aesgcm": return .aead
        case "hybrid": return .dem
        case "p256": return .kem
        case "hkdf": return .kdf
        case "binding": return .binding
        case "json": return .json
        case "enc": return .encoding
        case "sealed":
            if detail.hasSuffix("commitment_mismatch") { return .commitment }
            if detail.hasSuffix("non_canonical_payload") { return .canonicalization }
            return .payload
        case "argon2": return .argon2
        case "kdfparams": return .kdfParams
        case "couplekey": return .aead
        case "phrase": return .phrase
        case "invite": return .invite
        case "callable", "datekey", "push": return .contract
        case "rules": return .rules
        default: return nil
        }
    }
}

/// Wycheproof-style bug types (specs/vectors.md §"bugType").
package enum BugType: String, Sendable, CaseIterable {
    case basic = "BASIC"
    case encoding = "ENCODING"
    case malleability = "MALLEABILITY"
    case missingStep = "MISSING_STEP"
    case wrongBinding = "WRONG_BINDING"
    case wrongParameters = "WRONG_PARAMETERS"
    case pointValidation = "POINT_VALIDATION"
    case keyManagement = "KEY_MANAGEMENT"
    case canOfWorms = "CAN_OF_WORMS"
    case edgeCase = "EDGE_CASE"
    case legacy = "LEGACY"
    case resourceBound = "RESOURCE_BOUND"
    /// The manual contradicts itself; the test pins one reading (specs/vectors.md §Notes).
    case manualConflict = "MANUAL_CONFLICT"
}
