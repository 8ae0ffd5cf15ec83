// CSV import remapping (manual §7.2–§7.3): every original id of a parsed import replaced by the id
// it maps to — the existing memberIdMapping first, then name-based dedupe, then a fresh UUID — the
// same mapping for friends, group members and expenses, written in lower-case UUID text, so the app
// and Convex persist identical ids. Normative: specs/profiles/payback/import.md.

import CoreWire

extension CloserError.Code {
    public static let payBackImportUnknownMember = Self("payback.import_unknown_member", .invalidParameters)
    public static let payBackImportUnknownGroup = Self("payback.import_unknown_group", .invalidParameters)
    public static let payBackImportOutOfIDs = Self("payback.import_out_of_ids", .invalidParameters)
}

/// One import's remapping state: the member and group mappings (original → new) and the fresh ids
/// still to hand out (the app's `UUID()` calls, injected so both sides can be compared).
public struct PayBackImportRemap {
    public private(set) var members: [PayBackMemberID: PayBackMemberID]
    public private(set) var groups: [PayBackMemberID: PayBackMemberID] = [:]
    /// Names compared code point by code point (import.md §Names): keyed by their UTF-8 bytes.
    let names: [[UInt8]: PayBackMemberID]
    var freshMembers: ArraySlice<PayBackMemberID>
    var freshGroups: ArraySlice<PayBackMemberID>

    /// `nameToExistingID` is a list, not a `[String: …]`: Swift's `String ==` would merge two
    /// canonically equivalent names, which import.md keeps apart (D-PAYBACK-18); of one name written
    /// twice (the same code points), the first wins.
    public init(
        memberIDMapping: [PayBackMemberID: PayBackMemberID], nameToExistingID: [(name: String, id: PayBackMemberID)],
        newMemberIDs: [PayBackMemberID], newGroupIDs: [PayBackMemberID]
    ) {
        members = memberIDMapping
        names = Dictionary(nameToExistingID.map { (Array($0.name.utf8), $0.id) }, uniquingKeysWith: { a, _ in a })
        freshMembers = newMemberIDs[...]
        freshGroups = newGroupIDs[...]
    }

    static let outOfIDs = CloserError(.payBackImportOutOfIDs, "the import needs more fresh UUIDs than were given")

    /// A member of the import (a friend or a group member): its mapping, else the existing id of its
    /// exact name, else a fresh id; recorded, so the same original id always gets the same id.
    public mutating func member(_ original: PayBackMemberID, name: String) throws(CloserError) -> PayBackMemberID {
        if let mapped = members[original] { return mapped }
        guard let new = names[Array(name.utf8)] ?? freshMembers.popFirst() else { throw Self.outOfIDs }
        members[original] = new
        return new
    }

    /// A group of the import: a fresh id, once per original id.
    public mutating func group(_ original: PayBackMemberID) throws(CloserError) -> PayBackMemberID {
        if let mapped = groups[original] { return mapped }
        guard let new = freshGroups.popFirst() else { throw Self.outOfIDs }
        groups[original] = new
        return new
    }

    /// An id an expense refers to: mapped by a friend or a group member of the import, or already
    /// in the given `memberIdMapping` (import.md §Expenses, D-PAYBACK-19).
    public func mapped(member original: PayBackMemberID) throws(CloserError) -> PayBackMemberID {
        guard let id = members[original] else {
            throw CloserError(
                .payBackImportUnknownMember, "an expense names a member neither the import nor memberIdMapping lists")
        }
        return id
    }

    public func mapped(group original: PayBackMemberID) throws(CloserError) -> PayBackMemberID {
        guard let id = groups[original] else {
            throw CloserError(.payBackImportUnknownGroup, "an expense names a group the import does not list")
        }
        return id
    }
}
