// The couple-key wrap: `wrappedCoupleKey`, `kdfSalt`, `kdfParams` on `couples/{id}` and
// `invites/{code}`. Normative: specs/couple-key-wrap.md.
//
//   key              = Argon2id(UTF-8 of the canonical phrase, salt, kdfParams, 32 bytes)
//   wrappedCoupleKey = b64(IV(12) || AES-256-GCM(key, keyset bytes, AAD "closer_couple_key") || tag(16))
//   kdfSalt          = b64(salt), salt = 16 random bytes (pinned: readers require 16)
//   kdfParams        = "$argon2id$v=19$m=46080,t=3,p=1"
//
// Unwrap runs every cheap check (kdfParams, salt, lengths, phrase) before Argon2id, so a
// hostile document costs nothing; then AES-GCM (a wrong phrase fails here); then the
// plaintext must be a Tink keyset usable as an AES-GCM AEAD.

import CoreWire

extension CloserError.Code {
    public static let coupleKeyInvalidSaltLength = Self("couplekey.invalid_salt_length", .invalidParameters)
    public static let coupleKeyWrappedTooShort = Self("couplekey.wrapped_too_short", .decodeError)
    public static let coupleKeyWrappedTooLong = Self("couplekey.wrapped_too_long", .decodeError)
    public static let coupleKeyAuthenticationFailed = Self("couplekey.authentication_failed", .authenticationFailure)
    public static let coupleKeyInvalidKeyset = Self("couplekey.invalid_keyset", .invalidKey)
}

/// The three document fields of a wrapped couple key, as stored.
public struct WrappedCoupleKey: Hashable, Sendable, Codable {
    /// b64(IV || ciphertext || tag).
    public var wrappedCoupleKey: String
    /// b64 of the 16-byte Argon2id salt.
    public var kdfSalt: String
    /// PHC parameter string, e.g. `$argon2id$v=19$m=46080,t=3,p=1`.
    public var kdfParams: String

    public init(wrappedCoupleKey: String, kdfSalt: String, kdfParams: String) {
        self.wrappedCoupleKey = wrappedCoupleKey
        self.kdfSalt = kdfSalt
        self.kdfParams = kdfParams
    }
}

/// Wraps and unwraps the couple keyset with a recovery phrase.
public enum CoupleKeyWrap: Sendable {
    /// Longest `wrappedCoupleKey` text accepted (characters). A one-key keyset wraps to
    /// 184 characters; this leaves room for rotated keysets with many keys.
    public static let maximumWrappedLength = 65536

    /// A new couple keyset: one ENABLED AES256_GCM key, prefix TINK, key id from the full
    /// non-zero UInt32 range.
    public static func newCoupleKeyset(random: some RandomSource = SystemRandom()) throws(CloserError) -> AEADKeyset {
        try AEADKeyset.generate(keySize: 32, prefix: .tink, random: random)
    }

