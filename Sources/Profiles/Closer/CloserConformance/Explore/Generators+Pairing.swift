// Generators of the pairing ops: `couplekey.wrap`, `couplekey.unwrap`, `invite.encrypt` and
// `invite.decrypt`. Unwrap reads the document's own kdfParams, so its values are built here with
// small Argon2id costs (thousands of cases a minute) and mutated at every step of the unwrap
// order; the other three always run the production costs (m = 46080 KiB, t = 3), so about half
// of their cases are mutated before Argon2id and cost nothing, and `invite.decrypt` derives its
// one key once per process and reuses it for every case. Normative: specs/explore.md
// §"Generators", specs/couple-key-wrap.md, specs/invite-phrase.md.

import CloserHarness
import CloserWire

extension ExploreRandom {
    /// A wordlist v1 phrase of 10 random bytes (sometimes in upper case), or (with `mutate`%) a
    /// text `phrase.normalize`'s mutations make of one.
    func phraseInput(_ reference: ExploreReference, mutate: Int) -> (String, String?) {
        guard chance(mutate) else {
            let phrase = reference.output(.phraseFromEntropy, ["entropy": .hex(bytes(10))], "phrase")?.stringValue
            return (chance(10) ? (phrase ?? "").uppercased() : phrase ?? "", nil)
        }
        let g = ExploreGenerator.phraseNormalize(self, reference)
        return (g.input["input"]?.stringValue ?? "", g.mutation == "valid" ? nil : g.mutation)
    }

    /// A valid invite code (every letter case and digit, the generation alphabet's gaps
    /// included), or (`mutate`%) one the pattern refuses.
    func inviteCode(mutate: Int) -> (String, String?) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let code = String((0..<6).map { _ in pick(alphabet) })
        guard chance(mutate) else { return (code, nil) }
        let bad = pick([
            String(code.dropLast()), code + pick(["A", "7"]), " " + code, code + "\n", "ABC-23",
            String(code.dropLast()) + pick(["é", "Ａ", "_", "\u{0}", "٣"]), "",
        ])
        return (bad, "contract: invite code")
    }

    /// A `kdfParams` text with small costs, or (`mutate`%) a spelling argon2id.md §kdfParams refuses.
    func kdfParams(m: Int, t: Int, p: Int, mutate: Int) -> (String, String?) {
        let good = "$argon2id$v=19$m=\(m),t=\(t),p=\(p)"
        guard chance(mutate) else { return (good, nil) }
        let bad = pick([
            "$argon2i$v=19$m=\(m),t=\(t),p=\(p)", "$argon2id$v=16$m=\(m),t=\(t),p=\(p)",
            "$argon2id$m=\(m),t=\(t),p=\(p)",
            "$argon2id$v=19$t=\(t),m=\(m),p=\(p)", "$argon2id$v=19$m=\(m),t=\(t)",
            "$argon2id$v=19$m=0\(m),t=\(t),p=\(p)",
            "$argon2id$v=19$m=\(m),t=\(t),p=\(p)$", "$argon2id$v=19$m=\(m),t=\(t),p=\(p),p=\(p)", good.uppercased(),
            "argon2id$v=19$m=\(m),t=\(t),p=\(p)", good + " ", "$argon2id$v=19$m=\(8 * p - 1),t=\(t),p=\(p)",
            "$argon2id$v=19$m=\(m),t=11,p=\(p)", "$argon2id$v=19$m=\(m),t=\(t),p=0",
            "$argon2id$v=19$m=+\(m),t=\(t),p=\(p)",
            "$argon2id$v=19$m=1048577,t=\(t),p=\(p)", "$argon2id$v=19$m=4294967296,t=\(t),p=\(p)",
            "$argon2id$v=19$m=65537,t=1,p=1", "$argon2id$v=19$m=\(m),t=5,p=\(p)", "$argon2id$v=19$m=\(m),x=1,p=\(p)",
            good + String(repeating: "0", count: 40),
        ])
        return (bad, "kdf_params: kdfParams")
    }
}

extension ExploreGenerator {
    static var pairing: [ExploreGenerator] {
        [
            ExploreGenerator(.coupleKeyWrap, byteExact: false, coupleKeyWrap),
            ExploreGenerator(.coupleKeyUnwrap, byteExact: false, coupleKeyUnwrap),
            ExploreGenerator(.inviteEncrypt, byteExact: false, inviteEncrypt),
            ExploreGenerator(.inviteDecrypt, byteExact: false, inviteDecrypt),
        ]
    }

    /// 60% of the cases are mutated before Argon2id (keyset, phrase, salt length): they cost nothing.
    @Sendable static func coupleKeyWrap(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let layer = r.below(10)
        var ks = r.aeadKeyset().bytes
        var how: String?
        if layer < 2 { (ks, how) = r.mutateProtobuf(ks) }
        let (phrase, phraseHow) = r.phraseInput(reference, mutate: layer >= 2 && layer < 4 ? 100 : 0)
        var salt = r.bytes(16)
        if layer == 4 || layer == 5 {
            (salt, how) = (r.bytes(r.pick([0, 8, 15, 17, 32, 64])), "kdf_params: salt length")
        }
        let (iv, ivHow): (JSONValue, String?) =
            layer == 6 ? (.hex(r.bytes(r.pick([0, 11, 13, 16]))), "aead: IV length") : (.hex(r.bytes(12)), nil)
        return GeneratedInput(
            ["keyset": .hex(ks), "phrase": .string(phrase), "salt": .hex(salt), "iv": iv],
            how ?? phraseHow ?? ivHow ?? "valid")
    }

    /// 60% of the cases are refused before Argon2id (code, phrase, salt length).
    @Sendable static func inviteEncrypt(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let layer = r.below(10)
        let (code, codeHow) = r.inviteCode(mutate: layer < 2 ? 100 : 0)
        let (phrase, phraseHow) = r.phraseInput(reference, mutate: layer >= 2 && layer < 4 ? 100 : 0)
        var salt = r.bytes(16)
        var how = codeHow ?? phraseHow
        if layer == 4 || layer == 5 { (salt, how) = (r.bytes(r.pick([0, 8, 15, 17, 32])), "kdf_params: salt length") }
        var iv = r.bytes(12)
        if layer == 6 { (iv, how) = (r.bytes(r.pick([0, 11, 13, 16])), "aead: IV length") }
        return GeneratedInput(
            ["code": .string(code), "phrase": .string(phrase), "salt": .hex(salt), "iv": .hex(iv)], how ?? "valid")
    }
}
