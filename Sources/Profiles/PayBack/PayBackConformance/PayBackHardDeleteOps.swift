// Harness op of PayBack's hard-delete cascade: declaration (a row of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handler. Normative:
// specs/profiles/payback/deletion.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackPlanHardDelete = Self(
        "payback.planHardDelete", family: "payback",
        fields: [
            .required("account", "the deleted user's `accounts` document `{id, email, member_id}`"),
            .required(
                "friends",
                "every stored `account_friends` row `[{_id, account_email, linked_account_id, linked_account_email, linked_member_id}]`"
            ),
        ],
        output: [
            .required(
                "steps",
                "`[{step, id, via?}]`: `deleteAccount`, then each `deleteOwnedFriend`, then each `deleteLinkedFriend` (`via`: the index)"
            )
        ],
        layer: .contract)
}

extension PayBackOps {
    static let hardDelete: [HarnessOp] = [
        HarnessOp(.payBackPlanHardDelete) { r throws(CloserError) in
            let steps = try PayBackHardDelete.plan(
                account: try r.json("account"), friends: try list(r.json("friends"), "friends"))
            return [
                "steps": .array(
                    steps.map { s in
                        var o: [String: JSONValue] = ["step": .string(s.step), "id": .string(s.id)]
                        if let via = s.via { o["via"] = .string(via) }
                        return .object(o)
                    })
            ]
        }
    ]
}
