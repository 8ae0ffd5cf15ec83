// The declarations of the server-contract ops (Cloud Functions and entitlement logic). Rows of
// specs/harness.md §"Ops"; fields in the handler's read order (HarnessOps+ServerContracts.swift).

import CloserVectorModel

extension HarnessOpSpec {
    package static let quietHoursCheck = Self(
        "quietHours.check", family: "contracts",
        fields: [
            .required("user", "JSON value: the stored `users/{uid}` document, rules.md encoding"),
            .required("instant", "RFC 3339 string"),
        ],
        output: [.required("quiet", "bool, quiet-hours.md")], layer: .contract)
    package static let entitlementEvaluate = Self(
        "entitlement.evaluate", family: "contracts",
        fields: [
            .required("own", "the caller's `entitlements/premium` document, `null` if absent, or `\"error\"`"),
            .required("partner", "the same for the current partner"),
            .required("revenueCatFallback", "`true` | `false` | `null`: the local RevenueCat state"),
            .required("now", "RFC 3339 string"),
        ],
        output: [.required("premium", "bool, entitlements.md")], layer: .contract)
    package static let webhookRevenueCat = Self(
        "webhook.revenuecat", family: "contracts",
        fields: [
            .required("method", "HTTP method"),
            .required("signingKey", "`REVENUECAT_SIGNING_KEY`: base64 DER SPKI, or `null`"),
            .required("signature", "the `X-RevenueCat-Signature` header value, or `null`"),
            .required("body", "hex: the raw body"),
            .optional("processedEventIds", "array of strings: the ids in `entitlement_events/`"),
        ],
        output: [
            .required("status", "200, 400, 401, 405 or 500, revenuecat-webhook.md"),
            .optional("eventId", "200 only"), .optional("duplicate", "200 only: a re-delivered event"),
        ], layer: .contract)
    package static let gentleReminderRateLimit = Self(
        "gentleReminder.rateLimit", family: "contracts",
        fields: [
            .required("record", "the stored `rate_limits/{uid}_gentle_reminder` document or `null`"),
            .required("now", "RFC 3339 string"),
        ],
        output: [
            .required("allowed", "bool"), .optional("retryAfterMinutes", "refused only"),
            .optional("record", "allowed only: the document to store, `windowStart` is the request's text"),
        ], layer: .contract)
    package static let documentValidate = Self(
        "doc.validate", family: "contracts",
        fields: [
            .required("path", "the document path, e.g. `users/{uid}/fcmTokens/{tokenId}`"),
            .required("document", "JSON value: the document (rules.md encoding), or the members a client writes"),
        ],
        output: [.required("valid", "`true`; a bad document is a `document.*` error, documents.md")], layer: .contract)
    package static let acceptInviteEvaluate = Self(
        "acceptInvite.evaluate", family: "contracts",
        fields: [
            .required("caller", "the authenticated uid, or `null`"),
            .required("code", "the request's invite code"),
            .required("now", "RFC 3339 string"),
            .required("attempts", "array: the caller's `invite_attempts` documents"),
            .required("invite", "the `invites/{code}` document, or `null`"),
            .required("callerUser", "`users/{caller}`, or `null`"),
            .required("inviterUser", "`users/{inviterUserId}`, or `null`"),
            .required("coupleId", "the id the server gives a new couple"),
        ],
        output: [
            .required("outcome", "`accepted` or the `HttpsError` code"),
            .optional("reason", "refused only: the check that refused, cloud-functions.md"),
            .optional("attempt", "the `invite_attempts` document written, when the call counts"),
            .optional("response", "accepted only: the callable's response"),
            .optional("couple", "accepted only: the `couples/{coupleId}` members pinned"),
            .optional("linkUsers", "accepted only: the users whose `coupleId` is set"),
            .optional("inviteUpdate", "accepted only: `status` and the members deleted"),
        ], layer: .contract)
    package static let revealPath = Self(
        "reveal.path", family: "contracts",
        fields: [
            .required("coupleId", "string"), .required("date", "the daily_question key"),
            .required("userId", "the reader"), .required("partnerId", "the partner"),
            .required("ownAnswer", "the reader's `answers/{userId}` document, or `null`"),
            .required("partnerAnswer", "the partner's `answers/{partnerId}` document, or `null`"),
        ],
        output: [
            .required("phase", "`unanswered`, `waiting` or `ready`"),
            .optional("path", "`coupleKey` or `sealed`: from the reader's own schemaVersion"),
            .optional("reads", "ready only: the documents the reveal reads"),
        ], layer: .contract)
    package static let questionsCheck = Self(
        "questions.check", family: "contracts",
        fields: [
            .required("manifest", "the seed's `closer-questions/1` manifest"),
            .required("firestoreIds", "array of strings: the `questions` collection's ids"),
            .required("assignedIds", "array of strings: `questionId`s of daily_question documents"),
        ],
        output: [
            .required("consistent", "bool"), .required("missingFromFirestore", "sorted ids"),
            .required("missingFromSeed", "sorted ids"), .required("unresolvedAssigned", "sorted ids"),
            .required("fallbackPresent", "bool: `q_default_daily` on both sides"),
        ], layer: .contract)
    package static let fcmFanout = Self(
        "fcm.fanout", family: "contracts",
        fields: [
            .required("type", "the payload key, push-routing.md"),
            .required("data", "object of strings: the data members besides `type`"),
            .required("title", "the notification block's title"), .required("body", "its body"),
            .required("user", "the recipient's `users/{uid}` document, or `null`"),
            .required("tokenDocs", "array: the recipient's `fcmTokens` documents in read order"),
        ],
        output: [
            .required("tokens", "the distinct tokens sent to, in order"),
            .required("data", "the data payload, with `type`"),
            .required("notification", "`{title, body}`"),
        ], layer: .contract)
    package static let revealTrigger = Self(
        "reveal.trigger", family: "contracts",
        fields: [
            .required("userId", "the answer's author (the path's `{userId}`)"),
            .required("couple", "the `couples/{coupleId}` document"),
            .required("before", "the answer document before the update, or `null`"),
            .required("after", "the answer document after the update"),
        ],
        output: [
            .required("send", "bool: whether `partner_opened_answer` is sent"),
            .optional("recipient", "sent only: the other member"), .optional("data", "sent only: the data payload"),
        ], layer: .contract)
}
