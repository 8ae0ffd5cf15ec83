// The values the structure-aware generators build inputs from: texts from every Unicode plane,
// ids with `|` and non-ASCII, key ids of every varint length, plaintext lengths across the
// 16-byte and 64 KiB boundaries, JSON numbers at every boundary. Normative: specs/explore.md
// §"Generators".

import CloserWire

extension ExploreRandom {
    /// The ranges `scalar` draws from (built once: the generators draw scalars by the thousand).
    static let planes: [ClosedRange<UInt32>] = [
        0x20...0x7e, 0x00...0x1f, 0xa0...0xff, 0x100...0x7ff, 0x800...0xd7ff, 0xe000...0xfffd,
        0x1_0000...0x1_ffff, 0x2_0000...0x3_ffff, 0xe_0000...0x10_ffff,
    ]

    /// One scalar: ASCII, Latin-1, BMP (no surrogates), astral planes 1-16, or a control.
    package func scalar() -> Unicode.Scalar {
        let planes = Self.planes
        let range = chance(50) ? planes[0] : pick(planes)
        let v = range.lowerBound + UInt32(below(Int(range.upperBound - range.lowerBound) + 1))
        return Unicode.Scalar(v) ?? "?"
    }

    /// A text of 0…`max` scalars (often empty, short, or with `|`); with `long`, sometimes 16,383…
    /// 70,000 `a`s (across the 64 KiB boundary).
    package func text(max: Int = 40, long: Bool = true) -> String {
        switch below(10) {
        case 0: return ""
        case 1 where long && chance(30):
            let n = length(max: 70_000, boundaries: [16_383, 16_384, 65_535, 65_536, 65_537])
            return String(decoding: [UInt8](repeating: 0x61, count: n), as: UTF8.self)
        default:
            var s = String.UnicodeScalarView()
            for _ in 0..<length(max: max) { s.append(chance(5) ? "|" : scalar()) }
            return String(s)
        }
    }

    /// A binding id: usually a non-empty id without `|` (ASCII, non-ASCII, astral), sometimes
    /// empty or with `|` (the refusals).
    package func id() -> String {
        switch below(20) {
        case 0: return ""
        case 1: return "a|b"
        // Latin-1 only (U+00A0…U+00FF): where UTF-8 and Latin-1 encoders differ byte for byte.
        case 6: return "id-" + String(Unicode.Scalar(UInt8(0xa0 + below(0x60))))
        case 2, 3, 4, 5:
            var s = String.UnicodeScalarView()
            for _ in 0..<(1 + below(6)) {
                var c = scalar()
                while c == "|" { c = scalar() }
                s.append(c)
            }
            return String(s)
        default: return "id-" + Hex.encode(bytes(1 + below(6)))
        }
    }

    /// A Tink key id whose varint has 1…5 bytes (the high bit set half the time in 5-byte ids).
    package func keyID() -> UInt32 {
        let bits = pick([7, 14, 21, 28, 31, 32])
        var id = UInt32(truncatingIfNeeded: bytes(4).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        if bits < 32 { id &= (UInt32(1) << UInt32(bits)) - 1 }
        if bits >= 31 { id |= UInt32(1) << UInt32(bits - 1) }
        return id == 0 ? 1 : id
    }

    /// A plaintext length: mostly short (0…100, the AES block boundaries), one in eight across 4 KiB
    /// and 64 KiB (65,535…65,537) or up to 70,000.
    package func plaintextLength() -> Int {
        guard chance(12) else { return length(max: 100) }
        return length(max: 70_000, boundaries: [4095, 4096, 65_535, 65_536, 65_537])
    }

    /// A JSON number literal at a boundary: integers around 2^53, subnormals, exponents, -0.
    package func numberLiteral() -> String {
        pick([
            "0", "-0", "1", "-1", "0.1", "1e21", "1e-7", "9007199254740991", "9007199254740992", "9007199254740993",
            "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "123456789012345680000", "1E+2", "1.0",
            "100e-2", "0.000001", "1e400", "-1e-400", "01", "1.", ".5", "+1", "0x10",
            "\(below(1_000_000))", "\(below(1000)).\(below(1000))e\(below(600) - 300)",
        ])
    }
}
