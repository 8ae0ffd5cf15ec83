// payback_server, appended members: users:updateLinkedMemberId's bootstrap-only check (manual §9.3),
// each test citing the pins it exercises.
// Normative: specs/profiles/payback/members.md.

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackServerSuite {
    static let u1 = "c3c3c3c3-0000-4000-8000-0000000000c3", u2 = "d4d4d4d4-0000-4000-8000-0000000000d4"
    static let noReassign = VectorFlag(
        "MemberIdNotReassigned", .missingStep, .contract,
        "An account's member_id is canonical: only a legacy account without one is bootstrapped, with an unused id (§9.3)."
    )

    static func memberUpdate(
        _ comment: String, _ flags: [VectorFlag], caller: String?, stored: JSONValue?, requested: JSONValue,
        used: [String], _ pins: [VectorPin]
    ) -> VectorCase {
        let who: JSONValue = caller.map { .object(["email": .string($0)]) } ?? .null
        var account: [String: JSONValue] = ["email": .string(alice)]
        if let stored { account["member_id"] = stored }
        var c = PayBackCase.run(
            .payBackAuthorizeMemberIdUpdate, comment, flags,
            [
                ("caller", who), ("account", .object(account)), ("memberId", requested),
                ("usedMemberIds", .array(used.map(JSONValue.string))),
            ])
        c.pins += pins
        return c
    }

    static func memberCases() -> [VectorCase] {
        let s = JSONValue.string
        let accept = { (ids: String...) in ids.map { VectorPin($0, .accept) } }
        let refuse = { (ids: String...) in ids.map { VectorPin($0, .refuse) } }
        let f = [noReassign]
        return [
            memberUpdate(
                "a legacy account without member_id bootstraps an unused id", [valid] + f, caller: alice,
                stored: nil, requested: s(u1), used: [u2], accept("D-PAYBACK-46")),
            memberUpdate(
                "an upper-case request is written canonical", [valid] + f, caller: alice, stored: nil,
                requested: s(u1.uppercased()), used: [], accept("D-PAYBACK-46", "D-PAYBACK-48")),
            memberUpdate(
                "an empty member_id is missing", [valid] + f, caller: alice, stored: s(""),
                requested: s(u1), used: [], accept("D-PAYBACK-48")),
            memberUpdate(
                "member_id null is missing", f, caller: alice, stored: .null, requested: s(u1), used: [],
                accept("D-PAYBACK-48")),
            memberUpdate(
                "an account with a member_id is not reassigned", [refused] + f, caller: alice, stored: s(u2),
                requested: s(u1), used: [], refuse("D-PAYBACK-46")),
            memberUpdate(
                "not even to the id it already has", [refused] + f, caller: alice, stored: s(u1), requested: s(u1),
                used: [], refuse("D-PAYBACK-46", "D-PAYBACK-48")),
            memberUpdate(
                "an id in use, by UUID value", [refused] + f, caller: alice, stored: nil, requested: s(u1),
                used: [u2, u1.uppercased()], refuse("D-PAYBACK-46", "D-PAYBACK-48")),
            memberUpdate(
                "no session", [refused, authFlag], caller: nil, stored: nil, requested: s(u1), used: [],
                refuse("D-PAYBACK-47")),
            memberUpdate(
                "a requested id not a UUID", [refused], caller: alice, stored: nil, requested: s("alice-1"),
                used: [], refuse("D-PAYBACK-48")),
            memberUpdate(
                "a requested id not a string", [refused], caller: alice, stored: nil, requested: .number(1),
                used: [], refuse("D-PAYBACK-48")),
            memberUpdate(
                "no session before a stored member_id", [order], caller: nil, stored: s(u2), requested: s(u1),
                used: [], refuse("D-PAYBACK-47")),
            memberUpdate(
                "a bad id before a stored member_id", [order], caller: alice, stored: s(u2), requested: s("x"),
                used: [], refuse("D-PAYBACK-48")),
            memberUpdate(
                "a stored member_id before an id in use", [order], caller: alice, stored: s(u2), requested: s(u1),
                used: [u1], refuse("D-PAYBACK-48")),
        ]
    }
}
