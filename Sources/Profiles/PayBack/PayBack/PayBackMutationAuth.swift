// The Convex side of PayBack's destructive and identity mutations: the caller comes from auth, never
// from the payload (manual §8.1), and each mutation's payload keys are the ones the iOS app sends
// (§8.4). Normative: specs/profiles/payback/server.md §"Mutation authorization".

import CoreWire

extension CloserError.Code {
    public static let payBackUnknownMutation = Self("payback.unknown_mutation", .invalidParameters)
    public static let payBackUnauthenticated = Self("payback.unauthenticated", .invalidParameters)
    public static let payBackMissingPayloadKey = Self("payback.missing_payload_key", .invalidParameters)
    public static let payBackForbiddenPayloadKey = Self("payback.forbidden_payload_key", .invalidParameters)
    public static let payBackAccountMismatch = Self("payback.account_mismatch", .invalidParameters)
}

public enum PayBackMutationAuth {
    /// The §8.1 mutations and the member-id keys §8.4 requires of each, in the manual's order.
    public static let requiredKeys: [(mutation: String, keys: [String])] = [
        ("aliases:mergeMemberIds", ["sourceId", "targetCanonicalId"]),
        ("aliases:mergeUnlinkedFriends", []),
        ("cleanup:deleteLinkedFriend", ["friendMemberId"]),
        ("cleanup:deleteUnlinkedFriend", ["friendMemberId"]),
        ("cleanup:selfDeleteAccount", []),
    ]

    /// The one mutation whose payload must not carry `accountEmail` (§8.4).
    public static let withoutAccountEmail = "aliases:mergeUnlinkedFriends"

    /// Checks, in server.md's order: the mutation, the caller (auth), the required keys, then
    /// `accountEmail`. Returns the server-derived account email and the payload's member ids (canonical).
    package static func authorize(
        mutation: String, caller: JSONValue, payload: JSONValue
    ) throws(CloserError) -> (accountEmail: String, args: [String: JSONValue]) {
        guard let keys = requiredKeys.first(where: { $0.mutation == mutation })?.keys else {
            throw CloserError(.payBackUnknownMutation, "not one of the mutations that derive the caller from auth")
        }
        guard case .object = caller, let email = PayBackIdentity.normalizeEmail(try callerEmail(caller)) else {
            throw CloserError(.payBackUnauthenticated, "no signed-in caller: the mutation needs getCurrentUserOrThrow")
        }
        let f = try PayBackFields(payload, "payload")
        var args: [String: JSONValue] = [:]
        for key in keys {
            guard let id = try f.member(key) else {
                throw CloserError(.payBackMissingPayloadKey, "the payload lacks \(key)")
            }
            args[key] = .string(id.canonical)
        }
        guard let claimed = try f.string("accountEmail") else { return (email, args) }  // null = absent
        if mutation == withoutAccountEmail {
            throw CloserError(.payBackForbiddenPayloadKey, "\(mutation) takes no accountEmail")
        }
        guard PayBackIdentity.normalizeEmail(claimed) == email else {
            throw CloserError(.payBackAccountMismatch, "accountEmail is not the signed-in caller's")  // no address: PII
        }
        return (email, args)
    }

    static func callerEmail(_ caller: JSONValue) throws(CloserError) -> String? {
        try PayBackFields(caller, "caller").string("email")
    }
}
