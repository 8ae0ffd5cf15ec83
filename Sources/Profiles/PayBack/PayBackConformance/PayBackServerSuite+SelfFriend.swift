// payback_server, appended self-friend detection: by id or link in a session, by an equal name only
// without one (manual §9.6), each test citing the pins it exercises.
// Normative: specs/profiles/payback/members.md §"Self-friend detection".

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackServerSuite {
    static let idOnly = VectorFlag(
        "SelfFriendByIdInSession", .missingStep, .contract,
        "In an authenticated session a friend is the user by id or link only; an equal name only without a session (§9.6)."
    )

    static func selfFriend(
        _ comment: String, _ flags: [VectorFlag], session: Bool, friend: [String: JSONValue], _ pins: [VectorPin],
        accountName: JSONValue = .string("Alice")
    ) -> VectorCase {
        let account = JSONValue.object([
            "id": .string(u1), "linkedMemberId": .string(u2), "equivalentMemberIds": .array([.string(g2)]),
        ])
        var c = PayBackCase.run(
            .payBackIsSelfFriend, comment, flags,
            [
                ("session", .bool(session)), ("account", account), ("accountName", accountName),
                ("friend", .object(friend)),
            ])
        c.pins += pins
        return c
    }

    static func selfFriendCases() -> [VectorCase] {
        let s = JSONValue.string, other = "e5e5e5e5-0000-4000-8000-0000000000e5"
        let accept = { (ids: String...) in ids.map { VectorPin($0, .accept) } }
        let refuse = { (ids: String...) in ids.map { VectorPin($0, .refuse) } }
        let f = [idOnly]
        return [
            selfFriend(
                "in a session, the row's member_id is the account's", [valid] + f, session: true,
                friend: ["member_id": s(u1.uppercased()), "name": s("Someone")], accept("D-PAYBACK-49")),
            selfFriend(
                "in a session, the row's linked_member_id is an alias of the account", [valid] + f, session: true,
                friend: ["member_id": s(other), "linked_member_id": s(g2)], accept("D-PAYBACK-49", "D-PAYBACK-51")),
            selfFriend(
                "in a session, an equal name with other ids is not the user", [valid] + f, session: true,
                friend: ["member_id": s(other), "name": s("Alice")], refuse("D-PAYBACK-49")),
            selfFriend(
                "in a session, an equal name after normalization is still not the user", f, session: true,
                friend: ["member_id": s(other), "name": s(" ALICE ")], refuse("D-PAYBACK-49", "D-PAYBACK-51")),
            selfFriend(
                "no session: an equal name is the user", [valid, nameFallback] + f, session: false,
                friend: ["member_id": s(other), "name": s("Alice")], accept("D-PAYBACK-50")),
            selfFriend(
                "no session: names equal after normalization", [nameFallback] + f, session: false,
                friend: ["member_id": s(other), "name": s(" ALICE\t")], accept("D-PAYBACK-50", "D-PAYBACK-51")),
            selfFriend(
                "no session: identity first", [valid] + f, session: false,
                friend: ["member_id": s(u2), "name": s("Alice")], accept("D-PAYBACK-50", "D-PAYBACK-51")),
            selfFriend(
                "no session: another name is not the user", [valid], session: false,
                friend: ["member_id": s(other), "name": s("Bob")], refuse("D-PAYBACK-50")),
            selfFriend(
                "no session: no account name never matches", [nameFallback], session: false,
                friend: ["member_id": s(other), "name": s("")], refuse("D-PAYBACK-51"), accountName: .null),
            selfFriend(
                "a row without member_id", [refused], session: true, friend: ["name": s("Alice")], []),
            selfFriend(
                "a row member_id not a UUID", [refused], session: false,
                friend: ["member_id": s("alice"), "name": s("Alice")], refuse("D-PAYBACK-51")),
        ]
    }
}
