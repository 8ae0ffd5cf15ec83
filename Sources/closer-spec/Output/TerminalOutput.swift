import ArgumentParser
import CloserWire
import Foundation

// Every line the CLI prints goes through the output policy (specs/threat-model.md §"The port and
// the vector set are untrusted" › "Output"): untrusted text — a port's name, answers and stderr,
// a vector directory's names, a document's field names, decrypted text — reaches the terminal
// with its controls, bidi controls, separators and noncharacters as visible `\u{…}` escapes.
// The escape is idempotent, so a line that quotes already-escaped text is unchanged by it.

/// Prints one line to stdout with the output policy applied.
func printLine(_ line: String) {
    print(UntrustedText.escape(line))
}

/// Prints text of several lines (a port's stderr in a reason) to stdout: the output policy, with
/// each line after the first indented, so that no untrusted line starts at the margin.
func printLines(_ text: String) {
    print(
        UntrustedText.escapeLines(text).split(separator: "\n", omittingEmptySubsequences: false).joined(
            separator: "\n  "))
}

/// Writes a line to stderr with the output policy applied.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((UntrustedText.escape(line) + "\n").utf8))
}

/// A usage error whose message may quote untrusted text (a vector directory's names, a file's
/// parse error): the output policy applied, since ArgumentParser prints it as it stands.
func usageError(_ message: String) -> ValidationError {
    ValidationError(UntrustedText.escape(message))
}
