// Number formatting (specs/canonical-json.md §5): known answers from RFC 8785
// Appendix B and ECMAScript's Number.prototype.toString, then 100,000 seeded random doubles
// checked against glibc's correctly rounded printf and strtod.
@testable import CoreWire
import Testing

@testable import CloserWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func esText(_ x: Double) throws -> String {
    String(decoding: try ECMAScriptNumber.format(x), as: UTF8.self)
}

/// `x` rounded to `significantDigits` by the C library's printf ("d.ddde±xx").
private func printfExponential(_ x: Double, significantDigits: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([Int32(significantDigits - 1), x]) { vsnprintf(&buffer, buffer.count, "%.*e", $0) }
    return String(
        decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The significant digits of a decimal text (no sign, point, exponent, leading/trailing zeros).
private func significantDigits(_ text: String) -> [UInt8] {
    let mantissa = text.utf8.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
    var digits = mantissa.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    return Array(digits.drop(while: { $0 == UInt8(ascii: "0") }))
}

@Suite("ECMAScript number formatting")
struct ECMAScriptNumberTests {
    /// RFC 8785 Appendix B: IEEE-754 bit patterns and their JCS text.
    static let appendixB: [(UInt64, String)] = [
        (0x0000_0000_0000_0000, "0"),
        (0x8000_0000_0000_0000, "0"),
        (0x0000_0000_0000_0001, "5e-324"),
        (0x8000_0000_0000_0001, "-5e-324"),
        (0x7FEF_FFFF_FFFF_FFFF, "1.7976931348623157e+308"),
        (0xFFEF_FFFF_FFFF_FFFF, "-1.7976931348623157e+308"),
        (0x4340_0000_0000_0000, "9007199254740992"),
        (0xC340_0000_0000_0000, "-9007199254740992"),
        (0x4430_0000_0000_0000, "295147905179352830000"),
        (0x44B5_2D02_C7E1_4AF5, "9.999999999999997e+22"),
        (0x44B5_2D02_C7E1_4AF6, "1e+23"),
        (0x44B5_2D02_C7E1_4AF7, "1.0000000000000001e+23"),
        (0x444B_1AE4_D6E2_EF4E, "999999999999999700000"),
        (0x444B_1AE4_D6E2_EF4F, "999999999999999900000"),
        (0x444B_1AE4_D6E2_EF50, "1e+21"),
        (0x3EB0_C6F7_A0B5_ED8C, "9.999999999999997e-7"),
        (0x3EB0_C6F7_A0B5_ED8D, "0.000001"),
        (0x41B3_DE43_5555_5553, "333333333.3333332"),
        (0x41B3_DE43_5555_5554, "333333333.33333325"),
        (0x41B3_DE43_5555_5555, "333333333.3333333"),
        (0x41B3_DE43_5555_5556, "333333333.3333334"),
        (0x41B3_DE43_5555_5557, "333333333.33333343"),
        (0xBECB_F647_612F_3696, "-0.0000033333333333333333"),
        (0x4314_3FF3_C1CB_0959, "1424953923781206.2"),
    ]

    @Test("RFC 8785 Appendix B")
    func appendixBSamples() throws {
        for (bits, expected) in Self.appendixB {
            #expect(try esText(Double(bitPattern: bits)) == expected, "\(String(bits, radix: 16))")
        }
    }

    @Test("RFC 8785 Appendix B: NaN and Infinity are errors")
    func appendixBNonFinite() {
        for bits: UInt64 in [
            0x7FFF_FFFF_FFFF_FFFF, 0x7FF0_0000_0000_0000, 0xFFF0_0000_0000_0000, 0x7FF8_0000_0000_0000,
        ] {
            do {
                _ = try ECMAScriptNumber.format(Double(bitPattern: bits))
                Issue.record("formatted \(String(bits, radix: 16))")
            } catch {
                #expect(error.code == .jsonNonFiniteNumber)
            }
        }
    }

    /// JavaScript source literals and their well-known `String(x)` (ECMA-262 Number::toString).
    static let ecmaScript: [(String, String)] = [
        ("1e21", "1e+21"), ("1e20", "100000000000000000000"),
        ("123456789012345680000", "123456789012345680000"),
        ("1e-7", "1e-7"), ("1.5e-7", "1.5e-7"), ("0.000001", "0.000001"), ("0.0000015", "0.0000015"),
        ("1.7976931348623157e308", "1.7976931348623157e+308"), ("5e-324", "5e-324"), ("-0", "0"),
        ("0", "0"),
        ("4.35", "4.35"), ("0.1", "0.1"), ("100", "100"), ("-1.5", "-1.5"), ("123e-20", "1.23e-18"),
        ("1e23", "1e+23"), ("2e-3", "0.002"), ("1e30", "1e+30"),
        ("333333333.33333329", "333333333.3333333"),
        ("1e-27", "1e-27"), ("56.0", "56"), ("1.2345e21", "1.2345e+21"),
        ("123456789012345678", "123456789012345680"),
        ("0.5", "0.5"), ("9007199254740991", "9007199254740991"), ("2.5e-5", "0.000025"),
        ("-1e-7", "-1e-7"),
        ("1e16", "10000000000000000"), ("1.1e-6", "0.0000011"), ("12345.6789", "12345.6789"),
        ("2e-7", "2e-7"), ("0.00001", "0.00001"), ("1e-6", "0.000001"),
        ("999999999999999999999", "1e+21"),
    ]

    @Test("ECMAScript Number.prototype.toString known answers")
    func ecmaScriptSamples() throws {
        for (literal, expected) in Self.ecmaScript {
            let value = try #require(Double(literal))
            #expect(try esText(value) == expected, "\(literal)")
        }
        #expect(try esText(0.1 + 0.2) == "0.30000000000000004")
        #expect(try esText(1.0 / 3.0) == "0.3333333333333333")
        #expect(try esText(2.0 / 3.0) == "0.6666666666666666")
    }

    @Test(
        "100,000 random doubles: round-trip, shortest, closest, exponent form only where ES uses it")
    func randomDoubles() throws {
        var rng = SplitMix64(state: 0x436C_6F73_6572_4A53)  // "CloserJS"
        var checked = 0
        var failures: [String] = []
        while checked < 100_000 {
            let raw = rng.next()
            let x: Double
            switch checked % 4 {
            case 0:  // any bit pattern
                x = Double(bitPattern: raw)
            case 1:  // exponents around the ES layout boundaries (1e-9 ... 1e23)
                let exponent = UInt64.random(in: (1023 - 30)...(1023 + 77), using: &rng)
                x = Double(bitPattern: (raw & 0x800F_FFFF_FFFF_FFFF) | exponent << 52)
            case 2:  // integers within 2^53
                x = Double(Int64(bitPattern: raw) >> 11)
            default:  // subnormals and values near the extremes
                x = Double(
                    bitPattern: raw & 0x800F_FFFF_FFFF_FFFF | (raw & 1 == 0 ? 0 : 0x7FE0_0000_0000_0000))
            }
            guard x.isFinite else { continue }
            checked += 1
            if let failure = try check(x) {
                failures.append(failure)
                if failures.count >= 20 { break }
            }
        }
        #expect(checked == 100_000)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Checks one finite double; returns what is wrong with its text, or nil.
    private func check(_ x: Double) throws -> String? {
        let text = try esText(x)
        // Round-trip through strtod and through the JSON parser.
        guard let back = Double(text), back == x else {
            return "\(x.description): \(text) does not round-trip"
        }
        guard case .number(let parsed) = try JSONValue(parsing: text), parsed == x else {
            return "\(x.description): \(text) does not parse back"
        }
        if x == 0 { return text == "0" ? nil : "zero written as \(text)" }

        // No more digits than Double.description's shortest form.
        let digits = significantDigits(text)
        if digits.count > significantDigits(x.description).count {
            return "\(text) has more digits than \(x.description)"
        }
        // Shortest: the correctly rounded decimal with one digit fewer does not round-trip.
        if digits.count > 1 {
            let shorter = printfExponential(x, significantDigits: digits.count - 1)
            if Double(shorter) == x { return "\(text): \(shorter) also round-trips" }
        }
        // Closest: when the correctly rounded decimal of the same length round-trips, it is ours.
        let nearest = printfExponential(x, significantDigits: digits.count)
        if Double(nearest) == x && significantDigits(nearest) != digits {
            return "\(text): \(nearest) is closer"
        }
        // Layout: exponent form exactly when the decimal exponent n is ≥ 22 or ≤ −6, with
        // exponent n − 1, no "+" mantissa, no exponent leading zeros, no ".0".
        let n = ECMAScriptNumber.shortestDecimal(of: x.magnitude).exponent
        let parts = text.split(separator: "e")
        if (parts.count == 2) != (n > 21 || n <= -6) { return "\(text): wrong layout for n = \(n)" }
        if parts.count == 2 {
            let exponent = String(parts[1])
            let expected = (n - 1 < 0 ? "-" : "+") + String((n - 1).magnitude)
            if exponent != expected { return "\(text): exponent should be \(expected)" }
        }
        if text.hasSuffix(".0") || text.hasPrefix("+")
            || text.hasPrefix("0") && text.count > 1 && !text.hasPrefix("0.")
        {
            return "\(text): not ECMAScript form"
        }
        return nil
    }
}
