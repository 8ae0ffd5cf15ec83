import ArgumentParser
import CloserWire

/// `closer-spec phrase`: recovery phrases of wordlist v1 (specs/recovery-phrase.md).
struct Phrase: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make and check recovery phrases (wordlist v1).",
        subcommands: [New.self, Check.self])

    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a new recovery phrase from the system CSPRNG.",
            discussion:
                "The phrase is a secret: it unwraps the couple key. --entropy makes it from given bytes instead.")

        @Option(help: "Use these 10 bytes (hex) instead of random ones.")
        var entropy: String?

        @Flag(help: "Also print the entropy (hex).")
        var showEntropy = false

        func run() throws {
            let phrase =
                if let entropy {
                    try RecoveryPhrase(entropy: try Hex.decode(entropy))
                } else {
                    RecoveryPhrase.generate()
                }
            print(phrase.string)
            if showEntropy { print("entropy: \(Hex.encode(phrase.entropy))") }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a recovery phrase and print its canonical form and entropy.",
            discussion: """
                Normalizes like the apps (NFKC, lower case, any whitespace run is one separator). \
                An unknown word is named by its position only (never the word or a suggestion: \
                both are nearly the secret). With no words, reads one line (at most 4096 bytes) \
                from stdin.
                """)

        @Argument(help: "The phrase (one quoted argument or ten words).")
        var words: [String] = []

        func run() throws {
            let input = words.isEmpty ? try BoundedInput.readLine() : words.joined(separator: " ")
            let phrase = try RecoveryPhrase(normalizing: input)
            print("valid: 10 words of wordlist v1")
            printLine("canonical: \(phrase.string)")
            print("entropy: \(Hex.encode(phrase.entropy))")
        }
    }
}
