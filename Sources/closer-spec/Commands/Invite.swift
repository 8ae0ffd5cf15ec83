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
            discussion: "The code is canonicalized to upper case first. The printed phrase is a secret.")

        @Option(help: "The 6-character invite code (any case).")
        var code: String
        @Argument(help: "The recoveryPhrase value (b64).")
        var value: String
        @OptionGroup var argon2: Argon2Options

        func run() throws {
            let inviteCode = try InviteCode(code)
            let argon2 = self.argon2.backend.backend
            let phrase = try Progress.run("Argon2id \(CloserProfileV1.coupleKeyKDFParamsString) (\(argon2.name))") {
                () throws(CloserError) in
                try InvitePhraseCipher.decrypt(value, code: inviteCode, backend: argon2)
            }
            print(phrase)
            if (try? RecoveryPhrase(normalizing: phrase)) == nil {
                printError("note: the decrypted phrase is not 10 words of wordlist v1")
            }
        }
    }
}
