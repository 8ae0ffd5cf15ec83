// payback_mapping's encode, link and UserAccount cases. Normative: specs/profiles/payback/mapping.md.

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackMappingSuite {
    static func encodeCases() -> [VectorCase] {
        let run = { (c: String, f: [VectorFlag], friend: JSONValue) in
            PayBackCase.run(.payBackEncodeAccountFriend, c, f, [("friend", friend)])
        }
        return [
            run(
                "a linked friend", [valid],
                obj([
                    "memberId": .string(x), "name": .string("Bob"), "hasLinkedAccount": .bool(true),
                    "linkedAccountId": .string("user_2bob"), "linkedAccountEmail": .string("bob@example.com"),
                    "linkedMemberId": .string(m), "aliasMemberIds": list(m),
                ])),
            run(
                "absent values are left out, never null", [absent],
                obj([
                    "memberId": .string(x), "name": .string("Ann"), "hasLinkedAccount": .bool(false),
                    "linkedAccountId": .null, "linkedAccountEmail": .null, "linkedMemberId": .null,
                    "aliasMemberIds": list(),
                ])),
            run(
                "an email normalized and an empty account id dropped before the send", [email, absent],
                obj([
                    "memberId": .string(x.uppercased()), "name": .string("Carol"), "hasLinkedAccount": .bool(true),
                    "linkedAccountId": .string(""), "linkedAccountEmail": .string("  Carol@X.io "),
                    "aliasMemberIds": list(),
                ])),
            run("a memberId that is not a UUID", [badID], obj(["memberId": .string("bob"), "name": .string("Bob")])),
        ]
    }

    static func linkCases() -> [VectorCase] {
        let account = obj([
            "_id": .string(convexID), "id": .string("user_2bob"), "email": .string("B@Example.com"),
            "member_id": .string(m), "alias_member_ids": list(x, y),
        ])
        let unlinked = obj(["member_id": .string(x), "name": .string("Bob"), "has_linked_account": .bool(false)])
        let run = { (c: String, f: [VectorFlag], row: JSONValue, account: JSONValue) in
            PayBackCase.run(.payBackLinkAccountFriend, c, f, [("row", row), ("account", account)])
        }
        return [
            run(
                "linked with the auth id, the account's aliases and member id", [authID, aliasFallback], unlinked,
                account),
            run(
                "a row already holding aliases keeps them first", [aliasFallback],
                obj([
                    "member_id": .string(x), "name": .string("Bob"), "alias_member_ids": list(z),
                ]), account),
            run(
                "an account with only a Convex _id", [authID], unlinked,
                obj(["_id": .string(convexID), "member_id": .string(m)])),
            run(
                "an account with an empty id", [authID], unlinked,
                obj([
                    "_id": .string(convexID), "id": .string(""), "member_id": .string(m),
                ])),
            run(
                "a row whose member_id is not a UUID, an account without an auth id: the row is read first",
                [order], obj(["member_id": .string("bob"), "name": .string("Bob")]),
                obj(["_id": .string(convexID)])),
        ]
    }

    static func accountCases() -> [VectorCase] {
        let run = { (c: String, f: [VectorFlag], doc: JSONValue) in
            PayBackCase.run(.payBackDecodeUserAccount, c, f, [("document", doc)])
        }
        return [
            run(
                "alias_member_ids become equivalentMemberIds", [valid, aliasFallback],
                obj([
                    "_id": .string(convexID), "id": .string("user_2me"), "email": .string("Me@Example.com"),
                    "member_id": .string(m), "alias_member_ids": list(y, y.uppercased(), m, x),
                ])),
            run("no aliases, no member id, no email", [absent], obj(["id": .string("user_2me")])),
            run("the auth id, not the Convex _id", [authID], obj(["_id": .string(convexID), "member_id": .string(m)])),
            run(
                "an alias that is not a UUID", [badID],
                obj(["id": .string("user_2me"), "alias_member_ids": list("alias")])),
            run(
                "aliases read item by item: a non-UUID before a number", [badID, order],
                obj(["id": .string("user_2me"), "alias_member_ids": .array([.string("x"), .number(5)])])),
            run(
                "an email of the wrong type before a member_id that is not a UUID", [badField, order],
                obj(["id": .string("user_2me"), "email": .number(5), "member_id": .string("x")])),
        ]
    }
}
