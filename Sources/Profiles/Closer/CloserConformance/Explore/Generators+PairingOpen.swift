// Generators of the pairing ops that open a value: `couplekey.unwrap` (a document built here with
// small kdfParams, so Argon2id costs little) and `invite.decrypt` (the production costs are fixed
// by invite-phrase.md: the generator derives its one key, code K7M2QX with a fixed salt, once per
// process and seals every case's value under it; the ports and CloserSpec still derive it per
// case). Both are mutated at every step of their page's check order. Normative: specs/explore.md
// §"Generators", specs/couple-key-wrap.md §Unwrap, specs/invite-phrase.md §Decryption.

import CloserHarness
import CloserWire

extension ExploreGenerator {
    static let coupleKeyAAD = Array("closer_couple_key".utf8)
    static let inviteAAD = Array("closer_invite_phrase".utf8)
    static let inviteCode = "K7M2QX"
    static let inviteSalt = Array(0x40..<0x50 as Range<UInt8>)

    /// The invite key of `inviteCode` and `inviteSalt` at the production costs, derived once.
    static let inviteKey: [UInt8] = {
        let input: [String: JSONValue] = [
            "memoryKiB": .number(46080), "iterations": .number(3), "parallelism": .number(1), "length": .number(32),
            "password": .hex(Array(inviteCode.utf8)), "salt": .hex(inviteSalt),
        ]
        return (try? Hex.decode(ExploreReference().output(.argon2id, input, "key")?.stringValue ?? "")) ?? []
    }()

    /// IV ‖ AES-GCM(key, IV, plaintext, aad) ‖ tag, sealed by CloserSpec's `aesgcm.seal`.
    static func sealed(
        _ r: ExploreRandom, _ reference: ExploreReference, key: [UInt8], _ plaintext: [UInt8], aad: [UInt8]
    )
        -> [UInt8]
    {
        let iv = r.bytes(12)
        let input: [String: JSONValue] = [
            "key": .hex(key), "iv": .hex(iv), "plaintext": .hex(plaintext), "aad": .hex(aad),
        ]
        return iv + ((try? Hex.decode(reference.output(.aesGCMSeal, input, "ciphertext")?.stringValue ?? "")) ?? [])
    }

    /// The wrapped keyset: a random one, or (layer 8) a keyset mutated at the protobuf layer or not a keyset.
    static func unwrapPlaintext(_ r: ExploreRandom, layer: Int) -> ([UInt8], String?) {
        let keyset = r.aeadKeyset().bytes
        guard layer == 8 else { return (keyset, nil) }
        if r.chance(20) { return (r.bytes(r.length(max: 40)), "keyset: not a keyset") }
        let (mutated, how) = r.mutateProtobuf(keyset)
        return (mutated, "wrapped " + how)
    }

    @Sendable static func coupleKeyUnwrap(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let layer = r.below(10)
        let p = 1 + r.below(2)
        let (m, t) = (8 * p + r.below(24), 1 + r.below(2))
        let (phrase, _) = r.phraseInput(reference, mutate: 0)
        let canonical = reference.output(.phraseNormalize, ["input": .string(phrase)], "phrase")?.stringValue ?? ""
        let salt = r.bytes(16)
        let kdf: [String: JSONValue] = [
            "memoryKiB": .number(Double(m)), "iterations": .number(Double(t)), "parallelism": .number(Double(p)),
            "length": .number(32), "password": .hex(Array(canonical.utf8)), "salt": .hex(salt),
        ]
        let key = (try? Hex.decode(reference.output(.argon2id, kdf, "key")?.stringValue ?? "")) ?? []
        let (plaintext, plainHow) = unwrapPlaintext(r, layer: layer)
        var wrapped = sealed(r, reference, key: key, plaintext, aad: coupleKeyAAD)
        var how = plainHow
        if layer == 6 { (wrapped, how) = r.mutateSealed(wrapped, skip: 0) }
        var out: [String: JSONValue] = [
            "wrappedCoupleKey": .string(Base64.encode(wrapped, .standard)),
            "kdfSalt": .string(Base64.encode(salt, .standard)),
            "kdfParams": .string(r.kdfParams(m: m, t: t, p: p, mutate: layer == 3 ? 100 : 0).0),
            "phrase": .string(phrase),
        ]
        switch layer {
        case 3: how = "kdf_params: kdfParams"
        case 4: how = unwrapSaltMutation(r, salt, &out)
        case 5:
            let (text, label) = r.mutateEncoding(Base64.encode(wrapped, .standard), url: false)
            (out["wrappedCoupleKey"], how) = (.string(text), label)
        case 7:
            let (text, label) = r.phraseInput(reference, mutate: 100)
            (out["phrase"], how) = (.string(r.chance(80) ? text : r.text()), label ?? "phrase: another text")
        case 9:
            out["kdfParams"] = .string("$argon2id$v=19$m=\(m + 1),t=\(t),p=\(p)")
            how = "kdf_params: other costs"
        default: break
        }
        return GeneratedInput(out, how ?? "valid")
    }

    static func unwrapSaltMutation(_ r: ExploreRandom, _ salt: [UInt8], _ out: inout [String: JSONValue]) -> String {
        if r.chance(50) {
            let (text, label) = r.mutateEncoding(Base64.encode(salt, .standard), url: false)
            out["kdfSalt"] = .string(text)
            return label
        }
        out["kdfSalt"] = .string(Base64.encode(r.bytes(r.pick([0, 8, 15, 17, 32, 49, 64])), .standard))
        return "kdf_params: salt length"
    }

    /// 40% of the cases are refused before Argon2id (code, encoding, length): they cost nothing.
    @Sendable static func inviteDecrypt(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let layer = r.below(10)
        let phrase = r.phraseInput(reference, mutate: 0).0
        var plaintext = Array((r.chance(70) ? phrase : r.text()).utf8)
        var how: String?
        if layer == 7 {
            (plaintext, how) = ([0x61, r.pick([0x80, 0xC3, 0xED, 0xFF]), 0x62], "contract: plaintext not UTF-8")
        }
        var value = inviteSalt + sealed(r, reference, key: inviteKey, plaintext, aad: inviteAAD)
        var code = String(inviteCode.map { r.chance(50) ? Character($0.lowercased()) : $0 })
        switch layer {
        case 0: (code, how) = r.inviteCode(mutate: 100)
        case 2:
            (value, how) = (
                r.chance(50) ? r.bytes(r.pick([0, 1, 27, 43])) : r.bytes(3072 + r.below(10)), "contract: value length"
            )
        case 3: (value, how) = (Array(value.prefix(r.below(44))), "aead: too short")
        case 8: (value, how) = r.mutateSealed(value, skip: 16)
        case 9 where r.chance(50): (code, how) = (r.inviteCode(mutate: 0).0, "binding: another code")
        case 9: (value, how) = (r.flipBit(value, in: 0..<16), "kdf_params: salt bit")
        default: break
        }
        var text = Base64.encode(value, .standard)
        if layer == 1 { (text, how) = r.mutateEncoding(text, url: false) }
        return GeneratedInput(["code": .string(code), "value": .string(text)], how ?? "valid")
    }
}
