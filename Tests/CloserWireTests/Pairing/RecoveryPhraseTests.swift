// specs/recovery-phrase.md.

import CloserWire
import Testing

@Suite("recovery phrase")
struct RecoveryPhraseTests {
    let list = RecoveryPhrase.wordlist

    @Test("entropy -> words is wordlist[entropy[i]], and back")
    func entropyRoundTrip() throws {
        let entropy: [UInt8] = [0, 1, 2, 3, 252, 253, 254, 255, 128, 64]
        let phrase = try RecoveryPhrase(entropy: entropy)
        #expect(phrase.words == entropy.map { list[Int($0)] })
        #expect(phrase.string == phrase.words.joined(separator: " "))
        #expect(phrase.passwordBytes == Array(phrase.string.utf8))
        #expect(try RecoveryPhrase(normalizing: phrase.string) == phrase)
        #expect(try RecoveryPhrase(normalizing: phrase.string).entropy == entropy)
    }

    @Test("every byte value round-trips through its word")
    func everyWord() throws {
        for b in 0...255 {
            let e = [UInt8](repeating: UInt8(b), count: 10)
            #expect(try RecoveryPhrase(normalizing: RecoveryPhrase(entropy: e).string).entropy == e)
        }
    }

    @Test("entropy must be exactly 10 bytes")
    func entropyLength() {
        for n in [0, 9, 11, 16] {
            expectCode(.phraseInvalidEntropyLength) { () throws(CloserError) in
                try RecoveryPhrase(entropy: [UInt8](repeating: 0, count: n))
            }
        }
    }

    @Test("generation draws 10 bytes from the injected source")
    func generate() throws {
        let bytes: [UInt8] = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
        #expect(RecoveryPhrase.generate(random: FixedRandom(bytes)).entropy == bytes)
        #expect(RecoveryPhrase.generate().entropy.count == 10)
        #expect(RecoveryPhrase.generate() != RecoveryPhrase.generate())
    }

    @Test(
        "normalization: NFKC, case, any whitespace, trimming",
        arguments: [
            "  acorn album alpine anchor animal apple apron arena arrow artist  ",
            "ACORN Album ALPINE anchor animal apple apron arena arrow artist",
            "acorn\talbum\nalpine\r\nanchor   animal apple apron arena arrow artist",
            "ａｃｏｒｎ album alpine anchor animal apple apron arena arrow artist",  // full-width letters
            "acorn\u{3000}album\u{00a0}alpine\u{2003}anchor animal apple apron arena arrow artist",  // odd spaces
            "ＡＣＯＲＮ album alpine anchor animal apple apron arena arrow ARTIST\n",
        ])
    func normalization(input: String) throws {
        let phrase = try RecoveryPhrase(normalizing: input)
        #expect(phrase.string == "acorn album alpine anchor animal apple apron arena arrow artist")
        #expect(phrase.entropy == Array(0...9))
        #expect(try RecoveryPhrase.canonicalText(of: input) == phrase.string)
    }

    @Test("an unknown word is named by its position only: neither the typed word nor a list word")
    func unknownWord() throws {
        let error = expectCode(.phraseUnknownWord) { () throws(CloserError) in
            try RecoveryPhrase(normalizing: "acorn album alpine anchr animal apple apron arena arrow artist")
        }
        #expect(error?.reason == "word 4 is not in the wordlist")
        // A typo of a secret word is nearly the secret word, and its closest list word is it.
        #expect(error?.reason.contains("anchr") == false)
        #expect(error?.reason.contains("anchor") == false)
        #expect(error?.reason.contains("acorn") == false)
        #expect(error?.category == .decodeError)
    }

    @Test("no reason of any phrase error contains a word of the input or of the list")
    func noWordsInAnyReason() {
        let inputs = [
            "acorn album alpine anchr animal apple apron arena arrow artist",
            "zzzzz album alpine anchor animal apple apron arena arrow artist",
            "acorn album alpine anchor animal apple apron arena arrow",
            "acorn album alpine an\u{1b}[2Jchor animal apple apron arena arrow artist",
        ]
        for input in inputs {
            do throws(CloserError) {
                _ = try RecoveryPhrase(normalizing: input)
                Issue.record("accepted \(input)")
            } catch {
                for word in RecoveryPhrase.wordlist + ["anchr", "zzzzz", "\u{1b}"] {
                    #expect(!error.reason.contains(word), "\(error.code): reason contains \(word)")
                }
            }
        }
    }

