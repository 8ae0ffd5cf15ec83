// JSON numbers: the RFC 8259 §6 grammar, then conversion to the nearest IEEE-754 double.
// Normative: specs/canonical-json.md §3.3.
//
// Pinned: a number whose nearest double is infinite (magnitude at or above
// 2^1024 − 2^970, e.g. 1e400) is rejected; any other number is accepted and rounded to
// the nearest double (ties to even), so 1e-400 is 0 and -1e-400 is -0 (written "0").

extension CloserError.Code {
    public static let jsonNumberLeadingZero = Self("json.number_leading_zero", .decodeError)
    public static let jsonNumberLeadingPlus = Self("json.number_leading_plus", .decodeError)
    public static let jsonNumberMissingIntegerDigits = Self(
        "json.number_missing_integer_digits", .decodeError)
    public static let jsonNumberMissingFractionDigits = Self(
        "json.number_missing_fraction_digits", .decodeError)
    public static let jsonNumberMissingExponentDigits = Self(
        "json.number_missing_exponent_digits", .decodeError)
    public static let jsonNumberHex = Self("json.number_hex", .decodeError)
    public static let jsonNumberOutOfRange = Self("json.number_out_of_range", .decodeError)
}

extension JSONParser {
    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `position` and
    /// returns the nearest double.
    mutating func parseNumber() throws(CloserError) -> Double {
        let start = position
        if peek() == UInt8(ascii: "-") {
            position += 1
        }
        switch peek() {
        case UInt8(ascii: "0"):
            position += 1
            switch peek() {
            case .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
                throw CloserError(
                    .jsonNumberLeadingZero, "json: number at byte offset \(start) has a leading zero")
            case UInt8(ascii: "x"), UInt8(ascii: "X"):
                throw CloserError(
                    .jsonNumberHex,
                    "json: number at byte offset \(start) is hexadecimal, which JSON does not have")
            default:
                break
            }
        case .some(UInt8(ascii: "1")...UInt8(ascii: "9")):
            skipDigits()
        case .some(let byte) where Self.isASCIILetter(byte):
            // `-Infinity`, `-NaN`, or another word after a minus sign.
            let word = bytes[position...].prefix(while: Self.isASCIILetter)
            let text = String(decoding: word, as: UTF8.self)
            if text == "Infinity" || text == "NaN" {
                throw CloserError(
                    .jsonNonFiniteLiteral, "json: NaN and Infinity are not JSON (at byte offset \(start))")
            }
            throw missingIntegerDigits(start)
        default:
            throw missingIntegerDigits(start)
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard case .some(UInt8(ascii: "0")...UInt8(ascii: "9")) = peek() else {
                throw CloserError(
                    .jsonNumberMissingFractionDigits,
                    "json: number at byte offset \(start) has no digit after '.'")
            }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                position += 1
            }
            guard case .some(UInt8(ascii: "0")...UInt8(ascii: "9")) = peek() else {
                throw CloserError(
                    .jsonNumberMissingExponentDigits,
                    "json: number at byte offset \(start) has no exponent digits")
            }
            skipDigits()
        }
        // The text now matches the RFC 8259 grammar, a subset of what Double(_:) reads;
        // Double(_:) rounds correctly to nearest, ties to even, to ±infinity on overflow.
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            throw CloserError(
                .jsonNumberOutOfRange,
                "json: number at byte offset \(start) cannot be converted to a double")
        }
        guard value.isFinite else {
            throw CloserError(
                .jsonNumberOutOfRange,
                "json: number at byte offset \(start) is too large for an IEEE-754 double")
        }
        return value
    }

    private mutating func skipDigits() {
        while case .some(UInt8(ascii: "0")...UInt8(ascii: "9")) = peek() {
            position += 1
        }
    }

    private func missingIntegerDigits(_ start: Int) -> CloserError {
        CloserError(
            .jsonNumberMissingIntegerDigits,
            "json: number at byte offset \(start) has no digit before '.' or after '-'")
    }
}
