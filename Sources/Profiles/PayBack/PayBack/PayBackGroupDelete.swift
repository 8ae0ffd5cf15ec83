// Every group deletion's cascade (manual §9.2): for each group, each of its expenses reconciled
// (reconcileUserExpenses(..., [])), then those expenses deleted, then the group.
// Normative: specs/profiles/payback/groups.md §"Group delete cascade".

import CoreWire

public enum PayBackGroupDelete {
    /// One step of the plan: `reconcileUserExpenses` or `deleteExpense` (an expense id), or
    /// `deleteGroup` (a group id).
    public struct Step: Equatable, Sendable {
        public let step: String
        public let id: String
    }

    /// The steps for deleting `groupIDs` (list order, a repeated id planned once) over the stored
    /// `expenses` documents `{id, group_id}` (list order).
    package static func plan(groupIDs: [JSONValue], expenses: [JSONValue]) throws(CloserError) -> [Step] {
        var groups: [PayBackMemberID] = []
        for value in groupIDs {
            guard let text = value.stringValue else { throw PayBackFields.bad("groupIds[]", "is not a string") }
            let id = try PayBackGroupUpsert.groupID(text)!
            if !groups.contains(id) { groups.append(id) }
        }
        var rows: [(id: String, group: PayBackMemberID)] = []
        for doc in expenses {
            let f = try PayBackFields(doc, "expense")
            guard let id = try f.nonEmpty("id") else { throw PayBackFields.bad("expense.id", "is missing") }
            guard let group = try PayBackGroupUpsert.groupID(try f.string("group_id")) else {
                throw PayBackFields.bad("expense.group_id", "is missing")
            }
            rows.append((id, group))
        }
        var steps: [Step] = []
        for group in groups {
            let owned = rows.filter { $0.group == group }.map(\.id)
            steps += owned.map { Step(step: "reconcileUserExpenses", id: $0) }
            steps += owned.map { Step(step: "deleteExpense", id: $0) }
            steps.append(Step(step: "deleteGroup", id: group.canonical))
        }
        return steps
    }
}
