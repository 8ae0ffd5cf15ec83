// The unstoppable_webhook suite: sequences of RevenueCat webhook deliveries → the final
// subscription snapshot, the events applied and the events ignored (re-delivery, an older event
// after a newer one, types the snapshot does not follow), and malformed deliveries. Normative:
// specs/profiles/unstoppable/webhook.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

enum UnstoppableWebhookSuite {
    static let name = "unstoppable_webhook"

    static let applied = VectorFlag(
        "Applied", .basic, .contract, "Every delivery is new and in order: each one applies.")
    static let redelivery = VectorFlag(
        "Redelivery", .missingStep, .contract,
        "An event id delivered again (RevenueCat retries until a 2xx) changes nothing: idempotency.")
    static let outOfOrder = VectorFlag(
        "OutOfOrder", .missingStep, .contract,
        "An event older (event_timestamp_ms) than the last applied one arrives late and changes nothing.")
    static let unsupported = VectorFlag(
        "UnsupportedType", .edgeCase, .contract,
        "A type the snapshot does not follow (TEST, TRANSFER, a later type) is acknowledged and ignored.")
    static let sameInstant = VectorFlag(
        "SameTimestamp", .edgeCase, .contract,
        "Two events with one event_timestamp_ms apply in delivery order (decided).")
    static let malformed = VectorFlag(
        "MalformedEvent", .edgeCase, .contract, "A delivery that is not a valid webhook body is refused (400).")

    /// A webhook body (RevenueCat's envelope) of one event; members the backend does not read are kept.
    static func event(
        _ id: String, _ type: String, at ms: Int64, product: String? = "unstoppable_annual",
        entitlements: [String]? = ["pro"], expires: Int64? = nil
    ) -> JSONValue {
        var e: [String: JSONValue] = [
            "id": .string(id), "type": .string(type), "event_timestamp_ms": .number(Double(ms)),
            "app_user_id": .string("uid-1"), "store": .string("APP_STORE"), "environment": .string("PRODUCTION"),
        ]
        if let product { e["product_id"] = .string(product) }
        if let entitlements { e["entitlement_ids"] = .array(entitlements.map(JSONValue.string)) }
        e["expiration_at_ms"] = expires.map { JSONValue.number(Double($0)) } ?? .null
        return .object(["api_version": .string("1.0"), "event": .object(e)])
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "unstoppable-revenuecat-webhook",
            header: [
                "Unstoppable's RevenueCat webhook (specs/profiles/unstoppable/webhook.md): unstoppable.webhook replays the",
                "deliveries in order from no subscription; an event id is processed once (re-delivery: duplicate), a type",
                "outside the followed eight is unsupported_type, an event older than the last applied one is stale.",
            ],
            groups: [
                VectorGroup("UnstoppableWebhookSequence", comment: "delivery sequences", cases: try sequences()),
                VectorGroup("UnstoppableWebhookMalformed", comment: "refused deliveries", cases: try refusals()),
                VectorGroup(
                    "UnstoppableWebhookRecordedOnReceipt",
                    comment: "an ignored event's id is recorded too: its re-delivery is a duplicate",
                    cases: try recordedOnReceipt()),
            ])
    }

    /// A sequence test: CloserSpec's ledger computes the outcome.
    static func sequence(_ comment: String, _ flags: [VectorFlag], _ events: [JSONValue]) throws(CloserError)
        -> VectorCase
    {
        let out = try UnstoppableOps.all.first { $0.name == HarnessOpSpec.unstoppableWebhook.name }!.handler(
            HarnessRequest(
                id: .number(0), op: HarnessOpSpec.unstoppableWebhook.name, fields: ["events": .array(events)]))
        return .valid(
            comment, flags: flags, op: HarnessOpSpec.unstoppableWebhook.name, input: [("events", .array(events))],
            output: [
                ("subscription", out["subscription"]!), ("applied", out["applied"]!), ("ignored", out["ignored"]!),
            ])
    }

    static func refusal(_ comment: String, _ events: [JSONValue], _ code: CloserError.Code) -> VectorCase {
        .invalid(
            comment, flags: [malformed], op: HarnessOpSpec.unstoppableWebhook.name, input: [("events", .array(events))],
            error: code, layer: .contract)
    }
}
