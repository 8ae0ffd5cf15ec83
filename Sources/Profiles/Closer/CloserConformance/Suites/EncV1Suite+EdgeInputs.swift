// enc_v1, appended groups: a coupleId whose characters are all in U+0080…U+00FF, and a plaintext
// one byte past 64 KiB. The earlier groups' only non-ASCII coupleId has a character beyond U+00FF
// and their longest text is 1,024 bytes, so a port writing the AAD as Latin-1 whenever it can (a
// JVM compact string's bytes) or sealing through a 64 KiB buffer passed them. Normative:
// specs/enc-v1.md (AAD = UTF-8 of coupleId, D-WIRE-05), specs/tink-aead.md.

import CloserHarness
import CloserVectorModel
import CloserWire

extension EncV1Suite {
    static let latin1CoupleID = VectorFlag(
        "Latin1CoupleId", .edgeCase, .binding,
        "Every character of the coupleId is in U+0080…U+00FF: the AAD is its UTF-8 (2 bytes each), not its Latin-1 bytes."
    )
    static let longPlaintext = VectorFlag(
        "LongPlaintext", .edgeCase, .aead, "A text of 65,537 bytes, one past 64 KiB: sealed whole.")

    /// The appended groups' one key (fixed bytes, no DRBG draw, so the earlier groups' bytes stay).
    static func edgeKeyset() throws(CloserError) -> AEADKeyset {
        try AEADKeysets.keyset(
            primary: 0x2f1e_0d3c, [AEADKeySpec(key: (0..<32).map { UInt8($0) &* 7 &+ 3 }, keyID: 0x2f1e_0d3c)])
    }

    /// Appended in 3.5.0: enc.seal and enc.open with the coupleId `café-ñ-ÿ` (D-WIRE-05).
    static func latin1CoupleIDCases() throws(CloserError) -> [VectorCase] {
        let ks = try edgeKeyset()
        let couple = "caf\u{e9}-\u{f1}-\u{ff}"
        let iv = (0..<12).map { UInt8(0xa0 + $0) }
        let value = try EncV1.seal("hello", coupleID: couple, keyset: ks, iv: iv)
        let inter = try sealIntermediates(value, text: "hello", couple: couple)
        let keyset = ("keyset", V.hex(ks.serializedBytes))
        let pin = VectorPin("D-WIRE-05", .accept)
        return [
            VectorCase.valid(
                "coupleId of characters U+00E9, U+00F1, U+00FF: AAD is its UTF-8", flags: [valid, latin1CoupleID],
                op: HarnessOpSpec.encSeal.name,
                input: [keyset, ("coupleId", V.str(couple)), ("text", V.str("hello")), ("iv", V.hex(iv))],
                output: [("value", V.str(value))], intermediates: inter
            ).citing(pin),
            VectorCase.valid(
                "coupleId of characters U+00E9, U+00F1, U+00FF: opened with the UTF-8 AAD",
                flags: [valid, latin1CoupleID], op: HarnessOpSpec.encOpen.name,
                input: [keyset, ("coupleId", V.str(couple)), ("value", V.str(value))],
                output: [("text", V.str("hello"))], intermediates: inter
            ).citing(pin),
        ]
    }

    /// Appended in 3.5.0: enc.seal of 65,537 bytes (`a` repeated), the smallest text past 64 KiB.
    /// Intermediates without `plaintext` and `body`, which repeat the input and the output.
    static func longPlaintextCases() throws(CloserError) -> [VectorCase] {
        let ks = try edgeKeyset()
        let text = String(repeating: "a", count: 65_537)
        let iv = (0..<12).map { UInt8(0x50 + $0) }
        let value = try EncV1.seal(text, coupleID: "couple-1", keyset: ks, iv: iv)
        let inter = try sealIntermediates(value, text: text, couple: "couple-1").filter {
            $0.0 != "plaintext" && $0.0 != "body"
        }
        return [
            VectorCase.valid(
                "text of 65,537 bytes: sealed whole", flags: [valid, longPlaintext], op: HarnessOpSpec.encSeal.name,
                input: [
                    ("keyset", V.hex(ks.serializedBytes)), ("coupleId", V.str("couple-1")), ("text", V.str(text)),
                    ("iv", V.hex(iv)),
                ], output: [("value", V.str(value))], intermediates: inter
            ).citing(VectorPin("D-WIRE-05", .accept))
        ]
    }

    /// The seal intermediates of enc_v1's header, taken apart from `value`.
    static func sealIntermediates(_ value: String, text: String, couple: String) throws(CloserError) -> [(
        String, JSONValue
    )] {
        let parsed = try WireString(parsing: value, as: .enc)
        let frame = parsed.frame!
        return [
            ("plaintext", V.hex(Array(text.utf8))), ("aad", V.hex(Array(couple.utf8))),
            ("outputPrefix", V.hex(parsed.body.prefix(TinkFraming.outputPrefixLength))), ("iv", V.hex(frame.iv)),
            ("ciphertextWithTag", V.hex(frame.ciphertext + frame.tag)), ("body", V.hex(parsed.body)),
        ]
    }
}
