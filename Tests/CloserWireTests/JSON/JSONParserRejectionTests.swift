// Every rejection of specs/canonical-json.md §2–§3, each with its exact code.
@testable import CoreWire
import Testing

@testable import CloserWire

private let quote: UInt8 = 0x22

/// A string literal whose body is the raw bytes `body`.
private func stringWith(_ body: [UInt8]) -> [UInt8] { [quote] + body + [quote] }

@Suite("JSON parser rejections")
struct JSONParserRejectionTests {
    static let emptyCases: [Rejection] = [
        Rejection("no bytes", "", .jsonEmptyInput),
        Rejection("only whitespace", " \t\r\n ", .jsonEmptyInput),
    ]

    static let byteOrderMarkCases: [Rejection] = [
        Rejection("BOM before an object", [0xEF, 0xBB, 0xBF] + utf8("{}"), .jsonByteOrderMark),
        Rejection("BOM alone", [0xEF, 0xBB, 0xBF], .jsonByteOrderMark),
        Rejection("BOM via String", "\u{FEFF}1", .jsonByteOrderMark),
        Rejection(
            "BOM after whitespace is not allowed either", [0x20, 0xEF, 0xBB, 0xBF, 0x31],
            .jsonUnexpectedCharacter),
    ]

    static let invalidUTF8Cases: [Rejection] = [
        Rejection("overlong 2-byte C0 AF", stringWith([0xC0, 0xAF]), .jsonInvalidUTF8),
        Rejection("overlong 2-byte C1 BF", stringWith([0xC1, 0xBF]), .jsonInvalidUTF8),
        Rejection("overlong 3-byte E0 80 AF", stringWith([0xE0, 0x80, 0xAF]), .jsonInvalidUTF8),
        Rejection(
            "overlong 4-byte F0 80 80 AF", stringWith([0xF0, 0x80, 0x80, 0xAF]), .jsonInvalidUTF8),
        Rejection(
            "UTF-8 encoded high surrogate ED A0 80", stringWith([0xED, 0xA0, 0x80]), .jsonInvalidUTF8),
        Rejection(
            "UTF-8 encoded low surrogate ED BF BF", stringWith([0xED, 0xBF, 0xBF]), .jsonInvalidUTF8),
        Rejection(
            "CESU-8 surrogate pair", stringWith([0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x82]), .jsonInvalidUTF8),
        Rejection(
            "above U+10FFFF F4 90 80 80", stringWith([0xF4, 0x90, 0x80, 0x80]), .jsonInvalidUTF8),
        Rejection("lead byte F5", stringWith([0xF5, 0x80, 0x80, 0x80]), .jsonInvalidUTF8),
        Rejection("byte FE", stringWith([0xFE]), .jsonInvalidUTF8),
        Rejection("byte FF", stringWith([0xFF]), .jsonInvalidUTF8),
        Rejection("stray continuation byte", stringWith([0x80]), .jsonInvalidUTF8),
        Rejection("truncated by the closing quote", stringWith([0xE2, 0x82]), .jsonInvalidUTF8),
        Rejection("truncated by end of input", [quote, 0xE2, 0x82], .jsonInvalidUTF8),
        Rejection(
            "invalid UTF-8 in a member name", utf8("{") + stringWith([0xC0, 0x80]) + utf8(":1}"),
            .jsonInvalidUTF8),
        Rejection(
            "invalid UTF-8 after the value wins over trailing data", utf8("{} ") + [0xFF],
            .jsonInvalidUTF8),
        Rejection("invalid UTF-8 outside a string", [0x5B, 0xC0, 0x5D], .jsonInvalidUTF8),
    ]

