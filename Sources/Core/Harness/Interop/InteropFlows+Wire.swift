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
                HarnessOpSpec.encodingEncode.name, HarnessOpSpec.encodingDecode.name, shared: ["profile"],
                outputs: [("text", "text")],
                make: explored(HarnessOpSpec.encodingEncode.name), expected: echo([("bytes", "bytes")])),
            InteropFlow(
                HarnessOpSpec.aeadKeyset.name, HarnessOpSpec.keysetValidate.name, outputs: [("keyset", "keyset")],
                constants: ["primitive": .string("aead")], make: explored(HarnessOpSpec.aeadKeyset.name),
                expected: oneKeyID),
            InteropFlow(
                HarnessOpSpec.hybridKeyset.name, HarnessOpSpec.keysetValidate.name,
                outputs: [("keyset", "publicKeyset")],
                constants: ["primitive": .string("hybridPublic")], make: explored(HarnessOpSpec.hybridKeyset.name),
                expected: oneKeyID),
            InteropFlow(
                HarnessOpSpec.aeadEncrypt.name, HarnessOpSpec.aeadDecrypt.name, randomness: ["iv"],
                shared: ["keyset", "aad"],
                outputs: [("ciphertext", "ciphertext")], make: explored(HarnessOpSpec.aeadEncrypt.name),
                expected: echo([("plaintext", "plaintext")])),
            InteropFlow(
                HarnessOpSpec.aesGCMSeal.name, HarnessOpSpec.aesGCMOpen.name, shared: ["key", "iv", "aad"],
                outputs: [("ciphertext", "ciphertext")],
                make: explored(HarnessOpSpec.aesGCMSeal.name), expected: echo([("plaintext", "plaintext")])),
            InteropFlow(
                HarnessOpSpec.hybridEncrypt.name, HarnessOpSpec.hybridDecrypt.name,
                randomness: ["ephemeralPrivateKey", "iv"], shared: ["contextInfo"],
                outputs: [("ciphertext", "ciphertext")], make: hybridEncrypt,
                expected: echo([("plaintext", "plaintext")])),
            InteropFlow(
                HarnessOpSpec.encSeal.name, HarnessOpSpec.encOpen.name, randomness: ["iv"],
                shared: ["keyset", "coupleId"],
                outputs: [("value", "value")], make: explored(HarnessOpSpec.encSeal.name),
                expected: echo([("text", "text")])),
            InteropFlow(
                HarnessOpSpec.sealedSeal.name, HarnessOpSpec.sealedOpen.name, randomness: ["iv"],
                shared: ["keyset", "coupleId", "questionId", "userId"],
                outputs: [("value", "value"), ("commitment", "commitment")],
                make: explored(HarnessOpSpec.sealedSeal.name),
                expected: canonicalPayload),
            InteropFlow(
                HarnessOpSpec.pubEncode.name, HarnessOpSpec.pubDecode.name, outputs: [("value", "value")],
                make: explored(HarnessOpSpec.pubEncode.name),
                expected: echo([("publicKeyset", "publicKeyset")])),
            InteropFlow(
                HarnessOpSpec.keyboxWrap.name, HarnessOpSpec.keyboxUnwrap.name,
                randomness: ["ephemeralPrivateKey", "iv"],
                shared: ["coupleId", "questionId", "senderUserId", "recipientUserId"], outputs: [("value", "value")],
                make: keyboxWrap, expected: echo([("keyset", "keyset")])),
            InteropFlow(
                "canonicalize", "canonicalize", outputs: [("json", "canonical")], convert: { _, v in hexText(v) },
                make: explored("canonicalize"),
                expected: { input, reference in
                    reference.output(.canonicalize, input.request, "canonical").map { ["canonical": $0] }
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
        guard let recipient = reference.output(.pubEncode, ["publicKeyset": .string(keys.publicKeyset)], "value")
        else { return nil }
        var request = r.keyboxBinding().mapValues { JSONValue.string($0) }
        request["recipient"] = recipient
        request["keyset"] = .hex(r.aeadKeyset().bytes)
        request["ephemeralPrivateKey"] = .hex(r.bytes(32))
        request["iv"] = .hex(r.bytes(12))
        return InteropInput(request: request, secrets: ["privateKeyset": .string(keys.privateKeyset)])
    }
}
