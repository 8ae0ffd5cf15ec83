// specs/rules.md §"Regex helpers": the exact matcher behaves as RE2's whole-string match.

import CloserWire
import Testing

@testable import CloserRules

@Suite struct AnchoredPatternTests {
    let enc = CloserRulesRegex.isCiphertext.pattern
    let sealed = CloserRulesRegex.isSealedPayload.pattern
    let keybox = CloserRulesRegex.isKeybox.pattern
    let commitment = CloserRulesRegex.isCommitmentHash.pattern
    let code = CloserRulesRegex.inviteCode

    @Test func isCiphertext() {
        for ok in ["enc:v1:A", "enc:v1:AAAA", "enc:v1:AA==", "enc:v1:A+/9", "enc:v1:AAAAA", "enc:v1:AAA="] {
            #expect(enc.matches(ok), "\(ok)")
        }
        for bad in [
            "enc:v1:", "enc:v1:===", "enc:v1:AA===", "enc:v1:A=A", "enc:v1:ab-_", "enc:v1:AAAA\n", "\nenc:v1:AAAA",
            " enc:v1:AAAA", "enc:v2:AAAA", "ENC:v1:AAAA", "enc:v1:AAé", "enc:v1:AA AA", "sealed:v1:AAAA",
        ] {
            #expect(!enc.matches(bad), "\(bad.debugDescription)")
        }
    }

    @Test func lengthBoundsOfTheURLSafeHelpers() {
        #expect(sealed.matches("sealed:v1:" + String(repeating: "-", count: 80)))
        #expect(!sealed.matches("sealed:v1:" + String(repeating: "-", count: 79)))
        #expect(!sealed.matches("sealed:v1:" + String(repeating: "A", count: 80) + "="))
        #expect(!sealed.matches("sealed:v1:" + String(repeating: "A", count: 80) + "+"))
        #expect(keybox.matches("keybox:v1:" + String(repeating: "_", count: 120)))
        #expect(!keybox.matches("keybox:v1:" + String(repeating: "_", count: 119)))
        #expect(commitment.matches("sha256:" + String(repeating: "a", count: 43)))
        #expect(!commitment.matches("sha256:" + String(repeating: "a", count: 42)))
        #expect(!commitment.matches("sha256:" + String(repeating: "a", count: 44)))
        #expect(code.matches("K7Q2XM") && code.matches("abc123"))
        #expect(
            !code.matches("K7Q2X") && !code.matches("K7Q2XMM") && !code.matches("K7Q-XM") && !code.matches("K7Q2XÉ"))
    }

    /// The matcher agrees with Swift's Regex whole match (which, like RE2's full match, must
    /// consume the whole string, so `$` cannot stop before a newline) on seeded random strings.
    @Test func agreesWithRegexWholeMatchOnRandomStrings() throws {
        let patterns = [enc, sealed, keybox, commitment, code]
        let regexes = try patterns.map { try Regex($0.source).matchingSemantics(.unicodeScalar) }
        let random = SeededRandom(seed: "anchored-pattern-cross-check")
        let prefixes = ["enc:v1:", "sealed:v1:", "keybox:v1:", "sha256:", "", "enc:v2:", "sha256"]
        let alphabet = Array("AQgwz09+/=-_:\n é".unicodeScalars)
        func pick(_ n: Int) -> Int { Int(random.uint32() % UInt32(n)) }
        var checked = 0
        for _ in 0..<3000 {
            var s = prefixes[pick(prefixes.count)]
            let length = [0, 1, 5, 6, 42, 43, 44, 79, 80, 81, 119, 120, 121, pick(150)][pick(14)]
            // Mostly one symbol class, so long lengths still produce matches.
            let plain = pick(3) > 0
            for _ in 0..<length {
                let c = plain ? alphabet[pick(6)] : alphabet[pick(alphabet.count)]
                s.unicodeScalars.append(c)
            }
            if pick(4) == 0 { s += ["=", "==", "===", "\n"][pick(4)] }
            for (p, r) in zip(patterns, regexes) {
                let expected = (try? r.wholeMatch(in: s)) != nil
                #expect(p.matches(s) == expected, "\(p.source) on \(s.debugDescription)")
                checked += 1
            }
        }
        #expect(checked == 15000)
    }
}
