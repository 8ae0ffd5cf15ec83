// PayBack's identity equivalence, the rules its iOS app and its Convex backend must share: member
// ids are UUIDs compared by value (never by text), `isMe` over the account's id, linked member id
// and equivalent (alias) ids, `areSamePerson` through the friends' alias map, and email
// normalization. Normative: specs/profiles/payback/identity.md.

import CoreWire

extension CloserError.Code {
    public static let payBackInvalidMemberID = Self("payback.invalid_member_id", .invalidParameters)

    /// Every code the PayBack profile raises.
    public static let allPayBack: [Self] = [
        .payBackInvalidMemberID, .payBackInvalidAmount, .payBackUnknownSplitMode, .payBackNoParticipants,
        .payBackInvalidPercent, .payBackPercentTotal, .payBackInvalidShare, .payBackExactTotal,
        .payBackMissingDescription, .payBackExpenseInvalidAmount, .payBackNoParticipant, .payBackEmptySplits,
        .payBackInvalidField, .payBackMissingAuthID, .payBackImportUnknownMember, .payBackImportUnknownGroup,
        .payBackImportOutOfIDs, .payBackUnknownMutation, .payBackUnauthenticated, .payBackMissingPayloadKey,
        .payBackForbiddenPayloadKey, .payBackAccountMismatch, .payBackNotAConfirmedFriend, .payBackInvalidGroupID,
        .payBackNotGroupOwner, .payBackMemberIDNotReassignable, .payBackMemberIDInUse,
    ]
}

/// A member id: a UUID, held in its canonical text (lower-case, 8-4-4-4-12).
public struct PayBackMemberID: Hashable, Sendable {
    public let canonical: String

    /// Parses the 36-character hyphenated form, hex digits of either case (Swift's `UUID(uuidString:)`
    /// accepts both; JavaScript strings compare case-sensitively, so both sides compare this form).
    public init(_ text: String) throws(CloserError) {
        let b = Array(text.utf8)
        let hyphens: Set<Int> = [8, 13, 18, 23]
        var out: [UInt8] = []
        guard b.count == 36 else { throw Self.invalid }
        for (i, c) in b.enumerated() {
            if hyphens.contains(i) {
                guard c == UInt8(ascii: "-") else { throw Self.invalid }
                out.append(c)
            } else if (0x30...0x39).contains(c) || (0x61...0x66).contains(c) {
                out.append(c)
            } else if (0x41...0x46).contains(c) {
                out.append(c + 0x20)
            } else {
                throw Self.invalid
            }
        }
        canonical = String(decoding: out, as: UTF8.self)
    }

    static let invalid = CloserError(.payBackInvalidMemberID, "a member id is a UUID: 8-4-4-4-12 hex digits")
}

/// The signed-in account's identities (`UserAccount`: `id`, `linkedMemberId`, `equivalentMemberIds`
/// from JSON `alias_member_ids`).
public struct PayBackAccount: Sendable {
    public let id: PayBackMemberID
    public let linkedMemberID: PayBackMemberID?
    public let equivalentMemberIDs: [PayBackMemberID]

    public init(id: PayBackMemberID, linkedMemberID: PayBackMemberID?, equivalentMemberIDs: [PayBackMemberID]) {
        self.id = id
        self.linkedMemberID = linkedMemberID
        self.equivalentMemberIDs = equivalentMemberIDs
    }

    /// `AppStore.isMe(memberId)`: the id, the linked member id or an equivalent id.
    public func isMe(_ member: PayBackMemberID) -> Bool {
        member == id || member == linkedMemberID || equivalentMemberIDs.contains(member)
    }
}

/// A friend as the alias map sees it: its member id and the ids it lists as its aliases.
public struct PayBackFriend: Sendable {
    public let memberID: PayBackMemberID
    public let aliasMemberIDs: [PayBackMemberID]

    public init(memberID: PayBackMemberID, aliasMemberIDs: [PayBackMemberID]) {
        self.memberID = memberID
        self.aliasMemberIDs = aliasMemberIDs
    }
}

public enum PayBackIdentity {
    /// The canonical member of `id`: the first friend (in list order) that lists it as an alias,
    /// else itself (identity.md §areSamePerson).
    public static func canonical(_ id: PayBackMemberID, friends: [PayBackFriend]) -> PayBackMemberID {
        friends.first { $0.aliasMemberIDs.contains(id) }?.memberID ?? id
    }

    /// `store.areSamePerson(a, b)`: equal after resolving both through the alias map.
    public static func areSamePerson(_ a: PayBackMemberID, _ b: PayBackMemberID, friends: [PayBackFriend]) -> Bool {
        canonical(a, friends: friends) == canonical(b, friends: friends)
    }

    /// Email normalization before a send (manual §8.10): surrounding ASCII white space removed, empty →
    /// absent (nil), otherwise ASCII `A`–`Z` lower-cased and every other character kept (identity.md
    /// §Email: Swift's `lowercased()` and JavaScript's `toLowerCase()` differ beyond ASCII).
    public static func normalizeEmail(_ email: String?) -> String? {
        guard let email else { return nil }
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var scalars = Array(email.unicodeScalars.drop(while: isSpace))
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        guard !scalars.isEmpty else { return nil }
        var out = String.UnicodeScalarView()
        for s in scalars { out.append(("A"..."Z").contains(s) ? Unicode.Scalar(s.value + 0x20)! : s) }
        return String(out)
    }
}
