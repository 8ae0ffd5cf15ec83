// The entitlements suite: entitlement.evaluate of the own and partner entitlements/premium
// documents, the local RevenueCat fallback and the time. Expected answers are written out by
// hand from the page's rule. Normative: specs/entitlements.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum EntitlementsSuite {
    static let name = "entitlements"

    static let stated = VectorFlag(
        "StatedRule", .basic, .contract,
        "A rule the manual states (§Server-verified entitlements, §Couple-shared premium).")
    static let expiry = VectorFlag(
        "Expiry", .edgeCase, .contract,
        "expiresAt against now: before now is not premium, at or after now is (D-ENT-04).")
    static let failClosed = VectorFlag(
        "FailsClosed", .missingStep, .contract,
        "A listener error or a malformed document grants nothing, and is not replaced by the fallback (D-ENT-05).")
    static let fallback = VectorFlag(
        "Fallback", .edgeCase, .contract,
        "The local RevenueCat state applies only when the caller's own document is absent (D-ENT-02, D-ENT-07).")
    static let shared = VectorFlag(
        "CoupleShared", .basic, .contract, "Either partner's premium unlocks (D-ENT-06).")
    static let iosDiffers = VectorFlag(
        "IOSDiffers", .legacy, .contract,
        "iOS reads RevenueCat only (manual §Server-verified entitlements): it answers revenueCatFallback == true here, which differs."
    )
    static let badNow = VectorFlag(
        "BadNow", .encoding, .contract, "now is not RFC 3339: a request error (datekey.invalid_instant).")

    static let now = "2026-06-15T12:00:00Z"

    static func ts(_ s: String) -> JSONValue { .object(["timestampValue": .string(s)]) }

    /// An entitlements/premium document as the functions write it.
    static func doc(_ premium: JSONValue, expiresAt: JSONValue? = nil) -> JSONValue {
        var m: [String: JSONValue] = [
            "premium": premium, "updatedAt": ts("2026-06-01T09:30:00Z"), "productId": .string("closer_monthly"),
            "eventType": .string("RENEWAL"),
        ]
        if let expiresAt { m["expiresAt"] = expiresAt }
        return .object(m)
    }

    static let future = doc(.bool(true), expiresAt: ts("2026-07-15T12:00:00Z"))
    static let expired = doc(.bool(true), expiresAt: ts("2026-06-01T12:00:00Z"))
    static let free = doc(.bool(false), expiresAt: .null)
    static let error = JSONValue.string("error")

    static func eval(
        _ comment: String, _ flags: [VectorFlag], own: JSONValue, partner: JSONValue = .null,
        fallback: Bool? = nil, now: String = now, _ premium: Bool
    ) -> VectorCase {
        // iOS answers from RevenueCat alone; mark the cases where that differs.
        let ios = fallback == true
        return .valid(
            comment, flags: flags + (ios != premium ? [iosDiffers] : []), op: HarnessOpSpec.entitlementEvaluate.name,
            input: [
                ("own", own), ("partner", partner), ("revenueCatFallback", fallback.map(JSONValue.bool) ?? .null),
                ("now", .string(now)),
            ],
            output: [("premium", .bool(premium))])
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-entitlements",
            header: [
                "Premium evaluation (specs/entitlements.md): entitlement.evaluate(own, partner, revenueCatFallback, now) -> premium.",
                "A document grants premium when premium is true and expiresAt is absent, null or not before now; a listener error",
                "or malformed document grants nothing; the RevenueCat fallback applies to an absent own document only; either partner unlocks.",
            ],
            groups: [
                VectorGroup("EntitlementOwn", comment: "the caller's own document and the fallback", cases: ownCases()),
                VectorGroup("EntitlementCouple", comment: "couple-shared premium", cases: coupleCases()),
                VectorGroup(
                    "EntitlementMalformed", comment: "malformed documents fail closed", cases: malformedCases()),
                VectorGroup("EntitlementRefused", comment: "requests the op refuses", cases: refusedCases()),
            ])
    }

    static func ownCases() -> [VectorCase] {
        [
            eval("Premium, expiresAt in a month", [stated], own: future, true),
            eval("Premium, expiresAt in the past is not premium", [stated, expiry], own: expired, false),
            eval("Premium, expiresAt null (no expiry)", [expiry], own: doc(.bool(true), expiresAt: .null), true),
            eval("Premium, no expiresAt member", [expiry], own: doc(.bool(true)), true),
            eval("expiresAt exactly now is not in the past", [expiry], own: doc(.bool(true), expiresAt: ts(now)), true),
            eval(
                "expiresAt one second before now", [expiry],
                own: doc(.bool(true), expiresAt: ts("2026-06-15T11:59:59Z")),
                false),
            eval(
                "expiresAt one nanosecond after now", [expiry],
                own: doc(.bool(true), expiresAt: ts("2026-06-15T12:00:00.000000001Z")), true),
            eval(
                "now half a second after expiresAt", [expiry], own: doc(.bool(true), expiresAt: ts(now)),
                now: "2026-06-15T12:00:00.5Z", false),
            eval(
                "expiresAt with an offset: 13:00+02:00 is 11:00Z, in the past", [expiry],
                own: doc(.bool(true), expiresAt: ts("2026-06-15T13:00:00+02:00")), false),
            eval(
                "A CANCELLATION event keeps premium until expiresAt", [expiry],
                own: .object([
                    "premium": .bool(true), "expiresAt": ts("2026-07-15T12:00:00Z"),
                    "eventType": .string("CANCELLATION"),
                ]), true),
            eval("premium: false", [stated], own: free, false),
            eval(
                "premium: false is not replaced by the fallback", [stated, fallback], own: free, fallback: true, false),
            eval(
                "An expired document is not replaced by the fallback", [stated, fallback], own: expired, fallback: true,
                false),
            eval("No document: the fallback says premium", [stated, fallback], own: .null, fallback: true, true),
            eval("No document: the fallback says free", [stated, fallback], own: .null, fallback: false, false),
            eval("No document, no CustomerInfo yet (null)", [fallback], own: .null, fallback: nil, false),
            eval("Listener error fails closed", [stated, failClosed], own: error, false),
            eval(
                "Listener error: no fallback either", [stated, failClosed, fallback], own: error, fallback: true, false),
            eval("A premium document with the fallback free", [stated], own: future, fallback: false, true),
        ]
    }

    static func coupleCases() -> [VectorCase] {
        [
            eval(
                "The partner's premium unlocks", [stated, shared], own: .null, partner: future, fallback: false, true),
            eval(
                "The partner's premium unlocks over an own free document", [stated, shared], own: free, partner: future,
                true),
            eval(
                "The partner's premium unlocks despite an own listener error", [shared, failClosed], own: error,
                partner: future, true),
            eval("The partner's expired premium does not", [shared, expiry], own: .null, partner: expired, false),
            eval("A partner listener error with own premium", [shared, failClosed], own: future, partner: error, true),
            eval("Both listeners fail", [failClosed], own: error, partner: error, fallback: true, false),
            eval(
                "Both documents absent, fallback free", [shared, fallback], own: .null, partner: .null, fallback: false,
                false),
            eval(
                "The fallback is the caller's own: it does not stand in for the partner", [shared, fallback],
                own: free, partner: .null, fallback: true, false),
            eval("Both premium", [shared], own: future, partner: future, true),
            eval("Both free", [shared], own: free, partner: free, false),
        ]
    }

    static func malformedCases() -> [VectorCase] {
        let f = [failClosed]
        return [
            eval("premium is the string \"true\"", f, own: doc(.string("true")), false),
            eval("premium is 1", f, own: doc(.number(1)), false),
            eval("premium is missing", f, own: .object(["expiresAt": ts("2026-07-15T12:00:00Z")]), false),
            eval("An empty document exists: no fallback", f + [fallback], own: .object([:]), fallback: true, false),
            eval(
                "expiresAt is an RFC 3339 string, not a timestamp", f,
                own: doc(.bool(true), expiresAt: .string("2026-07-15T12:00:00Z")), false),
            eval(
                "expiresAt is epoch milliseconds", f, own: doc(.bool(true), expiresAt: .number(1_784_116_800_000)),
                false),
            eval("expiresAt is a malformed timestamp", f, own: doc(.bool(true), expiresAt: ts("2026-07-15")), false),
            eval(
                "expiresAt is a wrapper with a second member (a map)", f,
                own: doc(
                    .bool(true),
                    expiresAt: .object(["timestampValue": .string("2026-07-15T12:00:00Z"), "x": .number(1)])),
                false),
            eval(
                "The partner's malformed document grants nothing", f + [shared], own: .null,
                partner: doc(.string("yes")), false),
        ]
    }

    static func refusedCases() -> [VectorCase] {
        func bad(_ comment: String, _ now: String) -> VectorCase {
            .invalid(
                comment, flags: [badNow], op: HarnessOpSpec.entitlementEvaluate.name,
                input: [("own", future), ("partner", .null), ("revenueCatFallback", .null), ("now", .string(now))],
                error: .dateKeyInvalidInstant, layer: .contract)
        }
        return [
            bad("now without a zone", "2026-06-15T12:00:00"), bad("now is empty", ""),
            bad("now is a date", "2026-06-15"),
        ]
    }
}
