// The recovery phrase: 10 words of wordlist v1, 80 bits. Normative: specs/recovery-phrase.md.
//
// entropy (10 bytes) <-> words: word i = wordlist[entropy[i]]. The canonical phrase is the
// words joined by one space; its UTF-8 is the Argon2id password of the couple-key wrap
// (specs/couple-key-wrap.md). Input is normalized first: Unicode NFKC, lower case, any
// run of whitespace is one separator, leading and trailing whitespace ignored.

import CoreWire
import Foundation

extension CloserError.Code {
    public static let phraseInvalidEntropyLength = Self("phrase.invalid_entropy_length", .invalidParameters)
    public static let phraseEmpty = Self("phrase.empty", .decodeError)
    public static let phraseTooLong = Self("phrase.too_long", .decodeError)
    public static let phraseWrongWordCount = Self("phrase.wrong_word_count", .decodeError)
    public static let phraseUnknownWord = Self("phrase.unknown_word", .decodeError)
}

/// A recovery phrase of wordlist v1.
///
/// `description` never shows the words: print `string` explicitly where showing the
/// secret is intended (the CLI's `phrase new`).
public struct RecoveryPhrase: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The phrase's 10 bytes: byte i is the index of word i.
    package let entropy: [UInt8]

    /// Number of words (and entropy bytes).
    public static let wordCount = CloserProfileV1.recoveryPhraseWordCount
    /// Longest input `init(normalizing:)` looks at, in UTF-8 bytes. The longest canonical
    /// phrase is 89 bytes; the rest is room for sloppy whitespace and full-width letters.
    public static let maximumInputLength = 1024

    /// The phrase for 10 bytes of entropy.
    public init(entropy: [UInt8]) throws(CloserError) {
        guard entropy.count == Self.wordCount else {
            throw CloserError(
                .phraseInvalidEntropyLength,
                "phrase entropy is \(entropy.count) bytes; exactly \(Self.wordCount) needed")
        }
        self.entropy = entropy
    }

    /// A new phrase from 10 bytes of `random` (the system CSPRNG by default).
    public static func generate(random: some RandomSource = SystemRandom()) -> RecoveryPhrase {
        RecoveryPhrase(checkedEntropy: random.bytes(wordCount))
    }

    private init(checkedEntropy: [UInt8]) {
        precondition(checkedEntropy.count == Self.wordCount)
        self.entropy = checkedEntropy
    }

    /// Parses what a person typed: normalizes it, then maps each word to its index.
    ///
    /// Errors (first failing check): `phrase.too_long`, `phrase.empty`,
    /// `phrase.wrong_word_count`, `phrase.unknown_word` (naming the position of the first
    /// unknown word). No reason repeats a typed word or suggests a list word: a typo of a
    /// secret word is nearly the secret word, and its closest list word usually is it
    /// (specs/recovery-phrase.md §Normalization). A UI that wants a suggestion calls
    /// `closestWord(to:)` itself and shows it next to the field, never in a log.
    public init(normalizing input: some StringProtocol) throws(CloserError) {
        let words = try Self.normalizedWords(input)
        guard words.count == Self.wordCount else {
            throw CloserError(
                .phraseWrongWordCount, "a recovery phrase has \(Self.wordCount) words; this one has \(words.count)")
        }
        var entropy: [UInt8] = []
        entropy.reserveCapacity(Self.wordCount)
        for (position, word) in words.enumerated() {
            guard let index = Self.index[word] else {
                throw CloserError(.phraseUnknownWord, "word \(position + 1) is not in the wordlist")
            }
            entropy.append(index)
        }
        self.entropy = entropy
    }

    /// The words, in order.
    public var words: [String] { entropy.map { Self.wordlist[Int($0)] } }

    /// The canonical phrase: the words joined by one space (ASCII, lower case).
    public var string: String { words.joined(separator: " ") }

    /// The Argon2id password: UTF-8 of the canonical phrase.
    package var passwordBytes: [UInt8] { Array(string.utf8) }

    public var description: String { "RecoveryPhrase(\(Self.wordCount) words, redacted)" }
    public var debugDescription: String { description }

    // MARK: Normalization

    /// The canonical text of a phrase without looking words up: NFKC, lower case, words
    /// joined by one space. For phrases made with another wordlist (specs/couple-key-wrap.md
    /// §"Reading a phrase from another implementation"); for wordlist v1 phrases it equals
    /// `RecoveryPhrase(normalizing:).string`.
    public static func canonicalText(of input: some StringProtocol) throws(CloserError) -> String {
        try normalizedWords(input).joined(separator: " ")
    }

    /// NFKC, then lower case, then split on any run of Unicode whitespace.
    static func normalizedWords(_ input: some StringProtocol) throws(CloserError) -> [String] {
        let length = input.utf8.count
        guard length <= maximumInputLength else {
            throw CloserError(
                .phraseTooLong, "phrase input is \(length) bytes; at most \(maximumInputLength) accepted")
        }
        let normalized = String(input).precomposedStringWithCompatibilityMapping.lowercased()
        // Split on code points with the White_Space property, not on grapheme clusters: a
        // combining mark after a space is not whitespace and stays in the next word.
        let words = normalized.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map {
            String(String.UnicodeScalarView($0))
        }
        guard !words.isEmpty else { throw CloserError(.phraseEmpty, "the phrase is empty") }
        return words
    }

    /// Word -> index.
    static let index: [String: UInt8] = Dictionary(
        uniqueKeysWithValues: wordlist.enumerated().map { ($0.element, UInt8($0.offset)) })

    /// The list word to suggest for an unknown word: the word with the same first four
    /// letters if there is one (first four letters identify a word), else the word at the
    /// smallest edit distance, the earlier in the list on a tie. For a UI to show beside
    /// the field the person is typing in; it is (nearly) a secret word, so it never goes
    /// into an error message or a log.
    public static func closestWord(to word: some StringProtocol) -> String {
        let w = String(word)
        if w.count >= 4, let match = wordlist.first(where: { $0.hasPrefix(w.prefix(4)) }) { return match }
        var best = wordlist[0]
        var bestDistance = Int.max
        for candidate in wordlist {
            let d = editDistance(w, candidate)
            if d < bestDistance {
                best = candidate
                bestDistance = d
            }
        }
        return best
    }

    /// Edit distance with adjacent transpositions (optimal string alignment): insert,
    /// delete, substitute, or swap two neighbouring characters, each costs 1, over Unicode
    /// scalars. "acron" is 1 from "acorn" (a swap), as a person would count it.
    package static func editDistance(_ a: some StringProtocol, _ b: some StringProtocol) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        let width = y.count + 1
        var d = [Int](repeating: 0, count: (x.count + 1) * width)
        for i in 0...x.count { d[i * width] = i }
        for j in 0...y.count { d[j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var v = Swift.min(
                    d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1, d[(i - 1) * width + j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    v = Swift.min(v, d[(i - 2) * width + j - 2] + 1)
                }
                d[i * width + j] = v
            }
        }
        return d[x.count * width + y.count]
    }
}
