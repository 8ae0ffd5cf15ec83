// The recovery_phrase suite's order group: normalization is NFKC, then lower case
// (specs/recovery-phrase.md §Normalization, D-PAIR-17). Modifier capital letters (U+1D2C ᴬ,
// U+1D2E ᴮ, U+1D38 ᴸ, U+1D39 ᴹ, U+1D41 ᵁ, …) have no lower-case mapping of their own and
// NFKC-fold to A–Z: NFKC first gives the list word, lower case first leaves an upper-case letter
// and the word is unknown. Fixed inputs, no DRBG draws.

import CloserHarness
import CloserVectorModel
import CloserWire

extension RecoveryPhraseSuite {
    static let nfkcThenLower = VectorFlag(
        "NfkcBeforeLowerCase", .encoding, .phrase,
        "A modifier capital (U+1D2C ᴬ …) folds to A–Z under NFKC and only then to a–z: the steps in the other order leave it upper case."
    )

    static func nfkcBeforeLowerCaseCases() throws(CloserError) -> [VectorCase] {
        let entropy: [UInt8] = Array(0..<10)
        let p = try RecoveryPhrase(entropy: entropy)
        let rest = p.words.dropFirst(2).joined(separator: " ")
        var cases: [VectorCase] = []
        for (what, typed) in [
            ("ᴬcorn: U+1D2C MODIFIER LETTER CAPITAL A", "\u{1D2C}corn \(p.words[1]) \(rest)"),
            (
                "ᴬᴸᴮᵁᴹ: album in modifier capitals (U+1D2C U+1D38 U+1D2E U+1D41 U+1D39)",
                "\(p.words[0]) \u{1D2C}\u{1D38}\u{1D2E}\u{1D41}\u{1D39} \(rest)"
            ),
            (
                "ᴬᶜᴼᴿᴺ mixed with a modifier small c (U+1D9C)",
                "\u{1D2C}\u{1D9C}\u{1D3C}\u{1D3F}\u{1D3A} \(p.words[1]) \(rest)"
            ),
        ] {
            cases.append(
                VectorCase.valid(
                    "NFKC before lower case: \(what)", flags: [valid, nfkc, caseFolding, nfkcThenLower],
                    op: HarnessOpSpec.phraseNormalize.name, input: [("input", V.str(typed))],
                    output: [("phrase", V.str(p.string)), ("entropy", V.hex(entropy))],
                    intermediates: [("entropy", V.hex(entropy)), ("phrase", V.str(p.string))]
                ).citing(VectorPin("D-PAIR-17", .accept)))
        }
        return cases
    }
}
