// Harness ops of PayBack's member id contracts: declarations (rows of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handlers. Normative:
// specs/profiles/payback/members.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackAuthorizeMemberIdUpdate = Self(
        "payback.authorizeMemberIdUpdate", family: "payback",
        fields: [
            .required("caller", "`{email}` from auth, or null: no session"),
            .required("account", "the caller's stored `accounts` document `{email, member_id?}`"),
            .required("memberId", "the member id requested"),
            .required("usedMemberIds", "[id], the member ids already in use"),
        ],
        output: [.required("action", "`bootstrap`"), .required("memberId", "the id written, canonical")],
        layer: .contract)
}

extension PayBackOps {
    static let members: [HarnessOp] = [
        HarnessOp(.payBackAuthorizeMemberIdUpdate) { r throws(CloserError) in
            let id = try PayBackMemberIDUpdate.authorize(
                caller: try r.json("caller"), account: try r.json("account"), memberID: try r.json("memberId"),
                used: try list(r.json("usedMemberIds"), "usedMemberIds"))
            return ["action": .string("bootstrap"), "memberId": .string(id.canonical)]
        }
    ]
}
