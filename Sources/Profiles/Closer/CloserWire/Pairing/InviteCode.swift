// The 6-character invite code. Normative: specs/invite-phrase.md §"Invite code".
//
// Accepted: what the rules' `isValidInviteCode` accepts, `^[a-zA-Z0-9]{6}$`.
// Canonical: upper case (so "abc234" and "ABC234" derive the same phrase key).
// Generated: 6 symbols of A–Z and 2–9 without O, I, L (31 symbols, ~29.7 bits), drawn
// without modulo bias from an injectable random source.

import CoreWire

extension CloserError.Code {
    public static let inviteCodeInvalid = Self("invite.invalid_code", .invalidParameters)
}

/// A canonical (upper-case) invite code.
///
/// The code is a secret while its invite exists (it keys the phrase encryption), so
/// `description` does not show it; use `string`.
public struct InviteCode: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The canonical code: 6 characters of `[A-Z0-9]`.
    public let string: String

    /// Validates against `^[a-zA-Z0-9]{6}$` and canonicalizes to upper case. No trimming,
    /// no other normalization: a code with a space or a full-width letter is refused.
    public init(_ text: some StringProtocol) throws(CloserError) {
        let bytes = Array(text.utf8.prefix(CloserProfileV1.inviteCodeLength + 1))
        guard bytes.count == CloserProfileV1.inviteCodeLength, text.utf8.count == bytes.count else {
            throw CloserError(
                .inviteCodeInvalid,
                "an invite code is exactly \(CloserProfileV1.inviteCodeLength) characters of A-Z, a-z, 0-9")
        }
        var canonical: [UInt8] = []
        for (offset, b) in bytes.enumerated() {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): canonical.append(b)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): canonical.append(b - 0x20)
            default:
                throw CloserError(
                    .inviteCodeInvalid, "an invite code is A-Z, a-z, 0-9 only; character \(offset + 1) is not")
            }
        }
        self.string = String(decoding: canonical, as: UTF8.self)
    }

    /// Whether `text` matches the rules' pattern `^[a-zA-Z0-9]{6}$`.
    public static func isValid(_ text: some StringProtocol) -> Bool { (try? InviteCode(text)) != nil }

    /// A new code from the generation alphabet, by rejection sampling: a random byte b is
    /// used only if b < 248 (= 8 * 31), as b % 31.
    public static func generate(random: some RandomSource = SystemRandom()) -> InviteCode {
        let alphabet = Array(CloserProfileV1.inviteCodeAlphabet.utf8)
        let limit = 256 - 256 % alphabet.count
        var out: [UInt8] = []
        while out.count < CloserProfileV1.inviteCodeLength {
            for b in random.bytes(CloserProfileV1.inviteCodeLength - out.count) where Int(b) < limit {
                out.append(alphabet[Int(b) % alphabet.count])
            }
        }
        return InviteCode(canonical: String(decoding: out, as: UTF8.self))
    }

    private init(canonical: String) { self.string = canonical }

    /// The Argon2id password of the invite phrase key: UTF-8 of the canonical code.
    package var passwordBytes: [UInt8] { Array(string.utf8) }

    public var description: String { "InviteCode(redacted)" }
    public var debugDescription: String { description }
}
