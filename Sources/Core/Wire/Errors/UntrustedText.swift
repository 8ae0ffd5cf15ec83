// The one output policy for text CloserSpec did not write itself — decrypted fields, a port's
// answers, a vector directory's names, a document's field names — before it reaches a terminal
// or a report. Normative: specs/threat-model.md §"The port and the vector set are untrusted"
// › "Output".

/// Untrusted text made safe to print: every scalar that could drive a terminal, reorder what it
/// shows, forge a line or break a report is written as a visible `\u{hex}` escape.
package enum UntrustedText {
    /// Whether a scalar is escaped: C0 (U+0000–U+001F, newline and tab included), DEL, C1
    /// (U+0080–U+009F: 0x9B is an 8-bit CSI), the bidi marks, embeddings, overrides and
    /// isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), the line and paragraph
    /// separators (U+2028–U+2029), the replacement character U+FFFD (it stands for bytes that
    /// were not UTF-8) and every noncharacter (U+FDD0–U+FDEF, U+xxFFFE–U+xxFFFF).
    package static func mustEscape(_ v: UInt32) -> Bool {
        switch v {
        case 0..<0x20, 0x7f...0x9f, 0x061c, 0x200e...0x200f, 0x2028...0x202e, 0x2066...0x2069, 0xfdd0...0xfdef,
            0xfffd:
            return true
        default:
            return v & 0xfffe == 0xfffe
        }
    }

    /// Terminal text: each scalar of `mustEscape` as `\u{hex}` (lower-case hex, no padding), every
    /// other scalar as itself. A backslash is not escaped, so the escape is idempotent: text that
    /// went through it already (a `CloserError.quoted` reason) passes unchanged, and a line may be
    /// escaped whole at the place it is printed. Where the exact text must be recoverable it is
    /// quoted (`CloserError.quoted` escapes `\` and `"` too) or written as JSON.
    package static func escape(_ text: some StringProtocol) -> String {
        escape(text, special: { _ in nil })
    }

    /// Text decoded from bytes: each ill-formed UTF-8 sequence (a lone surrogate's bytes, a
    /// stray continuation byte) becomes U+FFFD, written `\u{fffd}`.
    package static func escape(bytes: some Collection<UInt8>) -> String {
        escape(String(decoding: bytes, as: UTF8.self))
    }

    /// Several lines of untrusted text (a port's stderr): as `escape`, but a line feed stays a
    /// line feed.
    package static func escapeLines(_ text: some StringProtocol) -> String {
        escape(text) { $0 == "\n" ? "\n" : nil }
    }

    /// The escape, with `special` deciding first how a scalar is written (nil: by the policy).
    static func escape(_ text: some StringProtocol, special: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let written = special(scalar) {
                out += written
            } else if mustEscape(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
