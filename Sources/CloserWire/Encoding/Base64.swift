// Strict RFC 4648 base64 codecs. Normative: specs/encodings.md.
//
// Two profiles are used on the wire:
// - `.standard`: §4 alphabet (`+/`), padding required, canonical.
// - `.url`:      §5 alphabet (`-_`), no padding.
// Decoding is strict: no whitespace, no characters of the other alphabet, the exact
// padding rule, zero spare bits, and no length that cannot come from an encoder.

extension CloserError.Code {
    public static let b64InvalidCharacter = Self("b64.invalid_character", .decodeError)
    public static let b64WrongAlphabet = Self("b64.wrong_alphabet", .decodeError)
    public static let b64InvalidLength = Self("b64.invalid_length", .decodeError)
    public static let b64InvalidPadding = Self("b64.invalid_padding", .decodeError)
    public static let b64NonCanonical = Self("b64.non_canonical_trailing_bits", .decodeError)
}

/// Strict base64 in the two profiles Closer uses.
public enum Base64: Sendable {
    /// A base64 profile: alphabet plus padding rule.
    public enum Profile: Sendable, Hashable {
        /// RFC 4648 §4 alphabet, `=` padding required (name in specs: `b64`).
        case standard
        /// RFC 4648 §5 alphabet, no padding (name in specs: `b64url`).
        case url

        var name: String { self == .standard ? "b64" : "b64url" }
        var char62: UInt8 { self == .standard ? UInt8(ascii: "+") : UInt8(ascii: "-") }
        var char63: UInt8 { self == .standard ? UInt8(ascii: "/") : UInt8(ascii: "_") }
        var other62: UInt8 { self == .standard ? UInt8(ascii: "-") : UInt8(ascii: "+") }
        var other63: UInt8 { self == .standard ? UInt8(ascii: "_") : UInt8(ascii: "/") }
    }

    private static let letters: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Encodes bytes in the given profile.
    public static func encode<Bytes: Collection>(_ bytes: Bytes, _ profile: Profile) -> String
    where Bytes.Element == UInt8 {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count + 2) / 3 * 4)
        func sym(_ v: UInt8) -> UInt8 {
            switch v {
            case 0..<62: return letters[Int(v)]
            case 62: return profile.char62
            default: return profile.char63
            }
        }
        var i = 0
        while i + 3 <= input.count {
            let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            out += [sym(UInt8(n >> 18 & 63)), sym(UInt8(n >> 12 & 63)), sym(UInt8(n >> 6 & 63)), sym(UInt8(n & 63))]
            i += 3
        }
        let rest = input.count - i
        if rest == 1 {
            let n = UInt32(input[i]) << 16
            out += [sym(UInt8(n >> 18 & 63)), sym(UInt8(n >> 12 & 63))]
            if profile == .standard { out += [UInt8(ascii: "="), UInt8(ascii: "=")] }
        } else if rest == 2 {
            let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
            out += [sym(UInt8(n >> 18 & 63)), sym(UInt8(n >> 12 & 63)), sym(UInt8(n >> 6 & 63))]
            if profile == .standard { out.append(UInt8(ascii: "=")) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes a string in the given profile, strictly. See specs/encodings.md for the
    /// order in which the checks run (the first failing check names the error).
    public static func decode(_ text: some StringProtocol, _ profile: Profile) throws(CloserError) -> [UInt8] {
        let input = Array(text.utf8)
        let name = profile.name
        // 1. Split off padding (only `standard` may have it; `url` must not).
        var body = input[...]
        var padCount = 0
        while let last = body.last, last == UInt8(ascii: "=") {
            body = body.dropLast()
            padCount += 1
        }
        // 2. Every body character must be in the alphabet.
        var values: [UInt8] = []
        values.reserveCapacity(body.count)
        for (offset, c) in body.enumerated() {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(c - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(c - UInt8(ascii: "0") + 52)
            case profile.char62: values.append(62)
            case profile.char63: values.append(63)
            case profile.other62, profile.other63:
                throw CloserError(
                    .b64WrongAlphabet,
                    "\(name): character '\(Character(Unicode.Scalar(c)))' at offset \(offset) belongs to the other base64 alphabet")
            case UInt8(ascii: "="):
                throw CloserError(.b64InvalidPadding, "\(name): '=' at offset \(offset) is not at the end")
            default:
                throw CloserError(.b64InvalidCharacter, "\(name): \(describe(byte: c)) at offset \(offset) is not in the alphabet")
            }
        }
        // 3. Length and padding rules.
        let rem = values.count % 4
        if rem == 1 {
            throw CloserError(.b64InvalidLength, "\(name): \(values.count) symbols cannot encode whole bytes (length % 4 == 1)")
        }
        switch profile {
        case .url:
            if padCount > 0 {
                throw CloserError(.b64InvalidPadding, "\(name): padding '=' is not allowed")
            }
        case .standard:
            let expected = rem == 0 ? 0 : 4 - rem
            if padCount != expected {
                throw CloserError(
                    .b64InvalidPadding,
                    "\(name): expected \(expected) '=' padding character(s), found \(padCount)")
            }
        }
        // 4. Decode; the spare bits of the last symbol must be zero.
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var i = 0
        while i + 4 <= values.count {
            let n = UInt32(values[i]) << 18 | UInt32(values[i + 1]) << 12 | UInt32(values[i + 2]) << 6 | UInt32(values[i + 3])
            out += [UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)]
            i += 4
        }
        if rem == 2 {
            if values[i + 1] & 0x0f != 0 {
                throw CloserError(.b64NonCanonical, "\(name): non-canonical trailing bits")
            }
            out.append(values[i] << 2 | values[i + 1] >> 4)
        } else if rem == 3 {
            if values[i + 2] & 0x03 != 0 {
                throw CloserError(.b64NonCanonical, "\(name): non-canonical trailing bits")
            }
            out.append(values[i] << 2 | values[i + 1] >> 4)
            out.append((values[i + 1] & 0x0f) << 4 | values[i + 2] >> 2)
        }
        return out
    }

    static func describe(byte c: UInt8) -> String {
        if c >= 0x21 && c < 0x7f { return "character '\(Character(Unicode.Scalar(c)))'" }
        if c == 0x20 { return "space" }
        if c == 0x0a || c == 0x0d || c == 0x09 { return "whitespace byte 0x\(String(c, radix: 16))" }
        return "byte 0x\(String(c, radix: 16))"
    }
}
