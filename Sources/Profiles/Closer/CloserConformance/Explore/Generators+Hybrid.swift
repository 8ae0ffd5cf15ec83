// Generators of the P-256 and Tink hybrid ops: `hybrid.keyset`, `hybrid.encrypt`,
// `hybrid.decrypt`, `p256.ecdh`, `pub.encode`, `pub.decode`; scalars at the range's edges (0, n,
// leading zeros), points compressed, off the curve or with a bit flipped, ciphertexts mutated in
// the Tink prefix, the KEM point, the IV and the tag, pub:v1 strings at the encoding and framing
// layers. Normative: specs/explore.md §"Generators", specs/tink-hybrid.md, specs/pub-v1.md.

import CloserHarness
import CloserWire

extension ExploreRandom {
    /// The order n of P-256's base point (tink-hybrid.md §"Points and scalars").
    static let p256Order = (try? Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")) ?? []

    /// A private scalar: 32 random bytes, or (10%) one at the edge of 0 < d < n.
    func scalarInput() -> ([UInt8], String?) {
        guard chance(10) else { return (bytes(32), nil) }
        var minusOne = Self.p256Order
        minusOne[31] -= 1
        let edge = pick([
            [], [UInt8](repeating: 0, count: 32), Self.p256Order, minusOne, [0, 0] + bytes(32), bytes(31),
            [UInt8](repeating: 0xff, count: 32), [1],
        ])
        return (edge, "p256: scalar at the range's edge")
    }

    /// A hex keyset (`publicKeyset`, …) valid or (20%) mutated at the protobuf layer.
    func keysetMutated(_ hex: String) -> (JSONValue, String?) {
        guard chance(20), let bytes = try? Hex.decode(hex) else { return (.string(hex), nil) }
        let (mutated, how) = mutateProtobuf(bytes)
        return (.hex(mutated), how)
    }

    /// A SEC 1 point (04 ‖ X ‖ Y) mutated: compressed, a coordinate bit, the zero point, cut.
    func mutatePoint(_ point: [UInt8]) -> ([UInt8], String) {
        switch below(5) {
        case 0: return ([2 + (point.last ?? 0) & 1] + point.dropFirst().prefix(32), "p256: compressed point")
        case 1: return (flipBit(point, in: 1..<point.count), "p256: coordinate bit")
        case 2: return ([4] + [UInt8](repeating: 0, count: 64), "p256: zero point")
        case 3: return ([4] + [UInt8](repeating: 0xff, count: 64), "p256: coordinates ≥ p")
        default: return (resize(point), "p256: truncated or extended")
        }
    }
}

extension ExploreRandom {
    /// A TINK hybrid ciphertext (prefix 5 ‖ KEM point 65 ‖ IV ‖ ct ‖ tag) mutated in the KEM
    /// point (30%) or in the prefix, IV, ct or tag, or cut or extended.
    func mutateHybridBody(_ body: [UInt8]) -> ([UInt8], String) {
        guard body.count >= 98 else { return (resize(body), "hybrid: truncated or extended") }
        if chance(30) {
            let (point, how) = mutatePoint(Array(body[5..<70]))
            return (Array(body[0..<5]) + point + body[70...], "hybrid: KEM " + how)
        }
        let (mutated, how) = mutateBody(Array(body[0..<5] + body[70...]), prefixLength: 5)
        guard mutated.count >= 5 else { return (mutated, how) }
        return (Array(mutated.prefix(5)) + body[5..<70] + mutated.dropFirst(5), how)
    }
}

extension ExploreGenerator {
    static var hybrid: [ExploreGenerator] {
        [
            ExploreGenerator(.hybridKeyset) { r, _ in
                let (d, how) = r.scalarInput()
                return GeneratedInput(["privateKey": .hex(d), "keyId": .number(Double(r.keyID()))], how ?? "valid")
            },
            ExploreGenerator(.hybridEncrypt) { r, reference in
                let (pub, how) = r.keysetMutated(r.hybridKeys(reference).publicKeyset)
                let (eph, ephHow) = r.scalarInput()
                let (iv, ivHow) = r.ivInput()
                return GeneratedInput(
                    [
                        "publicKeyset": pub, "ephemeralPrivateKey": .hex(eph), "iv": iv,
                        "plaintext": .hex(r.bytes(r.plaintextLength())),
                        "contextInfo": .hex(r.bytes(r.length(max: 40))),
                    ], how ?? ephHow ?? ivHow ?? "valid")
            },
            ExploreGenerator(.hybridDecrypt, hybridDecrypt),
            ExploreGenerator(.p256ECDH, p256ECDH),
            ExploreGenerator(.pubEncode) { r, reference in
                let (pub, how) = r.keysetMutated(r.hybridKeys(reference).publicKeyset)
                return GeneratedInput(["publicKeyset": pub], how ?? "valid")
            },
            ExploreGenerator(.pubDecode, pubDecode),
        ]
    }

