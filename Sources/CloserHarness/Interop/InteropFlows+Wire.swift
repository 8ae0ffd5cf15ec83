// Closer's producer/consumer flows over the wire formats and their layers: encodings, keysets,
// AEAD, AES-GCM, hybrid, enc:v1, sealed:v1, pub:v1, keybox:v1 and canonical JSON. Normative:
// specs/interop.md §"Flows".

import CloserWire

extension InteropFlow {
    /// The request member `name` as the consumer must answer it.
    static func echo(_ pairs: [(answer: String, request: String)])
        -> @Sendable (InteropInput, ExploreReference) -> [String: JSONValue]?
    {
        { input, _ in
            var out: [String: JSONValue] = [:]
            for (answer, request) in pairs {
                guard let v = input.request[request] else { return nil }
                out[answer] = v
            }
            return out
        }
    }

    /// `keyset.validate`'s answer for a one-key keyset: the key id as primary and only id.
    @Sendable static func oneKeyID(_ input: InteropInput, _: ExploreReference) -> [String: JSONValue]? {
        guard let id = input.request["keyId"] else { return nil }
        return ["primaryKeyId": id, "keyIds": .array([id])]
    }

    static var wire: [InteropFlow] {
        [
            InteropFlow(
                "encoding.encode", "encoding.decode", shared: ["profile"], outputs: [("text", "text")],
                make: explored("encoding.encode"), expected: echo([("bytes", "bytes")])),
            InteropFlow(
                "aead.keyset", "keyset.validate", outputs: [("keyset", "keyset")],
                constants: ["primitive": .string("aead")], make: explored("aead.keyset"), expected: oneKeyID),
            InteropFlow(
                "hybrid.keyset", "keyset.validate", outputs: [("keyset", "publicKeyset")],
                constants: ["primitive": .string("hybridPublic")], make: explored("hybrid.keyset"),
                expected: oneKeyID),
            InteropFlow(
                "aead.encrypt", "aead.decrypt", randomness: ["iv"], shared: ["keyset", "aad"],
                outputs: [("ciphertext", "ciphertext")], make: explored("aead.encrypt"),
                expected: echo([("plaintext", "plaintext")])),
            InteropFlow(
                "aesgcm.seal", "aesgcm.open", shared: ["key", "iv", "aad"], outputs: [("ciphertext", "ciphertext")],
                make: explored("aesgcm.seal"), expected: echo([("plaintext", "plaintext")])),
            InteropFlow(
                "hybrid.encrypt", "hybrid.decrypt", randomness: ["ephemeralPrivateKey", "iv"], shared: ["contextInfo"],
                outputs: [("ciphertext", "ciphertext")], make: hybridEncrypt,
                expected: echo([("plaintext", "plaintext")])),
            InteropFlow(
                "enc.seal", "enc.open", randomness: ["iv"], shared: ["keyset", "coupleId"],
                outputs: [("value", "value")], make: explored("enc.seal"), expected: echo([("text", "text")])),
            InteropFlow(
                "sealed.seal", "sealed.open", randomness: ["iv"],
                shared: ["keyset", "coupleId", "questionId", "userId"],
                outputs: [("value", "value"), ("commitment", "commitment")], make: explored("sealed.seal"),
                expected: canonicalPayload),
            InteropFlow(
                "pub.encode", "pub.decode", outputs: [("value", "value")], make: explored("pub.encode"),
                expected: echo([("publicKeyset", "publicKeyset")])),
            InteropFlow(
                "keybox.wrap", "keybox.unwrap", randomness: ["ephemeralPrivateKey", "iv"],
                shared: ["coupleId", "questionId", "senderUserId", "recipientUserId"], outputs: [("value", "value")],
                make: keyboxWrap, expected: echo([("keyset", "keyset")])),
            InteropFlow(
                "canonicalize", "canonicalize", outputs: [("json", "canonical")], convert: { _, v in hexText(v) },
                make: explored("canonicalize"),
                expected: { input, reference in
                    reference.output("canonicalize", input.request, "canonical").map { ["canonical": $0] }
                }),
        ]
    }

    /// Hex bytes as the JSON text they spell (a canonical answer read back as `json`).
    @Sendable static func hexText(_ v: JSONValue) -> JSONValue {
        guard let bytes = v.stringValue.flatMap({ try? Hex.decode($0) }) else { return v }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    /// sealed.open answers the payload as canonical JSON text (sealed-v1.md): the input's, canonicalized.
    @Sendable static func canonicalPayload(_ input: InteropInput, _: ExploreReference) -> [String: JSONValue]? {
        guard let text = input.request["payload"]?.stringValue,
            let canonical = try? CanonicalJSON.serialize(try JSONValue(parsing: Array(text.utf8)))
        else { return nil }
        return ["payload": .string(String(decoding: canonical, as: UTF8.self))]
    }

    /// A recipient's keys (the private keyset goes to the consumer only), plaintext and context info.
    @Sendable static func hybridEncrypt(_ r: ExploreRandom, _ reference: ExploreReference) -> InteropInput? {
        let keys = r.hybridKeys(reference)
        return InteropInput(
            request: [
                "publicKeyset": .string(keys.publicKeyset), "ephemeralPrivateKey": .hex(r.bytes(32)),
                "iv": .hex(r.bytes(12)), "plaintext": .hex(r.bytes(r.plaintextLength())),
                "contextInfo": .hex(r.bytes(r.length(max: 40))),
            ], secrets: ["privateKeyset": .string(keys.privateKeyset)])
    }

    /// A recipient's `pub:v1:` value (its private keyset to the consumer only), a keybox binding and keyset.
    @Sendable static func keyboxWrap(_ r: ExploreRandom, _ reference: ExploreReference) -> InteropInput? {
        let keys = r.hybridKeys(reference)
        guard let recipient = reference.output("pub.encode", ["publicKeyset": .string(keys.publicKeyset)], "value")
        else { return nil }
        var request = r.keyboxBinding().mapValues { JSONValue.string($0) }
        request["recipient"] = recipient
        request["keyset"] = .hex(r.aeadKeyset().bytes)
        request["ephemeralPrivateKey"] = .hex(r.bytes(32))
        request["iv"] = .hex(r.bytes(12))
        return InteropInput(request: request, secrets: ["privateKeyset": .string(keys.privateKeyset)])
    }
}
