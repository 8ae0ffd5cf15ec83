// Invite phrase encryption (`encryptPhraseWithCode`, stored as `invites/{code}.recoveryPhrase`).
// Normative: specs/invite-phrase.md.
//
//   key   = Argon2id(UTF-8 of the canonical (upper-case) code, salt(16), m=46080, t=3, p=1, 32 bytes)
//   value = b64(salt(16) || IV(12) || AES-256-GCM(key, UTF-8 of the phrase, AAD "closer_invite_phrase") || tag(16))
//
// The parameters are fixed (the value does not carry them). Security note: the code is the
// `invites/{code}` document id, so whoever can read the invite document can derive the key
// (specs/threat-model.md §"Invite code").

import CoreWire

extension CloserError.Code {
    public static let invitePhraseTooShort = Self("invite.value_too_short", .decodeError)
    public static let invitePhraseTooLong = Self("invite.value_too_long", .decodeError)
    public static let invitePhraseAuthenticationFailed = Self("invite.authentication_failed", .authenticationFailure)
    public static let invitePhraseInvalidPlaintext = Self("invite.invalid_plaintext", .decodeError)
}

/// Encrypts the recovery phrase with the invite code, and back.
public enum InvitePhraseCipher: Sendable {
    /// Smallest decoded value: salt, IV and tag (empty phrase).
    public static let minimumValueLength = CloserProfileV1.kdfSaltLength + AESGCM.ivLength + AESGCM.tagLength
    /// Longest value text accepted (characters); a real value is under 200.
    public static let maximumValueLength = 4096

    /// Encrypts the canonical phrase with a fresh salt and IV from `random`.
    public static func encrypt(
        phrase: RecoveryPhrase, code: InviteCode, backend: some Argon2idBackend,
        random: some RandomSource = SystemRandom()
    ) throws(CloserError) -> String {
        let salt = random.bytes(CloserProfileV1.kdfSaltLength)
        let iv = random.bytes(AESGCM.ivLength)
        return try encrypt(phrase: phrase, code: code, backend: backend, salt: salt, iv: iv)
    }

    /// Encrypts with an injected salt (16 bytes) and IV (12 bytes): byte-exact output.
    package static func encrypt(
        phrase: RecoveryPhrase, code: InviteCode, backend: some Argon2idBackend, salt: [UInt8], iv: [UInt8]
    ) throws(CloserError) -> String {
        try CoupleKeyWrap.checkSalt(salt)
        let key = try phraseKey(code: code, salt: salt, backend: backend)
        let sealed = try AESGCM.seal(
            key: key, iv: iv, plaintext: phrase.passwordBytes, aad: Array(CloserProfileV1.invitePhraseAAD.utf8))
        return Base64.encode(salt + sealed, .standard)
    }

    /// Decrypts an invite's `recoveryPhrase` value. Returns the phrase text exactly as
    /// encrypted (it must be UTF-8); pass it to `RecoveryPhrase(normalizing:)` or to
    /// `CoupleKeyWrap.unwrap(_:phraseText:backend:)`. A wrong code is
    /// `invite.authentication_failed`.
    public static func decrypt(
        _ value: some StringProtocol, code: InviteCode, backend: some Argon2idBackend
    ) throws(CloserError) -> String {
        guard value.utf8.count <= maximumValueLength else {
            throw CloserError(
                .invitePhraseTooLong, "invite phrase value is longer than \(maximumValueLength) characters")
        }
        let bytes = try Base64.decode(value, .standard)
        guard bytes.count >= minimumValueLength else {
            throw CloserError(
                .invitePhraseTooShort,
                "invite phrase value decodes to \(bytes.count) bytes; salt, IV and tag alone are \(minimumValueLength)")
        }
        let salt = Array(bytes[0..<CloserProfileV1.kdfSaltLength])
        let key = try phraseKey(code: code, salt: salt, backend: backend)
        let plaintext: [UInt8]
        do {
            plaintext = try AESGCM.open(
                key: key, sealed: bytes[CloserProfileV1.kdfSaltLength...],
                aad: Array(CloserProfileV1.invitePhraseAAD.utf8))
        } catch {
            throw CloserError(
                .invitePhraseAuthenticationFailed,
                "invite phrase value did not authenticate: wrong invite code, or the value was changed")
        }
        // Decoding repairs invalid UTF-8 with U+FFFD; a repaired string re-encodes differently.
        let text = String(decoding: plaintext, as: UTF8.self)
        guard Array(text.utf8) == plaintext else {
            throw CloserError(.invitePhraseInvalidPlaintext, "invite phrase value authenticated but is not UTF-8")
        }
        return text
    }

    /// The phrase key: Argon2id(UTF-8 of the canonical code, salt, production parameters).
    package static func phraseKey(
        code: InviteCode, salt: [UInt8], backend: some Argon2idBackend
    ) throws(CloserError) -> [UInt8] {
        try Argon2id.deriveKey(
            password: code.passwordBytes, salt: salt, parameters: CloserProfileV1.coupleKeyArgon2id, backend: backend)
    }
}
