// FitLink's bindings, in one place: the chat id shape, the user-id alphabet, the message
// field sizes and the key-derivation order. Normative: specs/profiles/fitlink/chat.md.
// Nothing outside Sources/Profiles/FitLink/ names FitLink's constants.

import CoreWire

extension CloserError.Code {
    public static let fitLinkInvalidUserID = Self("fitlink.invalid_user_id", .invalidParameters)
    public static let fitLinkInvalidChatID = Self("fitlink.invalid_chat_id", .invalidParameters)

    /// Every code the FitLink profile raises (with the X25519 codes it brings).
    public static let allFitLink: [Self] =
        [
            .fitLinkInvalidChatID, .fitLinkInvalidUserID, .x25519InvalidKeyLength, .x25519LowOrderPoint,
        ] + allFitLinkDocuments
}

/// FitLink friends-chat constants (specs/profiles/fitlink/chat.md §"Constants").
package enum FitLinkProfile {
    /// `friend_chats/{chatId}`: `chat_{min}_{max}`.
    package static let chatIDPrefix = "chat_"
    package static let chatIDSeparator: UInt8 = UInt8(ascii: "_")
    /// Pinned: a user id is 1…128 ASCII letters, digits or `-` (Firebase's generated uids are
    /// 28 letters and digits); `_` would make a chat id ambiguous.
    package static let maximumUserIDLength = 128
    /// X25519 public and private keys, raw.
    package static let keyLength = 32
    /// HKDF-SHA256 output: an AES-256 key.
    package static let derivedKeyLength = 32
    /// `iv` of a message: the AES-GCM nonce.
    package static let nonceLength = 12
    /// The GCM tag at the end of `encrypted_content`.
    package static let tagLength = 16

    /// Firestore field names of a message and of `user_keys/{uid}`.
    package static let encryptedContentField = "encrypted_content"
    package static let ivField = "iv"
    package static let publicKeyField = "public_key"
}

/// Which `sharedInfo` HKDF uses (specs/profiles/fitlink/chat.md §"Derivation").
package enum FitLinkDerivation: String, Sendable, CaseIterable {
    /// Pinned fix: the two raw public keys in ascending byte order, concatenated. Both sides agree.
    case sorted
    /// The design document as written: `myPublicKey ‖ theirPublicKey`. Sender and recipient
    /// derive different keys, so the recipient cannot decrypt; kept to show the defect.
    case asWritten = "as_written"
}
