// The canonical_json suite: RFC 8785 over strict I-JSON, valid texts with their canonical bytes
// written out by hand, and every refusal of the parser with its json.* code.
// Normative: specs/canonical-json.md.

import CloserVectorModel
import CloserWire

enum CanonicalJSONSuite {
    static let name = "canonical_json"

    static let valid = VectorFlag(
        "Valid", .basic, .canonicalization, "A legitimate JSON text: canonicalize must give these bytes exactly.")
    static let memberOrder = VectorFlag(
        "MemberOrderUtf16", .edgeCase, .canonicalization,
        "Members sort by their names' UTF-16 code units as unsigned integers (not code points, locale or NFC).")
    static let stringEscapes = VectorFlag(
        "StringEscapes", .encoding, .canonicalization,
        "Strings are written with only the escapes of RFC 8785 §3.2.2.2: \\\" \\\\ \\b \\f \\n \\r \\t and \\u00xx (lowercase) for other controls; everything else literal UTF-8."
    )
    static let noNormalization = VectorFlag(
        "NoNormalization", .encoding, .canonicalization,
        "Strings and names are kept as written: no Unicode normalization.")
    static let number = VectorFlag(
        "EcmaScriptNumber", .encoding, .canonicalization,
        "Numbers are read as the nearest double and written as ECMAScript Number::toString.")
    static let negativeZero = VectorFlag("NegativeZero", .edgeCase, .canonicalization, "-0 is read and written as 0.")
    static let edgeDouble = VectorFlag(
        "EdgeDouble", .edgeCase, .canonicalization,
        "A number at the edge of the double range: largest finite, smallest subnormal, underflow to 0, 2^53 ± 1.")
    static let whitespace = VectorFlag(
        "InsignificantWhitespace", .basic, .json, "Space, tab, LF and CR around tokens are dropped.")
    static let depthLimit = VectorFlag(
        "DepthLimit", .resourceBound, .json, "At most 1000 arrays/objects may be open at once; the 1001st is refused.")
    static let emptyInput = VectorFlag("EmptyInput", .edgeCase, .json, "No value at all: empty or only whitespace.")
    static let bom = VectorFlag(
        "ByteOrderMark", .encoding, .json, "A UTF-8 byte order mark at the start is refused, not skipped (pinned).")
    static let duplicate = VectorFlag(
        "DuplicateMember", .canOfWorms, .json,
        "A member name repeated in one object (after unescaping) is refused (I-JSON §2.3).")
    static let equivalent = VectorFlag(
        "EquivalentMemberNames", .canOfWorms, .json,
        "Two member names equal after NFC normalization are refused (pinned, canonical-json.md §3.4).")
    static let loneSurrogate = VectorFlag(
        "LoneSurrogate", .encoding, .json,
        "A \\u escape of an unpaired or mis-ordered surrogate is refused (I-JSON §2.1).")
    static let nonFinite = VectorFlag(
        "NonFiniteLiteral", .edgeCase, .json, "NaN, Infinity and -Infinity are not JSON.")
    static let overflow = VectorFlag(
        "NumberOverflow", .edgeCase, .json, "A number that rounds to ±infinity is refused (pinned).")
    static let numberGrammar = VectorFlag(
        "NumberGrammar", .encoding, .json,
        "A number outside RFC 8259 §6: leading zero or +, hex, missing integer, fraction or exponent digits.")
    static let literal = VectorFlag(
        "InvalidLiteral", .encoding, .json, "A bare word other than true, false, null (case matters).")
    static let control = VectorFlag(
        "ControlCharacter", .encoding, .json, "An unescaped U+0000..U+001F inside a string.")
    static let escape = VectorFlag(
        "InvalidEscape", .encoding, .json, "An escape other than RFC 8259's, or \\u without four hex digits.")
    static let structure = VectorFlag(
        "Structure", .canOfWorms, .json,
        "A lax parser's extension: trailing comma, comment, unquoted or single-quoted name, missing separator.")
    static let nonJSONWhitespace = VectorFlag(
        "NonJsonWhitespace", .encoding, .json, "Whitespace other than space, tab, LF, CR (VT, FF, NBSP) is refused.")
    static let truncated = VectorFlag(
        "TruncatedText", .malleability, .json, "The text ends inside a value, string or escape.")
    static let trailing = VectorFlag(
        "TrailingData", .malleability, .json, "Something other than whitespace follows the value.")

