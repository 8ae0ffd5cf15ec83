// `sealed:v1:` partner-proof answers. Normative: specs/sealed-v1.md.
// value = "sealed:v1:" + b64url(TinkAEAD(oneTimeKeyset).encrypt(JCS(payload), aad = coupleId|questionId|userId))

import CoreWire

extension CloserError.Code {
    public static let sealedNonCanonicalPayload = Self("sealed.non_canonical_payload", .decodeError)
    public static let sealedCommitmentMismatch = Self("sealed.commitment_mismatch", .commitmentMismatch)
    public static let sealedBindingMismatch = Self("sealed.binding_mismatch", .bindingMismatch)
}

/// A sealed value with its commitment, as written to `answers/{userId}`.
public struct SealedAnswer: Hashable, Sendable {
    public let value: String
    public let commitment: Commitment
}

/// The `sealed:v1:` wire value.
public enum SealedV1: Sendable {
    /// Seals a payload with a one-time keyset; the payload's ids must equal the binding's.
    public static func seal(
        _ payload: SealedPayload, binding: SealedBinding, keyset: AEADKeyset, random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> SealedAnswer {
        try seal(payload, binding: binding, keyset: keyset, iv: random.bytes(AESGCM.ivLength))
    }

    /// Seals with an injected IV (byte-exact).
    package static func seal(_ payload: SealedPayload, binding: SealedBinding, keyset: AEADKeyset, iv: [UInt8])
        throws(CloserError) -> SealedAnswer
    {
        try checkIDs(payload, binding)
        try keyset.requireTinkPrimary(.sealed)
        let canonical = try payload.canonicalBytes()
        let body = try TinkAEAD.encryptParts(keyset, plaintext: canonical, aad: binding.aad, iv: iv)
        return SealedAnswer(
            value: body.combined.withUnsafeBytes {
                Base64.encode(prefix: CloserProfileV1.sealedPrefix, body.prefix, $0, .url)
            },
            commitment: Commitment(canonicalBytes: canonical))
    }

    /// The reveal: decrypt, check the bytes are canonical, compare the commitment in constant
    /// time, check the payload's ids equal the binding's — in that order.
    public static func open(_ value: String, commitment: Commitment, binding: SealedBinding, keyset: AEADKeyset)
        throws(CloserError) -> SealedPayload
    {
        try open(
            try WireString(parsing: value, as: .sealed), aad: binding.aad, commitment: commitment, binding: binding,
            keyset: keyset)
    }

    /// The reveal of an already parsed value (its shape was checked when it was parsed).
    public static func open(_ wire: WireString, commitment: Commitment, binding: SealedBinding, keyset: AEADKeyset)
        throws(CloserError) -> SealedPayload
    {
        guard wire.kind == .sealed else {
            throw CloserError(
                .wireWrongPrefix, "expected a \(WireValueKind.sealed.prefix) value, found a \(wire.kind.prefix) value")
        }
        return try open(wire, aad: binding.aad, commitment: commitment, binding: binding, keyset: keyset)
    }

    static func open(
        _ wire: WireString, aad: [UInt8], commitment: Commitment, binding: SealedBinding, keyset: AEADKeyset
    ) throws(CloserError) -> SealedPayload {
        let plaintext = try TinkAEAD.decrypt(keyset, ciphertext: wire.body, aad: aad)
        // Parsing (json.*) and the canonical check are one pass: the plaintext must come back
        // from canonicalization unchanged.
        guard bytesEqual(try CanonicalJSON.canonicalize(plaintext), plaintext) else {
            throw CloserError(.sealedNonCanonicalPayload, "sealed payload bytes are not RFC 8785 canonical JSON")
        }
        guard commitment.matches(canonicalBytes: plaintext) else {
            throw CloserError(.sealedCommitmentMismatch, "payload does not match the sha256: commitment")
        }
        let payload = try SealedPayload(canonicalBytes: plaintext, sharingIDsWith: binding)
        try checkIDs(payload, binding)
        return payload
    }

    static func checkIDs(_ payload: SealedPayload, _ binding: SealedBinding) throws(CloserError) {
        // Bytes, not canonical equivalence.
        try checkID("coupleId", payload.coupleID, binding.coupleID)
        try checkID("questionId", payload.questionID, binding.questionID)
        try checkID("userId", payload.userID, binding.userID)
    }

    private static func checkID(_ name: String, _ inPayload: String, _ inBinding: String) throws(CloserError) {
        guard inPayload.utf8.elementsEqual(inBinding.utf8) else {
            throw CloserError(.sealedBindingMismatch, "payload \(name) differs from the AAD's \(name)")
        }
    }
}
