// Hex for the harness protocol and the CLI. Normative: specs/encodings.md (§hex).
// Writes lowercase; reads either case; odd length and non-hex characters are errors.

extension CloserError.Code {
    public static let hexInvalid = Self("hex.invalid", .decodeError)
}

/// Lowercase hexadecimal.
package enum Hex: Sendable {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Lowercase hex of `bytes`. Contiguous bytes (arrays, slices, Data) take the fast path, one
    /// pass over a buffer with no per-element generic dispatch (explore and serve encode every byte
    /// field of every request: specs/explore.md §"Performance"); `encodePlain` is the reference
    /// the fast path is tested against (HexTests).
    package static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let fast = bytes.withContiguousStorageIfAvailable({ encode(buffer: $0) }) { return fast }
        return encodePlain(bytes)
    }

    static func encode(buffer: UnsafeBufferPointer<UInt8>) -> String {
        guard !buffer.isEmpty else { return "" }
        return pairs.withUnsafeBufferPointer { table in
            String(unsafeUninitializedCapacity: buffer.count * 2) { out in
                let raw = UnsafeMutableRawBufferPointer(out)
                for i in 0..<buffer.count {
                    raw.storeBytes(of: table[Int(buffer[i])], toByteOffset: 2 * i, as: UInt16.self)
                }
                return buffer.count * 2
            }
        }
    }

    /// Each byte's two lowercase digits as they lie in memory (a lookup, no branch per nibble: a
    /// branch on random nibbles mispredicts half the time).
    private static let pairs: [UInt16] = (0..<256).map { b in
        UInt16(littleEndian: UInt16(digits[b >> 4]) | UInt16(digits[b & 0x0f]) << 8)
    }

    /// Lowercase hex of `bytes`, element by element (the reference for the fast path).
    package static func encodePlain<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
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
        var text = String(text)
        let decoded = text.withUTF8 { decodeValid($0) }
        if let decoded { return decoded }
        return try decodePlain(text)
    }

    /// The bytes of well-formed hex in one pass, or nil (odd length, a non-hex character): the
    /// caller then names the error with `decodePlain`.
    static func decodeValid(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard input.count % 2 == 0 else { return nil }
        let n = input.count / 2
        // No zero-capacity initializer: it writes the shared empty-array storage, a race TSan reports.
        guard n > 0 else { return [] }
        var bad: UInt8 = 0
        let out = [UInt8](unsafeUninitializedCapacity: n) { out, count in
            for i in 0..<n {
                let hi = nibbleOr16(input[2 * i])
                let lo = nibbleOr16(input[2 * i + 1])
                bad |= (hi | lo) & 0x10
                out[i] = hi << 4 | (lo & 0x0f)
            }
            count = n
        }
        return bad == 0 ? out : nil
    }

    /// A hex digit's value, or 16 for anything else (compare-and-subtract, which the compiler
    /// vectorizes: a 256-entry lookup here measured three times slower, specs/explore.md §Performance).
    @inline(__always) private static func nibbleOr16(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x61...0x66: return c - 0x61 + 10
        case 0x41...0x46: return c - 0x41 + 10
        default: return 16
        }
    }

    /// Decodes hex byte by byte, naming the first error (the reference for the fast path).
    package static func decodePlain(_ text: some StringProtocol) throws(CloserError) -> [UInt8] {
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
