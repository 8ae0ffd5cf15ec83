// ECMAScript Number::toString(x) for finite doubles (ECMA-262 §6.1.6.1.20), the number
// format RFC 8785 §3.2.2.3 requires. Normative: specs/canonical-json.md §5.
//
// Step 1 finds the shortest decimal digits that round-trip (and, among those, the closest
// to x): Swift's `Double.description` computes exactly these, so its digits and decimal
// exponent are read back from its text. Its layout (".0", "e-07", where it switches to
// exponent form) is not ECMAScript's and is discarded. Step 2 lays the digits out by the
// ECMAScript rules.

extension CloserError.Code {
    public static let jsonNonFiniteNumber = Self("json.non_finite_number", .invalidParameters)
}

/// Formats doubles like ECMAScript's `Number.prototype.toString()`.
enum ECMAScriptNumber {
    /// The shortest round-trip decimal of a positive finite double: x = 0.d₁d₂…dₖ × 10ⁿ,
    /// digits without leading or trailing zeros (ECMA-262's s, k and n).
    struct Decimal: Equatable {
        var digits: [UInt8]  // ASCII '1'...'9' first, '0'...'9' after, last not '0'
        var exponent: Int  // n
    }

    /// The ECMAScript text of `x`. Throws `json.non_finite_number` for NaN and ±infinity.
    static func format(_ x: Double) throws(CloserError) -> [UInt8] {
        guard x.isFinite else {
            throw CloserError(
                .jsonNonFiniteNumber, "json: NaN and infinities have no JSON form (RFC 8785 §3.2.2.3)")
        }
        if x == 0 { return [UInt8(ascii: "0")] }  // +0 and -0
        let sign: [UInt8] = x < 0 ? [UInt8(ascii: "-")] : []
        return sign + layout(shortestDecimal(of: x.magnitude))
    }

    /// ECMA-262 Number::toString steps 6–10 for s (digits), k (digit count), n (exponent).
    static func layout(_ decimal: Decimal) -> [UInt8] {
        let s = decimal.digits
        guard let first = s.first else { return [UInt8(ascii: "0")] }  // only for x == 0
        let k = s.count
        let n = decimal.exponent
        let zero = UInt8(ascii: "0")
        if k <= n && n <= 21 {
            // Integer: the digits then n − k zeros.
            return s + Array(repeating: zero, count: n - k)
        }
        if 0 < n && n <= 21 {
            // The point falls inside the digits.
            return Array(s[..<n]) + [UInt8(ascii: ".")] + Array(s[n...])
        }
        if -6 < n && n <= 0 {
            // "0." then −n zeros then the digits.
            return [zero, UInt8(ascii: ".")] + Array(repeating: zero, count: -n) + s
        }
        // Exponent form: d[.ddd]e±(n − 1).
        let e = n - 1
        var out: [UInt8] = [first]
        if k > 1 {
            out.append(UInt8(ascii: "."))
            out += s[1...]
        }
        out.append(UInt8(ascii: "e"))
        out.append(e < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        out += Array(String(e.magnitude).utf8)
        return out
    }

    /// The shortest round-trip digits of a positive finite double, read from
    /// `Double.description` (which may look like "5e-324", "1e+16", "0.001", "123.0").
    static func shortestDecimal(of x: Double) -> Decimal {
        let text = Array(x.description.utf8)
        var digits: [UInt8] = []
        var digitsBeforePoint: Int? = nil
        var index = 0
        while index < text.count {
            let c = text[index]
            if c == UInt8(ascii: ".") {
                digitsBeforePoint = digits.count
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                break
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                digits.append(c)
            }
            index += 1
        }
        var exponent = 0
        if index < text.count {
            // "e", an optional sign, decimal digits.
            var negative = false
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
                exponent = exponent * 10 + Int(text[index] - UInt8(ascii: "0"))
                index += 1
            }
            if negative { exponent = -exponent }
        }
        // value = 0.<digits> × 10^(digitsBeforePoint + exponent); then drop zeros.
        var n = (digitsBeforePoint ?? digits.count) + exponent
        let leadingZeros = digits.prefix(while: { $0 == UInt8(ascii: "0") }).count
        digits.removeFirst(leadingZeros)
        n -= leadingZeros
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
        }
        return Decimal(digits: digits, exponent: n)
    }
}
