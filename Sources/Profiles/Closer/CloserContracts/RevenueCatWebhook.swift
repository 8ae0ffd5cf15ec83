// revenueCatWebhook's HTTP answer: method, signing key, Ed25519 signature over the raw body,
// payload shape, in that order; then the entitlement_events/{eventId} idempotency marker.
// Normative: specs/revenuecat-webhook.md (decisions D-HOOK-NN).

import CloserWire
import Crypto

/// One delivery as the webhook receives it.
public struct RevenueCatDelivery: Sendable {
    public let method: String
    /// `REVENUECAT_SIGNING_KEY`: base64 of the DER SubjectPublicKeyInfo of an Ed25519 key.
    public let signingKey: String?
    /// The `X-RevenueCat-Signature` header value (D-HOOK-03), nil when the header is absent.
    public let signature: String?
    public let body: [UInt8]

    public init(method: String, signingKey: String?, signature: String?, body: [UInt8]) {
        self.method = method
        self.signingKey = signingKey
        self.signature = signature
        self.body = body
    }
}

/// The webhook's answer: the HTTP status and, for a 200, the event and whether it is a re-delivery.
public struct RevenueCatWebhookResult: Hashable, Sendable {
    public let status: Int
    public let eventId: String?
    /// True when `entitlement_events/{eventId}` already exists: acknowledged, not applied again.
    public let duplicate: Bool
}

/// specs/revenuecat-webhook.md.
public enum RevenueCatWebhook {
    /// The request header that carries the signature (decided, not stated: D-HOOK-03).
    public static let signatureHeader = "X-RevenueCat-Signature"
    /// DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): SEQUENCE { SEQUENCE { OID
    /// 1.3.101.112 }, BIT STRING (0 unused bits) } followed by the 32-byte key.
    public static let spkiPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// The status of a delivery, checked in the manual's order (D-HOOK-01); `processedEventIds`
    /// are the ids present in `entitlement_events/` (D-HOOK-06).
    public static func respond(to d: RevenueCatDelivery, processedEventIds: Set<String>) -> RevenueCatWebhookResult {
        func status(_ s: Int) -> RevenueCatWebhookResult {
            RevenueCatWebhookResult(status: s, eventId: nil, duplicate: false)
        }
        guard d.method == "POST" else { return status(405) }
        guard let keyText = d.signingKey, let key = publicKey(keyText) else { return status(500) }
        guard let sigText = d.signature, let sig = try? Base64.decode(sigText, .standard), sig.count == 64,
            key.isValidSignature(sig, for: d.body)
        else { return status(401) }
        guard let eventId = eventId(of: d.body) else { return status(400) }
        return RevenueCatWebhookResult(
            status: 200, eventId: eventId, duplicate: processedEventIds.containsIdentical(eventId))
    }

    /// The Ed25519 key of `REVENUECAT_SIGNING_KEY`, or nil (a configuration error, 500; D-HOOK-02).
    public static func publicKey(_ text: String) -> Curve25519.Signing.PublicKey? {
        guard let der = try? Base64.decode(text, .standard), der.count == 44, der.starts(with: spkiPrefix) else {
            return nil
        }
        return try? Curve25519.Signing.PublicKey(rawRepresentation: der[12...])
    }

    /// The event id of a well-formed payload (D-HOOK-05): an I-JSON object whose `event` is an
    /// object with non-empty string `id`, `type` and `app_user_id`. Nil is a malformed payload (400).
    public static func eventId(of body: [UInt8]) -> String? {
        guard case .object(let root)? = try? JSONValue(parsing: body), case .object(let event)? = root["event"] else {
            return nil
        }
        for member in ["id", "type", "app_user_id"] {
            guard case .string(let s)? = event[member], !s.isEmpty else { return nil }
        }
        return event["id"]?.stringValue
    }
}

// Vector generation (package): RevenueCat's side, signing a body with a fixed Ed25519 seed.
extension RevenueCatWebhook {
    /// The raw 32-byte public key of a 32-byte seed; nil for another length.
    package static func publicKeyBytes(seed: [UInt8]) -> [UInt8]? {
        (try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)).map { Array($0.publicKey.rawRepresentation) }
    }

    /// The Ed25519 signature (RFC 8032, deterministic) of `body` under a 32-byte seed; nil for another length.
    package static func sign(_ body: [UInt8], seed: [UInt8]) -> [UInt8]? {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else { return nil }
        return (try? key.signature(for: body)).map { Array($0) }
    }
}