    @Sendable static func hybridDecrypt(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let keys = r.hybridKeys(reference)
        let info = r.bytes(r.length(max: 40))
        let ct =
            reference.output(
                HarnessOpSpec.hybridEncrypt.name,
                [
                    "publicKeyset": .string(keys.publicKeyset), "ephemeralPrivateKey": .hex(r.bytes(32)),
                    "iv": .hex(r.bytes(12)), "plaintext": .hex(r.bytes(r.plaintextLength())), "contextInfo": .hex(info),
                ], "ciphertext")?.stringValue ?? ""
        var out: [String: JSONValue] = [
            "privateKeyset": .string(keys.privateKeyset), "ciphertext": .string(ct), "contextInfo": .hex(info),
        ]
        guard r.chance(60), let body = try? Hex.decode(ct) else { return GeneratedInput(out) }
        if r.chance(25) {
            out["contextInfo"] = .hex(r.flipBit(info))
            return GeneratedInput(out, "binding: contextInfo bit")
        }
        let (mutated, how) = r.mutateHybridBody(body)
        out["ciphertext"] = .hex(mutated)
        return GeneratedInput(out, how)
    }

    @Sendable static func p256ECDH(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let (d, how) = r.scalarInput()
        let pub = r.hybridKeys(reference).publicKeyset
        let value = reference.output(.pubEncode, ["publicKeyset": .string(pub)], "value") ?? .string("")
        let decoded = reference.response(.pubDecode, ["value": value])
        let x = (try? Hex.decode(decoded["x"]?.stringValue ?? "")) ?? []
        let y = (try? Hex.decode(decoded["y"]?.stringValue ?? "")) ?? []
        var point = [4] + x + y
        var pointHow: String?
        if how == nil, r.chance(40) { (point, pointHow) = r.mutatePoint(point) }
        return GeneratedInput(["privateKey": .hex(d), "publicPoint": .hex(point)], how ?? pointHow ?? "valid")
    }

    @Sendable static func pubDecode(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let pub = r.hybridKeys(reference).publicKeyset
        let value = reference.output(.pubEncode, ["publicKeyset": .string(pub)], "value")?.stringValue ?? "pub:v1:"
        guard r.chance(60), value.hasPrefix("pub:v1:") else { return GeneratedInput(["value": .string(value)]) }
        let text = String(value.dropFirst("pub:v1:".count))
        switch r.below(3) {
        case 0:
            let (mutated, how) = r.mutateEncoding(text, url: true)
            return GeneratedInput(["value": .string("pub:v1:" + mutated)], how)
        case 1:
            let prefix = r.pick(["pub:v2:", "PUB:v1:", "pub:v1", "pub:", " pub:v1:", "keybox:v1:"])
            return GeneratedInput(["value": .string(prefix + text)], "encoding: value prefix")
        default:
            guard let body = try? Base64.decode(text, .url) else { return GeneratedInput(["value": .string(value)]) }
            let (mutated, how) = r.mutateProtobuf(body)
            return GeneratedInput(["value": .string("pub:v1:" + Base64.encode(mutated, .url))], how)
        }
    }
}
