// The byte-to-byte canonicalizer against the parser path (specs/canonical-json.md §8): for
// every input both give the same bytes or the same error. The parser path is itself checked
// against RFC 8785's data and the `rfc8785` package (CanonicalJSONTests, RFC8785TestDataTests
// and oracles/python/test_canonical_json.py).
@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Direct canonicalization agrees with the parser")
struct DirectCanonicalizerTests {
    /// Both paths' outcome for `input`: the canonical text or the error code.
    static func outcomes(_ input: [UInt8]) -> (direct: String, parser: String) {
        func run(_ body: () throws(CloserError) -> [UInt8]) -> String {
            do throws(CloserError) {
                return "ok " + String(decoding: try body(), as: UTF8.self)
            } catch {
                return "error \(error.code)"
            }
        }
        return (
            run { () throws(CloserError) in try CanonicalJSON.canonicalize(input) },
            run { () throws(CloserError) in try CanonicalJSON.canonicalizeThroughValue(input) }
        )
    }

    @Test("every rejection of the parser's catalogue: canonicalize refuses it with the same code")
    func parserRejections() {
        for r in JSONParserRejectionTests.allCases {
            let (direct, parser) = Self.outcomes(r.input)
            #expect(direct == parser, "\(r.name)")
            #expect(direct == "error \(r.code)", "\(r.name)")
        }
    }

    @Test(
        "hand-picked inputs at the direct path's edges: escapes, copied numbers, member order, names it defers",
        arguments: [
            #"{"b":1,"a":2}"#, #"{"a":1,"a":2}"#, #"{"b":{"d":1,"c":[3,2]},"a":null}"#, #"{"a":1,"b":2,"a":3}"#,
            #"["\u0000\u001f\u0022\u005c\/\b\f\n\r\t\u007f\u00e9\ud83d\ude00"]"#, #"["\ud83d\u0041"]"#,
            "[\"caf\u{E9} \u{2028}\"]",
            "[0,-0,0.0,-0.0,1,-1,10,100,1.5,-1.5,1.50,0.1,0.000001,0.0000001,0.00001234,1e2,1E2,1e-7,1.0e0]",
            "[123456789012345,1234567890123456,12345678901234567890,-123456789012345,0.123456789012345]",
            "[1.23456789012345,1.234567890123456,0.0000012345678901234,99999999999999.9,999999999999999]",
            "[9007199254740993,1e400,-1e400,1e-400,5e-324,1.7976931348623157e308]",
            "[true,false,null]", "[truex]", " [ 1 , 2 ] ", "\"top\"", "7",
            "{\"\u{E9}\":1,\"e\u{301}\":2}", "{\"e\u{301}\":1,\"\u{E9}\":2}", "{\"\\u0041\":1,\"A\":2}",
            "{\"\\n\":1,\"a\":2}", "{\"\u{20AC}\":1,\"\u{FB33}\":2,\"1\":3}", "{\"\":1,\" \":2}",
            "{\"abcdefgh1\":1,\"abcdefgh\":2,\"abcdefg\":3,\"abcdefgh0\":4}",
            String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
        ])
    func handPicked(_ text: String) {
        let (direct, parser) = Self.outcomes(Array(text.utf8))
        #expect(direct == parser)
    }

    @Test("app-shaped payloads take the direct path")
    func appPayloadsAreDirect() {
        let payload =
            #"{"userId":"u1","answer":"caf\u00e9\n","nonce":"AAAA","choice":3,"answeredAt":1732060800000,"ratio":0.125}"#
        #expect(DirectCanonicalizer.canonicalize(Array(payload.utf8)) != nil)
    }

    @Test("plain decimals of every shape near the copy rule's bounds")
    func decimals() {
        var random = SplitMix64(state: 0xDEC1_3A15)
        var inputs: [String] = []
        for _ in 0..<4000 {
            let integerDigits = Int.random(in: 0...17, using: &random)
            let leadingZeros = Int.random(in: 0...8, using: &random)
            let fractionDigits = Int.random(in: 0...17, using: &random)
            var text = Bool.random(using: &random) ? "-" : ""
            if integerDigits == 0 {
                text += "0"
            } else {
                text += String(Int.random(in: 1...9, using: &random))
                for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
            }
            if fractionDigits > 0 || leadingZeros > 0 {
                text += "." + String(repeating: "0", count: leadingZeros)
                for _ in 0..<max(fractionDigits, 1) { text += String(Int.random(in: 0...9, using: &random)) }
            }
            inputs.append(text)
        }
        let disagreeing = inputs.filter { text in
            let (direct, parser) = Self.outcomes(Array(text.utf8))
            return direct != parser
        }
        #expect(disagreeing.isEmpty, "first of \(disagreeing.count): \(disagreeing.prefix(3))")
    }

    @Test("random documents and their one-byte mutations")
    func randomDocuments() {
        var random = SplitMix64(state: 0x5EED_0F_C0DE)
        let atoms = [
            "0", "-0", "1", "-17", "2.5", "0.001", "1e21", "1E-7", "123456789012345678", "0.30000000000000004",
            "true", "false", "null", "\"\"", "\"a\\\"b\"", "\"\\u00e9\\n\"", "\"caf\u{E9}\"", "\"\\ud83d\\ude00\"",
            "[]", "{}",
        ]
        let names = ["a", "b", "ab", "B", "_", "z9", "", "a b", "\u{E9}", "\\u0061", "\\n"]
        func document(_ depth: Int) -> String {
            if depth > 3 || Int.random(in: 0..<3, using: &random) == 0 {
                return atoms.randomElement(using: &random)!
            }
            let count = Int.random(in: 0...4, using: &random)
            let space = [" ", "", "\n\t", ""].randomElement(using: &random)!
            if Bool.random(using: &random) {
                return "[" + (0..<count).map { _ in space + document(depth + 1) }.joined(separator: ",") + "]"
            }
            let members = (0..<count).map { _ in
                "\"\(names.randomElement(using: &random)!)\"" + space + ":" + document(depth + 1)
            }
            return "{" + space + members.joined(separator: "," + space) + "}"
        }
        for _ in 0..<1500 {
            var bytes = Array(document(0).utf8)
            let (direct, parser) = Self.outcomes(bytes)
            #expect(direct == parser, "\(String(decoding: bytes, as: UTF8.self))")
            if !bytes.isEmpty {
                let i = Int.random(in: 0..<bytes.count, using: &random)
                bytes[i] = [0x22, 0x5C, 0x2C, 0x5D, 0x7D, 0x30, 0x2E, 0x65, 0x20, 0x01, 0xC3].randomElement(
                    using: &random)!
                let (d, p) = Self.outcomes(bytes)
                #expect(d == p)
            }
        }
    }
}
