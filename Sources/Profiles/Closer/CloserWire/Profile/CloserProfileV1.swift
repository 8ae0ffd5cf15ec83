// Closer wire profile v1: every app-specific binding in one place.
// Normative: specs/enc-v1.md, sealed-v1.md, commitment.md, pub-v1.md, keybox-v1.md,
// couple-key-wrap.md, invite-phrase.md. Generic layers (Tink, encodings, canonical JSON)
// must not name anything in here; another app gets a profile of its own.

import CoreWire

/// Closer's profile v1 constants.
public enum CloserProfileV1: Sendable {
    public static let encPrefix = "enc:v1:"
    public static let sealedPrefix = "sealed:v1:"
    public static let keyboxPrefix = "keybox:v1:"
    public static let commitmentPrefix = "sha256:"
    public static let publicKeyPrefix = "pub:v1:"

    /// Separator between AAD / context-info components.
    public static let componentSeparator: Character = "|"

    /// AAD of the couple-key wrap.
    public static let coupleKeyWrapAAD = "closer_couple_key"
    /// AAD of the invite phrase encryption.
    public static let invitePhraseAAD = "closer_invite_phrase"

    /// Argon2id cost of the couple-key wrap and the invite phrase key:
    /// m = 46080 KiB, t = 3, p = 1. Readers of `kdfParams` use what the document says.
    public static let coupleKeyKDFParams = KDFParams(unchecked: 46080, 3, 1)
    /// `kdfParams` as Android writes it (pinned): `$argon2id$v=19$m=46080,t=3,p=1`.
    public static let coupleKeyKDFParamsString = "$argon2id$v=19$m=46080,t=3,p=1"
    /// The Argon2id output: an AES-256 key.
    public static let coupleKeyKDFOutputLength = 32
    /// The production Argon2id parameter set (46080 KiB, 3 passes, 1 lane, 32 bytes).
    public static let coupleKeyArgon2id = Argon2idParameters(unchecked: 46080, 3, 1, 32)
    /// Length of `kdfSalt` and of the invite phrase salt, in bytes (pinned: exactly 16).
    public static let kdfSaltLength = 16

    /// Words in a recovery phrase: 10 words of 8 bits, 80 bits.
    public static let recoveryPhraseWordCount = 10

    /// Length of an invite code.
    public static let inviteCodeLength = 6
    /// Alphabet of new invite codes: A–Z and 2–9 without O, I, L (31 symbols).
    public static let inviteCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    /// The rules' `isValidInviteCode` pattern (specs/rules.md §"Regex helpers").
    public static let inviteCodePattern = "^[a-zA-Z0-9]{6}$"

    /// Members every sealed payload object must carry as strings.
    public static let sealedPayloadRequiredMembers = ["coupleId", "questionId", "userId", "nonce"]
    /// Length of the sealed payload nonce before b64url encoding.
    public static let sealedPayloadNonceLength = 16
}
