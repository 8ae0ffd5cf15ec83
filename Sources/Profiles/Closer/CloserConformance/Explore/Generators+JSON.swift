// Generators of `canonicalize` and `commitment`: JSON texts built as text, so that member order,
// string escapes, number spellings and whitespace vary, keys from every plane (UTF-16 order
// differs from UTF-8 order exactly for keys mixing U+E000…U+FFFF with astral scalars), then
// mutated at the json layer (duplicates, lone surrogates, trailing commas, bad numbers).
// Normative: specs/explore.md §"Generators", specs/canonical-json.md.

import CloserHarness
import CloserWire

extension ExploreRandom {
    /// A JSON string literal of `s`, each scalar raw or escaped (astral ones as surrogate pairs).
    func jsonString(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            let escape = c.value < 0x20 || c == "\"" || c == "\\" || chance(15)
            guard escape else {
                out.unicodeScalars.append(c)
                continue
            }
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n" where chance(50): out += "\\n"
            case "/" where chance(50): out += "\\/"
            default:
                for unit in String(c).utf16 {
                    let hex = String(unit, radix: 16)
                    let padded = String(repeating: "0", count: 4 - hex.count) + hex
                    out += "\\u" + (chance(50) ? padded.uppercased() : padded)
                }
            }
        }
        return out + "\""
    }

    /// A JSON text of depth at most `depth`.
    func jsonText(depth: Int) -> String {
        let ws = chance(20) ? pick([" ", "\n", "\t", "\r\n "]) : ""
        switch depth > 0 ? below(8) : below(4) {
        case 0: return pick(["null", "true", "false"])
        case 1: return numberLiteral()
        case 2, 3: return jsonString(text(max: 8, long: false))
        case 4, 5:
            let n = below(5)
            let items = (0..<n).map { _ in jsonText(depth: depth - 1) }
            return "[" + ws + items.joined(separator: "," + ws) + "]"
        default:
            var keys: Set<String> = []
            var members: [String] = []
            for _ in 0..<below(6) {
                let key = text(max: 3, long: false)
                guard keys.insert(key).inserted else { continue }
                members.append(jsonString(key) + ws + ":" + jsonText(depth: depth - 1))
            }
            return "{" + ws + members.joined(separator: ",") + ws + "}"
        }
    }

    /// A JSON text, valid or mutated at the json layer, and the mutation.
    package func jsonInput() -> (String, String) {
        let valid = jsonText(depth: 3)
        guard chance(30) else { return (valid, "valid") }
        switch below(6) {
        case 0: return ("{\"a\":1,\"a\":2}", "json: duplicate member")
        case 1: return ("[\"\\ud800\"]", "json: lone surrogate")
        case 2: return ("[" + valid + ",]", "json: trailing comma")
        case 3: return ("\u{FEFF}" + valid, "json: byte order mark")
        case 4: return (valid + " " + valid, "json: two texts")
        default:
            return (
                "[" + pick(["NaN", "Infinity", "-", "1e", "0x1", "01", ".1", "1.e5", "1e400"]) + "]", "json: bad number"
            )
        }
    }
}

extension ExploreGenerator {
    static var json: [ExploreGenerator] {
        [
            ExploreGenerator(.canonicalize) { r, _ in
                let (text, how) = r.jsonInput()
                return GeneratedInput(["json": .string(text)], how)
            },
            ExploreGenerator(.commitment) { r, _ in
                let (text, how) = r.jsonInput()
                return GeneratedInput(["json": .string(text)], how)
            },
        ]
    }
}
