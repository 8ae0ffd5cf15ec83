// Closer wire profile v1: every app-specific binding in one place.
// Normative: specs/enc-v1.md, sealed-v1.md, commitment.md, pub-v1.md, keybox-v1.md,
// couple-key-wrap.md, invite-phrase.md. Generic layers (Tink, encodings, canonical JSON)
// must not name anything in here; another app gets a profile of its own.

/// Closer's profile v1 constants.
public enum CloserProfileV1: Sendable {
    public static let encPrefix = "enc:v1:"
    public static let sealedPrefix = "sealed:v1:"
    public static let keyboxPrefix = "keybox:v1:"
    public static let commitmentPrefix = "sha256:"
    public static let publicKeyPrefix = "pub:v1:"

    /// Separator between AAD / context-info components (profile-v1 §7, §9, §10).
    public static let componentSeparator: Character = "|"

    /// AAD of the couple-key wrap (profile-v1 §11).
    public static let coupleKeyWrapAAD = "closer_couple_key"
    /// AAD of the invite phrase encryption (profile-v1 §13).
    public static let invitePhraseAAD = "closer_invite_phrase"

    /// Members every sealed payload object must carry as strings (profile-v1 §4).
    public static let sealedPayloadRequiredMembers = ["coupleId", "questionId", "userId", "nonce"]
    /// Length of the sealed payload nonce before b64url encoding.
    public static let sealedPayloadNonceLength = 16
}
