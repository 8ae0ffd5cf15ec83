// PayBack's backend ↔ app JSON mapping: a row decoded, sent back without nulls, linked with the auth
// id and never the Convex _id. Normative: specs/profiles/payback/mapping.md.

import CoreWire
import PayBack
import Testing

@Suite("PayBack mapping")
struct PayBackMappingTests {
    static let x = "7d444840-9dc0-41b5-8c4d-2c5a2b0d1e6f"
    static let m = "C56A4180-65AA-42EC-A945-5FD21DEC0538"

    @Test("linked_member_id is an alias when alias_member_ids lacks it; a sent row has no null")
    func roundTrip() throws {
        let row: JSONValue = .object([
            "member_id": .string(Self.x), "name": .string("Bob"), "linked_member_id": .string(Self.m),
            "linked_account_email": .string(" Bob@Example.COM "), "linked_account_id": .string(""),
        ])
        let friend = try PayBackMapping.friend(fromRow: row)
        #expect(friend.aliasMemberIDs == [try PayBackMemberID(Self.m)])
        #expect(friend.linkedAccountEmail == "bob@example.com" && friend.linkedAccountID == nil)
        guard case .object(let sent) = PayBackMapping.row(of: friend) else {
            Issue.record("not an object")
            return
        }
        #expect(!sent.values.contains(.null) && sent["linked_account_id"] == nil)
        #expect(try PayBackMapping.friend(fromRow: .object(sent)) == friend)
    }

    @Test("linking stores the auth id; an account with only a Convex _id is refused")
    func link() throws {
        let row: JSONValue = .object(["member_id": .string(Self.x), "name": .string("Bob")])
        let account: JSONValue = .object(["_id": .string("jd7f3k9q"), "id": .string("user_2bob")])
        #expect(try PayBackMapping.link(row: row, account: account)["linked_account_id"] == .string("user_2bob"))
        #expect(throws: CloserError.self) {
            try PayBackMapping.link(row: row, account: .object(["_id": .string("jd7f3k9q")]))
        }
    }
}
