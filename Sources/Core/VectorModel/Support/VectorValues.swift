// Small helpers every suite uses to write inputs and intermediates: hex, strings, numbers,
// and hostile variants of bytes and text. Normative shapes: specs/vectors.md §"Test".

import CoreWire

/// Shorthands for JSON members of inputs, outputs and intermediates.
package enum V {
    package static func hex(_ bytes: some Collection<UInt8>) -> JSONValue { .hex(bytes) }
    package static func str(_ s: String) -> JSONValue { .string(s) }
    package static func int(_ i: Int) -> JSONValue { .number(Double(i)) }
    package static func int(_ i: UInt32) -> JSONValue { .number(Double(i)) }
}

/// Hostile variants of bytes.
package enum Mutate {
    /// `bytes` with bit `bit` (0 = least significant) of byte `index` flipped.
    package static func flip(_ bytes: [UInt8], byte index: Int, bit: Int = 0) -> [UInt8] {
        var b = bytes
        b[index] ^= UInt8(1 << bit)
        return b
    }

    /// The first `count` bytes.
    package static func truncate(_ bytes: [UInt8], to count: Int) -> [UInt8] { Array(bytes.prefix(count)) }
}

/// Text forms of encodings a port may get wrong (specs/encodings.md).
package enum EncodingVariants {
    /// The standard alphabet's text with `+/` written as `-_` (url-safe where standard is pinned).
    package static func urlAlphabet(_ b64: String) -> String {
        String(b64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    /// The url-safe text with `-_` written as `+/`.
    package static func standardAlphabet(_ b64url: String) -> String {
        String(b64url.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
    }

    /// Padding removed.
    package static func unpadded(_ b64: String) -> String { String(b64.reversed().drop { $0 == "=" }.reversed()) }

    /// Padding added to a b64url text (as standard b64 would write it).
    package static func padded(_ b64url: String) -> String {
        b64url + String(repeating: "=", count: (4 - b64url.utf8.count % 4) % 4)
    }

    /// The last symbol before padding changed so that its unused low bits are not zero, if it
    /// has any (same decoded bytes to a lax decoder). Nil when the text has no spare bits.
    package static func nonCanonicalTrailingBits(_ text: String, url: Bool) -> String? {
        let alphabet = Array(
            (url
                ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"))
        var chars = Array(text)
        var end = chars.count
        while end > 0, chars[end - 1] == "=" { end -= 1 }
        let dataChars = end % 4
        let spare: Int
        switch dataChars {
        case 2: spare = 4
        case 3: spare = 2
        default: return nil
        }
        guard let v = alphabet.firstIndex(of: chars[end - 1]) else { return nil }
        _ = spare
        chars[end - 1] = alphabet[v | 1]
        return String(chars)
    }
}
