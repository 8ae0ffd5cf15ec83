// The output policy's forms for reports: XML (JUnit) and JSON (`inspect --json`, `harness
// --results`). Normative: specs/threat-model.md §"The port and the vector set are untrusted"
// › "Output".

extension UntrustedText {
    /// Text for an XML 1.0 attribute or element: the terminal escape (so no character XML 1.0
    /// forbids — C0 but tab/LF/CR, U+FFFE, U+FFFF — is ever emitted raw, and what a CI page
    /// shows is as safe as the terminal), except that a line feed and a tab are written as the
    /// references `&#10;` and `&#9;`, and `&`, `<`, `>`, `"` and `'` as entities.
    package static func xml(_ text: some StringProtocol) -> String {
        escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\n": "&#10;"
            case "\t": "&#9;"
            default: nil
            }
        }
    }

    /// JSON text (RFC 8785 canonical JSON, which leaves everything above U+001F raw) with each
    /// scalar of `mustEscape` written as a `\uXXXX` escape (a surrogate pair above U+FFFF). The
    /// text parses to the same value; it is no longer canonical bytes when it had such a scalar.
    /// Outside strings canonical JSON has none of these scalars, so only strings change.
    package static func json(_ canonicalJSON: String) -> String {
        var out = ""
        for scalar in canonicalJSON.unicodeScalars {
            guard mustEscape(scalar.value) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let h = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            }
        }
        return out
    }
}
