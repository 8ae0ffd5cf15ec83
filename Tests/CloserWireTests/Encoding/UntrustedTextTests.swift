// The output policy's function (specs/threat-model.md §"The port and the vector set are
// untrusted" › "Output"): which scalars, which forms. The built binary's output is tested by
// CloserSpecCLITests' OutputPolicyTests.

@testable import CoreWire
import Foundation
import Testing

@testable import CloserWire

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("UntrustedText: the output policy")
struct UntrustedTextTests {
    @Test("each class is escaped, and the scalars beside it are not")
    func boundaries() {
        let escaped: [UInt32] = [
            0x00, 0x09, 0x0a, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9b, 0x9f, 0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a,
            0x202e, 0x2066, 0x2069, 0xfdd0, 0xfdef, 0xfffd, 0xfffe, 0xffff, 0x1fffe, 0x10ffff,
        ]
        let kept: [UInt32] = [
            0x20, 0x5c, 0x7e, 0xa0, 0xe9, 0x061b, 0x200d, 0x2010, 0x2027, 0x202f, 0x2065, 0x206a, 0xfdcf, 0xfdf0,
            0xfffc, 0x1f600, 0x1fffd, 0x10fffd,
        ]
        for v in escaped { #expect(UntrustedText.mustEscape(v), "U+\(String(v, radix: 16))") }
        for v in kept { #expect(!UntrustedText.mustEscape(v), "U+\(String(v, radix: 16))") }
    }

    @Test("the terminal form: \\u{hex}, idempotent, line feeds kept only by escapeLines")
    func terminalForm() {
        let hostile = "a\u{1b}]52;c;aGk=\u{07}\u{9b}2J\u{202e}\n\\b\u{fffe}é"
        let once = UntrustedText.escape(hostile)
        #expect(once == #"a\u{1b}]52;c;aGk=\u{7}\u{9b}2J\u{202e}\u{a}\b\u{fffe}é"#)
        #expect(UntrustedText.escape(once) == once)
        #expect(UntrustedText.escapeLines("x\u{1b}\ny\r") == "x\\u{1b}\ny\\u{d}")
        #expect(UntrustedText.escape(bytes: [0x61, 0xed, 0xa0, 0x80, 0xff]).hasPrefix("a\\u{fffd}"))
    }

    @Test("the JSON form: \\uXXXX (a surrogate pair above U+FFFF), the same value")
    func jsonForm() throws {
        let value = "\u{7f}\u{85}\u{202e}\u{2028}\u{fffe}\u{1fffe}ok"
        let canonical = String(decoding: try CanonicalJSON.serialize(.string(value)), as: UTF8.self)
        let safe = UntrustedText.json(canonical)
        #expect(safe == #""\u007f\u0085\u202e\u2028\ufffe\ud83f\udffeok""#)
        #expect(try JSONValue(parsing: Array(safe.utf8)) == .string(value))
    }

    @Test("the XML form parses as XML 1.0 whatever the text, and reads as the terminal form")
    func xmlForm() throws {
        let hostile = "<a href='x'>&amp;</a>\"\u{0}\u{8}\u{b}\u{1b}\u{7f}\u{9b}\u{fffe}\u{ffff}\t\n\r\u{202e}"
        let document = "<r a=\"\(UntrustedText.xml(hostile))\">\(UntrustedText.xml(hostile))</r>"
        let reader = XMLReader()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(String(describing: parser.parserError)): \(document)")
        let terminal = UntrustedText.escape(hostile).replacingOccurrences(of: "\\u{9}", with: "\t")
            .replacingOccurrences(of: "\\u{a}", with: "\n")
        #expect(reader.attribute == terminal)
        #expect(reader.text == terminal)
    }

    final class XMLReader: NSObject, XMLParserDelegate {
        var attribute: String?
        var text = ""
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) { attribute = attributes["a"] }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }
}
