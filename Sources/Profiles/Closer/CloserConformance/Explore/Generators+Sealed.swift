// Generators of `sealed.seal`, `sealed.open`, `keybox.wrap` and `keybox.unwrap`: bindings with
// ids from every plane, sealed payloads written as varied JSON text (member order, escapes, the
// answer any JSON value) then mutated at the payload layer (a member missing, a bad nonce, an id
// that is not the binding's, the json mutations), values sealed or wrapped by CloserSpec then
// mutated at the encoding, framing, AEAD/hybrid body and binding (components swapped) layers.
// Normative: specs/explore.md §"Generators", specs/sealed-v1.md, specs/keybox-v1.md.

import CloserHarness
import CloserWire

extension ExploreRandom {
    /// A sealed binding: coupleId, questionId, userId.
    func sealedBinding() -> [String: String] {
        ["coupleId": id(), "questionId": id(), "userId": id()]
    }

    /// The payload JSON text for `binding`, valid or (25%) mutated, and the mutation.
    func sealedPayload(_ binding: [String: String], mutate: Bool = true) -> (String, String?) {
        var members: [(String, String)] = binding.sorted { $0.key < $1.key }.map { ($0.key, jsonString($0.value)) }
        members.append(("nonce", jsonString(Base64.encode(bytes(16), .url))))
        members.append(("answer", jsonText(depth: 2)))
        var how: String?
        if mutate, chance(25) {
            switch below(4) {
            case 0:
                members.remove(at: below(4))
                how = "payload: member missing"
            case 1:
                members[3].1 = jsonString(Base64.encode(bytes(pick([0, 15, 17, 16])), pick([.url, .standard])) + "=")
                how = "payload: nonce"
            case 2:
                members[below(3)].1 = jsonString(id())
                how = "payload: id other than the binding's"
            default:
                let (text, jsonHow) = jsonInput()
                return (text, jsonHow == "valid" ? nil : jsonHow)
            }
        }
        for i in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(i, below(i + 1)) }
        return ("{" + members.map { jsonString($0.0) + ":" + $0.1 }.joined(separator: ",") + "}", how)
    }

    /// A prefixed b64url wire string mutated at the encoding or framing layer, or in its body.
    func mutateWireString(
        _ value: String, prefix: String, body mutateBody: ([UInt8]) -> ([UInt8], String)
    ) -> (String, String) {
        let text = String(value.dropFirst(prefix.count))
        switch below(3) {
        case 0:
            let (mutated, how) = mutateEncoding(text, url: true)
            return (prefix + mutated, how)
        case 1:
            let other = pick(["sealed:v2:", "SEALED:v1:", "sealed:v1", "keybox:v2:", "enc:v1:", " " + prefix])
            return ((other == prefix ? "x" : other) + text, "encoding: value prefix")
        default:
            guard let body = try? Base64.decode(text, .url) else { return (value, "valid") }
            let (mutated, how) = mutateBody(body)
            return (prefix + Base64.encode(mutated, .url), how)
        }
    }
}

extension ExploreGenerator {
    static var sealed: [ExploreGenerator] {
        [
            ExploreGenerator(.sealedSeal) { r, _ in
                let binding = r.sealedBinding()
                let (ks, how) = r.keysetInput()
                let (payload, payloadHow) = r.sealedPayload(binding)
                let (iv, ivHow) = r.ivInput()
                var input = binding.mapValues { JSONValue.string($0) }
                input["keyset"] = ks
                input["payload"] = .string(payload)
                input["iv"] = iv
                return GeneratedInput(input, how ?? payloadHow ?? ivHow ?? "valid")
            },
            ExploreGenerator(.sealedOpen, sealedOpen),
            ExploreGenerator(.keyboxWrap) { r, reference in
                let recipient = r.hybridKeys(reference).publicKeyset
                let pub = reference.output(.pubEncode, ["publicKeyset": .string(recipient)], "value") ?? .string("")
                let (ks, how) = r.keysetInput()
                let (eph, ephHow) = r.scalarInput()
                let (iv, ivHow) = r.ivInput()
                var input = r.keyboxBinding().mapValues { JSONValue.string($0) }
                input["recipient"] = pub
                input["keyset"] = ks
                input["ephemeralPrivateKey"] = .hex(eph)
                input["iv"] = iv
                return GeneratedInput(input, how ?? ephHow ?? ivHow ?? "valid")
            },
            ExploreGenerator(.keyboxUnwrap, keyboxUnwrap),
        ]
    }

    @Sendable static func sealedOpen(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let binding = r.sealedBinding()
        var input = binding.mapValues { JSONValue.string($0) }
        input["keyset"] = .hex(r.aeadKeyset(prefix: .tink).bytes)
        var seal = input
        seal["payload"] = .string(r.sealedPayload(binding, mutate: false).0)
        seal["iv"] = .hex(r.bytes(12))
        let sealed = reference.response(.sealedSeal, seal)
        input["value"] = sealed["value"] ?? .string("sealed:v1:")
        input["commitment"] = sealed["commitment"] ?? .string("sha256:")
        guard r.chance(60), let value = input["value"]?.stringValue else { return GeneratedInput(input) }
        switch r.below(4) {
        case 0:
            let (a, b) = r.pick([("coupleId", "questionId"), ("questionId", "userId"), ("coupleId", "userId")])
            (input[a], input[b]) = (input[b], input[a])
            return GeneratedInput(input, "binding: components swapped")
        case 1:
            let c = input["commitment"]?.stringValue ?? ""
            let (mutated, how) = r.mutateEncoding(String(c.dropFirst("sha256:".count)), url: true)
            input["commitment"] = .string((r.chance(80) ? "sha256:" : "sha512:") + mutated)
            return GeneratedInput(input, "commitment: " + how)
        default:
            let (mutated, how) = r.mutateWireString(value, prefix: "sealed:v1:") {
                r.mutateBody($0, prefixLength: $0.count >= 33 ? 5 : 0)
            }
            input["value"] = .string(mutated)
            return GeneratedInput(input, how)
        }
    }

    @Sendable static func keyboxUnwrap(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let keys = r.hybridKeys(reference)
        let pub = reference.output(.pubEncode, ["publicKeyset": .string(keys.publicKeyset)], "value") ?? .string("")
        var input = r.keyboxBinding().mapValues { JSONValue.string($0) }
        var wrap = input
        wrap["recipient"] = pub
        wrap["keyset"] = .hex(r.aeadKeyset().bytes)
        wrap["ephemeralPrivateKey"] = .hex(r.bytes(32))
        wrap["iv"] = .hex(r.bytes(12))
        let value = reference.output(.keyboxWrap, wrap, "value")?.stringValue ?? "keybox:v1:"
        input["privateKeyset"] = .string(keys.privateKeyset)
        input["value"] = .string(value)
        guard r.chance(60) else { return GeneratedInput(input) }
        if r.chance(25) {
            (input["senderUserId"], input["recipientUserId"]) = (input["recipientUserId"], input["senderUserId"])
            return GeneratedInput(input, "binding: components swapped")
        }
        let (mutated, how) = r.mutateWireString(value, prefix: "keybox:v1:", body: r.mutateHybridBody)
        input["value"] = .string(mutated)
        return GeneratedInput(input, how)
    }
}
