// The output policy, command by command, on the built binary: every untrusted field a command
// prints is fed the hostile strings, and what the binary writes holds no raw control
// (specs/threat-model.md §"The port and the vector set are untrusted" › "Output").

import CloserWire
import CloserWireArgon2
import Foundation
import Testing

@Suite("output policy: the built binary prints no raw control")
struct OutputPolicyTests {
    /// An SGR, an OSC 52 clipboard write, an 8-bit CSI, bidi override and isolate, a
    /// noncharacter, NEL, DEL, a line separator, RLM. No NUL and no `.`: it is also a file name
    /// and the last part of a type URL.
    static let hostile =
        "\u{1b}[31mRED\u{1b}]52;c;aGVsbG8=\u{07}\u{9b}2J\u{202e}txt\u{2066}\u{fffe}\u{85}\u{7f}\u{2028}\u{200f}"
    /// The same with a NUL, where text is not an argument or a file name.
    static let hostileNUL = hostile + "\u{0}end"

    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("closer-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A couple keyset whose second, DISABLED key has a hostile type URL (its last part).
    static func hostileKeyset() throws -> AEADKeyset {
        var tink = try AEADKeyset.make(key: Array(0..<32), keyID: 0x1234).keyset
        tink.keys.append(
            .init(
                keyData: .init(typeURL: "type.googleapis.com/" + hostile, value: [], keyMaterialType: .symmetric),
                status: .disabled, keyID: 7, outputPrefixType: .tink))
        return try AEADKeyset(tink)
    }

    static let sodium = Argon2idBackends.named("libsodium") ?? defaultArgon2idBackend

    @Test("the binary is built (every test below runs it)")
    func binaryBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: BuiltBinary.path), "\(BuiltBinary.path) is not built")
    }

    @Test("inspect: decrypted text, as text and as JSON")
    func inspectDecryptedText() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let keyset = try Self.hostileKeyset()
        let keysetFile = try Self.write(Hex.encode(keyset.serializedBytes), "k.hex", in: dir)
        let value = try EncV1.seal(Self.hostileNUL, coupleID: "c1", keyset: keyset)
        let args = ["inspect", "--keyset", keysetFile, "--couple-id", "c1", value]
        BuiltBinary.expectClean(try BuiltBinary.run(args), "inspect")
        let json = try BuiltBinary.run(args + ["--json"])
        BuiltBinary.expectClean(json, "inspect --json", escaped: false)
        #expect(json.text.contains("\\u001b") && json.text.contains("\\ufffe"))
    }

    @Test("inspect of a keybox: the one-time keyset's bytes only with --reveal; its type URLs escaped")
    func inspectKeybox() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let recipient = try HybridPrivateKeyset.generate()
        let oneTime = try Self.hostileKeyset()
        let binding = try KeyboxBinding(coupleID: "c1", questionID: "q1", senderUserID: "a", recipientUserID: "b")
        let value = try KeyboxV1.wrap(oneTime, to: recipient.publicKeyset, binding: binding)
        let privateFile = try Self.write(Hex.encode(recipient.serializedBytes), "p.hex", in: dir)
        let args = [
            "inspect", "--private-keyset", privateFile, "--couple-id", "c1", "--question-id", "q1",
            "--sender-user-id", "a", "--recipient-user-id", "b", value,
        ]
        let keyBytes = Hex.encode(Array(0..<32) as [UInt8])
        for extra in [[], ["--json"]] {
            let hidden = try BuiltBinary.run(args + extra)
            #expect(hidden.status == 0, "\(hidden.text)")
            BuiltBinary.expectClean(hidden, "inspect keybox \(extra)", escaped: extra.isEmpty)
            #expect(!hidden.text.contains(keyBytes) && !hidden.text.contains(Hex.encode(oneTime.serializedBytes)))
            let shown = try BuiltBinary.run(args + extra + ["--reveal"])
            #expect(shown.status == 0 && shown.text.contains(Hex.encode(oneTime.serializedBytes)), "\(shown.text)")
        }
    }

    @Test("couple-key unwrap: the decrypted keyset's type URL")
    func coupleKeyTypeURL() throws {
        let phrase = RecoveryPhrase.generate()
        let wrapped = try CoupleKeyWrap.wrap(
            keyset: try Self.hostileKeyset(), phrase: phrase, backend: Self.sodium, salt: Array(0..<16),
            iv: Array(0..<12))
        let run = try BuiltBinary.run([
            "couple-key", "unwrap", "--wrapped", wrapped.wrappedCoupleKey, "--salt", wrapped.kdfSalt,
            "--phrase-arg", phrase.string, "--backend", "libsodium",
        ])
        #expect(run.status == 0, "\(run.text.debugDescription)")
        BuiltBinary.expectClean(run, "couple-key unwrap")
    }

    /// An invite's recoveryPhrase value holding `plaintext` (not a phrase of wordlist v1).
    static func inviteValue(_ plaintext: [UInt8], code: InviteCode) throws -> String {
        let salt = [UInt8](repeating: 7, count: 16)
        let key = try InvitePhraseCipher.phraseKey(code: code, salt: salt, backend: sodium)
        let sealed = try AESGCM.seal(
            key: key, iv: Array(0..<12), plaintext: plaintext, aad: Array(CloserProfileV1.invitePhraseAAD.utf8))
        return Base64.encode(salt + sealed, .standard)
    }

    @Test("invite decrypt: the decrypted phrase (and one that is not UTF-8: a lone surrogate's bytes)")
    func inviteDecrypt() throws {
        let code = try InviteCode("ABCDEF")
        let args = ["invite", "decrypt", "--code-arg", code.string, "--backend", "libsodium"]
        let run = try BuiltBinary.run(args + [try Self.inviteValue(Array(Self.hostileNUL.utf8), code: code)])
        #expect(run.status == 0, "\(run.text.debugDescription)")
        BuiltBinary.expectClean(run, "invite decrypt")
        let surrogate = try BuiltBinary.run(
            args + [try Self.inviteValue([0x61, 0xed, 0xa0, 0x80] + Array(Self.hostile.utf8), code: code)])
        BuiltBinary.expectClean(surrogate, "invite decrypt, not UTF-8", escaped: false)
    }

    @Test("phrase check: a hostile phrase as an argument and on stdin")
    func phraseCheck() throws {
        BuiltBinary.expectClean(try BuiltBinary.run(["phrase", "check", Self.hostile]), "phrase check", escaped: false)
        let stdin = try BuiltBinary.run(["phrase", "check"], stdin: Array(Self.hostileNUL.utf8) + [0x0a])
        BuiltBinary.expectClean(stdin, "phrase check (stdin)", escaped: false)
    }

    @Test("check: a document's field names, a world file's name")
    func checkFieldNames() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = try Self.write(
            String(
                decoding: try CanonicalJSON.serialize(
                    .object(["encryptedPayload": .string("x"), Self.hostileNUL: .number(1)])), as: UTF8.self),
            "doc.json", in: dir)
        let path = "couples/c1/daily_question/2025-03-14/answers/alice/secure/payload"
        let args = ["check", "--path", path, "--method", "create", "--auth", "alice"]
        let denied = try BuiltBinary.run(args + [document])
        #expect(denied.status == 1, "\(denied.text.debugDescription)")
        BuiltBinary.expectClean(denied, "check (field names)")
        let world = dir.appendingPathComponent("world")
        try FileManager.default.createDirectory(at: world, withIntermediateDirectories: true)
        _ = try Self.write("{", Self.hostile + ".json", in: world)
        let unreadable = try BuiltBinary.run(args + ["--world", world.path, document])
        #expect(unreadable.status == 2, "\(unreadable.text.debugDescription)")
        BuiltBinary.expectClean(unreadable, "check (world file name)")
    }

    @Test("serve: the unknown-op message (a hostile op, a lone surrogate)")
    func serveUnknownOp() throws {
        let op = String(decoding: try CanonicalJSON.serialize(.string(Self.hostileNUL)), as: UTF8.self)
        let input = "{\"id\":\"1\",\"op\":\(op)}\n{\"id\":\"2\",\"op\":\"\\ud800\"}\n"
        let run = try BuiltBinary.run(["serve"], stdin: Array(input.utf8))
        BuiltBinary.expectClean(run, "serve")
        #expect(run.text.contains("unknown_op"))
    }

    @Test("verify: file names and the manifest's names and version")
    func verifyNames() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dateKeys = try Data(contentsOf: PackageFiles.root.appendingPathComponent("vectors/date_keys.json"))
        try dateKeys.write(to: dir.appendingPathComponent("date_keys.json"))
        _ = try Self.write("{}", Self.hostile + ".json", in: dir)
        let manifest = JSONValue.object([
            "vectorSetVersion": .string(Self.hostileNUL), "numberOfTests": .number(1),
            "files": .object([Self.hostileNUL + ".json": .object(["sha256": .string(Self.hostileNUL)])]),
        ])
        try Data(try CanonicalJSON.serialize(manifest)).write(to: dir.appendingPathComponent("MANIFEST.json"))
        let run = try BuiltBinary.run(["verify", dir.path])
        #expect(run.status != 0)
        BuiltBinary.expectClean(run, "verify")
    }
}
