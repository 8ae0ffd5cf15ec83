import ArgumentParser
import CloserHarness
import CloserWire
import Foundation

/// `closer-spec inspect`: take any Closer wire string apart, layer by layer.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every layer of an enc:v1:, sealed:v1:, keybox:v1:, sha256: or pub:v1: string.",
        discussion: """
            With --keyset (AEAD keyset: couple or one-time key) or --private-keyset (hybrid), \
            the value is also opened and its plaintext shown; the bindings it needs are given \
            with --couple-id, --question-id, --user-id, --sender-user-id, --recipient-user-id. \
            A keybox's one-time keyset is described by key ids and types; its key bytes only \
            with --reveal (as couple-key unwrap). Text from the value (decrypted text, type URLs) \
            is printed with control, bidi and invisible characters as \\u{…} escapes. \
            Keyset files are binary or hex. Exit status 1 when any layer fails.
            """)

    @Argument(help: "The wire string.") var value: String
    @Option(help: "AEAD keyset file (binary or hex).") var keyset: String?
    @Option(help: "Private hybrid keyset file (binary or hex).") var privateKeyset: String?
    @OptionGroup var bindings: BindingOptions
    @Option(help: "sha256: commitment to check a sealed:v1: payload against.") var commitment: String?
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Also print secret key material that opening reveals (a keybox's one-time keyset; secret!).")
    var reveal = false
    @Option(help: "Whose values: closer (default) or an app profile with an inspector (fitlink).")
    var profile: AppProfile = .closer

    func validate() throws {
        guard profile.name == "closer" || profile.inspect != nil else {
            throw ValidationError("the profile \(profile.name) has no values to inspect")
        }
    }

    func run() throws {
        var keys = InspectionKeys()
        keys.coupleID = bindings.coupleId
        keys.questionID = bindings.questionId
        keys.userID = bindings.userId
        keys.senderUserID = bindings.senderUserId
        keys.recipientUserID = bindings.recipientUserId
        keys.commitment = commitment
        keys.reveal = reveal
        do {
            if let keyset { keys.keyset = try AEADKeyset(serializedBytes: try KeysetFile.read(keyset)) }
            if let privateKeyset {
                keys.privateKeyset = try HybridPrivateKeyset(serializedBytes: try KeysetFile.read(privateKeyset))
            }
        } catch {
            throw usageError("keyset: \(error.reason) [\(error.code.rawValue)]")
        }
        let report = profile.inspect?(value) ?? WireInspector.inspect(value, keys: keys)
        print(json ? report.json() : report.text())
        if !report.succeeded { throw ExitCode(1) }
    }
}

/// Reads a keyset file: hex text (whitespace ignored) or raw binary, at most
/// `BoundedInput.maximumKeysetFileBytes` (`cli.file_too_large`).
enum KeysetFile {
    static func read(_ path: String) throws(CloserError) -> [UInt8] {
        let bytes = try BoundedInput.readFile(path, limit: BoundedInput.maximumKeysetFileBytes, what: "keyset")
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        if !text.isEmpty, text.allSatisfy(\.isHexDigit), let hex = try? Hex.decode(text) { return hex }
        return bytes
    }
}
