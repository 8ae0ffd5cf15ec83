// Strict base64 (specs/encodings.md): RFC 4648 §10 test vectors, and one test per rejection.

@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Base64 strict codecs")
struct Base64Tests {
    // RFC 4648 §10.
    static let rfcVectors: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test("RFC 4648 §10 vectors, both profiles")
    func rfcVectorsRoundTrip() throws {
        for (plain, encoded) in Self.rfcVectors {
            #expect(Base64.encode(Array(plain.utf8), .standard) == encoded)
            #expect(try Base64.decode(encoded, .standard) == Array(plain.utf8))
            let url = encoded.replacingOccurrences(of: "=", with: "")
            #expect(Base64.encode(Array(plain.utf8), .url) == url)
            #expect(try Base64.decode(url, .url) == Array(plain.utf8))
        }
        #expect(Base64.encode([0xfb, 0xff], .standard) == "+/8=")
        #expect(Base64.encode([0xfb, 0xff], .url) == "-_8")
    }

    @Test(
        "each rejection has its own code",
        arguments: [
            ("Zm9v YmFy", Base64.Profile.standard, CloserError.Code.b64InvalidCharacter),
            ("Zm9v\nYmFy", .standard, .b64InvalidCharacter),
            ("Zm9v*mFy", .url, .b64InvalidCharacter),
            ("-_8=", .standard, .b64WrongAlphabet),
            ("+/8", .url, .b64WrongAlphabet),
            ("Zm9vY", .url, .b64InvalidLength),
            ("Zm9vY===", .standard, .b64InvalidLength),
            ("Zg", .standard, .b64InvalidPadding),
            ("Zg=", .standard, .b64InvalidPadding),
            ("Zm8==", .standard, .b64InvalidPadding),
            ("Zg==", .url, .b64InvalidPadding),
            ("Zg==Zg==", .standard, .b64InvalidPadding),
            ("Zh==", .standard, .b64NonCanonical),
            ("Zm9=", .standard, .b64NonCanonical),
            ("Zh", .url, .b64NonCanonical),
            ("Zm9", .url, .b64NonCanonical),
        ])
    func rejection(input: String, profile: Base64.Profile, code: CloserError.Code) {
        #expect {
            try Base64.decode(input, profile)
        } throws: { ($0 as? CloserError)?.code == code }
    }

    @Test("decode(encode(x)) == x for every length up to 64 and both profiles")
    func roundTrip() throws {
        let random = SeededRandom(seed: "base64")
        for n in 0...64 {
            let bytes = random.bytes(n)
            for p in [Base64.Profile.standard, .url] {
                #expect(try Base64.decode(Base64.encode(bytes, p), p) == bytes)
            }
        }
    }

    @Test("hex: odd length and non-hex characters are refused; either case is read")
    func hexRules() throws {
        #expect(try Hex.decode("00AbfF") == [0x00, 0xab, 0xff])
        #expect(Hex.encode([0xab, 0x01]) == "ab01")
        #expect(throws: CloserError.self) { try Hex.decode("abc") }
        #expect(throws: CloserError.self) { try Hex.decode("zz") }
    }
}
