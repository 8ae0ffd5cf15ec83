// What the parser accepts and the values it builds (specs/canonical-json.md §2–§3).
@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("JSON parser")
struct JSONParserTests {
    @Test("literals and whitespace around the value")
    func literals() throws {
        #expect(try JSONValue(parsing: "null") == .null)
        #expect(try JSONValue(parsing: " \t\r\ntrue\n") == .bool(true))
        #expect(try JSONValue(parsing: "false") == .bool(false))
        #expect(
            try JSONValue(parsing: "[ null , true ,false ]")
                == .array([.null, .bool(true), .bool(false)]))
    }

    @Test("objects and arrays, nested")
    func containers() throws {
        let value = try JSONValue(parsing: #" { "a" : [ 1 , { "b" : "c" } , [ ] ] , "d" : { } } "#)
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .object(["b": .string("c")]), .array([])]),
                    "d": .object([:]),
                ]))
    }

    @Test("subscript and stringValue")
    func accessors() throws {
        let value = try JSONValue(parsing: #"{"coupleId":"c1","n":1,"o":{"x":"y"}}"#)
        #expect(value["coupleId"]?.stringValue == "c1")
        #expect(value["n"] == .number(1))
        #expect(value["n"]?.stringValue == nil)
        #expect(value["missing"] == nil)
        #expect(value["o"]?["x"]?.stringValue == "y")
        #expect(JSONValue.array([.string("x")])["x"] == nil)
        #expect(JSONValue.string("x")["x"] == nil)
        #expect(JSONValue.null.stringValue == nil)
    }

    @Test("escapes decode to the characters they name")
    func escapes() throws {
        let value = try JSONValue(
            parsing:
                #""\"\\\/\b\f\n\r\t\u0000\u001f\u0041\u00e9\u00E9\u20AC\ud83d\ude02\uD83D\uDE02\uffff""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}Aéé€😂😂\u{FFFF}"))
    }

    @Test("raw UTF-8 is kept scalar for scalar, not normalized")
    func rawUTF8() throws {
        let value = try JSONValue(parsing: "\"A\u{30A} \u{7F} \u{2028} 😂 \u{10FFFF}\"")
        let string = try #require(value.stringValue)
        #expect(
            Array(string.unicodeScalars) == Array("A\u{30A} \u{7F} \u{2028} 😂 \u{10FFFF}".unicodeScalars))
        #expect(string.unicodeScalars.count == 10)
    }

    @Test("an escaped NUL and U+FEFF inside a string are fine")
    func nulAndBOMInsideStrings() throws {
        #expect(
            try JSONValue(parsing: #"["\u0000","\ufeff"]"#)
                == .array([.string("\u{0}"), .string("\u{FEFF}")]))
        #expect(try JSONValue(parsing: "[\"\u{FEFF}\"]") == .array([.string("\u{FEFF}")]))
    }

    @Test("number grammar: every RFC 8259 form")
    func numbers() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("1", 1), ("-1", -1), ("10", 10), ("0.5", 0.5), ("-0.5", -0.5),
            ("1e2", 100), ("1E2", 100), ("1e+2", 100), ("1e-2", 0.01), ("1.5e1", 15), ("0e0", 0),
            ("0.0", 0), ("1e00002", 100), ("123456789012345678901234567890", 1.2345678901234568e29),
        ]
        for (text, expected) in cases {
            let value = try JSONValue(parsing: text)
            guard case .number(let number) = value else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(number == expected, "\(text)")
            #expect(number.sign == expected.sign, "\(text)")
        }
    }

    @Test("pinned: underflow rounds to zero or a subnormal, never an error")
    func underflow() throws {
        #expect(try JSONValue(parsing: "1e-400") == .number(0))
        let negative = try JSONValue(parsing: "-1e-400")
        guard case .number(let n) = negative else { return #expect(Bool(false)) }
        #expect(n == 0 && n.sign == .minus)
        #expect(try JSONValue(parsing: "0." + String(repeating: "0", count: 1000) + "1") == .number(0))
        #expect(try JSONValue(parsing: "4.9406564584124654e-324") == .number(.leastNonzeroMagnitude))
        // Below half of the least subnormal: 0. At exactly half: ties to even, 0.
        #expect(try JSONValue(parsing: "2.4703282292062327e-324") == .number(0))
        #expect(try JSONValue(parsing: "2.4703282292062328e-324") == .number(.leastNonzeroMagnitude))
    }

    @Test(
        "pinned: rounding to nearest; the largest finite double and just below the overflow boundary")
    func largest() throws {
        #expect(try JSONValue(parsing: "1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try JSONValue(parsing: "1.7976931348623158e308") == .number(.greatestFiniteMagnitude))
        // One below 2^1024 − 2^970 (the halfway point that rounds to infinity).
        let justBelow =
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791"
        #expect(try JSONValue(parsing: justBelow) == .number(.greatestFiniteMagnitude))
        #expect(try JSONValue(parsing: "-" + justBelow) == .number(-.greatestFiniteMagnitude))
        #expect(try JSONValue(parsing: "0.1") == .number(0.1))
        #expect(try JSONValue(parsing: "9007199254740993") == .number(9_007_199_254_740_992))  // 2^53 + 1, ties to even
    }

    @Test("exactly 1000 levels of nesting are accepted")
    func maximumDepth() throws {
        #expect(JSONValue.maximumDepth == 1000)
        let arrays = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        var value = try JSONValue(parsing: arrays)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 1000)
        let objects =
            String(repeating: #"{"a":"#, count: 999) + "{}" + String(repeating: "}", count: 999)
        _ = try JSONValue(parsing: objects)
        let mixed =
            String(repeating: #"[{"k":"#, count: 500) + "0" + String(repeating: "}]", count: 500)
        _ = try JSONValue(parsing: mixed)
    }

    @Test("large flat inputs parse in linear time")
    func wide() throws {
        let count = 100_000
        let array = "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
        guard case .array(let elements) = try JSONValue(parsing: array) else {
            return #expect(Bool(false))
        }
        #expect(elements.count == count)
        let object = "{" + (0..<count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        guard case .object(let members) = try JSONValue(parsing: object) else {
            return #expect(Bool(false))
        }
        #expect(members.count == count)
        let long = "\"" + String(repeating: "x", count: 1_000_000) + "\""
        #expect(try JSONValue(parsing: long).stringValue?.utf8.count == 1_000_000)
    }

    @Test("String and byte entry points agree")
    func stringEntryPoint() throws {
        let text = #"{"a":["é",1.5]}"#
        #expect(try JSONValue(parsing: text) == JSONValue(parsing: Array(text.utf8)))
        #expect(try JSONValue(parsing: text.utf8) == JSONValue(parsing: ArraySlice(text.utf8)))
    }
}

@Suite("JSON parser robustness")
struct JSONParserRobustnessTests {
    @Test(
        "20,000 seeded byte mutations: never a crash; whatever parses canonicalizes to a fixed point")
    func mutations() throws {
        let seeds = [
            #"{"a":[1,-2.5e-3,true,null,"x\u00e9\ud83d\ude02\n"],"b":{"c":{}},"":[]}"#,
            #"[0,1e21,-0,"\"\\\/",{"k":"v","K":[[[]]]}]"#,
            "{\"é\":\"😂\",\"\u{7F}\":\"\\u0000\"}",
        ].map { Array($0.utf8) }
        let interesting: [UInt8] =
            Array(#"{}[]",:\-+.eE0123456789tfnu"#.utf8) + [0x00, 0x1F, 0x80, 0xC0, 0xED, 0xF4, 0xFF]
        var rng = SplitMix64(state: 2024)
        var accepted = 0
        for round in 0..<20_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let position = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[position] = interesting.randomElement(using: &rng) ?? 0
                case 1: bytes[position] = UInt8.random(in: .min ... .max, using: &rng)
                case 2: bytes.insert(interesting.randomElement(using: &rng) ?? 0, at: position)
                default: if bytes.count > 1 { bytes.remove(at: position) }
                }
            }
            guard let canonical = try? CanonicalJSON.canonicalize(bytes) else { continue }
            accepted += 1
            #expect(try CanonicalJSON.canonicalize(canonical) == canonical)
        }
        #expect(accepted > 100)
    }
}
