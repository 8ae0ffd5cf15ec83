// Generators of `enc.seal` and `enc.open`: texts from every plane (empty, long, across 64 KiB),
// coupleIds with non-ASCII and `|`; values sealed by CloserSpec then mutated at the encoding
// (body text), framing (prefix, key id), AEAD (IV, tag) and binding (another coupleId) layers.
// Normative: specs/explore.md §"Generators", specs/enc-v1.md.

import CloserHarness
import CloserWire

extension ExploreGenerator {
    static var enc: [ExploreGenerator] {
        [
            ExploreGenerator(.encSeal) { r, _ in
                let (ks, how) = r.keysetInput()
                let (iv, ivHow) = r.ivInput()
                return GeneratedInput(
                    ["keyset": ks, "iv": iv, "text": .string(r.text()), "coupleId": .string(r.id())],
                    how ?? ivHow ?? "valid")
            },
            ExploreGenerator(.encOpen, encOpen),
        ]
    }

    @Sendable static func encOpen(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let ks = r.aeadKeyset()
        let couple = r.id()
        let sealInput: [String: JSONValue] = [
            "keyset": .hex(ks.bytes), "iv": .hex(r.bytes(12)), "text": .string(r.text()), "coupleId": .string(couple),
        ]
        let value = reference.output(.encSeal, sealInput, "value")?.stringValue ?? "enc:v1:"
        var out: [String: JSONValue] = ["keyset": .hex(ks.bytes), "value": .string(value), "coupleId": .string(couple)]
        guard r.chance(60), value.hasPrefix("enc:v1:") else { return GeneratedInput(out) }
        let text = String(value.dropFirst("enc:v1:".count))
        switch r.below(5) {
        case 0:
            let (mutated, how) = r.mutateEncoding(text, url: false)
            out["value"] = .string("enc:v1:" + mutated)
            return GeneratedInput(out, how)
        case 1:
            out["value"] = .string(r.pick(["enc:v2:", "ENC:v1:", "enc:v1", "enc:", " enc:v1:", "sealed:v1:"]) + text)
            return GeneratedInput(out, "encoding: value prefix")
        case 2:
            out["coupleId"] = .string(r.chance(50) ? couple + "x" : r.id())
            return GeneratedInput(out, "binding: another coupleId")
        default:
            guard let body = try? Base64.decode(text, .standard) else { return GeneratedInput(out) }
            let (mutated, how) = r.mutateBody(body, prefixLength: 5)
            out["value"] = .string("enc:v1:" + Base64.encode(mutated, .standard))
            return GeneratedInput(out, how)
        }
    }
}
