// Generators of the lower-layer ops: `binding.aad` (ids from every plane, `|`, empty),
// `aesgcm.seal`/`aesgcm.open` (key and IV lengths, tag bits) and `hkdf.sha256` (lengths up to and
// past 8160, empty salt). Normative: specs/explore.md §"Generators", specs/harness.md
// §"Lower-layer ops".

import CloserHarness
import CloserWire

extension ExploreGenerator {
    static var lower: [ExploreGenerator] {
        [
            ExploreGenerator(.bindingAAD) { r, _ in
                let kind = r.pick(["enc", "sealed", "keybox"])
                var input: [String: JSONValue] = ["kind": .string(kind), "coupleId": .string(r.id())]
                switch kind {
                case "sealed":
                    input["questionId"] = .string(r.id())
                    input["userId"] = .string(r.id())
                case "keybox":
                    input["questionId"] = .string(r.id())
                    input["senderUserId"] = .string(r.id())
                    input["recipientUserId"] = .string(r.id())
                default: break
                }
                return GeneratedInput(input)
            },
            ExploreGenerator(.aesGCMSeal) { r, _ in
                let key = r.bytes(r.pick([16, 32, 16, 32, 24, 0]))
                let (iv, how) = r.ivInput()
                return GeneratedInput(
                    [
                        "key": .hex(key), "iv": iv, "plaintext": .hex(r.bytes(r.plaintextLength())),
                        "aad": .hex(r.bytes(r.length(max: 40))),
                    ],
                    how ?? "valid")
            },
            ExploreGenerator(.aesGCMOpen, aesgcmOpen),
            ExploreGenerator(.hkdfSHA256) { r, _ in
                let length = r.chance(10) ? r.pick([8160, 8161, 0, -1, 100_000]) : r.length(max: 200)
                return GeneratedInput([
                    "ikm": .hex(r.bytes(r.length(max: 80))), "salt": .hex(r.bytes(r.pick([0, 0, 16, 32, 33, 64, 65]))),
                    "info": .hex(r.bytes(r.length(max: 40))), "length": .number(Double(length)),
                ])
            },
        ]
    }

    @Sendable static func aesgcmOpen(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        var input: [String: JSONValue] = [
            "key": .hex(r.bytes(r.pick([16, 32]))), "iv": .hex(r.bytes(12)),
            "plaintext": .hex(r.bytes(r.plaintextLength())),
            "aad": .hex(r.bytes(r.length(max: 40))),
        ]
        let ct = reference.output(.aesGCMSeal, input, "ciphertext")?.stringValue ?? ""
        input["plaintext"] = nil
        input["ciphertext"] = .string(ct)
        guard r.chance(60), let bytes = try? Hex.decode(ct) else { return GeneratedInput(input) }
        let (mutated, how) = r.mutateBody([UInt8](repeating: 0, count: 12) + bytes, prefixLength: 0)
        input["ciphertext"] = .hex(mutated.dropFirst(12))
        return GeneratedInput(input, how)
    }
}
