// Generators of the Tink AEAD ops: `aead.keyset`, `keyset.validate` (aead), `aead.encrypt` and
// `aead.decrypt`, from random multi-key keysets; mutations at the protobuf layer (the keyset),
// Tink framing (the output prefix) and the AEAD body (IV, ciphertext, tag).
// Normative: specs/explore.md §"Generators", specs/tink-aead.md, specs/tink-keyset.md.

import CloserHarness
import CloserWire

extension ExploreRandom {
    /// A keyset for an AEAD op: valid, or mutated at the protobuf layer (20%).
    func keysetInput() -> (JSONValue, String?) {
        let ks = aeadKeyset().bytes
        guard chance(20) else { return (.hex(ks), nil) }
        let (mutated, how) = mutateProtobuf(ks)
        return (.hex(mutated), how)
    }

    /// An IV: 12 bytes, or (5%) another length.
    func ivInput() -> (JSONValue, String?) {
        chance(95) ? (.hex(bytes(12)), nil) : (.hex(bytes(pick([0, 11, 13, 16]))), "aead: IV length")
    }

    /// A ciphertext body (Tink prefix, IV, ct, tag) mutated in one region.
    func mutateBody(_ body: [UInt8], prefixLength: Int) -> ([UInt8], String) {
        switch below(5) {
        case 0: return (flipBit(body, in: 0..<prefixLength), "tink_framing: prefix bit")
        case 1: return (flipBit(body, in: prefixLength..<(prefixLength + 12)), "aead: IV bit")
        case 2: return (flipBit(body, in: (body.count - 16)..<body.count), "aead: tag bit")
        case 3:
            return (
                flipBit(body, in: (prefixLength + 12)..<max(prefixLength + 12, body.count - 16)), "aead: ciphertext bit"
            )
        default: return (resize(body), "aead: truncated or extended")
        }
    }
}

extension ExploreGenerator {
    static var aead: [ExploreGenerator] {
        [
            ExploreGenerator(.aeadKeyset) { r, _ in
                var input: [String: JSONValue] = [
                    "key": .hex(r.bytes(r.pick([16, 32, 16, 32, 0, 24, 31, 33]))), "keyId": .number(Double(r.keyID())),
                ]
                if r.chance(70) { input["prefix"] = .string(r.pick(["TINK", "RAW", "LEGACY", "CRUNCHY", "tink"])) }
                return GeneratedInput(input)
            },
            ExploreGenerator(.keysetValidate) { r, _ in
                let (ks, how) = r.keysetInput()
                return GeneratedInput(["keyset": ks, "primitive": .string("aead")], how ?? "valid")
            },
            ExploreGenerator(.aeadEncrypt) { r, _ in
                let (ks, how) = r.keysetInput()
                let (iv, ivHow) = r.ivInput()
                return GeneratedInput(
                    [
                        "keyset": ks, "plaintext": .hex(r.bytes(r.plaintextLength())),
                        "aad": .hex(r.bytes(r.length(max: 40))), "iv": iv,
                    ],
                    how ?? ivHow ?? "valid")
            },
            ExploreGenerator(.aeadDecrypt, aeadDecrypt),
        ]
    }

    @Sendable static func aeadDecrypt(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let ks = r.aeadKeyset()
        let aad = r.bytes(r.length(max: 40))
        let input: [String: JSONValue] = [
            "keyset": .hex(ks.bytes), "plaintext": .hex(r.bytes(r.plaintextLength())), "aad": .hex(aad),
            "iv": .hex(r.bytes(12)),
        ]
        guard let ct = reference.output(.aeadEncrypt, input, "ciphertext")?.stringValue,
            let body = try? Hex.decode(ct)
        else { return GeneratedInput(["keyset": .hex(ks.bytes), "ciphertext": .string(""), "aad": .hex(aad)]) }
        var out: [String: JSONValue] = ["keyset": .hex(ks.bytes), "ciphertext": .string(ct), "aad": .hex(aad)]
        guard r.chance(60) else { return GeneratedInput(out) }
        let prefixLength = body.count >= 5 && body.count - 28 >= 5 && r.chance(80) ? 5 : 0
        if r.chance(15) {
            out["aad"] = .hex(r.flipBit(aad))
            return GeneratedInput(out, "binding: AAD bit")
        }
        let (mutated, how) = r.mutateBody(body, prefixLength: prefixLength)
        out["ciphertext"] = .hex(mutated)
        return GeneratedInput(out, how)
    }
}
