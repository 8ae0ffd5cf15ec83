// The revenuecat_webhook suite: webhook.revenuecat's HTTP status for a delivery. Signatures are
// Ed25519 (RFC 8032, deterministic) over the raw body with fixed keys; oracles/python checks every
// one with `cryptography`. Normative: specs/revenuecat-webhook.md.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum RevenueCatWebhookSuite {
    static let name = "revenuecat_webhook"

    static let order = VectorFlag(
        "CheckOrder", .missingStep, .contract,
        "Two checks fail; the manual's order (405, 500, 401, 400) names the status (D-HOOK-01).")
    static let method = VectorFlag("Method", .basic, .contract, "POST only; any other method is 405.")
    static let config = VectorFlag(
        "SigningKey", .keyManagement, .contract,
        "REVENUECAT_SIGNING_KEY missing or not a base64 DER SPKI Ed25519 key: 500 (D-HOOK-02).")
    static let signature = VectorFlag(
        "Signature", .missingStep, .contract,
        "A missing, malformed or wrong Ed25519 signature over the exact raw body: 401 (D-HOOK-03, D-HOOK-04).")
    static let payload = VectorFlag(
        "Payload", .encoding, .contract, "A correctly signed body that is not a RevenueCat event: 400 (D-HOOK-05).")
    static let idempotency = VectorFlag(
        "Idempotency", .basic, .contract,
        "entitlement_events/{eventId}: a re-delivered event is acknowledged (200) and marked duplicate (D-HOOK-06).")

    /// RFC 8032 §7.1 TEST 1's secret key; the second key is TEST 2's.
    static let seed1 = hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    static let seed2 = hex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")

    static func hex(_ s: String) -> [UInt8] { (try? Hex.decode(s)) ?? [] }

    static func b64(_ bytes: [UInt8]) -> String { Base64.encode(bytes, .standard) }

    static func spki(_ seed: [UInt8]) -> String {
        b64(RevenueCatWebhook.spkiPrefix + (RevenueCatWebhook.publicKeyBytes(seed: seed) ?? []))
    }

    /// Seeds are 32 bytes, so signing cannot fail; an empty signature would fail every valid case.
    static func sign(_ body: [UInt8], _ seed: [UInt8] = seed1) -> [UInt8] {
        RevenueCatWebhook.sign(body, seed: seed) ?? []
    }

    static func event(_ members: String) -> [UInt8] { Array("{\"api_version\":\"1.0\",\"event\":{\(members)}}".utf8) }

    static let body = event(
        "\"id\":\"evt-0001\",\"type\":\"INITIAL_PURCHASE\",\"app_user_id\":\"uid-alice\",\"product_id\":\"closer_monthly\",\"expiration_at_ms\":1784116800000"
    )

    static func delivery(
        _ comment: String, _ flags: [VectorFlag], method: String = "POST", key: String? = spki(seed1),
        signature: String?, body: [UInt8], processed: [String]? = nil, _ status: Int, eventId: String? = nil,
        duplicate: Bool = false
    ) -> VectorCase {
        var input: [(String, JSONValue)] = [
            ("method", .string(method)), ("signingKey", key.map(JSONValue.string) ?? .null),
            ("signature", signature.map(JSONValue.string) ?? .null), ("body", V.hex(body)),
        ]
        if let processed { input.append(("processedEventIds", .array(processed.map(JSONValue.string)))) }
        var output: [(String, JSONValue)] = [("status", V.int(status))]
        if let eventId { output += [("eventId", .string(eventId)), ("duplicate", .bool(duplicate))] }
        return .valid(comment, flags: flags, op: HarnessOpSpec.webhookRevenueCat.name, input: input, output: output)
    }

    /// A correctly signed delivery of `body`.
    static func signed(
        _ comment: String, _ flags: [VectorFlag], method: String = "POST", body: [UInt8], processed: [String]? = nil,
        _ status: Int, eventId: String? = nil, duplicate: Bool = false
    ) -> VectorCase {
        delivery(
            comment, flags, method: method, signature: b64(sign(body)), body: body, processed: processed, status,
            eventId: eventId, duplicate: duplicate)
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-revenuecat-webhook",
            header: [
                "RevenueCat webhook (specs/revenuecat-webhook.md): webhook.revenuecat -> HTTP status in the manual's order: 405 not",
                "POST, 500 no usable REVENUECAT_SIGNING_KEY, 401 missing or invalid Ed25519 signature (X-RevenueCat-Signature, base64,",
                "over the raw body: decided, not stated), 400 malformed event, else 200 with the eventId and whether it is a re-delivery.",
            ],
            groups: [
                VectorGroup("WebhookAccepted", comment: "signed events and their idempotency", cases: acceptedCases()),
                VectorGroup("WebhookMethod", comment: "405 and its place in the order", cases: methodCases()),
                VectorGroup("WebhookSigningKey", comment: "500: the configuration", cases: keyCases()),
                VectorGroup("WebhookSignature", comment: "401: the signature", cases: signatureCases()),
                VectorGroup("WebhookPayload", comment: "400: signed but malformed bodies", cases: payloadCases()),
            ])
    }

    static func acceptedCases() -> [VectorCase] {
        let i = [idempotency]
        return [
            signed("A signed INITIAL_PURCHASE", i, body: body, 200, eventId: "evt-0001"),
            signed(
                "A first delivery with other processed events", i, body: body, processed: ["evt-0000"], 200,
                eventId: "evt-0001"),
            signed(
                "A re-delivered event is acknowledged and dropped", i, body: body, processed: ["evt-0000", "evt-0001"],
                200,
                eventId: "evt-0001", duplicate: true),
            signed(
                "A RENEWAL with members the webhook does not read", i,
                body: event(
                    "\"id\":\"evt-0002\",\"type\":\"RENEWAL\",\"app_user_id\":\"uid-bob\",\"store\":\"PLAY_STORE\",\"entitlement_ids\":[\"premium\"]"
                ), 200, eventId: "evt-0002"),
            signed(
                "An event id with non-ASCII text", i,
                body: event("\"id\":\"evt-ä\",\"type\":\"CANCELLATION\",\"app_user_id\":\"uid-alice\""), 200,
                eventId: "evt-ä"),
            signed(
                "Whitespace in the signed body is signed bytes", i,
                body: Array(
                    "{ \"event\" : { \"id\" : \"evt-0003\", \"type\" : \"EXPIRATION\", \"app_user_id\" : \"uid-alice\" } }\n"
                        .utf8),
                200, eventId: "evt-0003"),
        ]
    }

    static func methodCases() -> [VectorCase] {
        [
            signed("GET is 405", [method], method: "GET", body: body, 405),
            signed("PUT is 405", [method], method: "PUT", body: body, 405),
            signed("A lower-case post is not POST", [method], method: "post", body: body, 405),
            delivery(
                "GET without a signing key is 405 first", [method, order], method: "GET", key: nil, signature: nil,
                body: body, 405),
            delivery(
                "GET with a bad signature is 405 first", [method, order], method: "GET", signature: "AAAA", body: body,
                405),
        ]
    }

    static func keyCases() -> [VectorCase] {
        let sig = b64(sign(body))
        let raw = RevenueCatWebhook.publicKeyBytes(seed: seed1) ?? []
        let wrongOID = b64([0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x6E, 0x03, 0x21, 0x00] + Array(raw))
        let c = [config]
        return [
            delivery("No signing key", c, key: nil, signature: sig, body: body, 500),
            delivery("An empty signing key", c, key: "", signature: sig, body: body, 500),
            delivery("A signing key that is not base64", c, key: "not a key!", signature: sig, body: body, 500),
            delivery("The raw 32-byte key, not SPKI", c, key: b64(Array(raw)), signature: sig, body: body, 500),
            delivery("An X25519 SPKI (OID 1.3.101.110)", c, key: wrongOID, signature: sig, body: body, 500),
            delivery(
                "An SPKI with a trailing byte", c, key: b64(hexSPKI(seed1) + [0]), signature: sig, body: body, 500),
            delivery("No key and no signature is 500 first", c + [order], key: nil, signature: nil, body: body, 500),
            delivery(
                "No key and a malformed body is 500 first", c + [order], key: nil, signature: b64(sign([0x7B])),
                body: [0x7B], 500),
        ]
    }

    static func hexSPKI(_ seed: [UInt8]) -> [UInt8] { (try? Base64.decode(spki(seed), .standard)) ?? [] }

    static func signatureCases() -> [VectorCase] {
        let good = sign(body)
        let s = [signature]
        var flipped = good
        flipped[17] ^= 0x01
        var lastBit = good
        lastBit[63] ^= 0x80
        return [
            delivery("No signature header", s, signature: nil, body: body, 401),
            delivery("An empty signature", s, signature: "", body: body, 401),
            delivery("One bit flipped in R", s, signature: b64(flipped), body: body, 401),
            delivery("The top bit of S flipped", s, signature: b64(lastBit), body: body, 401),
            delivery("Signed by another key", s, signature: b64(sign(body, seed2)), body: body, 401),
            delivery(
                "A signature of another body", s,
                signature: b64(sign(event("\"id\":\"evt-9\",\"type\":\"RENEWAL\",\"app_user_id\":\"u\""))),
                body: body, 401),
            delivery("A newline appended after signing", s, signature: b64(good), body: body + [0x0A], 401),
            delivery("The signature in hex, not base64", s, signature: Hex.encode(good), body: body, 401),
            delivery(
                "The signature without its padding", s, signature: String(b64(good).prefix { $0 != "=" }), body: body,
                401),
            delivery("63 bytes of the signature", s, signature: b64(Array(good.prefix(63))), body: body, 401),
            delivery("A signature prefixed with ed25519=", s, signature: "ed25519=" + b64(good), body: body, 401),
            delivery(
                "No signature and a malformed body is 401 first", s + [order], signature: nil, body: Array("{}".utf8),
                401),
        ]
    }

    static func payloadCases() -> [VectorCase] {
        let p = [payload]
        func bad(_ comment: String, _ text: String) -> VectorCase { signed(comment, p, body: Array(text.utf8), 400) }
        return [
            bad("Not JSON", "not json"),
            bad("An empty body", ""),
            bad("A JSON array", "[]"),
            bad("No event member", "{\"api_version\":\"1.0\"}"),
            bad("event is a string", "{\"event\":\"evt-0001\"}"),
            bad("event without id", "{\"event\":{\"type\":\"RENEWAL\",\"app_user_id\":\"uid-alice\"}}"),
            bad(
                "event with an empty id", "{\"event\":{\"id\":\"\",\"type\":\"RENEWAL\",\"app_user_id\":\"uid-alice\"}}"
            ),
            bad("event with a numeric id", "{\"event\":{\"id\":1,\"type\":\"RENEWAL\",\"app_user_id\":\"uid-alice\"}}"),
            bad("event without type", "{\"event\":{\"id\":\"evt-1\",\"app_user_id\":\"uid-alice\"}}"),
            bad("event without app_user_id", "{\"event\":{\"id\":\"evt-1\",\"type\":\"RENEWAL\"}}"),
            bad(
                "event with app_user_id null",
                "{\"event\":{\"id\":\"evt-1\",\"type\":\"RENEWAL\",\"app_user_id\":null}}"),
            bad("Truncated JSON", "{\"event\":{\"id\":\"evt-1\",\"type\":\"RENEWAL\""),
            signed("A body that is not UTF-8", p, body: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], 400),
        ]
    }
}
