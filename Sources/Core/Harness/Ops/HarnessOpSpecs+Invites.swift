// The declarations of the invite server ops: createInviteCallable's create side and the
// partner_joined notification of a successful accept. Rows of specs/harness.md §"Ops"; fields in
// the handler's read order (HarnessOps+Invites.swift).

import CloserVectorModel

extension HarnessOpSpec {
    package static let createInviteEvaluate = Self(
        "createInvite.evaluate", family: "contracts",
        fields: [
            .required("caller", "the authenticated uid, or `null`"),
            .required("payload", "JSON value: the callable's data"),
            .required("now", "RFC 3339 string: the server's time"),
            .required("existing", "the `invites/{payload.code}` document, or `null` (what `create()` finds)"),
        ],
        output: [
            .required("outcome", "`created` or the `HttpsError` code, cloud-functions.md §createInviteCallable"),
            .optional("reason", "refused only: `unauthenticated`, the `callable.*` detail or `code_exists`"),
            .optional("response", "created only: `{code}`"),
            .required("writes", "array, in order: the invite `create` and the queue record `add` (empty when refused)"),
        ], layer: .contract)
    package static let acceptInvitePartnerJoined = Self(
        "acceptInvite.partnerJoined", family: "contracts",
        fields: [
            .required("inviterUserId", "the invite's `inviterUserId`"),
            .required("acceptorUserId", "the caller who accepted"),
            .required("coupleId", "the new couple's id"),
        ],
        output: [
            .required("writes", "array: the inviter's `notification_queue` record"),
            .required("pushes", "array: `{recipient, data}`, sent after the writes"),
        ], layer: .contract)
}
