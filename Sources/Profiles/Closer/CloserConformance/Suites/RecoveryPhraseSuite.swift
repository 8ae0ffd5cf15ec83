// The recovery_phrase suite: entropy → phrase, and what a person types → canonical phrase and
// entropy; valid normalization variants and hostile input. Normative: specs/recovery-phrase.md.
// Messages are never asserted (the unknown-word suggestion may change).

import CloserHarness
import CloserVectorModel
import CloserWire

enum RecoveryPhraseSuite {
    static let name = "recovery_phrase"

    static let valid = VectorFlag(
        "Valid", .basic, .phrase, "A legitimate phrase: entropy byte i is the index of word i in wordlist v1.")
    static let everyWord = VectorFlag(
        "EveryWord", .basic, .phrase,
        "Together these tests use every word of wordlist v1: a port with a wrong or reordered list fails one.")
    static let caseFolding = VectorFlag(
        "CaseFolding", .basic, .phrase, "Upper or mixed case input: lower-cased before the lookup.")
    static let nfkc = VectorFlag(
        "Nfkc", .encoding, .phrase,
        "Compatibility characters (full-width, ligatures, Kelvin sign, circled, mathematical letters) fold under NFKC.")
    static let whitespace = VectorFlag(
        "Whitespace", .encoding, .phrase,
        "Words are separated by any run of Unicode White_Space (tab, LF, CR, NBSP, U+3000, U+0085, U+2028, …); leading and trailing runs are ignored."
    )
    static let notWhitespace = VectorFlag(
        "NotWhitespace", .edgeCase, .phrase,
        "A character that is not Unicode White_Space (U+200B, U+FEFF, U+001F, U+180E, NUL, a combining mark) does not separate words; Python's str.split and Java's isWhitespace differ here."
    )
    static let lengthBound = VectorFlag(
        "InputLength", .resourceBound, .phrase,
        "Input over 1024 UTF-8 bytes is refused before normalization; 1024 is accepted.")
    static let emptyInput = VectorFlag("EmptyPhrase", .edgeCase, .phrase, "No words at all.")
    static let wordCount = VectorFlag(
        "WrongWordCount", .missingStep, .phrase, "Not exactly 10 words (checked before any word is looked up).")
    static let unknownWord = VectorFlag(
        "UnknownWord", .missingStep, .phrase,
        "A word that is not exactly a list word: misspelling, prefix, plural, homoglyph; no prefix expansion, no fuzzy match."
    )
    static let entropyLength = VectorFlag(
        "EntropyLength", .edgeCase, .phrase, "Entropy must be exactly 10 bytes.")

    static func build() throws(CloserError) -> WireSuite {
        let b = Builder(rng: SuiteRandom(suite: name))
        try b.entropyCases()
        let p = try b.normalizationVariants()
        try b.ligatureVariant()
        b.countRefusals(p)
        b.wordAndLengthRefusals(p)
        return WireSuite(
            name: name, algorithm: "closer-recovery-phrase-v1",
            header: [
                "Recovery phrase (specs/recovery-phrase.md): 10 words of wordlist v1, word i = wordlist[entropy[i]].",
                "phrase.fromEntropy gives the canonical phrase (lower case, one space); phrase.normalize applies NFKC,",
                "lower case, splitting on Unicode White_Space, then the word count and the exact lookup.",
                "Error messages are not part of the vectors; match the detail code.",
            ],
            groups: [
                VectorGroup("PhraseFromEntropy", comment: HarnessOpSpec.phraseFromEntropy.name, cases: b.fromEntropy),
                VectorGroup(
                    "PhraseNormalize", comment: "phrase.normalize of canonical, typed and hostile input",
                    cases: b.normalize),
                VectorGroup(
                    "PhraseNormalizeOrder", comment: "phrase.normalize: NFKC before lower case",
                    cases: try nfkcBeforeLowerCaseCases()),
            ])
    }

    static func swapFirstTwo(_ w: String) -> String {
        let c = Array(w)
        return String([c[1], c[0]] + c.dropFirst(2))
    }
}

extension RecoveryPhraseSuite {
    /// The two groups, filled section by section from the suite's DRBG in a fixed order.
    private final class Builder {
        let rng: SuiteRandom
        var fromEntropy: [VectorCase] = []
        var normalize: [VectorCase] = []

