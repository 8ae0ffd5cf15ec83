// The CLI's usage errors, input bounds and secret handling (specs/threat-model.md
// §"Resource bounds", §"Secrets on the command line").

import ArgumentParser
import CloserWire
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import closer_spec

@Suite("CLI input bounds and secrets")
struct CLIInputBoundsTests {
    @Test(
        "bench --seconds that is not a finite duration is a usage error (exit 64), not a trap",
        arguments: ["nan", "inf", "-inf", "1e16", "0", "-1", "3601"])
    func benchSeconds(value: String) {
        do {
            _ = try Bench.parseAsRoot(["--seconds", value])
            Issue.record("accepted --seconds \(value)")
        } catch {
            #expect(Bench.exitCode(for: error) == .validationFailure)
        }
    }

    @Test("bench --seconds 0.5 parses")
    func benchSecondsValid() throws {
        #expect(try Bench.parseAsRoot(["--seconds", "0.5"]) is Bench)
    }

    static func temporaryFile(size: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("closer-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        // Sparse: the size is set without writing it.
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    @Test("a keyset file over 4 MiB is cli.file_too_large, decided by its size")
    func keysetFileTooLarge() throws {
        let path = try Self.temporaryFile(size: BoundedInput.maximumKeysetFileBytes + 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        expectCLICode(.cliFileTooLarge) { () throws(CloserError) in _ = try KeysetFile.read(path) }
        expectCLICode(.cliFileUnreadable) { () throws(CloserError) in _ = try KeysetFile.read(path + ".absent") }
    }

    @Test("a check document over 4 MiB is cli.file_too_large")
    func documentTooLarge() throws {
        let path = try Self.temporaryFile(size: BoundedInput.maximumDocumentFileBytes + 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        expectCLICode(.cliFileTooLarge) { () throws(CloserError) in _ = try RulesCheckFiles.readJSON(path) }
    }

    static func readLine(of bytes: [UInt8]) throws(CloserError) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("closer-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        return try BoundedInput.readLine(from: fd)
    }

    @Test("a stdin line is read up to its bound and no further")
    func stdinLine() throws {
        #expect(try Self.readLine(of: Array("acorn album\r\nnext".utf8)) == "acorn album")
        #expect(try Self.readLine(of: []) == "")
        let error = expectCLICode(.cliStdinLineTooLong) { () throws(CloserError) in
            _ = try Self.readLine(of: [UInt8](repeating: 0x61, count: 100_000))
        }
        #expect(error?.reason.contains("aaaa") == false)
    }

    @Test("secrets are not taken from argv unless asked for with --phrase-arg / --code-arg")
    func secretsNotInArgv() throws {
        let base = ["--wrapped", "AAAA", "--salt", "AAAA"]
        #expect(throws: (any Error).self) {
            _ = try CoupleKey.Unwrap.parseAsRoot(base + ["--phrase", "acorn album alpine anchor"])
        }
        #expect(try CoupleKey.Unwrap.parseAsRoot(base) is CoupleKey.Unwrap)
        #expect(try CoupleKey.Unwrap.parseAsRoot(base + ["--phrase", "-"]) is CoupleKey.Unwrap)
        #expect(try CoupleKey.Unwrap.parseAsRoot(base + ["--phrase-arg", "acorn"]) is CoupleKey.Unwrap)
        #expect(throws: (any Error).self) {
            _ = try CoupleKey.Unwrap.parseAsRoot(base + ["--phrase", "-", "--phrase-arg", "acorn"])
        }
        #expect(throws: (any Error).self) { _ = try Invite.Decrypt.parseAsRoot(["--code", "K7M2QX", "AAAA"]) }
        #expect(try Invite.Decrypt.parseAsRoot(["AAAA"]) is Invite.Decrypt)
        #expect(try Invite.Decrypt.parseAsRoot(["--code-arg", "K7M2QX", "AAAA"]) is Invite.Decrypt)
    }
}

@discardableResult
func expectCLICode(
    _ code: CloserError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(CloserError) -> Void
) -> CloserError? {
    do {
        try body()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        return error
    }
}
