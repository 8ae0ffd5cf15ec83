// The declarations of the cascade ops (leaveCouple, onUserDelete, the game flag-claim). Rows of
// specs/harness.md §"Ops"; fields in the handler's read order (HarnessOps+Cascades.swift).

import CloserVectorModel

extension HarnessOpSpec {
    static let cascadeOutput: [HarnessOpField] = [
        .required("writes", "array, in order: `{kind, path, …}`, cloud-functions.md §leaveCouple and account deletion"),
        .required("pushes", "array: `{recipient, data}`, sent after the writes"),
    ]
    package static let coupleLeave = Self(
        "couple.leave", family: "contracts",
        fields: [
            .required("caller", "the authenticated uid, or `null`"),
            .required("callerUser", "`users/{caller}`, or `null`"),
            .required("couple", "`couples/{callerUser.coupleId}`, or `null`"),
            .required("partnerUser", "`users/{the other member of couple.userIds}`, or `null`"),
        ],
        output: [.required("outcome", "`left`, `noop` or `unauthenticated`")] + cascadeOutput, layer: .contract)
    package static let accountDelete = Self(
        "account.delete", family: "contracts",
        fields: [
            .required("uid", "the deleted Auth user"),
            .required("user", "`users/{uid}`, or `null`"),
            .required("couple", "`couples/{user.coupleId}`, or `null`"),
            .required("partnerUser", "`users/{the other member of couple.userIds}`, or `null`"),
            .required("invites", "array of `{code, document}`: the `invites` whose `inviterUserId` is `uid`"),
        ],
        output: cascadeOutput, layer: .contract)
    package static let gameClaimPush = Self(
        "game.claimPush", family: "contracts",
        fields: [
            .required("session", "the game session document the trigger read"),
            .required("key", "the push key, e.g. `start` (a Firestore simple field name)"),
            .required("now", "RFC 3339 string: the claim's server time"),
            .optional("sendFails", "bool: the send fails; absent, the send is not modelled"),
        ],
        output: [
            .required("send", "bool: whether the push is sent"),
            .optional("update", "sent only: the claim written, in the same transaction, before the send"),
            .optional("delivered", "sent and `sendFails` given only: bool, `!sendFails`"),
            .optional("flagWritten", "sent and `sendFails` given only: bool, the claim is written after the attempt"),
        ], layer: .contract)
}
