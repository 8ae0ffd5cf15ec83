// JSON strings: escapes, surrogate pairs, control characters. Normative:
// specs/canonical-json.md §3.2. The input has already passed StrictUTF8, so raw
// bytes are copied through and only escapes are decoded.

extension CloserError.Code {
    public static let jsonControlCharacter = Self("json.control_character", .decodeError)
    public static let jsonInvalidEscape = Self("json.invalid_escape", .decodeError)
    public static let jsonLoneSurrogate = Self("json.lone_surrogate", .decodeError)
}

extension JSONParser {
    /// Reads a string starting at its opening quote; returns the unescaped text.
    mutating func parseString() throws(CloserError) -> String {
        let start = position
        // Fast path: no escape before the closing quote; the bytes (already valid UTF-8) are
        // the string as they stand. A control character or an escape takes the full path.
        var end = start + 1
        let count = bytes.count
        let plain: String? = bytes.withUnsafeBufferPointer { b in
            while end < count {
                let byte = b[end]
                if byte == UInt8(ascii: "\"") {
                    return String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<end]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                end += 1
            }
            return nil
        }
        if let plain {
            position = end + 1
            return plain
        }
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw CloserError(
                    .jsonUnexpectedEnd, "json: string starting at byte offset \(start) is not terminated")
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case 0x00..<0x20:
                throw CloserError(
                    .jsonControlCharacter,
                    "json: unescaped control character (below U+0020) at byte offset \(position)")
            default:
                utf8.append(byte)
                position += 1
            }
        }
    }

    /// Decodes the escape at `position` (a backslash) and appends its UTF-8.
    private mutating func appendEscape(to utf8: inout [UInt8]) throws(CloserError) {
        let escapeOffset = position
        guard position + 1 < bytes.count else { throw unterminatedEscape(escapeOffset) }
        let letter = bytes[position + 1]
        position += 2
        let short: UInt8
        switch letter {
        case UInt8(ascii: "\""): short = 0x22
        case UInt8(ascii: "\\"): short = 0x5C
        case UInt8(ascii: "/"): short = 0x2F
        case UInt8(ascii: "b"): short = 0x08
        case UInt8(ascii: "f"): short = 0x0C
        case UInt8(ascii: "n"): short = 0x0A
        case UInt8(ascii: "r"): short = 0x0D
        case UInt8(ascii: "t"): short = 0x09
        case UInt8(ascii: "u"):
            let unit = try readHexUnit(escapeOffset: escapeOffset)
            let scalarValue: UInt32
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed at once by a `\u` low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw loneSurrogate(escapeOffset, "high surrogate not followed by a low surrogate escape")
                }
                let lowOffset = position
                position += 2
                let low = try readHexUnit(escapeOffset: lowOffset)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw loneSurrogate(escapeOffset, "high surrogate not followed by a low surrogate escape")
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            case 0xDC00...0xDFFF:
                throw loneSurrogate(escapeOffset, "low surrogate without a preceding high surrogate")
            default:
                scalarValue = UInt32(unit)
            }
            // Not a surrogate and at most U+10FFFF by construction.
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw loneSurrogate(escapeOffset, "not a Unicode scalar value")
            }
            UTF8.encode(scalar) { utf8.append($0) }
            return
        default:
            throw CloserError(
                .jsonInvalidEscape, "json: invalid escape sequence at byte offset \(escapeOffset)")
        }
        utf8.append(short)
    }

    /// The value of one hex digit of a `\u` escape (either case), or nil.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads the four hex digits after `\u` (either case) at `position`.
    private mutating func readHexUnit(escapeOffset: Int) throws(CloserError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw unterminatedEscape(escapeOffset) }
            guard let digit = Self.hexDigit(bytes[position]) else {
                throw CloserError(
                    .jsonInvalidEscape,
                    "json: \\u escape at byte offset \(escapeOffset) needs four hex digits")
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    private func unterminatedEscape(_ offset: Int) -> CloserError {
        CloserError(.jsonUnexpectedEnd, "json: input ends inside the escape at byte offset \(offset)")
    }

    private func loneSurrogate(_ offset: Int, _ what: String) -> CloserError {
        CloserError(.jsonLoneSurrogate, "json: \\u escape at byte offset \(offset): \(what)")
    }
}
