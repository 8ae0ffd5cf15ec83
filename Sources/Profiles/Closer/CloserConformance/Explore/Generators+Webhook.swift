// The generator of `webhook.revenuecat` (specs/revenuecat-webhook.md): an Ed25519 key from the
// case's stream (its RFC 8410 SPKI in b64), a RevenueCat body signed over its exact bytes, then
// one layer changed in check order: the method, the key (raw, another OID, trailing bytes, not b64,
// empty, null), the signature (a bit, another key's, a prefix, the other alphabet, unpadded, null),
// the body after signing (a bit), and signed bodies that are not events (members missing, empty or
// of another type, duplicate names, a lone surrogate, invalid UTF-8, a BOM, not an object).
// Small-order keys and non-canonical signatures are not generated (the page does not pin them).
// Normative: specs/explore.md §"Generators".

import CloserHarness
import CloserWire
import Crypto

extension ExploreRandom {
    /// A RevenueCat event body (JSON text bytes) and its event id, or (30%) a body the page refuses.
    func webhookBody() -> ([UInt8], String, String?) {
        let id = chance(90) ? "evt-" + Hex.encode(bytes(4)) : pick(["", text(max: 6, long: false)])
        var event: [String: String] = [
            "id": id, "type": pick(["INITIAL_PURCHASE", "RENEWAL", "EXPIRATION", "CANCELLATION", ""]),
            "app_user_id": chance(95) ? "uid-" + Hex.encode(bytes(3)) : "",
        ]
        var how: String?
        if chance(10) {
            event[pick(event.keys.sorted())] = nil
            how = "contract: member missing"
        }
        let quoted = { (s: String) in String(decoding: (try? CanonicalJSON.serialize(.string(s))) ?? [], as: UTF8.self)
        }
        var members = event.keys.sorted().map { "\"\($0)\":" + quoted(event[$0] ?? "") }
        members.append("\"product_id\":\"closer_monthly\"")
        if chance(5) { (members[0], how) = ("\"id\":" + pick(["1", "null", "[]", "{}"]), "contract: member type") }
        var text = "{\"api_version\":\"1.0\",\"event\":{" + members.joined(separator: ",") + "}}"
        if chance(12) {
            (text, how) = pick([
                (text.replacingOccurrences(of: "{\"api", with: "{\"event\":{},\"api"), "json: duplicate name"),
                (text.replacingOccurrences(of: "\"1.0\"", with: "\"\\ud800\""), "json: lone surrogate"),
                ("\u{FEFF}" + text, "json: byte order mark"), ("[" + text + "]", "contract: not an object"),
                (" " + text + "\n", "valid"), ("{\"event\":null}", "contract: event null"), ("", "json: empty"),
            ])
        }
        var body = Array(text.utf8)
        if chance(3) { (body, how) = (body + [0xFF], "json: invalid UTF-8") }
        return (body, id, how)
    }
}

extension ExploreGenerator {
    static let ed25519SPKIPrefix: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]

    static var webhook: [ExploreGenerator] {
        [ExploreGenerator(.webhookRevenueCat, byteExact: false, revenueCatWebhook)]
    }

    @Sendable static func revenueCatWebhook(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: r.bytes(32)) else {
            return GeneratedInput(["method": .string("POST")])
        }
        let pub = Array(key.publicKey.rawRepresentation)
        var (body, id, how) = r.webhookBody()
        let signature = (try? Array(key.signature(for: body))) ?? []
        var input: [String: JSONValue] = [
            "method": .string("POST"), "signingKey": .string(Base64.encode(ed25519SPKIPrefix + pub, .standard)),
            "signature": .string(Base64.encode(signature, .standard)),
        ]
        if r.chance(40) {
            let ids = (0..<r.below(3)).map { _ in JSONValue.string("evt-" + Hex.encode(r.bytes(4))) }
            input["processedEventIds"] = .array(r.chance(50) ? ids + [.string(id)] : ids)
        }
        switch r.below(12) {
        case 0: (input["method"], how) = (.string(r.pick(["post", "GET", "PUT", "", " POST"])), "contract: method")
        case 1: (input["signingKey"], how) = (webhookKey(r, pub), "key: signing key")
        case 2: (input["signature"], how) = (webhookSignature(r, signature, body), "signature")
        case 3: (body, how) = (r.flipBit(body), "signature: body changed after signing")
        default: break
        }
        input["body"] = .hex(body)
        return GeneratedInput(input, how ?? "valid")
    }

    static func webhookKey(_ r: ExploreRandom, _ pub: [UInt8]) -> JSONValue {
        let spki = ed25519SPKIPrefix + pub
        var other = spki
        other[8] = 0x6e  // 1.3.101.110: X25519's OID
        return r.pick([
            .string(Base64.encode(pub, .standard)), .string(Base64.encode(other, .standard)),
            .string(Base64.encode(spki + [0], .standard)), .string(Base64.encode(Array(spki.dropLast()), .standard)),
            .string(Base64.encode(spki, .url)), .string(Hex.encode(spki)), .string(""), .null,
            .string(r.mutateEncoding(Base64.encode(spki, .standard), url: false).0),
        ])
    }

    static func webhookSignature(_ r: ExploreRandom, _ signature: [UInt8], _ body: [UInt8]) -> JSONValue {
        let text = Base64.encode(signature, .standard)
        let otherKey = try? Curve25519.Signing.PrivateKey(rawRepresentation: r.bytes(32))
        let other = (try? otherKey.map { Array(try $0.signature(for: body)) }) ?? nil
        return r.pick([
            .string(Base64.encode(r.flipBit(signature), .standard)), .string("ed25519=" + text), .null, .string(""),
            .string(Base64.encode(signature, .url)), .string(String(text.dropLast(2))), .string(Hex.encode(signature)),
            .string(Base64.encode(other ?? [], .standard)),
            .string(Base64.encode(Array(signature.prefix(63)), .standard)),
            .string(r.mutateEncoding(text, url: false).0),
        ])
    }
}
