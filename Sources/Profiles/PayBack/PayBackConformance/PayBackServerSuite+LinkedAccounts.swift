// payback_server, appended linked account resolution: metadata only for ids on the caller's visible
// identity surface (manual §9.4), each test citing the pins it exercises.
// Normative: specs/profiles/payback/members.md §"Linked account resolution".

import CloserHarness
import CloserVectorModel
import CoreWire

extension PayBackServerSuite {
    static let bobID = "b0b0b0b0-0000-4000-8000-0000000000b0", bobAlias = "b1b1b1b1-0000-4000-8000-0000000000b1"
    static let carolID = "c0c0c0c0-0000-4000-8000-0000000000c0", strangerID = "f0f0f0f0-0000-4000-8000-0000000000f0"
    static let visibleOnly = VectorFlag(
        "VisibleSurfaceOnly", .missingStep, .contract,
        "Linked account metadata only for ids on the caller's visible surface, never a directory lookup (§9.4).")

    static func linkedAccounts(
        _ comment: String, _ flags: [VectorFlag], _ requested: [JSONValue], _ pins: [VectorPin],
        accounts: [JSONValue]? = nil
    ) -> VectorCase {
        let ids = { (l: [String]) in JSONValue.array(l.map(JSONValue.string)) }
        let surface = JSONValue.object([
            "selfIds": ids([u1]), "groupMemberIds": ids([bobID]), "friendMemberIds": ids([carolID]),
            "linkedFriendIds": ids([bobAlias]),
        ])
        let directory =
            accounts ?? [
                account("auth-stranger", "stranger@example.com", strangerID),
                account("auth-bob", "bob@example.com", bobID, [bobAlias]),
                account("auth-carol", "carol@example.com", carolID),
            ]
        var c = PayBackCase.run(
            .payBackVisibleLinkedAccounts, comment, flags,
            [("surface", surface), ("accounts", .array(directory)), ("memberIds", .array(requested))])
        c.pins += pins
        return c
    }

    static func linkedAccountCases() -> [VectorCase] {
        let s = JSONValue.string
        let accept = { (ids: String...) in ids.map { VectorPin($0, .accept) } }
        let refuse = { (ids: String...) in ids.map { VectorPin($0, .refuse) } }
        let f = [visibleOnly]
        return [
            linkedAccounts(
                "a direct friend and a group member, in request order", [valid] + f, [s(carolID), s(bobID)],
                accept("D-PAYBACK-52", "D-PAYBACK-53")),
            linkedAccounts(
                "a stranger's member id is left out", [valid] + f, [s(strangerID)], refuse("D-PAYBACK-52")),
            linkedAccounts(
                "a stranger among friends: only the friends", f, [s(strangerID), s(carolID)],
                refuse("D-PAYBACK-52")),
            linkedAccounts(
                "a linked friend identity resolves through the account's aliases", [valid] + f,
                [s(bobAlias.uppercased())], accept("D-PAYBACK-52", "D-PAYBACK-53")),
            linkedAccounts(
                "a repeated id, once", f, [s(carolID), s(carolID.uppercased())], accept("D-PAYBACK-53")),
            linkedAccounts("a visible id no account holds", [valid], [s(u1)], accept("D-PAYBACK-53")),
            linkedAccounts("no id requested", [valid], [], accept("D-PAYBACK-53")),
            linkedAccounts(
                "a requested id not a UUID", [refused], [s("carol")], refuse("D-PAYBACK-53")),
            linkedAccounts(
                "an account without an id", [refused], [s(carolID)], [],
                accounts: [.object(["member_id": s(carolID)])]),
        ]
    }
}
