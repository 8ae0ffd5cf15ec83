// Generators of the encoding ops: `encoding.encode` of random bytes (lengths across every final
// quantum) and `encoding.decode` of a canonical text mutated at the encoding layer.
// Normative: specs/explore.md §"Generators", specs/encodings.md.

import CloserHarness
import CloserWire

extension ExploreGenerator {
    static var encodings: [ExploreGenerator] {
        [
            ExploreGenerator(.encodingEncode) { r, _ in
                let profile = r.pick(["b64", "b64url", "hex"])
                return GeneratedInput(["profile": .string(profile), "bytes": .hex(r.bytes(r.length(max: 100)))])
            },
            ExploreGenerator(.encodingDecode) { r, _ in
                let profile = r.pick(["b64", "b64url", "hex"])
                let bytes = r.bytes(r.length(max: 100))
                if profile == "hex" {
                    var text = Hex.encode(bytes)
                    if r.chance(30) { text = text.uppercased() }
                    if r.chance(40) { text.insert(r.pick(["g", "0", " ", "é"]), at: text.startIndex) }
                    return GeneratedInput(["profile": .string(profile), "text": .string(text)], "encoding: hex")
                }
                let text = Base64.encode(bytes, profile == "b64" ? .standard : .url)
                if r.chance(25) { return GeneratedInput(["profile": .string(profile), "text": .string(text)]) }
                let (mutated, how) = r.mutateEncoding(text, url: profile == "b64url")
                return GeneratedInput(["profile": .string(profile), "text": .string(mutated)], how)
            },
        ]
    }
}