    /// Text of scalars Swift literals cannot spell (noncharacters).
    static func scalars(_ values: UInt32...) -> String {
        String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-canonical-json",
            header: [
                "Canonical JSON (specs/canonical-json.md): canonicalize(json) must give exactly `canonical` (hex of the",
                "RFC 8785 bytes), or refuse with expected.error (decode_error, detail json.*). The `json` input is the",
                "JSON text itself, carried in a JSON string (so it is always well-formed UTF-8: json.invalid_utf8 and",
                "json.non_finite_number cannot be expressed here). Intermediates: jsonBytes = UTF-8 of the input text.",
            ],
            groups: [
                VectorGroup("CanonicalLiterals", comment: "literals, containers and whitespace", cases: literalCases()),
                VectorGroup(
                    "CanonicalNumbers", comment: "numbers as ECMAScript Number::toString", cases: numberCases()),
                VectorGroup("CanonicalStrings", comment: "string escapes and no normalization", cases: stringCases()),
                VectorGroup(
                    "CanonicalObjects", comment: "member order by UTF-16 code units, depth", cases: objectCases()),
                VectorGroup(
                    "CanonicalRefused", comment: "texts the strict I-JSON parser refuses",
                    cases: refusedEmptyAndNumberCases() + refusedStringCases() + refusedStructureCases()),
                VectorGroup(
                    "CanonicalNestedOrder", comment: "member order by UTF-16 code units inside nested objects",
                    cases: nestedOrderCases()),
            ])
    }

    /// Appends a text that canonicalize must turn into exactly `canonical`.
    static func ok(
        _ list: inout [VectorCase], _ comment: String, _ json: String, _ canonical: String,
        _ flags: [VectorFlag] = []
    ) {
        list.append(
            .valid(
                comment, flags: [valid] + flags, op: "canonicalize", input: [("json", V.str(json))],
                output: [("canonical", V.hex(Array(canonical.utf8)))],
                intermediates: [
                    ("jsonBytes", V.hex(Array(json.utf8))), ("canonical", V.hex(Array(canonical.utf8))),
                ]))
    }

    /// Appends a text the parser must refuse with `code`.
    static func no(
        _ list: inout [VectorCase], _ comment: String, _ json: String, _ code: CloserError.Code, _ flag: VectorFlag
    ) {
        list.append(
            .invalid(
                comment, flags: [flag], op: "canonicalize", input: [("json", V.str(json))], error: code,
                layer: .json,
                intermediates: [("jsonBytes", V.hex(Array(json.utf8)))]))
    }

    /// Literals, containers, whitespace.
    static func literalCases() -> [VectorCase] {
        var literals: [VectorCase] = []
        ok(&literals, "null", "null", "null")
        ok(&literals, "true", "true", "true")
        ok(&literals, "false", "false", "false")
        ok(&literals, "a top-level string", #""a""#, #""a""#)
        ok(&literals, "empty array", "[]", "[]")
        ok(&literals, "empty object", "{}", "{}")
        ok(&literals, "whitespace around a literal", " \t\n\r true \r\n\t ", "true", [whitespace])
        ok(&literals, "whitespace inside an empty array and object", "[ \n ] ", "[]", [whitespace])
        ok(&literals, "whitespace inside an empty object", "{\t}", "{}", [whitespace])
        ok(
            &literals, "pretty-printed object", "{\n  \"b\" : [ 1 , 2 ],\n  \"a\" : { \"c\" : null }\n}\n",
            #"{"a":{"c":null},"b":[1,2]}"#, [whitespace])
        ok(&literals, "array of literals", "[null,true,false]", "[null,true,false]")
        ok(&literals, "array order is kept", "[3,1,2]", "[3,1,2]")
        ok(&literals, "nested empty containers", "[[],{},[{}]]", "[[],{},[{}]]")
        ok(&literals, "CR LF line endings between tokens", "[1,\r\n2]", "[1,2]", [whitespace])
        return literals
    }

    /// Numbers (canonical-json.md §3.3, §5).
    static func numberCases() -> [VectorCase] {
        var numbers: [VectorCase] = []
        let numberRows: [(String, String, String, [VectorFlag])] = [
            ("zero", "0", "0", []),
            ("-0 is written 0", "-0", "0", [negativeZero]),
            ("0.0 is written 0", "0.0", "0", []),
            ("-0.0 is written 0", "-0.0", "0", [negativeZero]),
            ("-0e10 is written 0", "-0e10", "0", [negativeZero]),
            ("0e-999 is 0", "0e-999", "0", []),
            ("one", "1", "1", []),
            ("minus one", "-1", "-1", []),
            ("1.0 has no fraction", "1.0", "1", []),
            ("1.50 drops the trailing zero", "1.50", "1.5", []),
            ("-1.5", "-1.5", "-1.5", []),
            ("exponent 1e0", "1e0", "1", []),
            ("upper-case exponent with sign 1E+2", "1E+2", "100", []),
            ("100e-2 is 1", "100e-2", "1", []),
            ("0.5e1 is 5", "0.5e1", "5", []),
            ("1e20 in full", "1e20", "100000000000000000000", []),
            ("1e21 switches to exponent form", "1e21", "1e+21", []),
            ("999999999999999999999 rounds to 1e21", "999999999999999999999", "1e+21", []),
            ("123456789012345680000 in full", "123456789012345680000", "123456789012345680000", []),
            ("0.1", "0.1", "0.1", []),
            ("0.30000000000000004 (0.1 + 0.2)", "0.30000000000000004", "0.30000000000000004", []),
            ("1e-6 is 0.000001", "1e-6", "0.000001", []),
            ("1e-7 switches to exponent form", "1e-7", "1e-7", []),
            ("0.0000001 is 1e-7", "0.0000001", "1e-7", []),
            ("123e-9 is 1.23e-7", "123e-9", "1.23e-7", []),
            ("0.00001", "1E-5", "0.00001", []),
            ("0.002", "2e-3", "0.002", []),
            ("4.35", "4.35", "4.35", []),
            ("1e23 (shortest digits, not 9.999999999999999e22)", "1e23", "1e+23", []),
            ("9.999999999999997e22", "9.999999999999997e22", "9.999999999999997e+22", []),
            ("1.0000000000000001e23", "100000000000000010000000", "1.0000000000000001e+23", []),
            ("999999999999999700000", "999999999999999700000", "999999999999999700000", []),
            ("999999999999999900000", "999999999999999900000", "999999999999999900000", []),
            ("9.999999999999997e-7", "9.999999999999997e-7", "9.999999999999997e-7", []),
            ("0.000001 from its long spelling", "0.0000010000000000000000001", "0.000001", []),
            ("333333333.3333332", "333333333.3333332", "333333333.3333332", []),
            ("333333333.33333325", "333333333.33333325", "333333333.33333325", []),
            ("333333333.3333333", "333333333.33333331", "333333333.3333333", []),
            ("333333333.3333334", "333333333.3333334", "333333333.3333334", []),
            ("333333333.33333343", "333333333.33333343", "333333333.33333343", []),
            ("-0.0000033333333333333333", "-3.3333333333333333e-6", "-0.0000033333333333333333", []),
            ("1424953923781206.2", "1424953923781206.25", "1424953923781206.2", []),
            ("2^68 in full", "295147905179352825856", "295147905179352830000", []),
            ("1.0000000000000002 (1 + ulp)", "1.0000000000000002", "1.0000000000000002", []),
            ("12345678901234567 rounds to ...68", "12345678901234567", "12345678901234568", []),
            ("a 30-digit integer is a double", "123456789012345678901234567890", "1.2345678901234568e+29", []),
            ("1e308", "1e308", "1e+308", []),
            ("2^53 - 1", "9007199254740991", "9007199254740991", [edgeDouble]),
            ("2^53", "9007199254740992", "9007199254740992", [edgeDouble]),
            ("2^53 + 1 rounds to even (2^53)", "9007199254740993", "9007199254740992", [edgeDouble]),
            ("2^53 + 2", "9007199254740994", "9007199254740994", [edgeDouble]),
            ("2^53 + 3 rounds to even (2^53 + 4)", "9007199254740995", "9007199254740996", [edgeDouble]),
            ("-(2^53 + 1)", "-9007199254740993", "-9007199254740992", [edgeDouble]),
            ("largest finite double", "1.7976931348623157e308", "1.7976931348623157e+308", [edgeDouble]),
            ("-largest finite double", "-1.7976931348623157e308", "-1.7976931348623157e+308", [edgeDouble]),
            (
                "1.7976931348623158e308 is still the largest double", "1.7976931348623158e308",
                "1.7976931348623157e+308",
                [edgeDouble]
            ),
            (
                "just below the overflow boundary 2^1024 - 2^970", "1.7976931348623158078e308",
                "1.7976931348623157e+308",
                [edgeDouble]
            ),
            (
                "1.7976931348623158079e308 is below the halfway point: the largest double", "1.7976931348623158079e308",
                "1.7976931348623157e+308", [edgeDouble]
            ),
            (
                "one below the halfway point to 2^1024, in full: the largest double",
                "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
                "1.7976931348623157e+308", [edgeDouble]
            ),
            ("smallest subnormal", "5e-324", "5e-324", [edgeDouble]),
            ("-smallest subnormal", "-5e-324", "-5e-324", [edgeDouble]),
            ("4.9e-324 is the smallest subnormal", "4.9e-324", "5e-324", [edgeDouble]),
            (
                "half the smallest subnormal rounds up (to even 1 ulp)", "2.4703282292062328e-324", "5e-324",
                [edgeDouble]
            ),
            ("just below half the smallest subnormal underflows to 0", "2.4703282292062327e-324", "0", [edgeDouble]),
            ("1e-400 underflows to 0", "1e-400", "0", [edgeDouble]),
            ("-1e-400 underflows to -0, written 0", "-1e-400", "0", [edgeDouble, negativeZero]),
            ("smallest normal double", "2.2250738585072014e-308", "2.2250738585072014e-308", [edgeDouble]),
            ("largest subnormal double", "2.225073858507201e-308", "2.225073858507201e-308", [edgeDouble]),
            ("a number in an array", "[1.5e3,-2E-2]", "[1500,-0.02]", []),
            ("a number as a member value", #"{"n":10.0}"#, #"{"n":10}"#, []),
        ]
        for (c, j, out, f) in numberRows { ok(&numbers, c, j, out, [number] + f) }
        return numbers
    }

    /// Strings (§3.2, §4).
    static func stringCases() -> [VectorCase] {
        var strings: [VectorCase] = []
        let stringRows: [(String, String, String, [VectorFlag])] = [
            ("empty string", #""""#, #""""#, []),
            ("\\\" and \\\\ stay escaped", #""a\"b\\c""#, #""a\"b\\c""#, []),
            ("short escapes stay short", #""\b\f\n\r\t""#, #""\b\f\n\r\t""#, []),
            (
                "\\u escapes of the short-escape controls become short", #""\u0008\u000C\u000a\u000D\u0009""#,
                #""\b\f\n\r\t""#, []
            ),
            ("other controls as \\u00xx lowercase", #""\u0000\u0001\u000B\u001F""#, #""\u0000\u0001\u000b\u001f""#, []),
            ("\\/ is written as /", #""\/""#, "\"/\"", []),
            ("\\u002F is written as /", #""\u002F""#, "\"/\"", []),
            ("\\u0022 and \\u005c become \\\" and \\\\", #""\u0022\u005c""#, #""\"\\""#, []),
            ("\\u0041 is A", #""\u0041""#, "\"A\"", []),
            ("escaped non-ASCII is written raw", #""\u00e9""#, "\"\u{e9}\"", []),
            ("raw non-ASCII stays raw", "\"\u{e9}\"", "\"\u{e9}\"", []),
            ("DEL stays raw", #""\u007f""#, "\"\u{7f}\"", []),
            ("C1 controls stay raw", #""\u0080\u009f""#, "\"\u{80}\u{9f}\"", []),
            ("U+2028 and U+2029 stay raw (no JavaScript escaping)", #""\u2028\u2029""#, "\"\u{2028}\u{2029}\"", []),
            ("U+FEFF inside a string is an ordinary character", #""\ufeff""#, "\"\u{feff}\"", []),
            ("noncharacters stay raw", #""\ufdd0\uffff\ufffe""#, "\"" + scalars(0xfdd0, 0xffff, 0xfffe) + "\"", []),
            ("surrogate-pair escape becomes 4 UTF-8 bytes", #""\ud83d\ude00""#, "\"\u{1f600}\"", []),
            ("upper-case surrogate-pair escape", #""\uD83D\uDE00""#, "\"\u{1f600}\"", []),
            ("raw astral character", "\"\u{1f600}\"", "\"\u{1f600}\"", []),
            ("U+10FFFF from its escape", #""\udbff\udfff""#, "\"\u{10ffff}\"", []),
            ("U+10000 from its escape", #""\ud800\udc00""#, "\"\u{10000}\"", []),
            ("mixed raw and escaped", "\"a\\u00e9\u{e9}\\n\u{1f600}\"", "\"a\u{e9}\u{e9}\\n\u{1f600}\"", []),
            ("a single-quote is an ordinary character", #""it's""#, #""it's""#, []),
            (
                "a long string", "\"" + String(repeating: "0123456789", count: 100) + "\"",
                "\"" + String(repeating: "0123456789", count: 100) + "\"", []
            ),
        ]
        for (c, j, out, f) in stringRows { ok(&strings, c, j, out, [stringEscapes] + f) }
        let normRows: [(String, String, String)] = [
            ("decomposed A + ring stays decomposed", #""A\u030a""#, "\"A\u{30a}\""),
            ("ANGSTROM SIGN is not normalized to U+00C5", #""\u212b""#, "\"\u{212b}\""),
            ("combining marks keep their order", #""a\u0323\u0301""#, "\"a\u{323}\u{301}\""),
            ("Hangul jamo stay decomposed", #""\u1100\u1161""#, "\"\u{1100}\u{1161}\""),
            ("compatibility ligature fi stays", #""\ufb01""#, "\"\u{fb01}\""),
        ]
        for (c, j, out) in normRows { ok(&strings, c, j, out, [noNormalization]) }
        return strings
    }

    /// Objects: member order by UTF-16 code units, nesting, depth.
    static func objectCases() -> [VectorCase] {
        var objects: [VectorCase] = []
        let orderRows: [(String, String, String)] = [
            ("two members reversed", #"{"b":1,"a":2}"#, #"{"a":2,"b":1}"#),
            ("a proper prefix sorts first", #"{"aa":1,"a":2,"":3}"#, #"{"":3,"a":2,"aa":1}"#),
            ("upper case before lower case (unsigned code units)", #"{"a":1,"B":2,"_":3}"#, #"{"B":2,"_":3,"a":1}"#),
            ("digit strings sort as text", #"{"10":1,"9":2,"1":3}"#, #"{"1":3,"10":1,"9":2}"#),
            ("U+00E9 sorts after z", "{\"\u{e9}\":1,\"z\":2}", "{\"z\":2,\"\u{e9}\":1}"),
            (
                "U+10000 (D800 DC00) sorts before U+E000 and U+FFFF", #"{"\uffff":1,"\ue000":2,"\ud800\udc00":3}"#,
                "{\"\u{10000}\":3,\"\u{e000}\":2,\"" + scalars(0xffff) + "\":1}"
            ),
            (
                "U+1F600 (D83D) sorts before U+FB01, unlike code point order", "{\"\u{fb01}\":1,\"\u{1f600}\":2}",
                "{\"\u{1f600}\":2,\"\u{fb01}\":1}"
            ),
            ("escaped and raw names sort by their scalars", #"{"\u0062":1,"a":2}"#, #"{"a":2,"b":1}"#),
            ("control-character name sorts first", #"{"a":1,"\r":2,"\u0001":3}"#, #"{"\u0001":3,"\r":2,"a":1}"#),
            (
                "a mix of BMP, astral and controls",
                #"{"\u20ac":"e","\r":"cr","\ufb33":"d","1":"one","\ud83d\ude00":"s","\u0080":"c","\u00f6":"o"}"#,
                "{\"\\r\":\"cr\",\"1\":\"one\",\"\u{80}\":\"c\",\"\u{f6}\":\"o\",\"\u{20ac}\":\"e\",\"\u{1f600}\":\"s\",\"\u{fb33}\":\"d\"}"
            ),
            (
                "nested objects are sorted too", #"{"z":{"y":1,"x":2},"a":[{"d":1,"c":2}]}"#,
                #"{"a":[{"c":2,"d":1}],"z":{"x":2,"y":1}}"#
            ),
            ("case differs: A and a are two names", #"{"a":1,"A":2}"#, #"{"A":2,"a":1}"#),
            (
                "ligature fi and f i are two names (compatibility only)", #"{"\ufb01":1,"fi":2}"#,
                "{\"fi\":2,\"\u{fb01}\":1}"
            ),
            ("the same name in two objects is no duplicate", #"[{"a":1},{"a":2}]"#, #"[{"a":1},{"a":2}]"#),
            (
                "member values of every type", #"{"s":"x","n":-0,"t":true,"f":false,"z":null,"a":[],"o":{}}"#,
                #"{"a":[],"f":false,"n":0,"o":{},"s":"x","t":true,"z":null}"#
            ),
        ]
        for (c, j, out) in orderRows { ok(&objects, c, j, out, [memberOrder]) }
        let deepArrays = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        ok(&objects, "1000 nested arrays (the limit)", deepArrays, deepArrays, [depthLimit])
        let deepObjects = String(repeating: #"{"a":"#, count: 999) + "{}" + String(repeating: "}", count: 999)
        ok(&objects, "1000 nested objects (the limit)", deepObjects, deepObjects, [depthLimit])
        let deepMixed = String(repeating: #"[{"k":"#, count: 500) + "1" + String(repeating: "}]", count: 500)
        ok(&objects, "1000 levels of alternating arrays and objects", deepMixed, deepMixed, [depthLimit])
        ok(
            &objects, "999 levels inside a sibling at depth 1",
            "[1," + String(repeating: "[", count: 999) + String(repeating: "]", count: 999) + "]",
            "[1," + String(repeating: "[", count: 999) + String(repeating: "]", count: 999) + "]", [depthLimit])
        return objects
    }

    /// Refusals, in the order of canonical-json.md §2 and §3: no value, byte order mark, literals, numbers.
    static func refusedEmptyAndNumberCases() -> [VectorCase] {
        var refused: [VectorCase] = []
        no(&refused, "empty text", "", .jsonEmptyInput, emptyInput)
        no(&refused, "a single space", " ", .jsonEmptyInput, emptyInput)
        no(&refused, "only whitespace", " \t\r\n ", .jsonEmptyInput, emptyInput)
        no(&refused, "byte order mark before an object", "\u{feff}{}", .jsonByteOrderMark, bom)
        no(&refused, "byte order mark before a number", "\u{feff}1", .jsonByteOrderMark, bom)
        no(&refused, "byte order mark alone", "\u{feff}", .jsonByteOrderMark, bom)
        no(&refused, "byte order mark before whitespace", "\u{feff} ", .jsonByteOrderMark, bom)
        no(
            &refused, "byte order mark after whitespace is an unexpected character", " \u{feff}{}",
            .jsonUnexpectedCharacter, bom)
        no(&refused, "byte order mark after the value is trailing data", "{}\u{feff}", .jsonTrailingData, bom)
        no(&refused, "byte order mark between array elements", "[1,\u{feff}2]", .jsonUnexpectedCharacter, bom)

        for (c, j) in [
            ("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("NaN in an array", "[NaN]"),
            ("Infinity as a member value", #"{"a":Infinity}"#), ("-NaN", "-NaN"),
        ] { no(&refused, c, j, .jsonNonFiniteLiteral, nonFinite) }
        for (c, j) in [
            ("lower-case nan is just a bad word", "nan"), ("inf", "inf"), ("True", "True"), ("FALSE", "FALSE"),
            ("nul", "nul"), ("nulls", "nulls"), ("undefined", "undefined"), ("tru in an array", "[tru]"),
            ("nil as a member value", #"{"a":nil}"#), ("a single letter", "t"), ("None", "None"),
        ] { no(&refused, c, j, .jsonInvalidLiteral, literal) }
        for (c, j) in [
            ("+1", "+1"), ("+0", "+0"), ("+1 in an array", "[+1]"), ("+Infinity", "+Infinity"), ("+.5", "+.5"),
        ] { no(&refused, c, j, .jsonNumberLeadingPlus, numberGrammar) }
        for (c, j) in [
            ("01", "01"), ("-01", "-01"), ("00", "00"), ("00.5", "00.5"), ("007 in an array", "[007]"), ("-00", "-00"),
            ("0123e1", "0123e1"),
        ] { no(&refused, c, j, .jsonNumberLeadingZero, numberGrammar) }
        for (c, j) in [("0x1F", "0x1F"), ("0X10", "0X10"), ("-0x1", "-0x1"), ("0x0 in an array", "[0x0]")] {
            no(&refused, c, j, .jsonNumberHex, numberGrammar)
        }
        for (c, j) in [
            (".5", ".5"), ("-.5", "-.5"), ("- alone", "-"), ("- then a space", "- 1"), ("- in an array", "[-]"),
            ("- then a letter", "-a"), (".5 as a member value", #"{"a":.5}"#),
        ] { no(&refused, c, j, .jsonNumberMissingIntegerDigits, numberGrammar) }
        for (c, j) in [("1.", "1."), ("1.e5", "1.e5"), ("1. in an array", "[1.]"), ("-0.", "-0."), ("0.x", "0.x")] {
            no(&refused, c, j, .jsonNumberMissingFractionDigits, numberGrammar)
        }
        for (c, j) in [("1e", "1e"), ("1e+", "1e+"), ("1E-", "1E-"), ("1ex", "1ex"), ("1e in an array", "[1e]")] {
            no(&refused, c, j, .jsonNumberMissingExponentDigits, numberGrammar)
        }
        let halfway =
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"
        let twoTo1024 =
            "179769313486231590772930519078902473361797697894230657273430081157732675805500963132708477322407536021120113879871393357658789768814416622492847430639474124377767893424865485276302219601246094119453082952085005768838150682342462881473913110540827237163350510684586298239947245938479716304835356329624224137216"
        for (c, j) in [
            ("1e400", "1e400"), ("-1e400", "-1e400"), ("1.8e308", "1.8e308"),
            ("exactly halfway between the largest double and 2^1024 rounds (to even) to infinity", halfway),
            ("1.7976931348623159e308", "1.7976931348623159e308"), ("2^1024 written in full", twoTo1024),
            ("1e309 in an array", "[1e309]"), ("-1e999 as a member value", #"{"a":-1e999}"#),
            ("an exponent of 20 digits", "1e99999999999999999999"),
        ] { no(&refused, c, j, .jsonNumberOutOfRange, overflow) }
        return refused
    }

    /// Refusals: control characters, escapes, surrogates, duplicate and equivalent member names.
    static func refusedStringCases() -> [VectorCase] {
        var refused: [VectorCase] = []
        for (c, j) in [
            ("NUL in a string", "\"a\u{0}b\""), ("raw tab in a string", "\"\t\""), ("raw LF in a string", "\"a\nb\""),
            ("raw CR in a string", "\"\r\""), ("U+001F in a string", "\"\u{1f}\""),
            ("U+0001 in a member name", "{\"a\u{1}\":1}"),
        ] { no(&refused, c, j, .jsonControlCharacter, control) }
        for (c, j) in [
            ("\\a", #""\a""#), ("\\x41", #""\x41""#), ("non-hex digit in \\u", #""\u12G4""#), ("\\U0041", #""\U0041""#),
            ("\\'", #""\'""#), ("\\0", #""\0""#), ("\\u{41}", #""\u{41}""#), ("backslash space", #""\ u0041""#),
            ("\\u with three hex digits then a quote", #""\u123""#),
            ("high surrogate followed by a bad \\u escape", #""\ud800\u12x4""#), ("\\v", #""\v""#),
        ] { no(&refused, c, j, .jsonInvalidEscape, escape) }
        for (c, j) in [
            ("lone high surrogate", #""\ud800""#), ("lone high surrogate DBFF", #""\udbff""#),
            ("lone low surrogate", #""\udc00""#), ("lone low surrogate DFFF", #""\udfff""#),
            ("reversed pair (low then high)", #""\udc00\ud800""#), ("high surrogate then a character", #""\ud800a""#),
            ("high surrogate then a short escape", #""\ud800\n""#), ("two high surrogates", #""\ud800\ud800""#),
            ("high surrogate then a non-surrogate \\u", #""\ud800\u0041""#),
            ("lone surrogate in a name", #"{"\ud800":1}"#),
            ("lone low surrogate in an array", #"["\ude00"]"#), ("first half of an emoji", #""\ud83d""#),
            ("high, then a full pair", #""\ud83d\ud83d\ude00""#), ("a full pair, then a low", #""\ud83d\ude00\ude00""#),
            ("text ends after the high surrogate", #""\ud800"#),
            ("upper-case lone high surrogate", #""\uD800""#),
        ] { no(&refused, c, j, .jsonLoneSurrogate, loneSurrogate) }

        for (c, j) in [
            ("same name twice", #"{"a":1,"a":2}"#), ("same name and value twice", #"{"a":1,"a":1}"#),
            ("a and \\u0061", #"{"a":1,"\u0061":2}"#),
            ("astral name and its surrogate-pair escape", "{\"\u{1f600}\":1,\"\\ud83d\\ude00\":2}"),
            ("duplicate in a nested object", #"{"x":{"a":1,"a":2}}"#),
            ("duplicate in an object in an array", #"[{"a":1,"b":2,"a":3}]"#),
            ("empty name twice", #"{"":1,"":2}"#), ("duplicate after another member", #"{"a":1,"b":{"c":1},"a":2}"#),
            ("\\/ and /", #"{"\/":1,"/":2}"#), ("escaped and raw U+00E9", "{\"\\u00e9\":1,\"\u{e9}\":2}"),
            ("duplicate is refused before its value is read (NaN follows)", #"{"a":1,"a":NaN}"#),
            ("duplicate is refused before its colon (text ends)", #"{"a":1,"a""#),
        ] { no(&refused, c, j, .jsonDuplicateMember, duplicate) }
        for (c, j) in [
            ("U+00E9 and e + U+0301", #"{"\u00e9":1,"e\u0301":2}"#),
            ("e + U+0301 and raw U+00E9", "{\"e\\u0301\":1,\"\u{e9}\":2}"),
            ("ANGSTROM SIGN and U+00C5", #"{"\u212b":1,"\u00c5":2}"#),
            ("A + ring and U+00C5", #"{"A\u030a":1,"\u00c5":2}"#),
            ("ANGSTROM SIGN and A + ring", #"{"\u212b":1,"A\u030a":2}"#),
            ("Hangul syllable and its jamo", #"{"\uac00":1,"\u1100\u1161":2}"#),
            ("combining marks in two orders", #"{"a\u0323\u0301":1,"a\u0301\u0323":2}"#),
            ("equivalent names in a nested object", #"{"o":{"\u00e9":1,"e\u0301":2}}"#),
        ] { no(&refused, c, j, .jsonEquivalentMemberNames, equivalent) }
        return refused
    }

    /// Refusals: truncation, structure, whitespace, trailing data, depth.
    static func refusedStructureCases() -> [VectorCase] {
        var refused: [VectorCase] = []
        for (c, j) in [
            ("unclosed object", "{"), ("unclosed array", "["), ("array ends after an element", "[1"),
            ("array ends after a comma", "[1,"), ("object ends after a name", #"{"a""#),
            ("object ends after a colon", #"{"a":"#), ("object ends after a value", #"{"a":1"#),
            ("unterminated string", #""abc"#), ("text ends after a backslash", #""\"#),
            ("text ends inside a \\u escape", #""\u12"#),
        ] { no(&refused, c, j, .jsonUnexpectedEnd, truncated) }
        for (c, j) in [
            ("missing comma in an array", "[1 2]"), ("missing colon", #"{"a" 1}"#), ("unquoted name", "{a:1}"),
            ("single-quoted name", "{'a':1}"), ("single-quoted string", "['a']"),
            ("trailing comma in an object", #"{"a":1,}"#),
            ("trailing comma in an array", "[1,]"), ("leading comma in an array", "[,1]"),
            ("only a comma in an object", "{,}"),
            ("block comment before the value", "/* c */ 1"), ("comment inside an array", "[1 /* c */]"),
            ("line comment", "// c\n1"), ("line comment in an object", "{\"a\":1 // c\n}"),
            ("semicolon separator", "[1;2]"),
            ("] at the top level", "]"), ("} at the top level", "}"), ("a comma at the top level", ","),
            ("double colon", #"{"a"::1}"#), ("missing comma between members", #"{"a":1"b":2}"#),
            ("missing comma between strings", #"["a" "b"]"#), ("a colon at the top level", ":"),
            ("a number as a member name", #"{1:2}"#), ("array closed with }", "[1}"),
            ("object closed with ]", #"{"a":1]"#),
        ] { no(&refused, c, j, .jsonUnexpectedCharacter, structure) }
        for (c, j) in [
            ("NBSP before a value", "[\u{a0}1]"), ("vertical tab", "[\u{b}1]"), ("form feed", "[\u{c}1]"),
            ("U+2028 between tokens", "[1,\u{2028}2]"),
        ] { no(&refused, c, j, .jsonUnexpectedCharacter, nonJSONWhitespace) }
        for (c, j) in [
            ("two numbers", "1 2"), ("two objects", "{} {}"), ("a letter after an array", "[]x"),
            ("1.5.3", "1.5.3"), ("two strings", #""a""b""#), ("null null", "null null"),
            ("NUL after the value", "{}\u{0}"),
            ("an extra ]", "[]]"), ("an extra }", "{}}"), ("a comma after the value", "1,"),
        ] { no(&refused, c, j, .jsonTrailingData, trailing) }

        let over = String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001)
        no(&refused, "1001 nested arrays", over, .jsonTooDeep, depthLimit)
        no(
            &refused, "1001 nested objects",
            String(repeating: #"{"a":"#, count: 1000) + "{}" + String(repeating: "}", count: 1000),
            .jsonTooDeep, depthLimit)
        no(
            &refused, "1001 [ never closed: refused at the 1001st", String(repeating: "[", count: 1001), .jsonTooDeep,
            depthLimit)
        no(
            &refused, "5000 [ never closed: refused at the 1001st", String(repeating: "[", count: 5000), .jsonTooDeep,
            depthLimit)
        no(
            &refused, "the 1001st level is an empty object",
            String(repeating: "[", count: 1000) + "{}" + String(repeating: "]", count: 1000),
            .jsonTooDeep, depthLimit)
        no(
            &refused, "refused at the 1001st bracket, before the bad text inside it",
            String(repeating: "[", count: 1001) + "NaN",
            .jsonTooDeep, depthLimit)
        return refused
    }
}