        init(rng: SuiteRandom) { self.rng = rng }

        func phrase(_ entropy: [UInt8]) throws(CloserError) -> RecoveryPhrase { try RecoveryPhrase(entropy: entropy) }
        func addPair(_ comment: String, _ flags: [VectorFlag], _ entropy: [UInt8]) throws(CloserError) {
            let p = try phrase(entropy)
            let inter: [(String, JSONValue)] = [("entropy", V.hex(entropy)), ("phrase", V.str(p.string))]
            fromEntropy.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.phraseFromEntropy.name,
                    input: [("entropy", V.hex(entropy))],
                    output: [("phrase", V.str(p.string))], intermediates: inter))
            normalize.append(
                .valid(
                    comment + ", read back", flags: [valid] + flags, op: HarnessOpSpec.phraseNormalize.name,
                    input: [("input", V.str(p.string))],
                    output: [("phrase", V.str(p.string)), ("entropy", V.hex(entropy))], intermediates: inter))
        }

        /// A phrase.normalize refusal.
        func bad(_ comment: String, _ flag: VectorFlag, _ input: String, _ code: CloserError.Code) {
            normalize.append(
                .invalid(
                    comment, flags: [flag], op: HarnessOpSpec.phraseNormalize.name, input: [("input", V.str(input))],
                    error: code,
                    layer: .phrase))
        }

        /// fromEntropy and its read-back: fixed and random entropy, every word; wrong entropy lengths.
        func entropyCases() throws(CloserError) {
            try addPair("entropy 00…09 (the spec's example)", [], Array(0..<10))
            try addPair("all zero bytes", [], [UInt8](repeating: 0, count: 10))
            try addPair("all 0xff bytes", [], [UInt8](repeating: 0xff, count: 10))
            try addPair("entropy ff fe … f6", [], (0..<10).map { 0xff - UInt8($0) })
            for chunk in 0..<26 {
                let entropy = (0..<10).map { UInt8((chunk * 10 + $0) % 256) }
                try addPair("words \(chunk * 10)…\(chunk * 10 + 9) (mod 256)", [everyWord], entropy)
            }
            for _ in 0..<6 { try addPair("random entropy", [], rng.bytes(10)) }

            for n in [0, 1, 9, 11, 16, 32] {
                fromEntropy.append(
                    .invalid(
                        "entropy of \(n) bytes", flags: [entropyLength], op: HarnessOpSpec.phraseFromEntropy.name,
                        input: [("entropy", V.hex(rng.bytes(n)))], error: .phraseInvalidEntropyLength, layer: .phrase))
            }
        }

        /// Normalization variants of one phrase: each must give the canonical phrase and entropy. Returns the phrase.
        func normalizationVariants() throws(CloserError) -> RecoveryPhrase {
            let entropy = rng.bytes(10)
            let p = try phrase(entropy)
            let words = p.words
            func variant(_ comment: String, _ flags: [VectorFlag], _ input: String) {
                normalize.append(
                    .valid(
                        comment, flags: [valid] + flags, op: HarnessOpSpec.phraseNormalize.name,
                        input: [("input", V.str(input))],
                        output: [("phrase", V.str(p.string)), ("entropy", V.hex(entropy))],
                        intermediates: [("entropy", V.hex(entropy)), ("phrase", V.str(p.string))]))
            }
            func fullWidth(_ s: String) -> String {
                String(
                    String.UnicodeScalarView(
                        s.unicodeScalars.map { c in
                            (0x21...0x7e).contains(c.value) ? Unicode.Scalar(c.value + 0xfee0)! : c
                        }))
            }
            variant("upper case", [caseFolding], p.string.uppercased())
            variant(
                "title case", [caseFolding],
                words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            )
            variant(
                "alternating case", [caseFolding],
                String(
                    p.string.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element }))
            variant("full-width letters (U+FF41…)", [nfkc], fullWidth(p.string))
            variant("full-width upper-case letters", [nfkc, caseFolding], fullWidth(p.string.uppercased()))
            variant("ideographic space U+3000 between words", [whitespace, nfkc], words.joined(separator: "\u{3000}"))
            variant(
                "circled letters (U+24D0…)", [nfkc],
                String(
                    String.UnicodeScalarView(
                        p.string.unicodeScalars.map { c in
                            ("a"..."z").contains(c) ? Unicode.Scalar(c.value - 0x61 + 0x24d0)! : c
                        })))
            variant(
                "mathematical bold letters (U+1D41A…)", [nfkc],
                String(
                    String.UnicodeScalarView(
                        p.string.unicodeScalars.map { c in
                            ("a"..."z").contains(c) ? Unicode.Scalar(c.value - 0x61 + 0x1d41a)! : c
                        })))
            variant("two spaces between words", [whitespace], words.joined(separator: "  "))
            variant("tabs between words", [whitespace], words.joined(separator: "\t"))
            variant("one word per line (LF)", [whitespace], words.joined(separator: "\n"))
            variant("CRLF line breaks", [whitespace], words.joined(separator: "\r\n"))
            variant("NBSP U+00A0 between words", [whitespace], words.joined(separator: "\u{a0}"))
            variant("NEL U+0085 between words (not JavaScript \\s)", [whitespace], words.joined(separator: "\u{85}"))
            variant("LINE SEPARATOR U+2028 between words", [whitespace], words.joined(separator: "\u{2028}"))
            variant("EM SPACE U+2003 and OGHAM SPACE U+1680", [whitespace], words.joined(separator: "\u{2003}\u{1680}"))
            variant("vertical tab and form feed", [whitespace], words.joined(separator: "\u{0b}\u{0c}"))
            variant("leading and trailing spaces", [whitespace], "   " + p.string + "   ")
            variant("leading newline and trailing tab", [whitespace], "\n" + p.string + "\t")
            variant(
                "mixed separators and case", [whitespace, caseFolding],
                zip(words, [" ", "\t", "  ", "\n", "\u{a0}", "\u{3000}", " \t ", "\r\n", "\u{2028}", ""]).map {
                    $0.0.uppercased() + $0.1
                }.joined())
            let pad = RecoveryPhrase.maximumInputLength - p.string.utf8.count
            variant(
                "padded with spaces to exactly 1024 UTF-8 bytes", [lengthBound, whitespace],
                p.string + String(repeating: " ", count: pad))
            return p
        }

        /// Ligatures and the Kelvin sign need words that contain them.
        func ligatureVariant() throws(CloserError) {
            let ligature: [UInt8] = [
                WordIndex.of("fireside"), WordIndex.of("flute"), WordIndex.of("kettle"), WordIndex.of("kitten"),
                WordIndex.of("acorn"), WordIndex.of("festival"), WordIndex.of("koala"), WordIndex.of("fossil"),
                WordIndex.of("kiwi"), WordIndex.of("falcon"),
            ]
            let lp = try phrase(ligature)
            let ligatureInput = lp.string.replacing("fi", with: "\u{fb01}").replacing("fl", with: "\u{fb02}")
                .replacing("k", with: "\u{212a}")
            normalize.append(
                .valid(
                    "ligatures ﬁ ﬂ and the Kelvin sign K (U+212A) fold under NFKC", flags: [valid, nfkc],
                    op: HarnessOpSpec.phraseNormalize.name, input: [("input", V.str(ligatureInput))],
                    output: [("phrase", V.str(lp.string)), ("entropy", V.hex(ligature))],
                    intermediates: [("entropy", V.hex(ligature)), ("phrase", V.str(lp.string))]))
        }

        /// Hostile input: empty, the wrong word count, separators that are not whitespace.
        func countRefusals(_ p: RecoveryPhrase) {
            let words = p.words
            bad("empty input", emptyInput, "", .phraseEmpty)
            bad("only whitespace", emptyInput, " \t\n\u{3000}\u{a0}", .phraseEmpty)
            bad("one word", wordCount, words[0], .phraseWrongWordCount)
            bad("9 words", wordCount, words.prefix(9).joined(separator: " "), .phraseWrongWordCount)
            bad("11 words", wordCount, (words + [words[0]]).joined(separator: " "), .phraseWrongWordCount)
            bad("20 words (the phrase twice)", wordCount, (words + words).joined(separator: " "), .phraseWrongWordCount)
            bad(
                "9 words, one unknown: the count is checked first", wordCount,
                (["zzzz"] + words.prefix(8)).joined(separator: " "), .phraseWrongWordCount)
            bad(
                "two words joined (9 words)", wordCount,
                ([words[0] + words[1]] + words.dropFirst(2)).joined(separator: " "), .phraseWrongWordCount)
            bad(
                "words joined by a hyphen (1 word)", wordCount, words.joined(separator: "-"), .phraseWrongWordCount)
            bad(
                "words joined by ZERO WIDTH SPACE U+200B (not whitespace)", notWhitespace,
                words.joined(separator: "\u{200b}"), .phraseWrongWordCount)
            bad(
                "words joined by U+001F (Python's str.split splits here; White_Space does not)", notWhitespace,
                words.joined(separator: "\u{1f}"), .phraseWrongWordCount)
            bad(
                "words joined by U+180E MONGOLIAN VOWEL SEPARATOR (not White_Space since Unicode 6.3)", notWhitespace,
                words.joined(separator: "\u{180e}"), .phraseWrongWordCount)
            bad("words joined by NUL", notWhitespace, words.joined(separator: "\u{0}"), .phraseWrongWordCount)
        }

        /// Hostile input: words not in the list, characters that are not whitespace, the length bound.
        func wordAndLengthRefusals(_ p: RecoveryPhrase) {
            let words = p.words
            let pad = RecoveryPhrase.maximumInputLength - p.string.utf8.count
            func replaced(_ i: Int, _ w: String) -> String {
                var ws = words
                ws[i] = w
                return ws.joined(separator: " ")
            }
            bad(
                "one letter missing in word 4", unknownWord, replaced(3, String(words[3].dropLast())),
                .phraseUnknownWord)
            bad("plural of word 1", unknownWord, replaced(0, words[0] + "s"), .phraseUnknownWord)
            bad(
                "first four letters only (no prefix expansion)", unknownWord, replaced(5, String(words[5].prefix(4))),
                .phraseUnknownWord)
            bad(
                "adjacent letters swapped in word 10", unknownWord, replaced(9, swapFirstTwo(words[9])),
                .phraseUnknownWord)
            bad("a digit in word 2", unknownWord, replaced(1, words[1] + "1"), .phraseUnknownWord)
            bad("a word that is not in the list", unknownWord, replaced(2, "zzzz"), .phraseUnknownWord)
            bad("Cyrillic а (U+0430) in place of Latin a", unknownWord, replaced(0, "\u{430}corn"), .phraseUnknownWord)
            bad(
                "BYTE ORDER MARK U+FEFF before the first word (not whitespace)", notWhitespace, "\u{feff}" + p.string,
                .phraseUnknownWord)
            bad(
                "ZERO WIDTH SPACE inside word 3", notWhitespace,
                replaced(2, String(words[2].prefix(2)) + "\u{200b}" + String(words[2].dropFirst(2))), .phraseUnknownWord
            )
            bad(
                "a combining acute accent after a space: it belongs to the next word (code points, not graphemes)",
                notWhitespace, words.joined(separator: " \u{301}"), .phraseUnknownWord)
            bad(
                "decomposed é in a word (NFKC composes it; still not a list word)", unknownWord,
                replaced(4, "e\u{301}" + words[4]), .phraseUnknownWord)
            bad(
                "Turkish İ (U+0130) lower-cases to i + U+0307, not a list word", unknownWord,
                "ANİMAL " + words.dropFirst().joined(separator: " "), .phraseUnknownWord)
            bad(
                "a word of another wordlist (BIP-39 \"abandon\")", unknownWord, replaced(7, "abandon"),
                .phraseUnknownWord)
            bad(
                "1025 UTF-8 bytes (the phrase and spaces)", lengthBound,
                p.string + String(repeating: " ", count: pad + 1),
                .phraseTooLong)
            bad(
                "full-width padding over 1024 bytes (counted before NFKC)", lengthBound,
                p.string + String(repeating: "\u{3000}", count: pad / 3 + 1), .phraseTooLong)
            bad("4096 bytes of letters", lengthBound, String(repeating: "a", count: 4096), .phraseTooLong)
        }
    }
}

/// A word's index in wordlist v1.
enum WordIndex {
    static func of(_ word: String) -> UInt8 { UInt8(RecoveryPhrase.wordlist.firstIndex(of: word)!) }
}
