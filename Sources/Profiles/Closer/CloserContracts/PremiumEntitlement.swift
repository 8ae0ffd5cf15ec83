// Premium state as Android's FirestoreEntitlementChecker and CouplePremiumChecker derive it from
// users/{uid}/entitlements/premium (own and partner) and the local RevenueCat fallback.
// Normative: specs/entitlements.md (decisions D-ENT-NN).

import CloserWire

/// What a listener on one `entitlements/premium` document reports.
public enum EntitlementSnapshot: Hashable, Sendable {
    /// The stored document (rules.md document encoding).
    case document(JSONValue)
    /// The document does not exist.
    case absent
    /// The listener failed (permission, network): fails closed.
    case listenerError
}

/// specs/entitlements.md §Rule.
public enum PremiumEntitlement {
    /// Whether a stored document grants premium at `now`: `premium` is exactly `true` and
    /// `expiresAt` is absent, null, or a timestamp not before `now` (D-ENT-03, D-ENT-04). A
    /// malformed document grants nothing (fails closed, D-ENT-05).
    public static func documentGrants(_ document: JSONValue, now: Instant) -> Bool {
        guard case .object(let doc) = document, doc["premium"] == .bool(true) else { return false }
        switch doc["expiresAt"] {
        case nil, .null?: return true
        case .object(let wrapper)? where wrapper.count == 1:
            guard case .string(let text)? = wrapper["timestampValue"],
                let expires = try? Instant(rfc3339: text)
            else { return false }
            return !(expires < now)
        default: return false
        }
    }

    /// One partner's contribution: the document when it exists, the local RevenueCat state only
    /// when it does not (`revenueCatFallback`, own side only), nothing on a listener error.
    static func grants(_ snapshot: EntitlementSnapshot, now: Instant, fallback: Bool) -> Bool {
        switch snapshot {
        case .document(let doc): documentGrants(doc, now: now)
        case .absent: fallback
        case .listenerError: false
        }
    }

    /// Couple-shared premium: either partner's entitlement unlocks (D-ENT-06). The RevenueCat
    /// fallback (`nil`: no CustomerInfo yet) applies to the caller's own absent document only
    /// (D-ENT-02, D-ENT-07).
    public static func isPremium(
        own: EntitlementSnapshot, partner: EntitlementSnapshot, revenueCatFallback: Bool?, now: Instant
    ) -> Bool {
        grants(own, now: now, fallback: revenueCatFallback == true) || grants(partner, now: now, fallback: false)
    }
}
