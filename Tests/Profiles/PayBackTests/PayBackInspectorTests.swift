// `inspect --profile payback`: a member id, an e-mail and an account_friends row are recognised, and
// what is none of them is a named error. Normative: specs/profiles/payback/identity.md,
// specs/profiles/payback/mapping.md.

import CoreWire
import PayBackConformance
import Testing

@Suite("PayBack inspector")
struct PayBackInspectorTests {
    let inspect = PayBackConformance.profile.inspect

    @Test("a member id of either case, an e-mail, a row")
    func recognised() throws {
        let inspect = try #require(self.inspect)
        #expect(inspect("0F8FAD5B-D9CB-469F-A165-70867728950E").succeeded)
        #expect(inspect(" Ana@Example.COM ").succeeded)
        #expect(inspect(#"{"member_id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"Ana"}"#).succeeded)
    }

    @Test("neither a member id nor a row: the named error")
    func refused() throws {
        let inspect = try #require(self.inspect)
        #expect(inspect("not-a-uuid").failure?.code == .payBackInvalidMemberID)
        #expect(inspect(#"{"name":"Ana"}"#).failure?.code == .payBackInvalidField)
    }
}
