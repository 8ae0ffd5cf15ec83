// payback_server's cases. Normative: specs/profiles/payback/server.md.

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackServerSuite {
    static let m1 = "11111111-0000-4000-8000-000000000001", m2 = "22222222-0000-4000-8000-000000000002"
    static let l1 = "33333333-0000-4000-8000-000000000003", x1 = "44444444-0000-4000-8000-000000000004"
    static let x2 = "55555555-0000-4000-8000-000000000005", a1 = "66666666-0000-4000-8000-000000000006"
    static let a2 = "77777777-0000-4000-8000-000000000007", s1 = "88888888-0000-4000-8000-000000000008"
    static let alice = "alice@example.com"

    static func authorizeCases() -> [VectorCase] {
        let id = { (s: String) in JSONValue.string(s) }
        return [
            authorize(
                "mergeMemberIds: both keys, ids sent in upper case", [valid, keys], "aliases:mergeMemberIds",
                caller: " Alice@Example.COM ", ["sourceId": id(m1.uppercased()), "targetCanonicalId": id(m2)]),
            authorize(
                "deleteLinkedFriend with the caller's accountEmail in another case", [valid, authFlag],
                "cleanup:deleteLinkedFriend", caller: alice,
                ["friendMemberId": id(m1), "accountEmail": id("ALICE@example.com")]),
            authorize(
                "deleteUnlinkedFriend without accountEmail (optional)", [valid], "cleanup:deleteUnlinkedFriend",
                caller: alice, ["friendMemberId": id(m1)]),
            authorize(
                "selfDeleteAccount: no key required", [valid], "cleanup:selfDeleteAccount", caller: alice, [:]),
            authorize(
                "mergeUnlinkedFriends: accountEmail null is absent", [valid, keys], "aliases:mergeUnlinkedFriends",
                caller: alice, ["accountEmail": .null]),
            authorize(
                "extra keys are not refused", [valid, keys], "cleanup:deleteLinkedFriend", caller: alice,
                ["friendMemberId": id(m1), "note": id("x")]),
            authorize(
                "a mutation outside §8.1", [refused], "admin:hardDeleteUser", caller: alice, [:]),
            authorize("no session", [refused, authFlag], "cleanup:selfDeleteAccount", caller: nil, [:]),
            authorize(
                "a caller without an e-mail", [refused, authFlag], "cleanup:selfDeleteAccount", caller: " ", [:]),
            authorize(
                "mergeMemberIds without targetCanonicalId", [refused, keys], "aliases:mergeMemberIds", caller: alice,
                ["sourceId": id(m1)]),
            authorize(
                "deleteLinkedFriend keyed friendId, not friendMemberId", [refused, keys], "cleanup:deleteLinkedFriend",
                caller: alice, ["friendId": id(m1)]),
            authorize(
                "a required key null is missing", [refused, keys], "cleanup:deleteUnlinkedFriend", caller: alice,
                ["friendMemberId": .null]),
            authorize(
                "friendMemberId not a UUID", [refused], "cleanup:deleteUnlinkedFriend", caller: alice,
                ["friendMemberId": id("bob")]),
            authorize(
                "mergeUnlinkedFriends with accountEmail, even the caller's", [refused, keys],
                "aliases:mergeUnlinkedFriends", caller: alice, ["accountEmail": id(alice)]),
            authorize(
                "selfDeleteAccount naming another account", [refused, authFlag], "cleanup:selfDeleteAccount",
                caller: alice, ["accountEmail": id("mallory@example.com")]),
            authorize(
                "an empty accountEmail is not the caller's", [refused, authFlag], "cleanup:deleteLinkedFriend",
                caller: alice, ["friendMemberId": id(m1), "accountEmail": id("")]),
            authorize(
                "unknown mutation before no session", [order], "friends:upsert", caller: nil, [:]),
            authorize(
                "no session before a missing key", [order], "aliases:mergeMemberIds", caller: nil, [:]),
            authorize(
                "a missing key before a mismatched accountEmail", [order], "cleanup:deleteLinkedFriend",
                caller: alice, ["accountEmail": id("mallory@example.com")]),
        ]
    }

    static func confirmCases() -> [VectorCase] {
        let bob = row(m1, "Bob", ["linked_member_id": l1, "linked_account_id": "auth|bob"])
        let bobAccount = account("auth|bob", "bob@example.com", a1, [a2])
        return [
            confirm("by member_id, in upper case", [valid, identity], m1.uppercased(), friends: [row(m1, "Bob")]),
            confirm("by linked_member_id", [identity], l1, friends: [bob]),
            confirm(
                "by the alias closure, two rows away", [identity], x2, friends: [bob], aliases: [(l1, x1), (x2, x1)]),
            confirm("by the linked account's member_id", [identity], a1, friends: [bob], accounts: [bobAccount]),
            confirm(
                "by the linked account's alias, found by e-mail", [identity], a2,
                friends: [row(m1, "Bob", ["linked_account_email": " BOB@example.com"])], accounts: [bobAccount]),
            confirm(
                "linked_account_id matching no account; the e-mail still links", [identity], a1,
                friends: [
                    row(m1, "Bob", ["linked_account_id": "auth|old", "linked_account_email": "bob@example.com"])
                ],
                accounts: [bobAccount]),
            confirm(
                "identity before name: another row has the name", [identity, nameFallback], m2, name: "Bob",
                friends: [row(m1, "Bob"), row(m2, "Robert")]),
            confirm(
                "the name fallback: one row, normalized", [nameFallback], s1, name: "  BOB ",
                friends: [row(m1, "Bob"), row(m2, "Carol")]),
            confirm(
                "the linked account is not followed without a link", [refused, identity], a1,
                friends: [row(m1, "Bob")], accounts: [bobAccount]),
            confirm(
                "an alias row not joined to the friend", [refused, identity], x2, friends: [row(m1, "Bob")],
                aliases: [(x1, x2)]),
            confirm(
                "two rows of the name: not unique", [refused, nameFallback], s1, name: "Bob",
                friends: [row(m1, "Bob"), row(m2, "bob")]),
            confirm("no identity and no name", [refused], s1, friends: [row(m1, "Bob")]),
            confirm(
                "an empty name never matches", [refused, nameFallback], s1, name: " ", friends: [row(m1, " ")]),
            confirm("a member id not a UUID", [refused], "bob", name: "Bob", friends: [row(m1, "Bob")]),
        ]
    }
}
