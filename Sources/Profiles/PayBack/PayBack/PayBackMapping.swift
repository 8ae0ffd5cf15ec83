// The JSON mapping between the Convex backend (snake_case documents) and the iOS app (camelCase
// models): `account_friends` rows ↔ `AccountFriend`, `accounts` ↔ `UserAccount` (`alias_member_ids` ↔
// `equivalentMemberIds`), and linking a friend row to an account (its auth id, never the Convex
// `_id`). Normative: specs/profiles/payback/mapping.md.

import CoreWire

extension CloserError.Code {
    public static let payBackInvalidField = Self("payback.invalid_field", .invalidParameters)
    public static let payBackMissingAuthID = Self("payback.missing_auth_id", .invalidParameters)
}

/// A friend as the app holds it (`AccountFriend`).
public struct PayBackAccountFriend: Equatable, Sendable {
    public var memberID: PayBackMemberID
    public var name: String
    public var hasLinkedAccount: Bool
    public var linkedAccountID: String?
    public var linkedAccountEmail: String?
    public var linkedMemberID: PayBackMemberID?
    public var aliasMemberIDs: [PayBackMemberID]

    public init(
        memberID: PayBackMemberID, name: String, hasLinkedAccount: Bool = false, linkedAccountID: String? = nil,
        linkedAccountEmail: String? = nil, linkedMemberID: PayBackMemberID? = nil,
        aliasMemberIDs: [PayBackMemberID] = []
    ) {
        self.memberID = memberID
        self.name = name
        self.hasLinkedAccount = hasLinkedAccount
        self.linkedAccountID = linkedAccountID
        self.linkedAccountEmail = linkedAccountEmail
        self.linkedMemberID = linkedMemberID
        self.aliasMemberIDs = aliasMemberIDs
    }
}

/// Reads one document's fields in order; a field of the wrong JSON type is `payback.invalid_field`.
struct PayBackFields {
    let object: [String: JSONValue]
    let what: String

    init(_ value: JSONValue, _ what: String) throws(CloserError) {
        guard case .object(let o) = value else { throw Self.bad(what, "is not an object") }
        object = o
        self.what = what
    }

    static func bad(_ name: String, _ why: String) -> CloserError {
        CloserError(.payBackInvalidField, "\(name) \(why)")
    }

    /// Absent or null → nil.
    func value(_ key: String) -> JSONValue? { object[key].flatMap { $0 == .null ? nil : $0 } }

    func string(_ key: String) throws(CloserError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.stringValue else { throw Self.bad("\(what).\(key)", "is not a string") }
        return s
    }

    /// A string where empty is absent (manual §8.10 "Normalize empty values to nil").
    func nonEmpty(_ key: String) throws(CloserError) -> String? {
        try string(key).flatMap { $0.isEmpty ? nil : $0 }
    }

    func member(_ key: String) throws(CloserError) -> PayBackMemberID? {
        try string(key).map { s throws(CloserError) in try PayBackMemberID(s) }
    }

    func members(_ key: String) throws(CloserError) -> [PayBackMemberID] {
        guard let v = value(key) else { return [] }
        guard case .array(let items) = v else { throw Self.bad("\(what).\(key)", "is not an array") }
        return try items.map { item throws(CloserError) in
            guard let s = item.stringValue else { throw Self.bad("\(what).\(key)[]", "is not a string") }
            return try PayBackMemberID(s)
        }
    }

    func bool(_ key: String) throws(CloserError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw Self.bad("\(what).\(key)", "is not a boolean") }
        return b
    }
}

public enum PayBackMapping {
    /// Ids in order, each once (by UUID value), without `own` (an id is not its own alias).
    static func unique(_ ids: [PayBackMemberID], besides own: PayBackMemberID?) -> [PayBackMemberID] {
        var seen: Set<PayBackMemberID> = own.map { [$0] } ?? []
        return ids.filter { seen.insert($0).inserted }
    }

    static func ids(_ ids: [PayBackMemberID]) -> JSONValue { .array(ids.map { .string($0.canonical) }) }
}

extension PayBackMapping {
    /// An `accounts` document as the app decodes it into `UserAccount` (mapping.md §accounts):
    /// `id` is the auth id (never `_id`), `member_id` is `linkedMemberId`, `alias_member_ids` is
    /// `equivalentMemberIds` (§7.5 "via CodingKeys"), the email normalized.
    package static func userAccount(fromDocument doc: JSONValue) throws(CloserError) -> JSONValue {
        let f = try PayBackFields(doc, "account")
        guard let authID = try f.nonEmpty("id") else {
            throw CloserError(.payBackMissingAuthID, "the account has no auth id (its Convex _id is not one)")
        }
        let email = PayBackIdentity.normalizeEmail(try f.string("email"))
        let member = try f.member("member_id")
        let aliases = unique(try f.members("alias_member_ids"), besides: member)
        return .object([
            "id": .string(authID), "email": email.map(JSONValue.string) ?? .null,
            "linkedMemberId": member.map { .string($0.canonical) } ?? .null, "equivalentMemberIds": ids(aliases),
        ])
    }
}
