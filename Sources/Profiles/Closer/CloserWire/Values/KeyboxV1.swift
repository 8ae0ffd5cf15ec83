// `keybox:v1:` release keys. Normative: specs/keybox-v1.md.
// value = "keybox:v1:" + b64url(TinkHybrid(recipientPub).encrypt(binary one-time keyset,
//          contextInfo = coupleId|questionId|senderUserId|recipientUserId))

import CoreWire

/// The `keybox:v1:` wire value.
public enum KeyboxV1: Sendable {
    /// Wraps a one-time keyset to the recipient's public keyset.
    public static func wrap(
        _ oneTimeKeyset: AEADKeyset, to recipient: HybridPublicKeyset, binding: KeyboxBinding,
        random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> String {
        try wrapWithTrace(
            oneTimeKeyset, to: recipient, binding: binding, ephemeral: P256Scalar.generate(random: random),
            iv: random.bytes(AESGCM.ivLength)
        ).value
    }

    /// Wraps with an injected ephemeral key and IV; returns the value and the hybrid trace.
    package static func wrapWithTrace(
        _ oneTimeKeyset: AEADKeyset, to recipient: HybridPublicKeyset, binding: KeyboxBinding, ephemeral: P256Scalar,
        iv: [UInt8]
    ) throws(CloserError) -> (value: String, trace: HybridEncryptionTrace) {
        guard recipient.primary.outputPrefixType == .tink else {
            throw CloserError(
                .pubWrongOutputPrefix,
                "keybox recipients need a TINK-prefixed primary key; this one is \(recipient.primary.outputPrefixType)")
        }
        let trace = try TinkHybrid.encryptWithTrace(
            recipient, plaintext: oneTimeKeyset.serializedBytes, contextInfo: try binding.contextInfo(),
            ephemeral: ephemeral, iv: iv)
        return (CloserProfileV1.keyboxPrefix + Base64.encode(trace.ciphertext, .url), trace)
    }

    /// Unwraps: shape, hybrid decrypt, then the plaintext must be a valid AEAD keyset.
    public static func unwrap(_ value: String, privateKeyset: HybridPrivateKeyset, binding: KeyboxBinding)
        throws(CloserError) -> AEADKeyset
    {
        try unwrap(try WireString(parsing: value, as: .keybox), privateKeyset: privateKeyset, binding: binding)
    }

    /// Unwraps an already parsed value (its shape was checked when it was parsed).
    public static func unwrap(_ wire: WireString, privateKeyset: HybridPrivateKeyset, binding: KeyboxBinding)
        throws(CloserError) -> AEADKeyset
    {
        guard wire.kind == .keybox else {
            throw CloserError(
                .wireWrongPrefix, "expected a \(WireValueKind.keybox.prefix) value, found a \(wire.kind.prefix) value")
        }
        let plaintext = try TinkHybrid.decrypt(
            privateKeyset, ciphertext: wire.body, contextInfo: try binding.contextInfo())
        return try AEADKeyset(serializedBytes: plaintext)
    }
}
