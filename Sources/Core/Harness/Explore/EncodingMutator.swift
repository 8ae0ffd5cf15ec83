// Mutations of the encoding layer: a canonical b64 / b64url text with its alphabet swapped,
// padding added or dropped, spare bits set, whitespace or a non-ASCII character inserted, a
// symbol dropped. Normative: specs/explore.md §"Mutations", specs/encodings.md.

extension ExploreRandom {
    /// `text` (canonical, of the given profile) mutated at the encoding layer, and the mutation.
    package func mutateEncoding(_ text: String, url: Bool) -> (String, String) {
        var chars = Array(text)
        let body = chars.filter { $0 != "=" }
        switch below(8) {
        case 0:
            // The other alphabet's characters for 62 and 63.
            let map: [Character: Character] = url ? ["-": "+", "_": "/"] : ["+": "-", "/": "_"]
            if chars.contains(where: { map[$0] != nil }) {
                return (String(chars.map { map[$0] ?? $0 }), "encoding: other alphabet")
            }
            chars.insert(url ? "+" : "_", at: below(chars.count + 1))
            return (String(chars), "encoding: other alphabet")
        case 1:
            return (String(body), "encoding: padding dropped")
        case 2:
            return (text + pick(["=", "==", "==="]), "encoding: padding added")
        case 3:
            // Set a spare bit of the last symbol (only a 2- or 3-symbol final quantum has any).
            guard let last = body.last, body.count % 4 != 0 else { return (text + "A", "encoding: extra symbol") }
            let alphabet = Array(
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + (url ? "-_" : "+/"))
            guard let v = alphabet.firstIndex(of: last) else { return (text, "encoding: unchanged") }
            let spare = body.count % 4 == 2 ? 4 : 2
            let bit = 1 << below(spare)
            var out = body
            out[out.count - 1] = alphabet[v ^ bit]
            return (String(out) + String(repeating: "=", count: chars.count - body.count), "encoding: trailing bits")
        case 4:
            chars.insert(pick([" ", "\n", "\r\n", "\t"]), at: below(chars.count + 1))
            return (String(chars), "encoding: whitespace")
        case 5:
            chars.insert(pick(["é", "\u{0}", "!", "\u{FF21}", "."]), at: below(chars.count + 1))
            return (String(chars), "encoding: foreign character")
        case 6:
            guard !body.isEmpty else { return ("=", "encoding: padding only") }
            var out = body
            out.remove(at: below(out.count))
            return (String(out) + String(repeating: "=", count: chars.count - body.count), "encoding: symbol dropped")
        default:
            return (pick(["", "=", "A", "AA", "AAA", "AB==", "AA=A"]), "encoding: short text")
        }
    }
}
