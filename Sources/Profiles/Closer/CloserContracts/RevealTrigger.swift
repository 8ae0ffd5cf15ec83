// onAnswerRevealed's decision: whether an update of an answer document sends the
// `partner_opened_answer` push, to whom, with which data.
// Normative: specs/cloud-functions.md §isRevealed and partner_opened_answer (D-CF-51, D-CF-52).

import CloserWire

/// The push an answer update causes (specs/cloud-functions.md §isRevealed and partner_opened_answer).
public struct RevealTriggerPush: Sendable, Equatable {
    /// The other member of the couple: the author of the answer that was opened.
    public var recipient: String
    /// `type: partner_opened_answer`, plus the answer's `questionId` when it has one.
    public var data: [String: String]
}

public enum RevealTrigger {
    /// The push for an update of `answers/{userId}` from `before` to `after` (nil: none): sent only
    /// when `isRevealed` goes from absent or `false` to `true`, and only to a couple member other
    /// than `userId` when the couple's `userIds` holds `userId` (D-CF-52).
    public static func push(userId: String, couple: JSONValue, before: JSONValue?, after: JSONValue)
        -> RevealTriggerPush?
    {
        guard after["isRevealed"] == .bool(true), before?["isRevealed"] != .bool(true) else { return nil }
        guard case .array(let ids)? = couple.member(exactly: "userIds") else { return nil }
        let members = ids.compactMap(\.stringValue)
        // Ids compare as exact scalar sequences (D-CF-62).
        guard members.count == ids.count, members.containsIdentical(userId),
            let partner = members.first(where: { !$0.isIdentical(to: userId) && !$0.isEmpty })
        else { return nil }
        var data = ["type": "partner_opened_answer"]
        if let q = after["questionId"]?.stringValue, !q.isEmpty { data["questionId"] = q }
        return RevealTriggerPush(recipient: partner, data: data)
    }
}
