// The encodings suite: b64, b64url and hex through `encoding.decode` / `encoding.encode`,
// valid (RFC 4648 §10, every length 0…70) and hostile. Normative: specs/encodings.md,
// specs/harness.md §"Lower-layer ops".

import CloserHarness
import CloserVectorModel
import CloserWire

enum EncodingsSuite {
    static let name = "encodings"

    static let valid = VectorFlag(
        "Valid", .basic, .encoding, "The canonical text of a byte string: encode gives it, decode reads it back.")
    static let rfc4648 = VectorFlag("Rfc4648", .basic, .encoding, "RFC 4648 §10 test vectors.")
    static let hexCase = VectorFlag(
        "HexUpperCase", .edgeCase, .encoding, "Hex readers accept upper and mixed case; writers emit lower case.")
    static let wrongAlphabet = VectorFlag(
        "WrongAlphabet", .encoding, .encoding,
        "A character of the other base64 alphabet: -_ in b64 or +/ in b64url (b64.wrong_alphabet).")
    static let missingPadding = VectorFlag(
        "MissingPadding", .encoding, .encoding, "b64 without the = padding it requires (b64.invalid_padding).")
    static let extraPadding = VectorFlag(
        "ExtraPadding", .encoding, .encoding, "More = than needed, or any = in b64url (b64.invalid_padding).")
    static let paddingInside = VectorFlag(
        "PaddingInside", .encoding, .encoding, "An = before the last symbol (b64.invalid_padding).")
    static let whitespace = VectorFlag(
        "Whitespace", .encoding, .encoding,
        "Space, tab, CR or LF anywhere, including MIME line breaks (b64.invalid_character).")
    static let trailingBits = VectorFlag(
        "NonCanonicalTrailingBits", .encoding, .encoding,
        "The last symbol's unused bits (4 with 2 symbols left, 2 with 3) are not zero: a lax decoder reads the same bytes."
    )
    static let invalidCharacter = VectorFlag(
        "InvalidCharacter", .encoding, .encoding, "A byte outside both alphabets: NUL, non-ASCII, punctuation.")
    static let invalidLength = VectorFlag(
        "InvalidLength", .encoding, .encoding,
        "A symbol count ≡ 1 mod 4, which no encoder produces (b64.invalid_length).")
    static let checkOrder = VectorFlag(
        "CheckOrder", .edgeCase, .encoding,
        "Several faults: the first check of encodings.md's order names the error (characters left to right, then length, padding, bits)."
    )
    static let badHex = VectorFlag(
        "InvalidHex", .encoding, .encoding, "Odd length or a non-hex character (hex.invalid).")
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request, "An unknown profile or a bytes field that is not hex (malformed_request)."
    )

    /// 8 bytes with + and / (b64) and - and _ (b64url), and 1 padding character in b64.
    static let symbolBytes = [0xfb, 0xff, 0xbf, 0x01, 0x02, 0x03, 0xfb, 0xef] as [UInt8]

    static func build() throws(CloserError) -> WireSuite {
        let rng = SuiteRandom(suite: name)
        let lengths = lengthCases(rng)
        let hexCases = hexProfileCases(rng)
        return WireSuite(
            name: name, algorithm: "closer-encodings",
            header: [
                "Strict b64 (RFC 4648 §4, padded), b64url (§5, unpadded) and hex (specs/encodings.md) through the",
                "lower-layer ops encoding.decode / encoding.encode (specs/harness.md). Every byte string has exactly one",
                "accepted text per profile; hostile texts name the first failing check of encodings.md's order.",
            ],
            groups: [
                VectorGroup(
                    "EncodingRfc4648", comment: "RFC 4648 §10 both ways, in b64 and b64url", cases: rfc4648Cases()),
                VectorGroup(
                    "EncodingRoundTrip", comment: "every length 0…70, both ways, alternating b64 / b64url",
                    cases: lengths),
                VectorGroup("EncodingHex", comment: "hex both ways; upper case read", cases: hexCases),
                VectorGroup(
                    "EncodingHostile", comment: "texts a strict decoder refuses",
                    cases: hostileB64Cases() + hostileTextCases()),
                VectorGroup(
                    "EncodingSpareBits", comment: "a 2-symbol final quantum with a middle spare bit set",
                    cases: middleSpareBitCases()),
            ])
    }
    static func pair(
        _ into: inout [VectorCase], _ comment: String, _ flags: [VectorFlag], _ profile: String,
        _ bytes: [UInt8], _ text: String
    ) {
        let inter: [(String, JSONValue)] = [("bytes", V.hex(bytes)), ("text", V.str(text))]
        into.append(
            .valid(
                comment + ": encode", flags: flags, op: HarnessOpSpec.encodingEncode.name,
                input: [("profile", V.str(profile)), ("bytes", V.hex(bytes))], output: [("text", V.str(text))],
                intermediates: inter))
        into.append(
            .valid(
                comment + ": decode", flags: flags, op: HarnessOpSpec.encodingDecode.name,
                input: [("profile", V.str(profile)), ("text", V.str(text))], output: [("bytes", V.hex(bytes))],
                intermediates: inter))
    }

    /// A decode the strict decoder refuses with `code`.
    static func bad(
        _ hostile: inout [VectorCase], _ comment: String, _ flags: [VectorFlag], _ profile: String, _ text: String,
        _ code: CloserError.Code
    ) {
        hostile.append(
            .invalid(
                comment, flags: flags, op: HarnessOpSpec.encodingDecode.name,
                input: [("profile", V.str(profile)), ("text", V.str(text))], error: code,
                layer: code.category == .malformedRequest ? VectorLayer.request : .encoding))
    }

    /// RFC 4648 §10 (b64url: the same without padding, §5), and both symbols 62 and 63 in each alphabet.
    static func rfc4648Cases() -> [VectorCase] {
        var rfc: [VectorCase] = []
        for s in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            let bytes = Array(s.utf8)
            pair(&rfc, "RFC 4648 §10 \"\(s)\" in b64", [valid, rfc4648], "b64", bytes, Base64.encode(bytes, .standard))
            pair(
                &rfc, "RFC 4648 §10 \"\(s)\" in b64url", [valid, rfc4648], "b64url", bytes, Base64.encode(bytes, .url))
        }
        // Both symbols 62 and 63, in each alphabet.
        pair(&rfc, "fb ff bf: symbols 62 and 63 in b64", [valid], "b64", [0xfb, 0xff, 0xbf], "+/+/")
        pair(&rfc, "fb ff bf: symbols 62 and 63 in b64url", [valid], "b64url", [0xfb, 0xff, 0xbf], "-_-_")
        return rfc
    }

    /// Every length 0…70, alternating profiles.
    static func lengthCases(_ rng: SuiteRandom) -> [VectorCase] {
        var lengths: [VectorCase] = []
        for n in 0...70 {
            let bytes = rng.bytes(n)
            let profile = n % 2 == 0 ? "b64" : "b64url"
            let text = Base64.encode(bytes, n % 2 == 0 ? .standard : .url)
            pair(&lengths, "\(n) bytes in \(profile)", [valid], profile, bytes, text)
        }
        return lengths
    }

    /// Hex both ways; upper and mixed case read.
    static func hexProfileCases(_ rng: SuiteRandom) -> [VectorCase] {
        var hexCases: [VectorCase] = []
        let hb = rng.bytes(16)
        pair(&hexCases, "16 bytes in hex", [valid], "hex", hb, Hex.encode(hb))
        pair(&hexCases, "empty in hex", [valid], "hex", [], "")
        for (comment, text) in [("upper case", Hex.encode(hb).uppercased()), ("mixed case", mixedCase(Hex.encode(hb)))]
        {
            hexCases.append(
                .valid(
                    "hex in \(comment) decodes", flags: [hexCase], op: HarnessOpSpec.encodingDecode.name,
                    input: [("profile", V.str("hex")), ("text", V.str(text))], output: [("bytes", V.hex(hb))],
                    intermediates: [("bytes", V.hex(hb))]))
        }
        hexCases.append(
            .valid(
                "hex given in upper case is written in lower case", flags: [hexCase],
                op: HarnessOpSpec.encodingEncode.name,
                input: [("profile", V.str("hex")), ("bytes", V.str(Hex.encode(hb).uppercased()))],
                output: [("text", V.str(Hex.encode(hb)))], intermediates: [("bytes", V.hex(hb))]))
        return hexCases
    }

    /// Hostile decodes: the wrong alphabet, padding missing, extra or inside, whitespace.
    static func hostileB64Cases() -> [VectorCase] {
        var hostile: [VectorCase] = []
        let sym = symbolBytes
        let b64Sym = Base64.encode(sym, .standard)
        let urlSym = Base64.encode(sym, .url)
        bad(
            &hostile,
            "b64 with - and _ (url-safe symbols)", [wrongAlphabet], "b64", EncodingVariants.urlAlphabet(b64Sym),
            .b64WrongAlphabet)
        bad(
            &hostile,
            "b64url with + and / (standard symbols)", [wrongAlphabet], "b64url",
            EncodingVariants.standardAlphabet(urlSym),
            .b64WrongAlphabet)
        bad(&hostile, "b64 with only its last - (url-safe 62)", [wrongAlphabet], "b64", "Zm9v-A==", .b64WrongAlphabet)
        bad(&hostile, "b64 with _ (url-safe 63)", [wrongAlphabet], "b64", "_w==", .b64WrongAlphabet)
        bad(&hostile, "b64url with + (standard 62)", [wrongAlphabet], "b64url", "Zm9v+A", .b64WrongAlphabet)
        bad(&hostile, "b64url with / (standard 63)", [wrongAlphabet], "b64url", "/w", .b64WrongAlphabet)
        bad(
            &hostile,
            "b64url with + and padding: the alphabet is checked first", [wrongAlphabet, checkOrder], "b64url", "+w==",
            .b64WrongAlphabet)
        for (comment, text) in [
            ("1 byte without ==", "Zg"), ("2 bytes without =", "Zm8"), ("1 byte with one = of two", "Zg="),
            ("8 bytes without =", EncodingVariants.unpadded(b64Sym)),
        ] {
            bad(&hostile, "b64 \(comment)", [missingPadding], "b64", text, .b64InvalidPadding)
        }
        for (comment, text) in [
            ("3 bytes with =", "Zm9v="), ("1 byte with ===", "Zg==="), ("2 bytes with ==", "Zm8=="), ("only =", "="),
            ("only ====", "===="), ("empty value with ==", "=="),
        ] {
            bad(&hostile, "b64 \(comment)", [extraPadding], "b64", text, .b64InvalidPadding)
        }
        for (comment, text) in [
            ("1 byte with ==", "Zg=="), ("2 bytes with =", "Zm8="), ("3 bytes with =", "Zm9v="),
            ("8 bytes padded as b64", EncodingVariants.padded(urlSym)),
        ] {
            bad(&hostile, "b64url \(comment)", [extraPadding], "b64url", text, .b64InvalidPadding)
        }
        for (profile, text) in [
            ("b64", "Zg==Zg=="), ("b64", "Z=g="), ("b64", "Zm9v=Zm9v"), ("b64url", "Zg=Zg"), ("b64url", "=Zm9v"),
        ] {
            bad(
                &hostile, "\(profile) \"\(text)\": = before the end", [paddingInside], profile, text, .b64InvalidPadding
            )
        }
        let long = String(repeating: "QUJD", count: 20)  // 80 symbols of one alphabet, no padding
        for (comment, text) in [
            ("leading space", " Zm9v"), ("trailing space", "Zm9v "), ("space inside", "Zm 9v"),
            ("trailing LF", "Zm9v\n"), ("trailing CRLF", "Zm9v\r\n"), ("CR inside", "Zm\r9v"), ("tab inside", "Zm\t9v"),
            ("MIME line break after 76 symbols", String(long.prefix(76)) + "\r\n" + String(long.dropFirst(76))),
            ("PEM line break after 64 symbols", String(long.prefix(64)) + "\n" + String(long.dropFirst(64))),
        ] {
            bad(&hostile, "b64 \(comment)", [whitespace], "b64", text, .b64InvalidCharacter)
            bad(&hostile, "b64url \(comment)", [whitespace], "b64url", text, .b64InvalidCharacter)
        }
        bad(
            &hostile,
            "b64 trailing LF after padding: = is then inside", [whitespace, checkOrder], "b64", "Zg==\n",
            .b64InvalidPadding)
        return hostile
    }

    /// Hostile decodes: non-canonical trailing bits, invalid characters and lengths, the order of the checks,
    /// bad hex and malformed requests.
    static func hostileTextCases() -> [VectorCase] {
        var hostile: [VectorCase] = []
        let sym = symbolBytes
        // Non-canonical trailing bits, both spare widths, both profiles.
        for (profile, url) in [("b64", false), ("b64url", true)] {
            for (comment, canonical) in [
                ("1 byte (4 spare bits)", Base64.encode([0x66], url ? .url : .standard)),
                ("2 bytes (2 spare bits)", Base64.encode([0x66, 0x6f], url ? .url : .standard)),
                ("7 bytes (4 spare bits)", Base64.encode(Array(sym.prefix(7)), url ? .url : .standard)),
                ("8 bytes (2 spare bits)", Base64.encode(sym, url ? .url : .standard)),
            ] {
                guard let low = EncodingVariants.nonCanonicalTrailingBits(canonical, url: url) else { continue }
                bad(
                    &hostile, "\(profile) \(comment), lowest spare bit set", [trailingBits], profile, low,
                    .b64NonCanonical)
                if let high = highSpareBit(canonical, url: url) {
                    bad(
                        &hostile, "\(profile) \(comment), highest spare bit set", [trailingBits], profile, high,
                        .b64NonCanonical)
                }
            }
        }
        for (comment, text) in [
            ("NUL", "Zm9v\u{0}"), ("é (non-ASCII)", "Zm9é"), ("ÿ", "ÿZm9"), (".", "Zm9."), ("*", "Zm*v"), ("%", "Zm%2"),
            ("~", "~m9v"), ("!", "Zm9!"), ("fullwidth Ｚ", "Ｚm9v"), ("zero-width space", "Zm\u{200B}9v"),
            ("BOM", "\u{FEFF}Zm9v"), ("emoji", "Zm😀9v"),
        ] {
            bad(&hostile, "b64 \(comment)", [invalidCharacter], "b64", text, .b64InvalidCharacter)
            bad(&hostile, "b64url \(comment)", [invalidCharacter], "b64url", text, .b64InvalidCharacter)
        }
        for (comment, text) in [("1 symbol", "Z"), ("5 symbols", "Zm9vY"), ("9 symbols", "Zm9vYmFyZ")] {
            bad(&hostile, "b64 \(comment)", [invalidLength], "b64", text, .b64InvalidLength)
            bad(&hostile, "b64url \(comment)", [invalidLength], "b64url", text, .b64InvalidLength)
        }
        bad(
            &hostile,
            "b64 5 symbols with ===: length before padding", [invalidLength, checkOrder], "b64", "Zm9vY===",
            .b64InvalidLength)
        bad(
            &hostile,
            "b64url 5 symbols with =: length before padding", [invalidLength, checkOrder], "b64url", "Zm9vY=",
            .b64InvalidLength)
        bad(
            &hostile, "b64 - then space: the first offending character decides", [checkOrder], "b64", "Z-m 9",
            .b64WrongAlphabet)
        bad(
            &hostile,
            "b64 space then -: the first offending character decides", [checkOrder], "b64", "Z m-9",
            .b64InvalidCharacter)
        bad(
            &hostile,
            "b64 = inside then _: the first offending character decides", [checkOrder], "b64", "Z=_9",
            .b64InvalidPadding)
        bad(
            &hostile, "b64 non-canonical bits and missing padding: padding first", [checkOrder], "b64", "Zh",
            .b64InvalidPadding)
        for (comment, text) in [
            ("odd length", "abc"), ("one digit", "0"), ("non-hex letter", "zz"), ("0x prefix", "0x00"),
            ("leading space", " 00"), ("trailing LF", "00\n"), ("separator", "00-11"), ("colons", "00:11"),
            ("fullwidth digit", "０0"), ("b64 text", "Zm9v"),
        ] {
            bad(&hostile, "hex \(comment)", [badHex], "hex", text, .hexInvalid)
        }
        for profile in ["base64", "B64", "base64url", "HEX", ""] {
            bad(
                &hostile, "unknown profile \"\(profile)\"", [badRequest], profile, "Zm9v", RequestCodes.malformedRequest
            )
        }
        hostile.append(
            .invalid(
                "encode: bytes that are not hex", flags: [badRequest], op: HarnessOpSpec.encodingEncode.name,
                input: [("profile", V.str("b64")), ("bytes", V.str("xyz"))], error: RequestCodes.malformedRequest,
                layer: .request))
        hostile.append(
            .invalid(
                "encode: unknown profile", flags: [badRequest], op: HarnessOpSpec.encodingEncode.name,
                input: [("profile", V.str("base64")), ("bytes", V.str("00"))], error: RequestCodes.malformedRequest,
                layer: .request))
        return hostile
    }

    static func mixedCase(_ s: String) -> String {
        String(s.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element })
    }

    /// The last symbol with its highest spare bit set (8 with 4 spare bits, 2 with 2).
    static func highSpareBit(_ text: String, url: Bool) -> String? {
        let alphabet = Array(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + (url ? "-_" : "+/"))
        var chars = Array(text)
        var end = chars.count
        while end > 0, chars[end - 1] == "=" { end -= 1 }
        let bit: Int
        switch end % 4 {
        case 2: bit = 8
        case 3: bit = 2
        default: return nil
        }
        guard let v = alphabet.firstIndex(of: chars[end - 1]) else { return nil }
        chars[end - 1] = alphabet[v | bit]
        return String(chars)
    }
}
