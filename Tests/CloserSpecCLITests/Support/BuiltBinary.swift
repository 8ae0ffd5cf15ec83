// Runs the built `closer-spec` binary as a user would, and scans what it printed for raw
// terminal controls (specs/threat-model.md §"The port and the vector set are untrusted" ›
// "Output"). The scan is written from the policy's list, not from `UntrustedText`.

import Foundation
import Testing

/// The built binary: `$CLOSER_SPEC_BIN`, else `.build/debug/closer-spec`.
enum BuiltBinary {
    static var path: String {
        ProcessInfo.processInfo.environment["CLOSER_SPEC_BIN"]
            ?? PackageFiles.root.appendingPathComponent(".build/debug/closer-spec").path
    }

    struct Run {
        let status: Int32
        let stdout: [UInt8]
        let stderr: [UInt8]
        var text: String { String(decoding: stdout + stderr, as: UTF8.self) }
    }

    /// Runs the binary with `arguments` and `stdin` (empty: /dev/null), in `directory`.
    static func run(_ arguments: [String], stdin: [UInt8] = [], directory: URL? = nil) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("closer-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = ["in", "out", "err"].map { scratch.appendingPathComponent($0) }
        try Data(stdin).write(to: files[0])
        for f in files.dropFirst() { _ = FileManager.default.createFile(atPath: f.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = try FileHandle(forReadingFrom: files[0])
        process.standardOutput = try FileHandle(forWritingTo: files[1])
        process.standardError = try FileHandle(forWritingTo: files[2])
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: Array(try Data(contentsOf: files[1])),
            stderr: Array(try Data(contentsOf: files[2])))
    }

    /// Every raw control in `bytes`: a byte 0x00–0x1F but LF and tab, 0x7F, bytes that are not
    /// UTF-8, and the UTF-8 of C1 (U+0080–U+009F), the bidi controls (U+061C, U+200E–U+200F,
    /// U+202A–U+202E, U+2066–U+2069), the separators U+2028–U+2029 and U+FFFE/U+FFFF.
    static func rawControls(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        for b in bytes where (b < 0x20 && b != 0x0a && b != 0x09) || b == 0x7f {
            found.append("byte 0x" + String(b, radix: 16))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return found + ["bytes that are not UTF-8"] }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0x80...0x9f).contains(v) || (0x202a...0x202e).contains(v) || (0x2066...0x2069).contains(v)
                || [0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0xfffe, 0xffff].contains(v)
            {
                found.append("U+" + String(v, radix: 16))
            }
        }
        return found
    }

    /// Records an issue for each raw control in the run's stdout and stderr, and unless
    /// `escaped` is false, for output that does not show the hostile text as `\u{1b}`.
    static func expectClean(
        _ run: Run, _ what: String, escaped: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (stream, bytes) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            let raw = rawControls(bytes)
            #expect(
                raw.isEmpty,
                "\(what): raw \(raw.prefix(8)) on \(stream): \(String(decoding: bytes, as: UTF8.self).debugDescription.prefix(600))",
                sourceLocation: sourceLocation)
        }
        if escaped {
            #expect(
                run.text.contains("\\u{1b}"),
                "\(what): the hostile text is not shown escaped: \(run.text.debugDescription.prefix(600))",
                sourceLocation: sourceLocation)
        }
    }
}
