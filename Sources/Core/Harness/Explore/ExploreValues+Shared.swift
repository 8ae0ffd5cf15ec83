// Draws the generators of more than one profile use, so the core's: an RFC 3339 instant
// (Closer's contracts, Unstoppable), one region of IV ‖ ct ‖ tag changed (Closer's pairing,
// FitLink's previews), a hybrid recipient's keysets and a keybox binding (Closer's generators and interop's flows).
// Normative: specs/explore.md §"Generators".

import CloserWire
import Foundation

extension ExploreRandom {
    /// An RFC 3339 instant between 1970 and 2100: seconds, sometimes a fraction, Z or an offset;
    /// (10%) a spelling the pages refuse or read leniently (lower-case `t`/`z`, no zone, hour 24, …).
    package func instant() -> String {
        let day = below(47_482)
        let second = chance(30) ? pick([0, 86_399, 82_800, 79_200, 21_600, 3_599]) : below(86_400)
        let date = CivilDate(daysSince1970: day)
        var s = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", date.year, date.month, date.day, second / 3600, second / 60 % 60,
            second % 60)
        if chance(25) { s += "." + String(repeating: "9", count: 1 + below(9)) }
        s += chance(70) ? "Z" : pick(["+00:00", "-00:00", "+05:30", "-08:00", "+14:00", "-12:00", "+01:00"])
        guard chance(10) else { return s }
        return pick([
            s.lowercased(), String(s.dropLast()), s.replacingOccurrences(of: "T", with: " "),
            "2025-02-29T00:00:00Z", "2024-02-29T24:00:00Z", "2025-12-31T23:59:60Z", "", "2025-1-1T00:00:00Z",
        ])
    }

    /// `bytes` (IV ‖ ct ‖ tag, after `skip` leading bytes) with one region changed.
    package func mutateSealed(_ bytes: [UInt8], skip: Int) -> ([UInt8], String) {
        switch below(5) {
        case 0: return (flipBit(bytes, in: skip..<(skip + 12)), "aead: IV bit")
        case 1: return (flipBit(bytes, in: (bytes.count - 16)..<bytes.count), "aead: tag bit")
        case 2: return (flipBit(bytes, in: (skip + 12)..<max(skip + 12, bytes.count - 16)), "aead: ciphertext bit")
        case 3: return (Array(bytes.prefix(skip + below(28))), "aead: too short")
        default: return (resize(bytes), "aead: truncated or extended")
        }
    }

    /// A recipient: its private and public keysets (hex), built by CloserSpec from a random scalar.
    package func hybridKeys(_ reference: ExploreReference) -> (privateKeyset: String, publicKeyset: String) {
        let r = reference.response(
            HarnessOpSpec.hybridKeyset.name, ["privateKey": .hex(bytes(32)), "keyId": .number(Double(keyID()))])
        return (r["privateKeyset"]?.stringValue ?? "", r["publicKeyset"]?.stringValue ?? "")
    }

    /// A keybox binding: coupleId, questionId, senderUserId, recipientUserId.
    package func keyboxBinding() -> [String: String] {
        ["coupleId": id(), "questionId": id(), "senderUserId": id(), "recipientUserId": id()]
    }
}
