// PayBack's identity rules as the iOS app uses them: member ids compared as UUID values, isMe over
// the three identities, areSamePerson through the alias map, email normalization.
// Normative: specs/profiles/payback/identity.md. (The error registry is checked with every
// profile's, in CloserSpecCLITests/ProfileErrorRegistryTests.)

import CoreWire
import PayBack
import Testing

@Suite("PayBack identity")
struct PayBackIdentityTests {
    static let a = "0F8FAD5B-D9CB-469F-A165-70867728950E"
    static let b = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
    static let c = "16fd2706-8baf-433b-82eb-8c7fada847da"

    @Test("a member id is its UUID value: upper- and lower-case text are the same member")
    func memberIDCase() throws {
        #expect(try PayBackMemberID(Self.a) == PayBackMemberID(Self.a.lowercased()))
        #expect(try PayBackMemberID(Self.a).canonical == Self.a.lowercased())
    }

    @Test(
        "a member id that is not 8-4-4-4-12 hex digits is payback.invalid_member_id",
        arguments: [
            "", "0f8fad5bd9cb469fa16570867728950e", "0f8fad5b-d9cb-469f-a165-70867728950",
            "{0f8fad5b-d9cb-469f-a165-70867728950e}", "0f8fad5b-d9cb-469f-a165-70867728950g",
            "0f8fad5b_d9cb-469f-a165-70867728950e",
        ])
    func invalidMemberID(_ text: String) {
        do {
            _ = try PayBackMemberID(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .payBackInvalidMemberID)
        }
    }

    @Test("isMe holds for the account id, its linked member id and its equivalent ids only")
    func isMe() throws {
        let account = PayBackAccount(
            id: try PayBackMemberID(Self.a), linkedMemberID: try PayBackMemberID(Self.b), equivalentMemberIDs: [])
        #expect(account.isMe(try PayBackMemberID(Self.a.lowercased())))
        #expect(account.isMe(try PayBackMemberID(Self.b.uppercased())))
        #expect(!account.isMe(try PayBackMemberID(Self.c)))
    }

    @Test("areSamePerson resolves both ids through the alias map, never by raw equality alone")
    func areSamePerson() throws {
        let (a, b, c) = (try PayBackMemberID(Self.a), try PayBackMemberID(Self.b), try PayBackMemberID(Self.c))
        let friend = PayBackFriend(memberID: b, aliasMemberIDs: [c])
        #expect(PayBackIdentity.areSamePerson(b, c, friends: [friend]))
        #expect(!PayBackIdentity.areSamePerson(a, c, friends: [friend]))
        #expect(!PayBackIdentity.areSamePerson(b, c, friends: []))
    }

    @Test("an email is trimmed, ASCII lower-cased, and empty is absent")
    func normalizeEmail() {
        #expect(PayBackIdentity.normalizeEmail("  Alice@Example.COM\n") == "alice@example.com")
        #expect(PayBackIdentity.normalizeEmail(" \t ") == nil)
        #expect(PayBackIdentity.normalizeEmail(nil) == nil)
        #expect(PayBackIdentity.normalizeEmail("ΣΑΣ@x.io") == "ΣΑΣ@x.io")
    }
}
