// The backend's RevenueCat webhook state: one user's normalized subscription snapshot, with event
// idempotency (an event id is processed once) and out-of-order protection (an event older than
// the last applied one changes nothing). Normative: specs/profiles/unstoppable/webhook.md.

import CoreWire

/// `GET /v1/user/subscription`'s snapshot.
public struct UnstoppableSubscription: Equatable, Sendable {
    public var state = "none"
    public var isActive = false
    public var willRenew = false
    public var productID: String? = nil
    public var entitlementIDs: [String] = []
    public var expiresAtMs: Int64? = nil
    public var source = "none"
    public var lastEventID: String? = nil
    public var lastEventTimestampMs: Int64? = nil

    public init() {}

    /// The snapshot as the endpoint writes it (specs/profiles/unstoppable/openapi.yaml `Subscription`).
    public var json: JSONValue {
        .object([
            "state": .string(state), "isActive": .bool(isActive), "willRenew": .bool(willRenew),
            "productId": productID.map(JSONValue.string) ?? .null,
            "entitlementIds": .array(entitlementIDs.map(JSONValue.string)),
            "expiresAtMs": expiresAtMs.map { JSONValue.number(Double($0)) } ?? .null, "source": .string(source),
            "lastEventId": lastEventID.map(JSONValue.string) ?? .null,
            "lastEventTimestampMs": lastEventTimestampMs.map { JSONValue.number(Double($0)) } ?? .null,
        ])
    }
}

/// Why a delivered event changed nothing (webhook.md §"Ignored events").
public enum UnstoppableIgnoredReason: String, Sendable, CaseIterable {
    /// Its id was processed before (RevenueCat re-delivers until it gets a 2xx).
    case duplicate
    /// Its type is not one the snapshot follows (TEST, TRANSFER, a type RevenueCat adds later).
    case unsupportedType = "unsupported_type"
    /// Its `event_timestamp_ms` is before the last applied event's.
    case stale
}

public struct UnstoppableSubscriptionLedger: Sendable {
    /// The event types the snapshot follows, and the state each one sets.
    public static let stateOfType: [String: String] = [
        "INITIAL_PURCHASE": "active", "RENEWAL": "active", "UNCANCELLATION": "active", "PRODUCT_CHANGE": "active",
        "NON_RENEWING_PURCHASE": "active", "CANCELLATION": "cancelled", "BILLING_ISSUE": "billing_issue",
        "EXPIRATION": "expired",
    ]

    public private(set) var subscription = UnstoppableSubscription()
    /// Every event id received, applied or not.
    public private(set) var seen: Set<String> = []

    public init() {}

    /// Receives one webhook body: checks it (UnstoppableEndpoints.webhook), then applies it or
    /// answers why it was ignored. A body that fails its check changes nothing and is not recorded.
    public mutating func receive(_ body: JSONValue) throws(CloserError) -> UnstoppableIgnoredReason? {
        _ = try UnstoppableEndpoints.validate("POST /v1/payments/revenuecat/webhook", .request, body: body)
        let event = body["event"] ?? .null
        let id = event["id"]?.stringValue ?? ""
        let type = event["type"]?.stringValue ?? ""
        let timestamp = Int64(event["event_timestamp_ms"]?.numberValue ?? 0)
        guard seen.insert(id).inserted else { return .duplicate }
        guard let state = Self.stateOfType[type] else { return .unsupportedType }
        if let last = subscription.lastEventTimestampMs, timestamp < last { return .stale }
        apply(event, type: type, state: state, id: id, timestamp: timestamp)
        return nil
    }

    mutating func apply(_ event: JSONValue, type: String, state: String, id: String, timestamp: Int64) {
        var s = subscription
        s.state = state
        switch type {
        case "EXPIRATION":
            s.isActive = false
            s.willRenew = false
            s.entitlementIDs = []
        case "BILLING_ISSUE", "CANCELLATION", "NON_RENEWING_PURCHASE":
            s.isActive = type == "BILLING_ISSUE" ? s.isActive : true
            s.willRenew = false
        default:
            s.isActive = true
            s.willRenew = true
        }
        if let product = event["product_id"]?.stringValue { s.productID = product }
        if type != "EXPIRATION", case .array(let ids)? = event["entitlement_ids"] {
            s.entitlementIDs = ids.compactMap(\.stringValue)
        }
        if let expires = event["expiration_at_ms"]?.numberValue { s.expiresAtMs = Int64(expires) }
        s.source = "webhook"
        s.lastEventID = id
        s.lastEventTimestampMs = timestamp
        subscription = s
    }
}

extension JSONValue {
    /// The number when this is a number; nil otherwise.
    var numberValue: Double? {
        guard case .number(let d) = self else { return nil }
        return d
    }
}
