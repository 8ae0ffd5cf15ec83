// The unstoppable_webhook suite's recording group: "The id is recorded on receipt, so a
// re-delivered stale or unsupported event is a duplicate the second time"
// (specs/profiles/unstoppable/webhook.md §"A delivery", D-UNST-13): an ignored event's id is
// recorded like an applied one's, and duplicate is checked before the type.

import CloserVectorModel
import CoreWire

extension UnstoppableWebhookSuite {
    static func recordedOnReceipt() throws(CloserError) -> [VectorCase] {
        let buy = event("evt-1", "INITIAL_PURCHASE", at: t0, expires: t0 + year)
        let test = event("evt-test", "TEST", at: t0, product: nil, entitlements: nil)
        let transfer = event("evt-5", "TRANSFER", at: t0 + day)
        return [
            try sequence(
                "a TEST event delivered twice: unsupported_type, then duplicate", [unsupported, redelivery],
                [test, test]),
            try sequence(
                "a TRANSFER after a purchase, delivered twice: unsupported_type, then duplicate",
                [unsupported, redelivery], [buy, transfer, transfer]),
            try sequence(
                "an unsupported event's id reused by a purchase: the purchase is a duplicate, not applied",
                [unsupported, redelivery],
                [event("evt-9", "TEST", at: t0), event("evt-9", "INITIAL_PURCHASE", at: t0 + day, expires: t0 + year)]),
        ].map { $0.citing(VectorPin("D-UNST-13", .accept)) }
    }
}
