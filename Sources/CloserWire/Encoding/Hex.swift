// Hex for the harness protocol and the CLI. Normative: specs/encodings.md (§hex).
// Writes lowercase; reads either case; odd length and non-hex characters are errors.

extension CloserError.Code {
    public static let hexInvalid = Self("hex.invalid", .decodeError)
}

/// Lowercase hexadecimal.
package enum Hex: Sendable {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Lowercase hex of `bytes`.
    package static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes hex (either case). Throws `hex.invalid`.
    package static func decode(_ text: some StringProtocol) throws(CloserError) -> [UInt8] {
        let input = Array(text.utf8)
        guard input.count % 2 == 0 else {
            throw CloserError(.hexInvalid, "hex: odd length \(input.count)")
        }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 2)
        var i = 0
        while i < input.count {
            guard let hi = nibble(input[i]), let lo = nibble(input[i + 1]) else {
                throw CloserError(
                    .hexInvalid, "hex: non-hex character at offset \(nibble(input[i]) == nil ? i : i + 1)")
            }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
