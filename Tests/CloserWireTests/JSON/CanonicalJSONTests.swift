// RFC 8785 serialization rules with hand-written expected bytes taken from RFC 8785's text
// and from ECMAScript's string and number rules (specs/canonical-json.md §4).
@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Canonical JSON serialization")
struct CanonicalJSONTests {
    @Test("RFC 8785 §3.2.4 example (Figure \"Canonicalization of Textual JSON Data\")")
    func rfcExample() throws {
        let input = #"""
            {
              "numbers": [333333333.33333329, 1E30, 4.50,
                          2e-3, 0.000000000000000000000000001],
              "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
              "literals": [null, true, false]
            }
            """#
        let expected =
            #"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
        #expect(try canonicalText(input) == expected)
    }

    @Test("RFC 8785 §3.2.3 sorting example: UTF-16 code unit order")
    func rfcSortingExample() throws {
        let input = #"""
            {
              "\u20ac": "Euro Sign",
              "\r": "Carriage Return",
              "\ufb33": "Hebrew Letter Dalet With Dagesh",
              "1": "One",
              "\ud83d\ude00": "Emoji: Grinning Face",
              "\u0080": "Control",
              "\u00f6": "Latin Small Letter O With Diaeresis"
            }
            """#
        let expected =
            "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u{80}\":\"Control\",\"ö\":\"Latin Small Letter O With Diaeresis\","
            + "\"€\":\"Euro Sign\",\"😀\":\"Emoji: Grinning Face\",\"דּ\":\"Hebrew Letter Dalet With Dagesh\"}"
        #expect(try canonicalText(input) == expected)
    }

    @Test("member order is UTF-16 code units, not scalars: U+10000 (D800 DC00) sorts before U+FFFF")
    func utf16NotScalars() throws {
        let value = JSONValue.object([
            "\u{FFFF}": .number(1), "\u{10000}": .number(2), "\u{E000}": .number(3),
        ])
        let bytes = try CanonicalJSON.serialize(value)
        #expect(
            String(decoding: bytes, as: UTF8.self) == "{\"\u{10000}\":2,\"\u{E000}\":3,\"\u{FFFF}\":1}")
    }

    @Test("member order: plain code unit comparison, prefix first, case-sensitive, no locale")
    func ordering() throws {
        #expect(
            try canonicalText(#"{"b":1,"a":2,"":3,"aa":4,"A":5,"a\u0000":6}"#)
                == #"{"":3,"A":5,"a":2,"a\u0000":6,"aa":4,"b":1}"#)
        #expect(try canonicalText(#"{"10":1,"1":2,"9":3}"#) == #"{"1":2,"10":1,"9":3}"#)
        // Not normalized: "e\u0301" (0065 0301) sorts before "f", "è" (00E8) after.
        #expect(
            try canonicalText("{\"f\":1,\"e\u{301}\":2,\"\u{E8}\":3}")
                == "{\"e\u{301}\":2,\"f\":1,\"\u{E8}\":3}")
    }

    @Test("every control character has its RFC 8785 escape")
    func controlCharacters() throws {
        let expected = [
            #"\u0000"#, #"\u0001"#, #"\u0002"#, #"\u0003"#, #"\u0004"#, #"\u0005"#, #"\u0006"#,
            #"\u0007"#,
            #"\b"#, #"\t"#, #"\n"#, #"\u000b"#, #"\f"#, #"\r"#, #"\u000e"#, #"\u000f"#,
            #"\u0010"#, #"\u0011"#, #"\u0012"#, #"\u0013"#, #"\u0014"#, #"\u0015"#, #"\u0016"#,
            #"\u0017"#,
            #"\u0018"#, #"\u0019"#, #"\u001a"#, #"\u001b"#, #"\u001c"#, #"\u001d"#, #"\u001e"#,
            #"\u001f"#,
        ]
        for scalar in 0..<0x20 {
            let value = JSONValue.string(String(Character(Unicode.Scalar(UInt8(scalar)))))
            let text = String(decoding: try CanonicalJSON.serialize(value), as: UTF8.self)
            #expect(text == "\"" + expected[scalar] + "\"", "U+\(scalar)")
        }
    }

    @Test(
        "only quote and backslash are escaped among printable characters; the rest is literal UTF-8")
    func literalCharacters() throws {
        let value = JSONValue.string(
            "\"\\/ ~\u{7F}\u{80}\u{A0}\u{2028}\u{2029}\u{FEFF}\u{FFFF}😂\u{10FFFF}<>&'")
        let bytes = try CanonicalJSON.serialize(value)
        #expect(
            bytes
                == Array(
                    "\"\\\"\\\\/ ~\u{7F}\u{80}\u{A0}\u{2028}\u{2029}\u{FEFF}\u{FFFF}😂\u{10FFFF}<>&'\"".utf8))
        // The astral character is 4 bytes of UTF-8, not a \u surrogate pair.
        #expect(try CanonicalJSON.serialize(.string("😂")) == [0x22, 0xF0, 0x9F, 0x98, 0x82, 0x22])
        // Escaped input comes out literal.
        #expect(try canonicalText(#""\u00e9\u2028\ud83d\ude02\u007f\/""#) == "\"é\u{2028}😂\u{7F}/\"")
    }

    @Test("strings are not normalized")
    func noNormalization() throws {
        #expect(try canonicalText(#""A\u030a""#) == "\"A\u{30A}\"")
        #expect(try CanonicalJSON.canonicalize(utf8(#""A\u030a""#)) == [0x22, 0x41, 0xCC, 0x8A, 0x22])
        #expect(try CanonicalJSON.canonicalize(utf8(#""\u00c5""#)) == [0x22, 0xC3, 0x85, 0x22])
    }

    @Test("no whitespace; literals; empty containers")
    func layout() throws {
        #expect(
            try canonicalText(" [ null , true , false , { } , [ ] , \"\" ] ")
                == #"[null,true,false,{},[],""]"#)
        #expect(
            try canonicalText(#" { "b" : [ 1 , 2 ] , "a" : { "c" : null } } "#)
                == #"{"a":{"c":null},"b":[1,2]}"#)
        #expect(try CanonicalJSON.serialize(.null) == utf8("null"))
        #expect(
            try CanonicalJSON.serialize(.array([.bool(true), .bool(false)])) == utf8("[true,false]"))
    }

    @Test("numbers in documents: ECMAScript form")
    func numbersInDocuments() throws {
        let cases: [(String, String)] = [
            ("-0", "0"), ("-0.0", "0"), ("0.0", "0"), ("1.0", "1"), ("1E30", "1e+30"), ("4.50", "4.5"),
            ("2e-3", "0.002"), ("1e-400", "0"), ("-1e-400", "0"), ("100e-2", "1"), ("0.1e1", "1"),
            ("1e21", "1e+21"), ("1e20", "100000000000000000000"),
            ("123456789012345678901", "123456789012345680000"),
            ("9007199254740993", "9007199254740992"), ("-5e-324", "-5e-324"),
        ]
        for (input, expected) in cases {
            #expect(try canonicalText(input) == expected, "\(input)")
            #expect(try canonicalText("[\(input)]") == "[\(expected)]", "\(input)")
        }
    }

    @Test(
        "NaN and infinities cannot be serialized",
        arguments: [Double.nan, .infinity, -.infinity, -Double.nan])
    func nonFinite(_ number: Double) {
        #expect(throws: CloserError.self) { try CanonicalJSON.serialize(.number(number)) }
        do {
            _ = try CanonicalJSON.serialize(.array([.object(["a": .number(number)])]))
            Issue.record("serialized \(number)")
        } catch {
            #expect(error.code == .jsonNonFiniteNumber)
            #expect(error.code.rawValue == "json.non_finite_number")
        }
    }

    @Test("constructed values deeper than the limit cannot be serialized; at the limit they can")
    func serializeDepth() throws {
        func nested(_ depth: Int, object: Bool) -> JSONValue {
            var value = JSONValue.null
            for _ in 0..<depth { value = object ? .object(["k": value]) : .array([value]) }
            return value
        }
        #expect(try CanonicalJSON.serialize(nested(1000, object: false)).count == 2000 + 4)
        _ = try CanonicalJSON.serialize(nested(1000, object: true))
        for object in [false, true] {
            do {
                _ = try CanonicalJSON.serialize(nested(1001, object: object))
                Issue.record("serialized 1001 levels")
            } catch {
                #expect(error.code == .jsonTooDeep)
            }
        }
    }

    @Test("isCanonical")
    func isCanonical() {
        #expect(CanonicalJSON.isCanonical(utf8(#"{"a":1,"b":[true,null,"x"]}"#)))
        #expect(CanonicalJSON.isCanonical(utf8("1e+21")))
        #expect(CanonicalJSON.isCanonical(utf8("\"é\"")))
        #expect(!CanonicalJSON.isCanonical(utf8(#"{"b":1,"a":2}"#)))  // order
        #expect(!CanonicalJSON.isCanonical(utf8(#"{"a": 1}"#)))  // whitespace
        #expect(!CanonicalJSON.isCanonical(utf8("1e21")))  // number form
        #expect(!CanonicalJSON.isCanonical(utf8("-0")))
        #expect(!CanonicalJSON.isCanonical(utf8("1.0")))
        #expect(!CanonicalJSON.isCanonical(utf8(#""\u00e9""#)))  // escape
        #expect(!CanonicalJSON.isCanonical(utf8(#""\/""#)))
        #expect(!CanonicalJSON.isCanonical(utf8("1\n")))  // trailing whitespace
        #expect(!CanonicalJSON.isCanonical(utf8(#"{"a":1,"a":1}"#)))  // invalid
        #expect(!CanonicalJSON.isCanonical([]))
        #expect(!CanonicalJSON.isCanonical([0xFF]))
    }

    @Test("canonicalization is idempotent")
    func idempotent() throws {
        let input = #"{"z":[1E2,{"y":"\u0001\ud83d\ude02"}],"a":-0.0,"m":"\u2028"}"#
        let once = try CanonicalJSON.canonicalize(utf8(input))
        #expect(try CanonicalJSON.canonicalize(once) == once)
        #expect(CanonicalJSON.isCanonical(once))
    }
}
