// Every file and stdin read of the CLI has a size bound, checked before (stat) and while
// (read at most bound + 1 bytes) reading, so a huge file or an endless line is refused with a
// named error instead of filling memory. Bounds: specs/threat-model.md §"Resource bounds".

import ArgumentParser
import CloserVectorModel
import CloserWire
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CloserError.Code {
    package static let cliFileTooLarge = Self("cli.file_too_large", .malformedRequest)
    package static let cliFileUnreadable = Self("cli.file_unreadable", .malformedRequest)
    package static let cliStdinLineTooLong = Self("cli.stdin_line_too_long", .malformedRequest)
}

enum BoundedInput {
    /// Keyset files (binary, or hex with whitespace): a 1 MiB keyset as hex with line breaks.
    static let maximumKeysetFileBytes = 4 * 1024 * 1024
    /// One JSON document file of `check` (Firestore's own document limit is 1 MiB).
    static let maximumDocumentFileBytes = 4 * 1024 * 1024
    /// A `check --world` JSON file.
    static let maximumWorldFileBytes = 64 * 1024 * 1024
    /// Files in a `check --world` directory.
    static let maximumWorldFiles = 10_000
    /// One secret line on stdin (a phrase is at most 1024 bytes, a code 6).
    static let maximumSecretLineBytes = 4096

    /// The whole regular file, read by `BoundedFile` (opened without blocking, fstat'ed after
    /// opening, at most `limit + 1` bytes, charged to `budget`): `cli.file_too_large` over
    /// `limit` or past the budget, `cli.file_unreadable` when it cannot be read or is not a
    /// regular file (a FIFO, a device, a directory), or is a refused symbolic link.
    static func readFile(
        _ path: String, limit: Int, what: String, budget: ReadBudget? = nil, links: BoundedFile.Links = .follow
    ) throws(CloserError) -> [UInt8] {
        do { return try BoundedFile.read(path, limit: limit, budget: budget, links: links) } catch {
            let tooLarge = error.code == .inputFileTooLarge || error.code == .inputBudgetExceeded
            throw CloserError(tooLarge ? .cliFileTooLarge : .cliFileUnreadable, "the \(what) file: \(error.reason)")
        }
    }

    static func tooLarge(_ what: String, _ limit: Int) -> CloserError {
        CloserError(.cliFileTooLarge, "the \(what) file is larger than \(limit) bytes")
    }

    /// One line of standard input without its LF (and CR), or `cli.stdin_line_too_long` as
    /// soon as `limit` bytes have been read without a line end (the rest is never read).
    /// End of input ends the line. Reads byte by byte: nothing past the line is consumed.
    static func readLine(limit: Int = maximumSecretLineBytes, from fd: Int32 = STDIN_FILENO)
        throws(CloserError) -> String
    {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || byte == 0x0a { break }
            guard bytes.count < limit else {
                throw CloserError(.cliStdinLineTooLong, "the line on standard input is longer than \(limit) bytes")
            }
            bytes.append(byte)
        }
        if bytes.last == 0x0d { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A secret read without echo: a prompt on the terminal when stdin is one, else one line
    /// of stdin. Never from argv (the process list and shell history keep argv).
    static func readSecret(prompt: String) throws(CloserError) -> String {
        guard isatty(STDIN_FILENO) == 1 else { return try readLine() }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if haveTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if haveTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return try readLine()
    }
}

extension CloserError.Code {
    /// Every code the CLI's own input handling raises.
    package static let allCLI: [Self] = [
        .cliFileTooLarge,
        .cliFileUnreadable,
        .cliOutputSymlink,
        .cliOutputUnwritable,
        .cliStdinLineTooLong,
    ]
}

/// A secret the CLI needs (recovery phrase, invite code): from a prompt or stdin by default;
/// from argv only through an explicit `--…-arg` option, with a warning.
enum SecretInput {
    /// `dash` is the legacy `--phrase -` / `--code -` spelling (same as the default).
    static func validate(dash: String?, dashName: String, arg: String?, argName: String) throws {
        if let dash, dash != "-" {
            throw ValidationError(
                "\(dashName) takes only '-': the secret is read from stdin or a prompt by default; \(argName) passes it as an argument (visible in the process list and shell history)"
            )
        }
        if dash != nil && arg != nil { throw ValidationError("\(dashName) and \(argName) exclude each other") }
    }

    static func read(arg: String?, argName: String, prompt: String) throws(CloserError) -> String {
        if let arg {
            printError(
                "warning: \(argName) puts the secret in the process list and the shell history; prefer stdin or the prompt"
            )
            return arg
        }
        return try BoundedInput.readSecret(prompt: prompt)
    }
}
