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
package enum Base64: Sendable {
    /// A base64 profile: alphabet plus padding rule.
    package enum Profile: Sendable, Hashable {
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

    /// Symbol value of each byte in each profile: 0...63, or a class marker (below).
    private static let invalid: UInt8 = 0xff
    private static let otherAlphabet: UInt8 = 0xfe
    private static let padding: UInt8 = 0xfd

    private static func table(_ profile: Profile) -> [UInt8] {
        var t = [UInt8](repeating: invalid, count: 256)
        for (i, c) in letters.enumerated() { t[Int(c)] = UInt8(i) }
        t[Int(profile.char62)] = 62
        t[Int(profile.char63)] = 63
        t[Int(profile.other62)] = otherAlphabet
        t[Int(profile.other63)] = otherAlphabet
        t[Int(UInt8(ascii: "="))] = padding
        return t
    }

    /// Encoding by byte, not by 6-bit group: `high[b]` is the symbol of `b >> 2`, `low[b]` the
    /// symbol of `b & 63`; 512 bytes per profile. Saves a shift and a mask per symbol.
    private static func encodingTables(_ profile: Profile) -> [UInt8] {
        let symbols = letters + [profile.char62, profile.char63]
        return (0..<256).map { symbols[$0 >> 2] } + (0..<256).map { symbols[$0 & 63] }
    }

    /// Decoding four symbols at once: four tables of 256 `UInt32`, each placing one symbol's six
    /// bits where they land in the three output bytes (byte k at bits 8k...8k+7); a byte that is
    /// not a symbol maps to `notASymbol`, which sets bits above the 24 of the output.
    private static let notASymbol: UInt32 = 0x01FF_FFFF
    private static func decodingTables(_ table: [UInt8]) -> [UInt32] {
        var out = [UInt32](repeating: notASymbol, count: 4 * 256)
        for byte in 0..<256 where table[byte] < 64 {
            let v = UInt32(table[byte])
            out[byte] = v << 2
            out[256 + byte] = v >> 4 | (v & 0x0F) << 12
            out[512 + byte] = (v >> 2) << 8 | (v & 0x03) << 22
            out[768 + byte] = v << 16
        }
        return out
    }

    /// One profile's lookup tables, built once and never freed. Plain pointers: a codec call
    /// reads them without the reference counting (atomic, so not cheap) an array costs.
    private struct Tables: @unchecked Sendable {
        /// Value of each byte: 0...63, or a class marker. 256 entries.
        let symbols: UnsafePointer<UInt8>
        /// `encodingTables`: 512 entries.
        let encoding: UnsafePointer<UInt8>
        /// `decodingTables`: 1,024 entries.
        let decoding: UnsafePointer<UInt32>

        init(_ profile: Profile) {
            let symbols = table(profile)
            self.symbols = Self.immortal(symbols)
            self.encoding = Self.immortal(encodingTables(profile))
            self.decoding = Self.immortal(decodingTables(symbols))
        }

        private static func immortal<T>(_ values: [T]) -> UnsafePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: values.count)
            p.initialize(from: values, count: values.count)
            return UnsafePointer(p)
        }
    }
    private static let tables = (standard: Tables(.standard), url: Tables(.url))
    private static func tables(_ profile: Profile) -> Tables {
        profile == .standard ? tables.standard : tables.url
    }

    /// The encoded length of `count` bytes.
    package static func encodedLength(_ count: Int, _ profile: Profile) -> Int {
        let rest = count % 3
        return count / 3 * 4 + (rest == 0 ? 0 : (profile == .standard ? 4 : rest + 1))
    }

    /// Encodes bytes in the given profile.
    package static func encode<Bytes: Collection>(_ bytes: Bytes, _ profile: Profile) -> String
    where Bytes.Element == UInt8 {
        encode(prefix: "", bytes, profile)
    }

    /// `prefix` followed by the encoding of `bytes`, written once into one string.
    package static func encode<Bytes: Collection>(prefix: String, _ bytes: Bytes, _ profile: Profile) -> String
    where Bytes.Element == UInt8 {
        if let s = bytes.withContiguousStorageIfAvailable({
            encode(prefix: prefix, [], UnsafeRawBufferPointer($0), profile)
        }) {
            return s
        }
        return Array(bytes).withUnsafeBytes { encode(prefix: prefix, [], $0, profile) }
    }

    /// `prefix` followed by the encoding of `head ++ tail`, without joining the bytes first
    /// (a Tink output prefix before a swift-crypto `combined` box, say).
    package static func encode(prefix: String, _ head: [UInt8], _ tail: UnsafeRawBufferPointer, _ profile: Profile)
        -> String
    {
        let prefixCount = prefix.utf8.count
        let total = head.count + tail.count
        let length = prefixCount + encodedLength(total, profile)
        // The head plus the first few tail bytes, to a multiple of 3, are encoded from a small
        // buffer; the rest of the tail continues from there with no padding in between.
        let take = min(tail.count, (3 - head.count % 3) % 3)
        var first = head
        first.append(contentsOf: tail.prefix(take))
        let rest = UnsafeRawBufferPointer(rebasing: tail[take...])
        let symbols = tables(profile).encoding
        return String(unsafeUninitializedCapacity: length) { out in
            var o = 0
            for byte in prefix.utf8 {
                out[o] = byte
                o += 1
            }
            first.withUnsafeBytes { a in
                o = encodeBody(a, into: out, at: o, symbols, profile)
                if !rest.isEmpty { o = encodeBody(rest, into: out, at: o, symbols, profile) }
            }
            return o
        }
    }

    /// Encodes `input` at `out[o...]` (padding only at the end of `input`); returns the new end.
    @inline(__always)
    private static func encodeBody(
        _ input: UnsafeRawBufferPointer, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int,
        _ symbols: UnsafePointer<UInt8>, _ profile: Profile
    ) -> Int {
        guard let inBase = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return start }
        let outBase = out.baseAddress!
        let count = input.count
        // `symbols` is `encodingTables`: high symbols first, low symbols from 256 on.
        let high = symbols
        let low = symbols + 256
        var o = start
        var i = 0
        let outRaw = UnsafeMutableRawPointer(outBase)
        while i + 3 <= count {
            let a = inBase[i]
            let b = inBase[i + 1]
            let c = inBase[i + 2]
            // The four symbols in one store: first symbol in the lowest-addressed byte.
            let word =
                UInt32(high[Int(a)]) | UInt32(low[Int((a & 0x03) << 4 | b >> 4)]) << 8
                | UInt32(low[Int((b & 0x0F) << 2 | c >> 6)]) << 16 | UInt32(low[Int(c)]) << 24
            outRaw.storeBytes(of: word.littleEndian, toByteOffset: o, as: UInt32.self)
            o += 4
            i += 3
        }
        let rest = count - i
        if rest > 0 {
            let n = UInt32(inBase[i]) << 16 | (rest == 2 ? UInt32(inBase[i + 1]) << 8 : 0)
            outBase[o] = low[Int(n >> 18 & 63)]
            outBase[o + 1] = low[Int(n >> 12 & 63)]
            o += 2
            if rest == 2 {
                outBase[o] = low[Int(n >> 6 & 63)]
                o += 1
            } else if profile == .standard {
                outBase[o] = UInt8(ascii: "=")
                o += 1
            }
            if profile == .standard {
                outBase[o] = UInt8(ascii: "=")
                o += 1
            }
        }
        return o
    }

    /// Decodes a string in the given profile, strictly. See specs/encodings.md for the
    /// order in which the checks run (the first failing check names the error).
    package static func decode(_ text: some StringProtocol, _ profile: Profile) throws(CloserError) -> [UInt8] {
        let fast = text.utf8.withContiguousStorageIfAvailable { decodeValid(UnsafeRawBufferPointer($0), profile) }
        if let decoded = fast ?? Array(text.utf8).withUnsafeBytes({ decodeValid($0, profile) }) { return decoded }
        return try decodeNamingTheError(text, profile)
    }

    /// Decodes `input` when it passes every check of `decode`; nil when any fails (the caller
    /// then runs the checks in their specified order to name the error). One pass.
    package static func decodeValid(_ input: UnsafeRawBufferPointer, _ profile: Profile) -> [UInt8]? {
        guard let (full, rem, outCount) = validShape(input, profile) else { return nil }
        guard outCount > 0 else { return [] }
        let inBase = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // Small outputs (keys, keysets, short values) are decoded on the stack and copied once:
        // the standard library's uninitialized-array path looks up its element type at run
        // time on every call, which costs more than decoding a few hundred bytes.
        if outCount <= smallOutputLimit {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: outCount) { out in
                let valid = decodeSymbols(inBase, full: full, rem: rem, profile, into: out.baseAddress!)
                // Decoded bytes may be secret (keys, keysets): none are left on the stack.
                defer { clearScratch(out) }
                return valid ? Array(UnsafeRawBufferPointer(out)) : nil
            }
        }
        var valid = true
        let out = [UInt8](unsafeUninitializedCapacity: outCount) { out, initialized in
            valid = decodeSymbols(inBase, full: full, rem: rem, profile, into: out.baseAddress!)
            if !valid { out.initialize(repeating: 0) }
            initialized = outCount
        }
        return valid ? out : nil
    }

    /// Largest output `decodeValid` decodes on the stack (bytes).
    static let smallOutputLimit = 1024

    /// `decodeValid` into `output`: the decoded length when `input` passes every check of
    /// `decode` and its bytes fit in `output`; nil otherwise (`output` may then hold anything).
    package static func decodeValid(
        _ input: UnsafeRawBufferPointer, _ profile: Profile, into output: UnsafeMutableRawBufferPointer
    ) -> Int? {
        guard let (full, rem, outCount) = validShape(input, profile), outCount <= output.count else { return nil }
        guard outCount > 0 else { return 0 }
        let valid = decodeSymbols(
            input.baseAddress!.assumingMemoryBound(to: UInt8.self), full: full, rem: rem, profile,
            into: output.baseAddress!.assumingMemoryBound(to: UInt8.self))
        return valid ? outCount : nil
    }

    /// The length checks of `decode` (padding rule, no length an encoder cannot produce):
    /// the number of full quads, the symbols in the final group and the decoded length, or
    /// nil when they fail.
    private static func validShape(
        _ input: UnsafeRawBufferPointer, _ profile: Profile
    ) -> (full: Int, rem: Int, outCount: Int)? {
        var bodyCount = input.count
        while bodyCount > 0, input[bodyCount - 1] == UInt8(ascii: "=") { bodyCount -= 1 }
        let padCount = input.count - bodyCount
        let rem = bodyCount % 4
        if rem == 1 { return nil }
        if padCount != (profile == .standard ? (rem == 0 ? 0 : 4 - rem) : 0) { return nil }
        let full = bodyCount / 4
        return (full, rem, full * 3 + (rem == 0 ? 0 : rem - 1))
    }

    /// Decodes `full` quads and a final group of `rem` symbols from `input` into `o`; false
    /// when any symbol is outside the alphabet or the final group's unused bits are not zero.
    /// Every output byte is written either way.
    private static func decodeSymbols(
        _ inBase: UnsafePointer<UInt8>, full: Int, rem: Int, _ profile: Profile, into o: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        let tables = tables(profile)
        let t = tables.symbols
        let d0 = tables.decoding
        let d1 = d0 + 256
        let d2 = d0 + 512
        let d3 = d0 + 768
        var bad: UInt8 = 0
        var quadBad: UInt32 = 0
        var i = 0
        var j = 0
        let input = UnsafeRawPointer(inBase)
        let output = UnsafeMutableRawPointer(o)
        // Four symbols are loaded as one word and three bytes stored as one word (its
        // fourth byte is overwritten next), while an output byte follows the quad.
        let wideQuads = rem >= 2 ? full : full - 1
        while i < wideQuads * 4 {
            let w = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            let x =
                d0[Int(w & 0xff)] | d1[Int(w >> 8 & 0xff)] | d2[Int(w >> 16 & 0xff)] | d3[Int(w >> 24)]
            quadBad |= x
            output.storeBytes(of: x.littleEndian, toByteOffset: j, as: UInt32.self)
            i += 4
            j += 3
        }
        while i < full * 4 {
            let x =
                d0[Int(inBase[i])] | d1[Int(inBase[i + 1])] | d2[Int(inBase[i + 2])]
                | d3[Int(inBase[i + 3])]
            quadBad |= x
            o[j] = UInt8(truncatingIfNeeded: x)
            o[j + 1] = UInt8(truncatingIfNeeded: x >> 8)
            o[j + 2] = UInt8(truncatingIfNeeded: x >> 16)
            i += 4
            j += 3
        }
        if quadBad >= 0x0100_0000 { bad |= 0x80 }
        if rem >= 2 {
            let a = t[Int(inBase[i])]
            let b = t[Int(inBase[i + 1])]
            bad |= a | b
            o[j] = a << 2 | b >> 4
            if rem == 2 {
                if b & 0x0f != 0 { bad |= 0x80 }
            } else {
                let c = t[Int(inBase[i + 2])]
                bad |= c
                if c & 0x03 != 0 { bad |= 0x80 }
                o[j + 1] = (b & 0x0f) << 4 | c >> 2
            }
        }
        // Every symbol value is below 64; the class markers (0xfd...0xff) are not.
        return bad & 0xc0 == 0
    }

    /// The checks of `decode` one by one, in the order specs/encodings.md gives them.
    static func decodeNamingTheError(_ text: some StringProtocol, _ profile: Profile) throws(CloserError) -> [UInt8] {
        let input = Array(text.utf8)
        let name = profile.name
        let table = tables(profile).symbols
        // 1. Split off padding (only `standard` may have it; `url` must not).
        var bodyCount = input.count
        while bodyCount > 0, input[bodyCount - 1] == UInt8(ascii: "=") { bodyCount -= 1 }
        let padCount = input.count - bodyCount
        // 2. Every body character must be in the alphabet.
        for offset in 0..<bodyCount {
            let v = table[Int(input[offset])]
            guard v < 64 else {
                let c = input[offset]
                switch v {
                case otherAlphabet:
                    throw CloserError(
                        .b64WrongAlphabet,
                        "\(name): character '\(Character(Unicode.Scalar(c)))' at offset \(offset) belongs to the other base64 alphabet"
                    )
                case padding:
                    throw CloserError(.b64InvalidPadding, "\(name): '=' at offset \(offset) is not at the end")
                default:
                    throw CloserError(
                        .b64InvalidCharacter, "\(name): \(describe(byte: c)) at offset \(offset) is not in the alphabet"
                    )
                }
            }
        }
        // 3. Length and padding rules.
        let rem = bodyCount % 4
        if rem == 1 {
            throw CloserError(
                .b64InvalidLength, "\(name): \(bodyCount) symbols cannot encode whole bytes (length % 4 == 1)")
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
        let full = bodyCount / 4
        var out = [UInt8](repeating: 0, count: full * 3 + (rem == 0 ? 0 : rem - 1))
        var i = 0
        var o = 0
        while i + 4 <= bodyCount {
            let n =
                UInt32(table[Int(input[i])]) << 18 | UInt32(table[Int(input[i + 1])]) << 12
                | UInt32(table[Int(input[i + 2])]) << 6 | UInt32(table[Int(input[i + 3])])
            out[o] = UInt8(n >> 16 & 0xff)
            out[o + 1] = UInt8(n >> 8 & 0xff)
            out[o + 2] = UInt8(n & 0xff)
            o += 3
            i += 4
        }
        if rem >= 2 {
            let a = table[Int(input[i])]
            let b = table[Int(input[i + 1])]
            if rem == 2 {
                if b & 0x0f != 0 { throw CloserError(.b64NonCanonical, "\(name): non-canonical trailing bits") }
                out[o] = a << 2 | b >> 4
            } else {
                let c = table[Int(input[i + 2])]
                if c & 0x03 != 0 { throw CloserError(.b64NonCanonical, "\(name): non-canonical trailing bits") }
                out[o] = a << 2 | b >> 4
                out[o + 1] = (b & 0x0f) << 4 | c >> 2
            }
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
