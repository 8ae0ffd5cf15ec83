// `enc:v1:` field encryption. Normative: specs/enc-v1.md.
// value = "enc:v1:" + b64(TinkAEAD(coupleKeyset).encrypt(UTF-8 text, aad = UTF-8 coupleId))

import CoreWire

extension CloserError.Code {
    public static let encInvalidUTF8 = Self("enc.plaintext_not_utf8", .decodeError)
}

/// The `enc:v1:` wire value.
public enum EncV1: Sendable {
    /// Encrypts `text` for the couple with a fresh IV.
    public static func seal(
        _ text: String, coupleID: String, keyset: AEADKeyset, random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> String {
        try seal(text, coupleID: coupleID, keyset: keyset, iv: random.bytes(AESGCM.ivLength))
    }

    /// Encrypts with an injected IV (byte-exact).
    package static func seal(_ text: String, coupleID: String, keyset: AEADKeyset, iv: [UInt8]) throws(CloserError)
        -> String
    {
        let aad = try BindingComponents.single("coupleId", coupleID)
        try keyset.requireTinkPrimary(.enc)
        let body = try TinkAEAD.encryptParts(keyset, plaintext: text.utf8, aad: aad, iv: iv)
        return body.combined.withUnsafeBytes {
            Base64.encode(prefix: CloserProfileV1.encPrefix, body.prefix, $0, .standard)
        }
    }

    /// Opens a value: binding, shape (WireString), Tink AEAD decrypt, UTF-8 check.
    public static func open(_ value: String, coupleID: String, keyset: AEADKeyset) throws(CloserError) -> String {
        let aad = try BindingComponents.single("coupleId", coupleID)
        return try open(try WireString(parsing: value, as: .enc), aad: aad, keyset: keyset)
    }

    /// Opens an already parsed value (its shape was checked when it was parsed).
    public static func open(_ wire: WireString, coupleID: String, keyset: AEADKeyset) throws(CloserError) -> String {
        let aad = try BindingComponents.single("coupleId", coupleID)
        guard wire.kind == .enc else {
            throw CloserError(
                .wireWrongPrefix, "expected a \(WireValueKind.enc.prefix) value, found a \(wire.kind.prefix) value")
        }
        return try open(wire, aad: aad, keyset: keyset)
    }

    static func open(_ wire: WireString, aad: [UInt8], keyset: AEADKeyset) throws(CloserError) -> String {
        let plaintext = try TinkAEAD.decryptData(keyset, ciphertext: wire.body, aad: aad)
        let text = plaintext.withUnsafeBytes { String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
        guard let text else {
            throw CloserError(.encInvalidUTF8, "enc:v1: plaintext is not valid UTF-8")
        }
        return text
    }
}
