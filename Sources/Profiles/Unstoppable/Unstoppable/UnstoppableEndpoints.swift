// The `/v1` bodies the iOS client and the Flask backend exchange, as schemas: the requests each
// endpoint accepts and the responses the client decodes. Normative:
// specs/profiles/unstoppable/payloads.md (and openapi.yaml, which the tests hold to the same cases).

import CoreWire

/// Which body of an endpoint: what the client sends or what the backend answers.
public enum UnstoppableMessage: String, Sendable, CaseIterable {
    case request, response
}

public enum UnstoppableEndpoints {
    public static let paymentOptions = ["annual", "monthly", "skip", "dismiss"]
    public static let subscriptionStates = ["none", "active", "cancelled", "billing_issue", "expired"]
    public static let subscriptionSources = ["none", "app", "webhook"]
    /// Lengths and counts the document leaves open (decided, D-UNST-08).
    public static let maximumTextLength = 200
    public static let maximumIDLength = 128
    public static let maximumTasks = 100
    public static let maximumMilliseconds: Int64 = 9_007_199_254_740_991

    typealias O = UnstoppableObject
    static let id = UnstoppableSchema.string(min: 1, max: maximumIDLength)
    static let text = UnstoppableSchema.string(min: 1, max: maximumTextLength)
    static let count = UnstoppableSchema.integer(0...Int64(maximumTasks))
    static let milliseconds = UnstoppableSchema.integer(0...maximumMilliseconds)

    /// `POST /v1/user/profile`: a partial update, every member optional, at least one present.
    public static let profileUpdate = UnstoppableSchema.object(O(profileMembers, nonEmpty: true))
    /// bootstrap's `profile`: the stored profile, every member optional, may be empty.
    static let storedProfile = UnstoppableSchema.object(O(profileMembers))
    static let profileMembers: [O.Member] = [
        .optional("nickname", .string(min: 1, max: 64)), .optional("ageGroup", .string(min: 1, max: 32)),
        .optional("gender", .string(min: 1, max: 32)), .optional("notificationsEnabled", .boolean),
        .optional("termsAccepted", .boolean), .optional("termsOver16Accepted", .boolean),
        .optional("termsMarketingAccepted", .boolean), .optional("paymentOption", .enumeration(paymentOptions)),
    ]
    static let task = UnstoppableSchema.object(
        O([.required("id", id), .required("title", text), .required("isCompleted", .boolean)]))
    /// `PUT /v1/routines/current`: the routine time and the full task snapshot.
    public static let routine = UnstoppableSchema.object(
        O([.required("routineTime", .routineTime), .required("tasks", .array(task, maxItems: maximumTasks))]))
    /// `POST /v1/progress/daily`.
    public static let dailyProgress = UnstoppableSchema.object(
        O([
            .required("date", .date), .required("completed", count), .required("total", count),
            .required("completedTaskIds", .array(id, maxItems: maximumTasks)),
        ]))
    static let subscriptionMembers: [O.Member] = [
        .required("state", .enumeration(subscriptionStates)), .required("isActive", .boolean),
        .required("willRenew", .boolean), .required("productId", .nullable(id)),
        .required("entitlementIds", .array(id, maxItems: maximumTasks)),
        .required("expiresAtMs", .nullable(milliseconds)),
    ]
    /// `POST /v1/payments/subscription/snapshot`: what RevenueCat's SDK reports on the device.
    public static let appSnapshot = UnstoppableSchema.object(O(subscriptionMembers))
    /// `GET /v1/user/subscription`: the normalized snapshot and where it came from.
    public static let subscription = UnstoppableSchema.object(
        O(
            subscriptionMembers + [
                .required("source", .enumeration(subscriptionSources)),
                .required("lastEventId", .nullable(id)), .required("lastEventTimestampMs", .nullable(milliseconds)),
            ]))
    /// `POST /v1/payments/revenuecat/webhook`: RevenueCat's envelope; both objects open.
    public static let webhookEvent = UnstoppableSchema.object(
        O(
            [
                .required("id", id), .required("type", .string(min: 1, max: 64)),
                .required("event_timestamp_ms", milliseconds), .required("app_user_id", id),
                .optional("product_id", .nullable(id)),
                .optional("entitlement_ids", .nullable(.array(id, maxItems: maximumTasks))),
                .optional("expiration_at_ms", .nullable(milliseconds)),
            ], open: true))
    public static let webhook = UnstoppableSchema.object(
        O([.required("api_version", .string(min: 1, max: 16)), .required("event", webhookEvent)], open: true))
    /// `GET /v1/bootstrap`.
    public static let bootstrap = UnstoppableSchema.object(
        O([
            .required("userId", id), .required("profile", .object(O(profileMembers))),
            .required("isProfileComplete", .boolean), .required("profileCompletion", .integer(0...100)),
            .required("routine", .nullable(routine)),
            .required(
                "streak", .object(O([.required("currentDays", milliseconds), .required("longestDays", milliseconds)]))),
            .required("progress", .object(O([.required("today", .nullable(dailyProgress))]))),
            .required("subscription", subscription),
        ]))

    /// The body schema of `endpoint` (`METHOD /path`) and `message`; nil when that message has no body.
    public static func schema(_ endpoint: String, _ message: UnstoppableMessage) -> UnstoppableSchema? {
        switch (endpoint, message) {
        case ("POST /v1/user/profile", .request): profileUpdate
        case ("PUT /v1/routines/current", .request): routine
        case ("POST /v1/progress/daily", .request): dailyProgress
        case ("POST /v1/payments/subscription/snapshot", .request): appSnapshot
        case ("POST /v1/payments/revenuecat/webhook", .request): webhook
        case ("GET /v1/bootstrap", .response): bootstrap
        case ("GET /v1/user/subscription", .response): subscription
        default: nil
        }
    }

    /// Checks one body; answers the names of its top-level members, sorted.
    public static func validate(_ endpoint: String, _ message: UnstoppableMessage, body: JSONValue)
        throws(CloserError) -> [String]
    {
        guard let schema = schema(endpoint, message) else {
            throw CloserError(.unstoppableUnknownEndpoint, "no \(message.rawValue) body is pinned for \(endpoint)")
        }
        guard case .object(let members) = body else {
            throw CloserError(.unstoppableNotAnObject, "a \(message.rawValue) body is a JSON object")
        }
        try schema.check(body, at: "")
        return members.keys.sorted()
    }
}
