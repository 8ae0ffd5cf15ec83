// Harness ops of the PayBack profile (identity equivalence): declarations (rows of the op table
// spliced into specs/profiles/payback/identity.md §"Harness ops") and handlers.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackIsMe = Self(
        "payback.isMe", family: "payback",
        fields: [
            .required("account", "`{id, linkedMemberId: id or null, equivalentMemberIds: [id]}`"),
            .required("memberId"),
        ], output: [.required("isMe", "bool")], layer: .contract)
    static let payBackAreSamePerson = Self(
        "payback.areSamePerson", family: "payback",
        fields: [
            .required("friends", "`[{memberId, aliasMemberIds: [id]}]`, list order"), .required("a"),
            .required("b"),
        ], output: [.required("same", "bool"), .required("canonicalA"), .required("canonicalB")], layer: .contract)
    static let payBackNormalizeEmail = Self(
        "payback.normalizeEmail", family: "payback", fields: [.required("email", "string or null")],
        output: [.required("email", "string or null")], layer: .contract)
}

enum PayBackOps {
    static let all: [HarnessOp] = identity + balance + mapping + importRemap + server + groups + hardDelete + members

    static let identity: [HarnessOp] = [
        HarnessOp(.payBackIsMe) { r throws(CloserError) in
            let a = try r.json("account")
            let linked = a["linkedMemberId"]
            let account = PayBackAccount(
                id: try memberID(a["id"], "account.id"),
                linkedMemberID: linked == nil || linked == .null ? nil : try memberID(linked, "account.linkedMemberId"),
                equivalentMemberIDs: try memberIDs(a["equivalentMemberIds"], "account.equivalentMemberIds"))
            return ["isMe": .bool(account.isMe(try PayBackMemberID(try r.string("memberId"))))]
        },
        HarnessOp(.payBackAreSamePerson) { r throws(CloserError) in
            guard case .array(let list) = try r.json("friends") else { throw malformed("friends", "an array") }
            var friends: [PayBackFriend] = []
            for f in list {
                friends.append(
                    PayBackFriend(
                        memberID: try memberID(f["memberId"], "friends[].memberId"),
                        aliasMemberIDs: try memberIDs(f["aliasMemberIds"], "friends[].aliasMemberIds")))
            }
            let a = try PayBackMemberID(try r.string("a"))
            let b = try PayBackMemberID(try r.string("b"))
            return [
                "same": .bool(PayBackIdentity.areSamePerson(a, b, friends: friends)),
                "canonicalA": .string(PayBackIdentity.canonical(a, friends: friends).canonical),
                "canonicalB": .string(PayBackIdentity.canonical(b, friends: friends).canonical),
            ]
        },
        HarnessOp(.payBackNormalizeEmail) { r throws(CloserError) in
            let email = try r.json("email")
            guard email == .null || email.stringValue != nil else { throw malformed("email", "a string or null") }
            return ["email": PayBackIdentity.normalizeEmail(email.stringValue).map(JSONValue.string) ?? .null]
        },
    ]

    static func malformed(_ name: String, _ what: String) -> CloserError {
        CloserError(.harnessMalformedRequest, "field \"\(name)\" must be \(what)")
    }

    static func memberID(_ v: JSONValue?, _ name: String) throws(CloserError) -> PayBackMemberID {
        guard let text = v?.stringValue else { throw malformed(name, "a string") }
        return try PayBackMemberID(text)
    }

    static func memberIDs(_ v: JSONValue?, _ name: String) throws(CloserError) -> [PayBackMemberID] {
        guard case .array(let items)? = v else { throw malformed(name, "an array") }
        var out: [PayBackMemberID] = []
        for item in items { out.append(try memberID(item, name)) }
        return out
    }
}