    static let surrogateEscapesCases: [Rejection] = [
        Rejection("lone high surrogate", #""\ud800""#, .jsonLoneSurrogate),
        Rejection("lone low surrogate", #""\udc00""#, .jsonLoneSurrogate),
        Rejection("low then high (mis-ordered)", #""\udc00\ud800""#, .jsonLoneSurrogate),
        Rejection("high then high", #""\ud83d\ud83d""#, .jsonLoneSurrogate),
        Rejection("high then a character", #""\ud83dx""#, .jsonLoneSurrogate),
        Rejection("high then a short escape", #""\ud83d\n""#, .jsonLoneSurrogate),
        Rejection("high then a non-surrogate escape", #""\ud83d\u0041""#, .jsonLoneSurrogate),
        Rejection("high at the end of a member name", #"{"\uD83D":1}"#, .jsonLoneSurrogate),
        Rejection("high then end of input", #""\ud83d"#, .jsonLoneSurrogate),
    ]

    static let duplicatesCases: [Rejection] = [
        Rejection("same name twice", #"{"a":1,"a":2}"#, .jsonDuplicateMember),
        Rejection(
            "same name, different values types", #"{"a":null,"b":0,"a":{}}"#, .jsonDuplicateMember),
        Rejection("same after unescaping", #"{"a":1,"\u0061":2}"#, .jsonDuplicateMember),
        Rejection(
            "same astral name, pair escape vs literal", #"{"\ud83d\ude02":1,"😂":2}"#, .jsonDuplicateMember
        ),
        Rejection("duplicate in a nested object", #"[{"x":{"b":1,"b":1}}]"#, .jsonDuplicateMember),
        Rejection("empty name twice", #"{"":1,"":2}"#, .jsonDuplicateMember),
        Rejection(
            "canonically equivalent names (NFC vs NFD)", "{\"\u{E9}\":1,\"e\u{301}\":2}",
            .jsonEquivalentMemberNames),
        Rejection(
            "canonically equivalent names (escaped)", #"{"\u00c5":1,"A\u030a":2}"#,
            .jsonEquivalentMemberNames),
    ]

    static let numbersCases: [Rejection] = [
        Rejection("1e400 overflows", "1e400", .jsonNumberOutOfRange),
        Rejection("-1e400 overflows", "[-1e400]", .jsonNumberOutOfRange),
        Rejection("1.8e308 overflows", "1.8e308", .jsonNumberOutOfRange),
        Rejection(
            "a 400-digit integer overflows", "1" + String(repeating: "0", count: 400),
            .jsonNumberOutOfRange),
        Rejection(
            "exactly halfway between DBL_MAX and 2^1024 rounds to even = infinity",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
            .jsonNumberOutOfRange),
        Rejection("huge exponent", "1e99999999999999999999999999", .jsonNumberOutOfRange),
        Rejection("leading zero", "01", .jsonNumberLeadingZero),
        Rejection("negative leading zero", "-01", .jsonNumberLeadingZero),
        Rejection("double zero", "00", .jsonNumberLeadingZero),
        Rejection("leading zero before fraction", "[00.5]", .jsonNumberLeadingZero),
        Rejection("leading plus", "+1", .jsonNumberLeadingPlus),
        Rejection("leading plus in an array", "[+1]", .jsonNumberLeadingPlus),
        Rejection("no integer digits", ".5", .jsonNumberMissingIntegerDigits),
        Rejection("negative, no integer digits", "-.5", .jsonNumberMissingIntegerDigits),
        Rejection("minus alone", "-", .jsonNumberMissingIntegerDigits),
        Rejection("minus then space", "[- 1]", .jsonNumberMissingIntegerDigits),
        Rejection("no fraction digits", "1.", .jsonNumberMissingFractionDigits),
        Rejection("no fraction digits before exponent", "1.e5", .jsonNumberMissingFractionDigits),
        Rejection("no exponent digits", "1e", .jsonNumberMissingExponentDigits),
        Rejection("exponent sign only", "1e+", .jsonNumberMissingExponentDigits),
        Rejection("exponent sign only, in array", "[1E-]", .jsonNumberMissingExponentDigits),
        Rejection("hexadecimal", "0x1F", .jsonNumberHex),
        Rejection("hexadecimal upper X", "[0X10]", .jsonNumberHex),
        Rejection("negative hexadecimal", "-0x1", .jsonNumberHex),
        Rejection("NaN", "NaN", .jsonNonFiniteLiteral),
        Rejection("Infinity", "Infinity", .jsonNonFiniteLiteral),
        Rejection("-Infinity", "-Infinity", .jsonNonFiniteLiteral),
        Rejection("NaN in an object", #"{"a":NaN}"#, .jsonNonFiniteLiteral),
        Rejection("+Infinity", "+Infinity", .jsonNumberLeadingPlus),
    ]

    static let stringsCases: [Rejection] = [
        Rejection("unescaped NUL", stringWith([0x61, 0x00, 0x62]), .jsonControlCharacter),
        Rejection("unescaped U+001F", stringWith([0x1F]), .jsonControlCharacter),
        Rejection("unescaped tab", stringWith([0x09]), .jsonControlCharacter),
        Rejection("unescaped line feed", stringWith([0x0A]), .jsonControlCharacter),
        Rejection(
            "unescaped control in a member name", utf8("{") + stringWith([0x0D]) + utf8(":1}"),
            .jsonControlCharacter),
        Rejection("escape \\x", #""\x41""#, .jsonInvalidEscape),
        Rejection("escape \\U", #""\U0041""#, .jsonInvalidEscape),
        Rejection("escape \\'", #""\'""#, .jsonInvalidEscape),
        Rejection("escape \\0", #""\0""#, .jsonInvalidEscape),
        Rejection("escape \\v", #""\v""#, .jsonInvalidEscape),
        Rejection("escape backslash-space", #""\ ""#, .jsonInvalidEscape),
        Rejection("\\u with two hex digits", #""\u12""#, .jsonInvalidEscape),
        Rejection("\\u with a non-hex digit", #""\u12G4""#, .jsonInvalidEscape),
        Rejection("\\u with a sign", #""\u+123""#, .jsonInvalidEscape),
        Rejection("escape of a non-ASCII character", "\"\\\u{E9}\"", .jsonInvalidEscape),
    ]

    static let structureCases: [Rejection] = [
        Rejection("two values", "1 2", .jsonTrailingData),
        Rejection("garbage after object", "{} x", .jsonTrailingData),
        Rejection("extra closing bracket", "[]]", .jsonTrailingData),
        Rejection("extra closing brace", "{}}", .jsonTrailingData),
        Rejection("two strings", #""a""b""#, .jsonTrailingData),
        Rejection("comma after value", "[1],", .jsonTrailingData),
        Rejection("NUL after value", [0x31, 0x00], .jsonTrailingData),
        Rejection("unclosed array", "[", .jsonUnexpectedEnd),
        Rejection("unclosed array after element", "[1", .jsonUnexpectedEnd),
        Rejection("unclosed array after comma", "[1,", .jsonUnexpectedEnd),
        Rejection("unclosed object", "{", .jsonUnexpectedEnd),
        Rejection("object ends after name", #"{"a""#, .jsonUnexpectedEnd),
        Rejection("object ends after colon", #"{"a":"#, .jsonUnexpectedEnd),
        Rejection("object ends after value", #"{"a":1"#, .jsonUnexpectedEnd),
        Rejection("unterminated string", #""abc"#, .jsonUnexpectedEnd),
        Rejection("input ends inside an escape", #""\"#, .jsonUnexpectedEnd),
        Rejection("input ends inside a \\u escape", #""\u00"#, .jsonUnexpectedEnd),
        Rejection("missing comma in array", "[1 2]", .jsonUnexpectedCharacter),
        Rejection("semicolon separator", "[1;2]", .jsonUnexpectedCharacter),
        Rejection("missing colon", #"{"a" 1}"#, .jsonUnexpectedCharacter),
        Rejection("equals instead of colon", #"{"a"=1}"#, .jsonUnexpectedCharacter),
        Rejection("unquoted name", "{a:1}", .jsonUnexpectedCharacter),
        Rejection("number as name", "{1:2}", .jsonUnexpectedCharacter),
        Rejection("single-quoted name", "{'a':1}", .jsonUnexpectedCharacter),
        Rejection("single-quoted string", "'a'", .jsonUnexpectedCharacter),
        Rejection("trailing comma in array", "[1,]", .jsonUnexpectedCharacter),
        Rejection("trailing comma in object", #"{"a":1,}"#, .jsonUnexpectedCharacter),
        Rejection("leading comma in array", "[,1]", .jsonUnexpectedCharacter),
        Rejection("lone comma in object", "{,}", .jsonUnexpectedCharacter),
        Rejection("missing value in object", #"{"a":}"#, .jsonUnexpectedCharacter),
        Rejection("comment", "/* c */ 1", .jsonUnexpectedCharacter),
        Rejection("lone colon", ":", .jsonUnexpectedCharacter),
        Rejection("mismatched brackets", "[}", .jsonUnexpectedCharacter),
        Rejection("mismatched brackets in object", #"{"a":1]"#, .jsonUnexpectedCharacter),
        Rejection("form feed is not JSON whitespace", "\u{0C}1", .jsonUnexpectedCharacter),
        Rejection("vertical tab is not JSON whitespace", "[1,\u{0B}2]", .jsonUnexpectedCharacter),
        Rejection("no-break space is not JSON whitespace", "[\u{A0}1]", .jsonUnexpectedCharacter),
        Rejection("True", "True", .jsonInvalidLiteral),
        Rejection("truncated null", "nul", .jsonInvalidLiteral),
        Rejection("undefined", "[undefined]", .jsonInvalidLiteral),
        Rejection("literal with extra letters", "[nulls]", .jsonInvalidLiteral),
        Rejection("literal run into another", "truefalse", .jsonInvalidLiteral),
    ]

    static let depthCases: [Rejection] = [
        Rejection(
            "1001 nested arrays",
            String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001), .jsonTooDeep),
        Rejection(
            "1001 nested objects",
            String(repeating: #"{"a":"#, count: 1001) + "1" + String(repeating: "}", count: 1001),
            .jsonTooDeep),
        Rejection(
            "1001 levels, empty innermost object",
            String(repeating: "[", count: 1000) + "{}" + String(repeating: "]", count: 1000), .jsonTooDeep
        ),
        Rejection("1,000,000 open brackets", String(repeating: "[", count: 1_000_000), .jsonTooDeep),
        Rejection(
            "1,000,000 open objects", String(repeating: #"{"":"#, count: 1_000_000), .jsonTooDeep),
    ]

    /// Every catalogue above (the direct canonicalizer's tests replay them all).
    static var allCases: [Rejection] {
        emptyCases + byteOrderMarkCases + invalidUTF8Cases + surrogateEscapesCases + duplicatesCases + numbersCases
            + stringsCases + structureCases + depthCases
    }

    @Test("empty input", arguments: emptyCases) func emptyInput(_ r: Rejection) { check(r) }
    @Test("byte order mark", arguments: byteOrderMarkCases) func bom(_ r: Rejection) { check(r) }
    @Test("invalid UTF-8", arguments: invalidUTF8Cases) func invalidUTF8(_ r: Rejection) { check(r) }
    @Test("lone and mis-ordered surrogate escapes", arguments: surrogateEscapesCases)
    func surrogates(_ r: Rejection) { check(r) }
    @Test("duplicate member names", arguments: duplicatesCases) func duplicate(_ r: Rejection) {
        check(r)
    }
    @Test("numbers", arguments: numbersCases) func number(_ r: Rejection) { check(r) }
    @Test("strings", arguments: stringsCases) func string(_ r: Rejection) { check(r) }
    @Test("structure", arguments: structureCases) func structure(_ r: Rejection) { check(r) }
    @Test("depth limit", arguments: depthCases) func depth(_ r: Rejection) { check(r) }

    private func check(_ rejection: Rejection) {
        guard let error = parseError(rejection.input) else { return }
        #expect(error.code == rejection.code, "\(error)")
        #expect(error.category == .decodeError)
        // The same rejection through every entry point.
        #expect(!CanonicalJSON.isCanonical(rejection.input))
        #expect(throws: error) { try CanonicalJSON.canonicalize(rejection.input) }
    }

    @Test("reasons never quote string contents")
    func reasonsDoNotLeakStrings() {
        let secret = "hunter2secret"
        let inputs: [[UInt8]] = [
            utf8(#"{"\#(secret)":1,"\#(secret)":2}"#),
            utf8(#"["\#(secret)\x"]"#),
            utf8(#"["\#(secret)\ud800"]"#),
            utf8(#"["\#(secret)"#),
            utf8(#"["\#(secret)" \#(secret)]"#),
            utf8(#"{"a":\#(secret)}"#),
            utf8(#""\#(secret)" \#(secret)"#),
            utf8("[\"\(secret)") + [0x01] + utf8("\"]"),
            utf8("[\"\(secret)") + [0xC0, 0x80] + utf8("\"]"),
        ]
        for input in inputs {
            guard let error = parseError(input) else { continue }
            #expect(!error.reason.contains(secret), "\(error)")
            #expect(!error.reason.contains("hunter"), "\(error)")
        }
    }
}
