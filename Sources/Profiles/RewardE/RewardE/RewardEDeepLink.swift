// The widget's deep link `reward-e://child/{childId}`: formatting and parsing.
// Normative: specs/profiles/reward-e/deep-link.md.

import CoreWire

public enum RewardEDeepLink {
    public static let scheme = "reward-e"
    public static let host = "child"

    /// A child id in a link: 1…128 ASCII letters, digits, `-` or `_` (decided: Firestore auto
    /// ids and UUID strings both fit; nothing needs percent-encoding).
    public static func checkChildID(_ id: String) throws(CloserError) {
        let bytes = Array(id.utf8)
        guard (1...128).contains(bytes.count), bytes.allSatisfy(isIDByte) else {
            throw CloserError(.rewardEInvalidDeepLink, "a child id is 1...128 ASCII letters, digits, - or _")
        }
    }

    static func isIDByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
    }

    public static func format(childID: String) throws(CloserError) -> String {
        try checkChildID(childID)
        return "\(scheme)://\(host)/\(childID)"
    }

    /// The child id of a link. Scheme and host compare case-insensitively (RFC 3986 §3.1,
    /// §3.2.2); the id exactly. No user info, port, query, fragment, trailing `/` or more segments.
    public static func parse(_ url: String) throws(CloserError) -> String {
        let prefix = "\(scheme)://\(host)/"
        guard url.utf8.count > prefix.utf8.count,
            String(decoding: url.utf8.prefix(prefix.utf8.count), as: UTF8.self).lowercased() == prefix
        else {
            throw CloserError(.rewardEInvalidDeepLink, "a deep link is reward-e://child/{childId}")
        }
        let id = String(decoding: url.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        try checkChildID(id)
        return id
    }
}
