// The declaration of the proactive daily-question reminder op. A row of specs/harness.md §"Ops";
// fields in the handler's read order (HarnessOps+Reminders.swift).

import CloserVectorModel

extension HarnessOpSpec {
    package static let reminderProactive = Self(
        "reminder.proactive", family: "contracts",
        fields: [
            .required("run", "RFC 3339 string: the scheduler's run instant"),
            .required("coupleId", "the couple the `daily_question` document belongs to"),
            .required("questionDate", "the `daily_question/{questionDate}` document id"),
            .required("question", "the `daily_question/{questionDate}` document"),
            .required("autoClaimed", "bool: `daily_reminders/auto_{questionDate}` exists"),
            .required("gentleSent", "bool: `gentle_reminders/{questionDate}` exists"),
            .required("answers", "array of strings: the ids of the question's `answers/` documents"),
            .required("couple", "the `couples/{coupleId}` document"),
        ],
        output: [
            .required("send", "bool"),
            .optional("skip", "not sent: `not_due`, `already_claimed`, `gentle_sent`, `answered` or `no_members`"),
            .required("writes", "array, in order: the claim `create`, then one queue record `add` per member"),
            .required("pushes", "array: one `{recipient, data}` per member, sent after the writes"),
        ], layer: .contract)
}
