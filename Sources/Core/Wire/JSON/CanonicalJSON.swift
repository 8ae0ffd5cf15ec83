// RFC 8785 JSON Canonicalization Scheme (JCS). Normative: specs/canonical-json.md
// §4 (numbers: §5).
//
// - No whitespace.
// - Object members sorted by their names' UTF-16 code units (RFC 8785 §3.2.3), compared
//   as unsigned 16-bit integers; not by locale, not by scalars, not normalized.
// - Strings (§3.2.2.2): `"` and `\` escaped, U+0008/09/0A/0C/0D as \b \t \n \f \r, other
//   controls below U+0020 as \u00xx in lowercase hex; everything else literal UTF-8.
// - Numbers (§3.2.2.3): ECMAScript Number::toString (ECMAScriptNumber.swift).
// - Literals: null, true, false.

/// RFC 8785 canonical JSON.
public enum CanonicalJSON {
    /// The RFC 8785 bytes (UTF-8) of `value`. Throws `json.non_finite_number` for a NaN or
    /// infinite number and `json.too_deep` for nesting deeper than `JSONValue.maximumDepth`
    /// (neither can come from the parser).
    public static func serialize(_ value: JSONValue) throws(CloserError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        try write(value, depth: 0, into: &out)
        return out
    }

    /// Parses `bytes` as strict I-JSON (`JSONValue.init(parsing:)`) and serializes it.
    ///
    /// The inputs apps send are canonicalized byte to byte without building the value
    /// (`DirectCanonicalizer`); the rest, every refusal included, take the parser.
    public static func canonicalize(_ bytes: some Collection<UInt8>) throws(CloserError) -> [UInt8] {
        let input = Array(bytes)
        if let canonical = DirectCanonicalizer.canonicalize(input) { return canonical }
        return try serialize(JSONValue(parsing: input))
    }

    /// `serialize(JSONValue(parsing: bytes))` always through the parser, for tests that
    /// compare the two paths.
    static func canonicalizeThroughValue(_ bytes: [UInt8]) throws(CloserError) -> [UInt8] {
        try serialize(JSONValue(parsing: bytes))
    }

    /// Whether `bytes` is already canonical: it parses and `canonicalize(bytes) == bytes`.
    public static func isCanonical(_ bytes: some Collection<UInt8>) -> Bool {
        let input = Array(bytes)
        guard let canonical = try? canonicalize(input) else { return false }
        return canonical == input
    }

    // MARK: - Writing

    private static func write(_ value: JSONValue, depth: Int, into out: inout [UInt8])
        throws(CloserError)
    {
        switch value {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            out += try ECMAScriptNumber.format(number)
        case .string(let string):
            writeString(string, into: &out)
        case .array(let elements):
            try checkDepth(depth)
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, depth: depth + 1, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            try checkDepth(depth)
            out.append(UInt8(ascii: "{"))
            for (index, member) in sortedMembers(members).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.name, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(member.value, depth: depth + 1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func checkDepth(_ depth: Int) throws(CloserError) {
        if depth >= JSONValue.maximumDepth {
            throw CloserError(
                .jsonTooDeep, "json: value nests deeper than \(JSONValue.maximumDepth) arrays/objects")
        }
    }

    /// Members in RFC 8785 §3.2.3 order: by the UTF-16 code units of their names.
    static func sortedMembers(_ members: [String: JSONValue]) -> [(name: String, value: JSONValue)] {
        // Below U+E000 (UTF-8 lead bytes below 0xEE) UTF-8 byte order is UTF-16 code unit order,
        // so names without such bytes sort by their bytes, as stored, without transcoding.
        if members.keys.allSatisfy({ name in name.utf8.allSatisfy { $0 < 0xEE } }) {
            return members.map { (name: $0.key, value: $0.value) }.sorted { utf8Precedes($0.name, $1.name) }
        }
        return
            members
            .map { (name: $0.key, units: Array($0.key.utf16), value: $0.value) }
            .sorted { $0.units.lexicographicallyPrecedes($1.units) }
            .map { (name: $0.name, value: $0.value) }
    }

    /// Whether `a`'s UTF-8 bytes precede `b`'s (memcmp order).
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.lexicographicallyPrecedes(y) } }
    }

    /// A JSON string literal in RFC 8785 §3.2.2.2 form.
    static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied at once.
            var runStart = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                appendEscaped(byte, into: &out)
                runStart = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The escape of one byte that needs it (a control character, `"` or `\\`).
    static func appendEscaped(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case 0x22: out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case 0x5C: out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        default:
            out += Array("\\u00".utf8) + Array(hexByte(byte).utf8)
        }
    }

    /// Two lowercase hex digits.
    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
