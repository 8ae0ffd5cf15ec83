// The cases of unstoppable_webhook (specs/profiles/unstoppable/webhook.md).

import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppableWebhookSuite {
    static let t0: Int64 = 1_772_323_200_000  // 2026-03-01T00:00:00Z
    static let day: Int64 = 86_400_000
    static let year: Int64 = 365 * day

    static func sequences() throws(CloserError) -> [VectorCase] {
        let buy = event("evt-1", "INITIAL_PURCHASE", at: t0, expires: t0 + year)
        let renew = event("evt-2", "RENEWAL", at: t0 + year, expires: t0 + 2 * year)
        let cancel = event("evt-3", "CANCELLATION", at: t0 + year + day, expires: t0 + 2 * year)
        let expire = event("evt-4", "EXPIRATION", at: t0 + 2 * year, expires: t0 + 2 * year)
        return [
            try sequence("no delivery: no subscription", [applied], []),
            try sequence("a purchase", [applied], [buy]),
            try sequence("purchase, renewal", [applied], [buy, renew]),
            try sequence("purchase, renewal, cancellation, expiration", [applied], [buy, renew, cancel, expire]),
            try sequence("the purchase delivered twice", [redelivery], [buy, buy]),
            try sequence("the renewal re-delivered after the cancellation", [redelivery], [buy, renew, cancel, renew]),
            try sequence(
                "an event id reused with another type is a duplicate", [redelivery],
                [buy, event("evt-1", "EXPIRATION", at: t0 + day)]),
            try sequence("the renewal before the purchase: the purchase is stale", [outOfOrder], [renew, buy]),
            try sequence("the cancellation, then the older renewal arrives", [outOfOrder], [buy, cancel, renew]),
            try sequence("expired, then a late renewal: stays expired", [outOfOrder], [buy, renew, expire, cancel]),
            try sequence(
                "a stale event delivered again: stale, then duplicate", [outOfOrder, redelivery], [renew, buy, buy]),
            try sequence(
                "a TEST event", [unsupported],
                [event("evt-test", "TEST", at: t0, product: nil, entitlements: nil)]),
            try sequence(
                "TRANSFER and a type RevenueCat adds later, around a purchase", [unsupported],
                [
                    buy, event("evt-5", "TRANSFER", at: t0 + day),
                    event("evt-6", "SUBSCRIPTION_PAUSED", at: t0 + 2 * day),
                ]),
            try sequence(
                "two events at one timestamp apply in delivery order", [sameInstant],
                [buy, event("evt-7", "CANCELLATION", at: t0, expires: t0 + year)]),
            try sequence(
                "a billing issue keeps access, stops renewal", [applied],
                [buy, event("evt-8", "BILLING_ISSUE", at: t0 + year, expires: t0 + year)]),
            try sequence(
                "cancellation, then uncancellation", [applied],
                [buy, cancel, event("evt-9", "UNCANCELLATION", at: t0 + year + 2 * day, expires: t0 + 2 * year)]),
            try sequence(
                "a product change to monthly", [applied],
                [
                    buy,
                    event(
                        "evt-10", "PRODUCT_CHANGE", at: t0 + day, product: "unstoppable_monthly", expires: t0 + 31 * day
                    ),
                ]),
            try sequence(
                "a non-renewing purchase", [applied],
                [
                    event(
                        "evt-11", "NON_RENEWING_PURCHASE", at: t0, product: "unstoppable_lifetime",
                        entitlements: ["pro"])
                ]),
            try sequence(
                "an expiration without an earlier event", [applied],
                [event("evt-12", "EXPIRATION", at: t0, expires: t0)]),
        ]
    }

    static func refusals() throws(CloserError) -> [VectorCase] {
        func body(_ text: String) throws(CloserError) -> JSONValue { try JSONValue(parsing: text) }
        let buy = event("evt-1", "INITIAL_PURCHASE", at: t0, expires: t0 + year)
        return [
            refusal(
                "an event without id",
                [
                    try body(
                        #"{"api_version":"1.0","event":{"type":"RENEWAL","event_timestamp_ms":1772323200000,"app_user_id":"uid-1"}}"#
                    )
                ],
                .unstoppableMissingField),
            refusal(
                "event_timestamp_ms as a string",
                [
                    try body(
                        #"{"api_version":"1.0","event":{"id":"e","type":"RENEWAL","event_timestamp_ms":"1772323200000","app_user_id":"uid-1"}}"#
                    )
                ],
                .unstoppableWrongType),
            refusal(
                "a negative event_timestamp_ms",
                [
                    try body(
                        #"{"api_version":"1.0","event":{"id":"e","type":"RENEWAL","event_timestamp_ms":-1,"app_user_id":"uid-1"}}"#
                    )
                ],
                .unstoppableOutOfRange),
            refusal(
                "event is a string", [try body(#"{"api_version":"1.0","event":"RENEWAL"}"#)], .unstoppableWrongType),
            refusal("the delivery is an array", [buy, .array([buy])], .unstoppableNotAnObject),
            refusal(
                "an empty event id",
                [
                    try body(
                        #"{"api_version":"1.0","event":{"id":"","type":"RENEWAL","event_timestamp_ms":1,"app_user_id":"uid-1"}}"#
                    )
                ],
                .unstoppableOutOfRange),
        ]
    }
}
