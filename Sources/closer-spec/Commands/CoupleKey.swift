import ArgumentParser
import CloserWire
import CloserWireArgon2

/// `closer-spec couple-key`: the couple-key wrap (specs/couple-key-wrap.md).
struct CoupleKey: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "couple-key",
        abstract: "Debug a couple's wrapped key.",
        subcommands: [Unwrap.self])

    struct Unwrap: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Unwrap wrappedCoupleKey with the recovery phrase and describe the keyset.",
            discussion: """
                Prints each key's id, type, status and output prefix; key bytes only with --reveal \
                (inspect of a keybox does the same). Control, bidi and invisible characters in a \
                decrypted type URL are shown as \\u{…} escapes. \
                The phrase is read from a prompt (no echo) on a terminal, else from one line of \
                stdin (at most 4096 bytes); --phrase-arg passes it as an argument instead, which \
                the process list and shell history keep.
                """)

        @Option(help: "Only '-': read the phrase from stdin (the default).")
        var phrase: String?
        @Option(help: "The recovery phrase as an argument (visible in ps and shell history; avoid).")
        var phraseArg: String?
        @Option(help: "wrappedCoupleKey (b64).")
        var wrapped: String
        @Option(help: "kdfSalt (b64).")
        var salt: String
        @Option(help: "kdfParams, e.g. '$argon2id$v=19$m=46080,t=3,p=1'.")
        var params: String = CloserProfileV1.coupleKeyKDFParamsString
        @Flag(help: "Also print the key bytes and the keyset (secret!).")
        var reveal = false
        @OptionGroup var argon2: Argon2Options

        func validate() throws {
            try SecretInput.validate(dash: phrase, dashName: "--phrase", arg: phraseArg, argName: "--phrase-arg")
        }

        func run() throws {
            let wrappedKey = WrappedCoupleKey(wrappedCoupleKey: wrapped, kdfSalt: salt, kdfParams: params)
            // Refuse a bad document before asking for the phrase or spending Argon2 time.
            let parsed = try CoupleKeyWrap.parse(wrappedKey)
            let phraseText = try SecretInput.read(arg: phraseArg, argName: "--phrase-arg", prompt: "recovery phrase: ")
            if (try? RecoveryPhrase(normalizing: phraseText)) == nil {
                printError("note: the phrase is not 10 words of wordlist v1; using its normalized text as given")
            }
            let argon2 = self.argon2.backend.backend
            let keyset = try Progress.run("Argon2id \(parsed.kdfParams.string) (\(argon2.name))") {
                () throws(CloserError) in
                try CoupleKeyWrap.unwrap(wrappedKey, phraseText: phraseText, backend: argon2)
            }
            for line in KeysetDescription.lines(keyset, reveal: reveal) { printLine(line) }
        }
    }
}

/// A keyset for people: ids, types, status, prefix; secrets only when asked.
enum KeysetDescription {
    static func lines(_ keyset: AEADKeyset, reveal: Bool) -> [String] {
        var out = ["keyset: \(keyset.keyset.keys.count) key(s), primary \(hexID(keyset.keyset.primaryKeyID))"]
        out += keyLines(keyset, reveal: reveal)
        if reveal { out.append("keyset (hex): \(Hex.encode(keyset.serializedBytes))") }
        return out
    }

    /// One line per key: id, type (the last part of its type URL, which the keyset's author
    /// chose: printed through the output policy), size, status, prefix; key bytes only if `reveal`.
    static func keyLines(_ keyset: AEADKeyset, reveal: Bool) -> [String] {
        var out: [String] = []
        for key in keyset.keyset.keys {
            let type = key.keyData.map { String($0.typeURL.split(separator: ".").last ?? "?") } ?? "(no key data)"
            let entry = keyset.entries.first { $0.keyID == key.keyID && key.status == .enabled }
            let size = entry.map { " AES-\($0.key.keyValue.count * 8)" } ?? ""
            let primary = key.keyID == keyset.keyset.primaryKeyID && key.status == .enabled ? "  primary" : ""
            var line = "key \(hexID(key.keyID))  \(type)\(size)  \(key.status)  \(key.outputPrefixType)\(primary)"
            if reveal, let entry { line += "  key=\(Hex.encode(entry.key.keyValue))" }
            out.append(line)
        }
        return out
    }
}
