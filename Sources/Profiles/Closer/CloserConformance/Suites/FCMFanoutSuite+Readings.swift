// The fcm_fanout tests of both readings of `subscription_entitlement_changed` (D-CONTRACTS-15):
// specs/ refuses the key (the routing table has no row for it); the manual names the push, so a
// sender built from it sends it like any other. Normative: specs/manual-conflicts.md
// §"subscription_entitlement_changed", specs/vectors.md §"Test" (`reading`).

import CloserHarness
import CloserContracts
import CloserVectorModel
import CloserWire

extension FCMFanoutSuite {
    static let entitlementReading = VectorFlag(
        "ManualReading", .manualConflict, .contract,
        "One reading of a ManualConflict (`reading` names it; D-CONTRACTS-15): --reading D-CONTRACTS-15=manual|pinned.")

    static func entitlementPushReadings() -> [VectorCase] {
        let type = "subscription_entitlement_changed"
        let user = user(.string("tok-L"))
        let docs = [doc(.string("tok-A"))]
        let pinned = VectorCase.invalid(
            "subscription_entitlement_changed: the routing table has no row, so the sender refuses it",
            flags: [entitlementReading], op: HarnessOpSpec.fcmFanout.name, input: input(type, .object([:]), user, docs),
            error: .pushUnknownType, layer: .contract
        )
        .citing(VectorPin("D-CONTRACTS-15", .refuse)).reading("D-CONTRACTS-15", .pinned)
        let manual = sends(
            "subscription_entitlement_changed: the manual names the push, so the sender sends it", [entitlementReading],
            type: type, user: user, docs: docs, tokens: ["tok-L", "tok-A"]
        )
        .citing(VectorPin("D-CONTRACTS-15", .accept)).reading("D-CONTRACTS-15", .manual)
        return [pinned, manual]
    }
}
