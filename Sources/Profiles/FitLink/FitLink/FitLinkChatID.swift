// FitLink chat ids: `chat_{min}_{max}` of the two user ids. Normative: specs/profiles/fitlink/chat.md §"Chat id".

import CoreWire

/// A well-formed chat id and its two participants.
package struct FitLinkChatID: Hashable, Sendable {
    package let lower: String
    package let higher: String

    /// The chat of two distinct users; order does not matter.
    package init(_ a: String, _ b: String) throws(CloserError) {
        try Self.checkUserID(a)
        try Self.checkUserID(b)
        guard a != b else { throw CloserError(.fitLinkInvalidUserID, "a chat needs two distinct user ids") }
        // Pinned: byte order of the ASCII ids (equal to UTF-16 and Unicode-scalar order for them).
        (lower, higher) = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? (a, b) : (b, a)
    }

    /// Parses a chat id: `chat_`, two valid distinct user ids, the lower one first.
    package init(parsing text: String) throws(CloserError) {
        let bytes = Array(text.utf8)
        let prefix = Array(FitLinkProfile.chatIDPrefix.utf8)
        guard bytes.starts(with: prefix) else {
            throw CloserError(.fitLinkInvalidChatID, "a chat id starts with chat_")
        }
        let parts = bytes.dropFirst(prefix.count).split(
            separator: FitLinkProfile.chatIDSeparator, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw CloserError(.fitLinkInvalidChatID, "a chat id is chat_{uid}_{uid}: \(parts.count) components")
        }
        let a = String(decoding: parts[0], as: UTF8.self)
        let b = String(decoding: parts[1], as: UTF8.self)
        let id: FitLinkChatID
        do { id = try FitLinkChatID(a, b) } catch {
            throw CloserError(.fitLinkInvalidChatID, "a chat id's components are not two valid distinct user ids")
        }
        guard id.lower == a else {
            throw CloserError(.fitLinkInvalidChatID, "a chat id lists the lower user id first")
        }
        self = id
    }

    package var string: String { FitLinkProfile.chatIDPrefix + lower + "_" + higher }

    static func checkUserID(_ uid: String) throws(CloserError) {
        let bytes = Array(uid.utf8)
        guard !bytes.isEmpty, bytes.count <= FitLinkProfile.maximumUserIDLength else {
            throw CloserError(.fitLinkInvalidUserID, "a user id is 1…128 characters, got \(bytes.count) bytes")
        }
        for b in bytes {
            let ok =
                (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
            guard ok else {
                throw CloserError(.fitLinkInvalidUserID, "a user id is ASCII letters, digits or -")
            }
        }
    }
}
