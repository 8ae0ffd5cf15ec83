// The shape of a Reward-E document (a Firestore document as JSON) and its check, in the order
// specs/profiles/reward-e/documents.md §"Order of checks" pins: not an object, unknown members
// (sorted by name), missing required members (declaration order), then each present member in
// declaration order: its type, then its enum or range.

import CoreWire

/// One member's shape.
package enum RewardEField: Sendable {
    /// A string of `min…max` Unicode scalars.
    case string(min: Int, max: Int)
    case boolean
    /// An integral JSON number in `range`.
    case integer(ClosedRange<Int64>)
    /// A stored instant: a Firestore Timestamp `{"timestampValue": RFC 3339}`, or integral epoch
    /// milliseconds (RewardETimestamp).
    case instant
    /// One of these strings, exactly (case matters).
    case enumeration([String])
    /// A stored invite code (RewardEInviteCode: already upper case; `rewarde.invalid_invite_code`).
    case inviteCode

    var typeName: String {
        switch self {
        case .string, .enumeration, .inviteCode: "a string"
        case .boolean: "a boolean"
        case .integer: "an integer"
        case .instant: "a timestamp or an integer"
        }
    }
}

/// A document's members, in declaration order; members not listed are refused.
package struct RewardESchema: Sendable {
    package struct Member: Sendable {
        package let name: String
        package let field: RewardEField
        package let required: Bool
    }

    package let members: [Member]

    package init(_ members: [Member]) { self.members = members }

    /// Checks `value`; returns the document's member names, sorted.
    package func check(_ value: JSONValue) throws(CloserError) -> [String] {
        guard case .object(let doc) = value else {
            throw CloserError(.rewardENotAnObject, "a document is a JSON object")
        }
        if let unknown = doc.keys.sorted().first(where: { name in !members.contains { $0.name == name } }) {
            throw CloserError(.rewardEUnknownField, "\(CloserError.quoted(unknown)) is not a member of this document")
        }
        for m in members where m.required && doc[m.name] == nil {
            throw CloserError(.rewardEMissingField, "\(m.name) is required")
        }
        for m in members {
            if let v = doc[m.name] { try Self.check(m.field, v, at: m.name) }
        }
        return doc.keys.sorted()
    }

    static func check(_ field: RewardEField, _ value: JSONValue, at path: String) throws(CloserError) {
        switch (field, value) {
        case (.string(let lo, let hi), .string(let s)):
            guard (lo...hi).contains(s.unicodeScalars.count) else {
                throw CloserError(.rewardEOutOfRange, "\(path) is \(lo)...\(hi) characters")
            }
        case (.boolean, .bool): return
        case (.integer(let range), .number(let d)):
            let i = try integral(d, at: path)
            guard range.contains(i) else {
                throw CloserError(.rewardEOutOfRange, "\(path) is \(range.lowerBound)...\(range.upperBound)")
            }
        case (.instant, .number), (.instant, .object):
            _ = try RewardETimestamp.milliseconds(value, at: path)
        case (.enumeration(let names), .string(let s)):
            guard names.contains(s) else {
                throw CloserError(.rewardEUnknownEnumValue, "\(path) is one of \(names.joined(separator: ", "))")
            }
        case (.inviteCode, .string(let s)):
            guard (try? RewardEInviteCode.normalize(s)) == s else {
                throw CloserError(.rewardEInvalidInviteCode, "\(path) is a stored invite code (invite-code.md)")
            }
        default:
            throw CloserError(.rewardEWrongType, "\(path) must be \(field.typeName)")
        }
    }

    /// An integral JSON number within ±(2^53 − 1), as Int64.
    package static func integral(_ d: Double, at path: String) throws(CloserError) -> Int64 {
        guard d.isFinite, d == d.rounded(), abs(d) <= 9_007_199_254_740_991 else {
            throw CloserError(.rewardEWrongType, "\(path) must be an integer")
        }
        return Int64(d)
    }
}

extension RewardESchema.Member {
    package static func required(_ name: String, _ field: RewardEField) -> Self {
        Self(name: name, field: field, required: true)
    }

    package static func optional(_ name: String, _ field: RewardEField) -> Self {
        Self(name: name, field: field, required: false)
    }
}
