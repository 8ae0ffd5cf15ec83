// `pub:v1:` device public keys. Normative: specs/pub-v1.md.
// value = "pub:v1:" + b64url(binary PUBLIC Tink keyset, ECIES P-256 template, prefix TINK)

import CoreWire

extension CloserError.Code {
    public static let pubWrongOutputPrefix = Self("pub.wrong_output_prefix", .invalidKey)
}

/// The `pub:v1:` wire value.
public enum PubV1: Sendable {
    /// Encodes a public keyset (as it is serialized: Java-style for keysets this library makes).
    public static func encode(_ keyset: HybridPublicKeyset) -> String {
        CloserProfileV1.publicKeyPrefix + Base64.encode(keyset.serializedBytes, .url)
    }

    /// Encodes the exact keyset bytes given (after validating them). The bytes are a keyset, not a
    /// value's body: zero bytes are a keyset with no keys, `keyset.empty` (specs/pub-v1.md, D-WIRE-28).
    public static func encode(publicKeysetBytes bytes: [UInt8]) throws(CloserError) -> String {
        guard !bytes.isEmpty else { throw CloserError(.keysetEmpty, "keyset has no keys") }
        _ = try decode(CloserProfileV1.publicKeyPrefix + Base64.encode(bytes, .url))
        return CloserProfileV1.publicKeyPrefix + Base64.encode(bytes, .url)
    }

    /// Decodes and validates: strict b64url, Tink public keyset, template params, point on
    /// the curve, primary with output prefix TINK (a keybox carries the recipient's key id).
    public static func decode(_ value: String) throws(CloserError) -> HybridPublicKeyset {
        // A body in the written one-key layout (specs/tink-keyset.md) holds a TINK key by
        // construction; every other value is parsed, and its errors named, the general way.
        if let keyset = WrittenPublicKeysetLayout.keyset(pubValue: value) { return keyset }
        return try decodeInOrder(value)
    }

    /// `decode` without the written-layout shortcut: the checks in the order specs/pub-v1.md
    /// gives them (what names every error, and the reference the shortcut is tested against).
    package static func decodeInOrder(_ value: String) throws(CloserError) -> HybridPublicKeyset {
        let wire = try WireString(parsing: value, as: .pub)
        let keyset = try HybridPublicKeyset(serializedBytes: wire.body)
        guard keyset.primary.outputPrefixType == .tink else {
            throw CloserError(
                .pubWrongOutputPrefix,
                "pub:v1: primary key has output prefix \(keyset.primary.outputPrefixType); TINK is required")
        }
        return keyset
    }
}

extension WrittenPublicKeysetLayout {
    /// The keyset of a `pub:v1:` value whose body is a written one-key keyset, read from the
    /// string without keeping its decoded bytes; nil for anything else (the caller then parses
    /// the value with `WireString` and the general reader, which name every error).
    package static func keyset(pubValue value: String) -> HybridPublicKeyset? {
        keyset(prefixedValue: value, prefix: pubPrefix)
    }

    /// `pub:v1:` as bytes, kept for the whole run (read without reference counting; never
    /// written after it is built, so it is safe to share).
    nonisolated(unsafe) private static let pubPrefix: UnsafeRawBufferPointer = {
        let prefix = Array(CloserProfileV1.publicKeyPrefix.utf8)
        let stored = UnsafeMutableRawBufferPointer.allocate(byteCount: prefix.count, alignment: 1)
        stored.copyBytes(from: prefix)
        return UnsafeRawBufferPointer(stored)
    }()
}