    /// Wraps `keyset` under `phrase` with a fresh salt and IV from `random`.
    public static func wrap(
        keyset: AEADKeyset, phrase: RecoveryPhrase, backend: some Argon2idBackend,
        random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> WrappedCoupleKey {
        let salt = random.bytes(CloserProfileV1.kdfSaltLength)
        let iv = random.bytes(AESGCM.ivLength)
        return try wrap(keyset: keyset, phrase: phrase, backend: backend, salt: salt, iv: iv)
    }

    /// Wraps with an injected salt (16 bytes) and IV (12 bytes): byte-exact output.
    package static func wrap(
        keyset: AEADKeyset, phrase: RecoveryPhrase, backend: some Argon2idBackend, salt: [UInt8], iv: [UInt8]
    ) throws(CloserError) -> WrappedCoupleKey {
        try checkSalt(salt)
        let params = CloserProfileV1.coupleKeyKDFParams
        let key = try wrappingKey(password: phrase.passwordBytes, salt: salt, kdfParams: params, backend: backend)
        let sealed = try AESGCM.seal(
            key: key, iv: iv, plaintext: keyset.serializedBytes, aad: Array(CloserProfileV1.coupleKeyWrapAAD.utf8))
        return WrappedCoupleKey(
            wrappedCoupleKey: Base64.encode(sealed, .standard), kdfSalt: Base64.encode(salt, .standard),
            kdfParams: params.string)
    }

    /// Unwraps with a wordlist v1 phrase.
    public static func unwrap(
        _ wrapped: WrappedCoupleKey, phrase: RecoveryPhrase, backend: some Argon2idBackend
    ) throws(CloserError) -> AEADKeyset {
        try open(try parse(wrapped), password: phrase.passwordBytes, backend: backend)
    }

    /// Unwraps with phrase text as received (e.g. from `InvitePhraseCipher.decrypt`),
    /// normalized by `RecoveryPhrase.canonicalText(of:)` but not looked up in wordlist v1,
    /// so a phrase made with another implementation's wordlist still unwraps
    /// (specs/couple-key-wrap.md §"Reading a phrase from another implementation").
    public static func unwrap(
        _ wrapped: WrappedCoupleKey, phraseText: some StringProtocol, backend: some Argon2idBackend
    ) throws(CloserError) -> AEADKeyset {
        let parsed = try parse(wrapped)
        let password = Array(try RecoveryPhrase.canonicalText(of: phraseText).utf8)
        return try open(parsed, password: password, backend: backend)
    }

    /// The decoded, checked document fields.
    public struct Parsed: Sendable {
        public let kdfParams: KDFParams
        package let salt: [UInt8]
        /// IV || ciphertext || tag.
        package let sealed: [UInt8]
    }

    /// Decodes and checks the three fields without any Argon2 work. Order: kdfParams,
    /// kdfSalt, wrappedCoupleKey (specs/couple-key-wrap.md §"Unwrap").
    public static func parse(_ wrapped: WrappedCoupleKey) throws(CloserError) -> Parsed {
        let params = try KDFParams(parsing: wrapped.kdfParams)
        let salt = try parseSalt(wrapped.kdfSalt)
        let sealed = try parseWrapped(wrapped.wrappedCoupleKey)
        return Parsed(kdfParams: params, salt: salt, sealed: sealed)
    }

    /// Unwrap steps 2–4: `kdfSalt` at most 64 UTF-8 bytes, strict b64, exactly 16 bytes.
    package static func parseSalt(_ kdfSalt: String) throws(CloserError) -> [UInt8] {
        // A 16-byte salt is 24 characters; refuse a long one before decoding it.
        guard kdfSalt.utf8.count <= 64 else {
            throw CloserError(
                .coupleKeyInvalidSaltLength,
                "kdfSalt is longer than 64 bytes; the profile requires exactly \(CloserProfileV1.kdfSaltLength) bytes"
            )
        }
        let salt = try Base64.decode(kdfSalt, .standard)
        try checkSalt(salt)
        return salt
    }

    /// Unwrap steps 5–7: `wrappedCoupleKey` at most 65536 UTF-8 bytes, strict b64, at least
    /// IV + tag (28 bytes). Returns IV || ciphertext || tag.
    package static func parseWrapped(_ wrappedCoupleKey: String) throws(CloserError) -> [UInt8] {
        guard wrappedCoupleKey.utf8.count <= maximumWrappedLength else {
            throw CloserError(
                .coupleKeyWrappedTooLong,
                "wrappedCoupleKey is longer than \(maximumWrappedLength) bytes")
        }
        let sealed = try Base64.decode(wrappedCoupleKey, .standard)
        guard sealed.count >= AESGCM.ivLength + AESGCM.tagLength else {
            throw CloserError(
                .coupleKeyWrappedTooShort,
                "wrappedCoupleKey decodes to \(sealed.count) bytes; IV and tag alone are 28")
        }
        return sealed
    }

    /// Derives the key, opens the wrap and validates the keyset.
    static func open(
        _ parsed: Parsed, password: [UInt8], backend: some Argon2idBackend
    ) throws(CloserError) -> AEADKeyset {
        let key = try wrappingKey(password: password, salt: parsed.salt, kdfParams: parsed.kdfParams, backend: backend)
        let plaintext: [UInt8]
        do {
            plaintext = try AESGCM.open(
                key: key, sealed: parsed.sealed, aad: Array(CloserProfileV1.coupleKeyWrapAAD.utf8))
        } catch {
            throw CloserError(
                .coupleKeyAuthenticationFailed,
                "wrappedCoupleKey did not authenticate: wrong recovery phrase, or the document was changed")
        }
        do {
            return try AEADKeyset(serializedBytes: plaintext)
        } catch {
            throw CloserError(
                .coupleKeyInvalidKeyset,
                "wrappedCoupleKey authenticated but is not a usable AES-GCM keyset (\(error.code): \(error.reason))")
        }
    }

    /// The AES-256 wrapping key: Argon2id(password, salt, kdfParams, 32 bytes).
    package static func wrappingKey(
        password: [UInt8], salt: [UInt8], kdfParams: KDFParams, backend: some Argon2idBackend
    ) throws(CloserError) -> [UInt8] {
        try Argon2id.deriveKey(
            password: password, salt: salt,
            parameters: try kdfParams.argon2idParameters(outputLength: CloserProfileV1.coupleKeyKDFOutputLength),
            backend: backend)
    }

    static func checkSalt(_ salt: [UInt8]) throws(CloserError) {
        guard salt.count == CloserProfileV1.kdfSaltLength else {
            throw CloserError(
                .coupleKeyInvalidSaltLength,
                "kdfSalt is \(salt.count) bytes; the profile requires exactly \(CloserProfileV1.kdfSaltLength)")
        }
    }
}
