// acceptInviteCallable reads the stored invite's material with callables.md's step 2 only
// (present and not null); the string check of step 3 is createInviteCallable's. Found by
// `closer-spec explore` against the Python port: CloserSpec refused a stored kdfSalt of
// 1 with callable.invalid_member_type, which the page does not list for accept.

import CloserRules
import CloserWire
import XCTest

final class CallableAcceptMaterialTests: XCTestCase {
    let material: [String: JSONValue] = [
        "wrappedCoupleKey": .string("AAAA"), "kdfSalt": .string("AAAA"),
        "kdfParams": .string("$argon2id$v=19$m=46080,t=3,p=1"), "recoveryPhrase": .string("AAAA"),
    ]

    func testAcceptDoesNotTypeTheStoredMaterial() throws {
        var invite = material
        invite["kdfSalt"] = .number(1)
        let findings = try CallablePayload.validate(
            .acceptInvite, payload: .object(["code": .string("ABC234")]), invite: .object(invite))
        XCTAssertEqual(findings.count, 0)
    }

    func testCreateStillRefusesAMaterialMemberOfAnotherType() {
        var payload = material
        payload["code"] = .string("ABC234")
        payload["kdfSalt"] = .number(1)
        XCTAssertThrowsError(try CallablePayload.validate(.createInvite, payload: .object(payload))) { e in
            XCTAssertEqual((e as? CallableRejection)?.error.code.rawValue, "callable.invalid_member_type")
        }
    }

    func testAcceptStillRefusesMissingStoredMaterial() {
        var invite = material
        invite["kdfSalt"] = .null
        XCTAssertThrowsError(
            try CallablePayload.validate(
                .acceptInvite, payload: .object(["code": .string("ABC234")]), invite: .object(invite))
        ) { e in
            XCTAssertEqual((e as? CallableRejection)?.error.code.rawValue, "callable.missing_encryption_material")
        }
    }
}
