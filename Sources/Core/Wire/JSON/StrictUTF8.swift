// Strict UTF-8 validation of JSON input. Normative: specs/canonical-json.md §2 (UTF-8).
//
// Exactly the well-formed byte sequences of Unicode §3.9 Table 3-7: no overlong forms,
// no UTF-16 surrogates encoded as UTF-8 (CESU-8), nothing above U+10FFFF, no stray
// continuation bytes, no truncated sequences. The whole input is checked before parsing,
// so an invalid byte anywhere — inside a string or after the value — is this error.

extension CloserError.Code {
    public static let jsonInvalidUTF8 = Self("json.invalid_utf8", .decodeError)
}

/// Validates UTF-8 without decoding it.
enum StrictUTF8 {
    /// Throws `json.invalid_utf8` naming the offset of the first ill-formed sequence.
    static func validate(_ bytes: [UInt8]) throws(CloserError) {
        var index = 0
        let count = bytes.count
        while index < count {
            // ASCII runs eight bytes at a time.
            while index + 8 <= count {
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index, as: UInt64.self) }
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { return }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            // The allowed range of the second byte depends on the lead byte (Table 3-7).
            let secondRange: ClosedRange<UInt8>
            switch lead {
            case 0x80...0xBF:
                throw invalid(at: index, "continuation byte without a lead byte")
            case 0xC0, 0xC1:
                throw invalid(at: index, "overlong two-byte encoding")
            case 0xC2...0xDF:
                length = 2
                secondRange = 0x80...0xBF
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xED:
                length = 3
                secondRange = 0x80...0x9F
            case 0xE1...0xEF:
                length = 3
                secondRange = 0x80...0xBF
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3:
                length = 4
                secondRange = 0x80...0xBF
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F
            default:  // 0xF5...0xFF
                throw invalid(at: index, "lead byte of a code point above U+10FFFF")
            }
            guard index + 1 < count else {
                throw invalid(at: index, "sequence truncated by the end of input")
            }
            let second = bytes[index + 1]
            if !secondRange.contains(second) {
                if second >= 0x80 && second <= 0xBF {
                    switch lead {
                    case 0xE0, 0xF0: throw invalid(at: index, "overlong encoding")
                    case 0xED: throw invalid(at: index, "UTF-16 surrogate encoded in UTF-8")
                    default: throw invalid(at: index, "code point above U+10FFFF")
                    }
                }
                throw invalid(at: index, "sequence truncated by a non-continuation byte")
            }
            for offset in 2..<length {
                guard index + offset < count else {
                    throw invalid(at: index, "sequence truncated by the end of input")
                }
                guard bytes[index + offset] & 0xC0 == 0x80 else {
                    throw invalid(at: index, "sequence truncated by a non-continuation byte")
                }
            }
            index += length
        }
    }

    private static func invalid(at offset: Int, _ what: String) -> CloserError {
        CloserError(.jsonInvalidUTF8, "json: invalid UTF-8 at byte offset \(offset): \(what)")
    }
}
