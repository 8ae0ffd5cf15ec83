// The declarations of the scheduled-reminder ops. Rows of specs/harness.md §"Ops"; fields in the
// handlers' read order (HarnessOps+ScheduledReminders.swift).

import CloserVectorModel

extension HarnessOpSpec {
    static let reminderCommonOutput: [HarnessOpField] = [
        .required("writes", "array: one queue record `add` per recipient, in member order"),
        .required("pushes", "array: one `{recipient, data}` per recipient, sent after the writes"),
    ]

    package static let reminderReengagement = Self(
        "reminder.reengagement", family: "contracts",
        fields: [
            .required("run", "RFC 3339 string: the scheduler's run instant"),
            .required("coupleId", "the couple's document id"),
            .required("couple", "the `couples/{coupleId}` document"),
            .required("users", "object: member uid → that member's `users/{uid}` document (absent: none)"),
        ],
        output: [
            .required("send", "bool"),
            .optional("skip", "not sent: `not_quiet`, `no_members` or `quiet_hours`"),
            .required("quiet", "array: the members left out for quiet hours, in member order"),
        ] + reminderCommonOutput, layer: .contract)

    package static let reminderOutcome = Self(
        "reminder.outcome", family: "contracts",
        fields: [
            .required("run", "RFC 3339 string: the scheduler's run instant"),
            .required("coupleId", "the couple's document id"),
            .required("couple", "the `couples/{coupleId}` document"),
            .required("outcomes", "object: member uid → array of the ids of that user's `outcomes/` documents"),
        ],
        output: [
            .required("send", "bool"),
            .optional("skip", "not sent: `no_start`, `not_checkpoint`, `no_members` or `submitted`"),
            .optional("dayKey", "sent only: `day_30`, `day_60` or `day_90`"),
        ] + reminderCommonOutput, layer: .contract)

    package static let reminderChallengeDay = Self(
        "reminder.challengeDay", family: "contracts",
        fields: [
            .required("run", "RFC 3339 string: the scheduler's run instant"),
            .required("coupleId", "the couple's document id"),
            .required("startedAt", "RFC 3339 string: when the challenge's day 1 opened"),
            .required("totalDays", "integer 1…366: the challenge's length in days"),
            .required("completed", "object: member uid → the highest day completed, integer 0…366 (absent: 0)"),
            .required("couple", "the `couples/{coupleId}` document"),
        ],
        output: [
            .required("send", "bool"),
            .optional("skip", "not sent: `not_started`, `finished`, `no_members` or `all_done`"),
            .optional("day", "sent only: today's day of the challenge"),
        ] + reminderCommonOutput, layer: .contract)

    package static let reminderCapsuleUnlock = Self(
        "reminder.capsuleUnlock", family: "contracts",
        fields: [
            .required("run", "RFC 3339 string: the scheduler's run instant"),
            .required("coupleId", "the couple's document id"),
            .required("capsuleId", "the capsule's document id"),
            .required("unlockAt", "RFC 3339 string: the capsule's unlock instant"),
            .required("unlocked", "bool: the capsule is already open"),
            .required("couple", "the `couples/{coupleId}` document"),
        ],
        output: [
            .required("send", "bool"),
            .optional("skip", "not sent: `locked`, `already_unlocked` or `no_members`"),
        ] + reminderCommonOutput, layer: .contract)
}