    @Test(
        "the suggestion: same first four letters first, then edit distance",
        arguments: [
            ("anchr", "anchor"), ("acron", "acorn"), ("bananas", "banana"), ("voyag", "voyage"),
            ("zipp", "zipper"), ("drumm", "drum"), ("kityen", "kitten"), ("waffel", "waffle"),
        ])
    func suggestion(input: String, expected: String) {
        #expect(RecoveryPhrase.closestWord(to: input) == expected)
    }

    @Test("whitespace splits on scalars: a combining mark after a space starts the next word (fuzz finding)")
    func combiningMarkAfterSeparator() throws {
        // " \u{301}" and " \u{F91}" are single grapheme clusters; the spec splits on White_Space scalars.
        #expect(try RecoveryPhrase.canonicalText(of: "x \u{301}y") == "x \u{301}y")
        #expect(try RecoveryPhrase.canonicalText(of: "x\n\u{F91}y z") == "x \u{F91}y z")
        let once = try RecoveryPhrase.canonicalText(of: "acochor\n\u{F91}\u{FFFD}ao lp")
        #expect(try RecoveryPhrase.canonicalText(of: once) == once)
        // Ten words (the second one unknown), not nine.
        expectCode(.phraseUnknownWord) { () throws(CloserError) in
            try RecoveryPhrase(normalizing: "acorn \u{301}album alpine anchor animal apple apron arena arrow artist")
        }
    }

    @Test("the length bound is on the input as received: NFKC may lengthen it past 1024 bytes (fuzz finding)")
    func boundBeforeNormalization() throws {
        // U+0385 (2 bytes) is NFKC " \u{308}\u{301}" (5 bytes).
        let input = "a " + String(repeating: "\u{385}", count: 511)
        #expect(input.utf8.count == 1024)
        let text = try RecoveryPhrase.canonicalText(of: input)
        #expect(text.utf8.count > 1024)
        expectCode(.phraseTooLong) { () throws(CloserError) in try RecoveryPhrase.canonicalText(of: text) }
    }

    @Test("wrong word counts and empty input have their own codes")
    func counts() {
        expectCode(.phraseEmpty) { () throws(CloserError) in try RecoveryPhrase(normalizing: " \t\n ") }
        expectCode(.phraseWrongWordCount) { () throws(CloserError) in
            try RecoveryPhrase(normalizing: "acorn album alpine anchor animal apple apron arena arrow")
        }
        expectCode(.phraseWrongWordCount) { () throws(CloserError) in
            try RecoveryPhrase(normalizing: "acorn album alpine anchor animal apple apron arena arrow artist atlas")
        }
        expectCode(.phraseTooLong) { () throws(CloserError) in
            try RecoveryPhrase(normalizing: String(repeating: "acorn ", count: 200))
        }
    }

    @Test("description never shows the words")
    func redacted() throws {
        let phrase = try RecoveryPhrase(entropy: Array(0...9))
        #expect(!"\(phrase)".contains("acorn"))
        #expect(!String(reflecting: phrase).contains("acorn"))
    }

    @Test("edit distance: Levenshtein plus adjacent swaps")
    func editDistance() {
        #expect(RecoveryPhrase.editDistance("kitten", "sitting") == 3)
        #expect(RecoveryPhrase.editDistance("", "abc") == 3)
        #expect(RecoveryPhrase.editDistance("abc", "abc") == 0)
        #expect(RecoveryPhrase.editDistance("flaw", "lawn") == 2)
        #expect(RecoveryPhrase.editDistance("acron", "acorn") == 1)  // a swap counts 1
        #expect(RecoveryPhrase.editDistance("ca", "abc") == 3)  // optimal string alignment, not full Damerau
    }
}
