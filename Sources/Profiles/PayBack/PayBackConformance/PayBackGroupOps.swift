// Harness ops of PayBack's group contracts: declarations (rows of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handlers. Normative:
// specs/profiles/payback/groups.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackAuthorizeGroupUpsert = Self(
        "payback.authorizeGroupUpsert", family: "payback",
        fields: [
            .required("caller", "`{email}` from auth, or null: no session"),
            .required("group", "groups:create's arguments as sent (`id`: the client id, optional)"),
            .required("existing", "the stored `groups` document of that id `{id, owner_email}`, or null"),
        ],
        output: [
            .required("action", "`insert` or `patch`"), .required("ownerEmail", "the caller's, normalized"),
        ],
        layer: .contract)
    static let payBackPlanGroupDelete = Self(
        "payback.planGroupDelete", family: "payback",
        fields: [
            .required("groupIds", "[id], the groups deleted, in order"),
            .required("expenses", "the stored `expenses` documents `[{id, group_id}]`, list order"),
        ],
        output: [
            .required(
                "steps",
                "`[{step, id}]`: per group its expenses' `reconcileUserExpenses`, then `deleteExpense`, then `deleteGroup`"
            )
        ],
        layer: .contract)
}

extension PayBackOps {
    static let groups: [HarnessOp] = [
        HarnessOp(.payBackAuthorizeGroupUpsert) { r throws(CloserError) in
            let out = try PayBackGroupUpsert.authorize(
                caller: try r.json("caller"), group: try r.json("group"), existing: try r.json("existing"))
            return ["action": .string(out.action), "ownerEmail": .string(out.ownerEmail)]
        },
        HarnessOp(.payBackPlanGroupDelete) { r throws(CloserError) in
            let steps = try PayBackGroupDelete.plan(
                groupIDs: try list(r.json("groupIds"), "groupIds"), expenses: try list(r.json("expenses"), "expenses"))
            return ["steps": .array(steps.map { .object(["step": .string($0.step), "id": .string($0.id)]) })]
        },
    ]
}
