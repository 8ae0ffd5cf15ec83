import ArgumentParser
import CloserWire
import CloserWireArgon2

/// `closer-spec invite`: invite phrase encryption (specs/invite-phrase.md).
struct Invite: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Debug an invite's encrypted recovery phrase.",
        subcommands: [Decrypt.self])

    struct Decrypt: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decrypt invites/{code}.recoveryPhrase with the invite code and print the phrase.",
            discussion: """
                The code is read from a prompt (no echo) on a terminal, else from one line of stdin; \
                --code-arg passes it as an argument instead, which the process list and shell \
                history keep. It is canonicalized to upper case first. The printed phrase is a secret; \
                control, bidi and invisible characters in it are shown as \\u{…} escapes.
                """)

        @Option(help: "Only '-': read the invite code from stdin (the default).")
        var code: String?
        @Option(help: "The 6-character invite code (any case) as an argument (visible in ps; avoid).")
        var codeArg: String?
        @Argument(help: "The recoveryPhrase value (b64).")
        var value: String
        @OptionGroup var argon2: Argon2Options

        func validate() throws {
            try SecretInput.validate(dash: code, dashName: "--code", arg: codeArg, argName: "--code-arg")
        }

        func run() throws {
            let inviteCode = try InviteCode(
                try SecretInput.read(arg: codeArg, argName: "--code-arg", prompt: "invite code: "))
            let argon2 = self.argon2.backend.backend
            let phrase = try Progress.run("Argon2id \(CloserProfileV1.coupleKeyKDFParamsString) (\(argon2.name))") {
                () throws(CloserError) in
                try InvitePhraseCipher.decrypt(value, code: inviteCode, backend: argon2)
            }
            // The phrase is the output: printed as it is unless it holds a scalar of the output
            // policy (specs/threat-model.md §"Output"), which is shown as a `\u{…}` escape.
            printLine(phrase)
            if UntrustedText.escape(phrase) != phrase {
                printError("note: the decrypted phrase holds control or invisible characters, shown as \\u{…} escapes")
            }
            if (try? RecoveryPhrase(normalizing: phrase)) == nil {
                printError("note: the decrypted phrase is not 10 words of wordlist v1")
            }
        }
    }
}
