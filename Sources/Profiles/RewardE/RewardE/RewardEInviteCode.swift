// Family invite codes (`invites/{inviteCode}` → familyId): their format and the check of a code a
// user types. Normative: specs/profiles/reward-e/invite-code.md (the format is decided: the
// architecture document does not give it).

import CoreWire

public enum RewardEInviteCode {
    /// 32 symbols: A–Z without I and O, digits 2–9 (no 0/O, 1/I confusion).
    public static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789".utf8)
    public static let length = 6

    /// The stored code for what a user typed: ASCII letters are upper-cased; anything else
    /// (spaces, dashes, other lengths, excluded symbols) is refused.
    public static func normalize(_ typed: String) throws(CloserError) -> String {
        let upper = Array(typed.utf8).map { b in (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b }
        guard upper.count == length else {
            throw CloserError(.rewardEInvalidInviteCode, "an invite code is \(length) characters")
        }
        guard upper.allSatisfy(alphabet.contains) else {
            throw CloserError(.rewardEInvalidInviteCode, "an invite code is letters A-Z but I and O, and digits 2-9")
        }
        return String(decoding: upper, as: UTF8.self)
    }
}
