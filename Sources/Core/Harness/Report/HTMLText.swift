// Untrusted text for an HTML page: the output policy first (control, bidi, separator and
// noncharacter scalars as visible `\u{hex}` escapes: UntrustedText.escape), then HTML's five
// special characters as entities, so that no text a port or a vector directory wrote can open a
// tag, end an attribute or reorder what the page shows. Normative: specs/report.md §"Untrusted text".

import CloserWire
import Foundation

package enum HTMLText {
    /// Text safe in an element or a double- or single-quoted attribute.
    package static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in UntrustedText.escape(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The first `limit` scalars of `text` (nil when it is not longer), for a preview.
    package static func prefix(_ text: String, _ limit: Int) -> String? {
        var count = 0
        var end = text.unicodeScalars.startIndex
        for i in text.unicodeScalars.indices {
            if count == limit {
                end = i
                return String(text.unicodeScalars[..<end])
            }
            count += 1
        }
        return nil
    }

    /// A value as the page shows it: canonical JSON, or the text of a string value.
    package static func text(of value: JSONValue) -> String {
        if case .string(let s) = value { return s }
        return String(decoding: (try? CanonicalJSON.serialize(value)) ?? [], as: UTF8.self)
    }

    /// `n` with thousands separators (`3,220`).
    package static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// A word for a POSIX shell: single-quoted, `'` written as `'\''`.
    package static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
