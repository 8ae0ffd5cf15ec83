// The lower-layer ops of harness protocol v1 (specs/harness.md §"Lower-layer ops") against
// independent known answers: RFC 4648 §10, RFC 5869 A.1/A.3, the GCM spec's test cases 1-2
// (McGrew-Viega), tink-wire-facts' AES-GCM answer and the ECDH / DEM key of
// specs/tink-hybrid.md's known answer (checked against Tink). Then every pinned error.

import CloserWire
import Testing

@testable import CloserHarness
@testable import CloserVectorModel

@Suite("harness ops: lower layers")
struct LowerOpsTests {
    let server = HarnessServer()

    func call(_ op: String, _ fields: [String: JSONValue]) throws -> JSONValue {
        var f = fields
        f["op"] = .string(op)
        f["id"] = .number(1)
        return try JSONValue(parsing: server.respond(toLine: try CanonicalJSON.serialize(.object(f))).utf8)
    }

    func ok(_ op: String, _ fields: [String: JSONValue], _ member: String) throws -> String? {
        let r = try call(op, fields)
        #expect(r["ok"] == .bool(true), "\(op): \(r)")
        return r[member]?.stringValue
    }

    /// (category, detail) of a refusal.
    func refusal(_ op: String, _ fields: [String: JSONValue]) throws -> (String?, String?) {
        let r = try call(op, fields)
        #expect(r["ok"] == .bool(false), "\(op) accepted \(fields)")
        return (r["error"]?["code"]?.stringValue, r["error"]?["detail"]?.stringValue)
    }

    static func utf8hex(_ s: String) -> JSONValue { .hex(Array(s.utf8)) }

    @Test("info lists every lower-layer op")
    func info() throws {
        let r = try call("info", [:])
        let names = Set(
            ({ if case .array(let a)? = r["ops"] { return a } else { return [] } }()).compactMap(\.stringValue))
        for op in [
            "encoding.decode", "encoding.encode", "keyset.validate", "binding.aad", "aesgcm.seal", "aesgcm.open",
            "p256.ecdh", "hkdf.sha256",
        ] {
            #expect(names.contains(op), "\(op)")
        }
    }

    @Test("RFC 4648 §10 in b64 and b64url, both directions; hex either case")
    func rfc4648() throws {
        let cases = [
            ("", "", ""), ("f", "Zg==", "Zg"), ("fo", "Zm8=", "Zm8"), ("foo", "Zm9v", "Zm9v"),
            ("foob", "Zm9vYg==", "Zm9vYg"), ("fooba", "Zm9vYmE=", "Zm9vYmE"), ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
        ]
        for (plain, b64, b64url) in cases {
            let bytes = Self.utf8hex(plain)
            #expect(try ok("encoding.encode", ["profile": .string("b64"), "bytes": bytes], "text") == b64)
            #expect(try ok("encoding.encode", ["profile": .string("b64url"), "bytes": bytes], "text") == b64url)
            #expect(
                try ok("encoding.decode", ["profile": .string("b64"), "text": .string(b64)], "bytes")
                    == bytes.stringValue)
            #expect(
                try ok("encoding.decode", ["profile": .string("b64url"), "text": .string(b64url)], "bytes")
                    == bytes.stringValue)
        }
        #expect(try ok("encoding.decode", ["profile": .string("hex"), "text": .string("00FFaB")], "bytes") == "00ffab")
        #expect(try ok("encoding.encode", ["profile": .string("hex"), "bytes": .string("00FFAB")], "text") == "00ffab")
        // 0xfb 0xff: the only bytes whose b64 uses both symbols 62 and 63.
        #expect(try ok("encoding.encode", ["profile": .string("b64"), "bytes": .string("fbff")], "text") == "+/8=")
        #expect(try ok("encoding.encode", ["profile": .string("b64url"), "bytes": .string("fbff")], "text") == "-_8")
    }

    @Test("encoding errors: hex.invalid, every b64.* code, unknown profile")
    func encodingErrors() throws {
        let refused: [(String, String, String)] = [
            ("hex", "abc", "hex.invalid"), ("hex", "zz", "hex.invalid"), ("b64", "Zm8", "b64.invalid_padding"),
            ("b64", "Zg=", "b64.invalid_padding"), ("b64", "-_8=", "b64.wrong_alphabet"),
            ("b64url", "+/8", "b64.wrong_alphabet"), ("b64url", "Zg==", "b64.invalid_padding"),
            ("b64", "Zm 9v", "b64.invalid_character"), ("b64", "Zm9vY", "b64.invalid_length"),
            ("b64", "Zh==", "b64.non_canonical_trailing_bits"), ("b64url", "Zm9", "b64.non_canonical_trailing_bits"),
        ]
        for (profile, text, detail) in refused {
            let (code, got) = try refusal("encoding.decode", ["profile": .string(profile), "text": .string(text)])
            #expect(code == "decode_error" && got == detail, "\(profile) \(text): \(got ?? "-")")
        }
        for (op, field) in [("encoding.decode", "text"), ("encoding.encode", "bytes")] {
            let (code, _) = try refusal(op, ["profile": .string("base64"), field: .string("")])
            #expect(code == "malformed_request")
        }
        #expect(
            try refusal("encoding.encode", ["profile": .string("hex"), "bytes": .string("zz")]).0 == "malformed_request"
        )
    }

    @Test("RFC 5869 A.1 and A.3 (empty salt = 32 zero bytes); length bounds")
    func hkdf() throws {
        let ikm = JSONValue.hex([UInt8](repeating: 0x0b, count: 22))
        #expect(
            try ok(
                "hkdf.sha256",
                [
                    "ikm": ikm, "salt": .string("000102030405060708090a0b0c"), "info": .string("f0f1f2f3f4f5f6f7f8f9"),
                    "length": .number(42),
                ],
                "okm")
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        #expect(
            try ok("hkdf.sha256", ["ikm": ikm, "salt": .string(""), "info": .string(""), "length": .number(42)], "okm")
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
        #expect(
            try ok("hkdf.sha256", ["ikm": ikm, "salt": .string(""), "info": .string(""), "length": .number(0)], "okm")
                == "")
        #expect(
            try ok(
                "hkdf.sha256", ["ikm": ikm, "salt": .string(""), "info": .string(""), "length": .number(8160)], "okm")?
                .count == 16320)
        for length in [-1, 8161, 1 << 40] {
            let (code, detail) = try refusal(
                "hkdf.sha256",
                ["ikm": ikm, "salt": .string(""), "info": .string(""), "length": .number(Double(length))])
            #expect(code == "invalid_parameters" && detail == "hkdf.invalid_length", "\(length)")
        }
        for length: JSONValue in [.number(1.5), .string("16"), .null] {
            #expect(
                try refusal("hkdf.sha256", ["ikm": ikm, "salt": .string(""), "info": .string(""), "length": length]).0
                    == "malformed_request")
        }
        // Exact integer literals (harness.md §Framing): 1.6e1 is 16, 16.5e0 is not an integer.
        let line = #"{"id":1,"op":"hkdf.sha256","ikm":"0b","salt":"","info":"","length":1.6e1}"#
        let r = try JSONValue(parsing: server.respond(toLine: Array(line.utf8)).utf8)
        #expect(r["okm"]?.stringValue?.count == 32)
        let bad = #"{"id":1,"op":"hkdf.sha256","ikm":"0b","salt":"","info":"","length":16.5e0}"#
        #expect(
            try JSONValue(parsing: server.respond(toLine: Array(bad.utf8)).utf8)["error"]?["code"]
                == .string("malformed_request"))
    }

    // specs/tink-hybrid.md §"Known answer" (tink-wire-facts.md §3, checked against Tink).
    static let recipientD = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
    static let recipientPoint =
        "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    static let ephemeralD = "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988"
    static let kem =
        "04bd7c73b88b2e9b4ceda62022b2da8be13193a5b56edc26e7df7842e24cd0b5eb0605ada7bda83ac6a2b80d7e314040fa47ff16b83bac85cedb014451bb7ce71a"
    static let shared = "f48b14fba9257fcc8bc6db57d52eb095344a078473d24c0214f8624509613a57"

    @Test("ECDH and the DEM key of tink-hybrid.md's known answer, from both sides")
    func ecdhKnownAnswer() throws {
        #expect(
            try ok(
                "p256.ecdh", ["privateKey": .string(Self.ephemeralD), "publicPoint": .string(Self.recipientPoint)],
                "sharedSecret") == Self.shared)
        #expect(
            try ok(
                "p256.ecdh", ["privateKey": .string(Self.recipientD), "publicPoint": .string(Self.kem)],
                "sharedSecret") == Self.shared)
        // A scalar of any length: Java-style 33 bytes with a leading 00.
        #expect(
            try ok(
                "p256.ecdh", ["privateKey": .string("00" + Self.recipientD), "publicPoint": .string(Self.kem)],
                "sharedSecret") == Self.shared)
        #expect(
            try ok(
                "hkdf.sha256",
                [
                    "ikm": .string(Self.kem + Self.shared), "salt": .string(""), "info": Self.utf8hex("context info"),
                    "length": .number(16),
                ], "okm") == "af4f5c394786f70774fdf1c51aabd460")
    }

    @Test("p256.ecdh errors: encoding, coordinate range, curve, scalar, in that order")
    func ecdhErrors() throws {
        let x = String(Self.kem.dropFirst(2).prefix(64))
        let y = String(Self.kem.suffix(64))
        let p = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
        let n = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
        let points: [(String, String)] = [
            ("02" + x, "p256.invalid_point_encoding"), ("03" + x, "p256.invalid_point_encoding"),
            ("02" + x + y, "p256.invalid_point_encoding"),
            (String(Self.kem.dropLast(2)), "p256.invalid_point_encoding"),
            (Self.kem + "00", "p256.invalid_point_encoding"), ("", "p256.invalid_point_encoding"),
            ("00", "p256.invalid_point_encoding"),
            ("04" + x + String(y.dropLast(2)) + "00", "p256.not_on_curve"),
            ("04" + String(repeating: "0", count: 128), "p256.not_on_curve"),
            ("04" + p + y, "p256.coordinate_out_of_range"),
        ]
        for (point, detail) in points {
            let (code, got) = try refusal(
                "p256.ecdh", ["privateKey": .string(Self.recipientD), "publicPoint": .string(point)])
            #expect(code == "invalid_key" && got == detail, "\(point.prefix(8)): \(got ?? "-")")
        }
        for d in ["", "00", String(repeating: "0", count: 64), n, "01" + n] {
            let (code, got) = try refusal("p256.ecdh", ["privateKey": .string(d), "publicPoint": .string(Self.kem)])
            #expect(code == "invalid_key" && got == "p256.scalar_out_of_range", "\(d.prefix(8))")
        }
        // The scalar is checked before the point.
        #expect(
            try refusal("p256.ecdh", ["privateKey": .string("00"), "publicPoint": .string("02")]).1
                == "p256.scalar_out_of_range")
    }

    @Test("GCM test cases 1-2 and Tink's AES-GCM known answer; errors in order")
    func aesGCM() throws {
        let zero16 = JSONValue.hex([UInt8](repeating: 0, count: 16))
        let zeroIV = JSONValue.hex([UInt8](repeating: 0, count: 12))
        #expect(
            try ok(
                "aesgcm.seal", ["key": zero16, "iv": zeroIV, "plaintext": .string(""), "aad": .string("")], "ciphertext"
            )
                == "58e2fccefa7e3061367f1d57a4e7455a")
        #expect(
            try ok("aesgcm.seal", ["key": zero16, "iv": zeroIV, "plaintext": zero16, "aad": .string("")], "ciphertext")
                == "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf")
        let key = JSONValue.hex([UInt8](0..<32))
        let iv = JSONValue.string("000102030405060708090a0b")
        let ct = "0f67ba77aac9e24fe42ffcaaa51690f8807e8c0284e7a11c5d4f70b2"
        let aad = Self.utf8hex("associated data")
        #expect(
            try ok(
                "aesgcm.seal", ["key": key, "iv": iv, "plaintext": Self.utf8hex("Hello, Tink!"), "aad": aad],
                "ciphertext") == ct)
        #expect(
            try ok("aesgcm.open", ["key": key, "iv": iv, "ciphertext": .string(ct), "aad": aad], "plaintext")
                == Self.utf8hex("Hello, Tink!").stringValue)
        // Errors.
        let open: [([String: JSONValue], String, String)] = [
            (
                ["key": key, "iv": .string("0001"), "ciphertext": .string(ct), "aad": aad], "invalid_parameters",
                "aesgcm.invalid_iv"
            ),
            (
                ["key": .string("00"), "iv": .string("0001"), "ciphertext": .string(""), "aad": aad],
                "invalid_parameters", "aesgcm.invalid_iv"
            ),
            (
                ["key": .string("00"), "iv": iv, "ciphertext": .string(String(repeating: "0", count: 30)), "aad": aad],
                "authentication_failure", "aesgcm.too_short"
            ),
            (
                ["key": .hex([UInt8](0..<24)), "iv": iv, "ciphertext": .string(ct), "aad": aad], "invalid_key",
                "keyset.invalid_key_size"
            ),
            (
                ["key": key, "iv": iv, "ciphertext": .string(ct), "aad": .string("")], "authentication_failure",
                "aesgcm.authentication_failed"
            ),
            (
                ["key": key, "iv": iv, "ciphertext": .string(String(ct.dropLast(2)) + "b3"), "aad": aad],
                "authentication_failure", "aesgcm.authentication_failed"
            ),
        ]
        for (fields, category, detail) in open {
            let (code, got) = try refusal("aesgcm.open", fields)
            #expect(code == category && got == detail, "\(detail): \(got ?? "-")")
        }
        let seal: [([String: JSONValue], String)] = [
            (["key": key, "iv": .string(""), "plaintext": .string(""), "aad": .string("")], "aesgcm.invalid_iv"),
            (
                ["key": .string("00"), "iv": .string("00"), "plaintext": .string(""), "aad": .string("")],
                "aesgcm.invalid_iv"
            ),
            (
                ["key": .hex([UInt8](0..<24)), "iv": iv, "plaintext": .string(""), "aad": .string("")],
                "keyset.invalid_key_size"
            ),
        ]
        for (fields, detail) in seal { #expect(try refusal("aesgcm.seal", fields).1 == detail) }
    }

    @Test("binding.aad of each kind, its component checks and unknown kinds")
    func binding() throws {
        #expect(
            try ok("binding.aad", ["kind": .string("enc"), "coupleId": .string("couple-1")], "aad")
                == Self.utf8hex("couple-1").stringValue)
        #expect(
            try ok(
                "binding.aad",
                [
                    "kind": .string("sealed"), "coupleId": .string("c"), "questionId": .string("q"),
                    "userId": .string("u"),
                ], "aad")
                == Self.utf8hex("c|q|u").stringValue)
        #expect(
            try ok(
                "binding.aad",
                [
                    "kind": .string("keybox"), "coupleId": .string("c"), "questionId": .string("q"),
                    "senderUserId": .string("s"), "recipientUserId": .string("r"),
                ],
                "aad") == Self.utf8hex("c|q|s|r").stringValue)
        #expect(
            try refusal("binding.aad", ["kind": .string("enc"), "coupleId": .string("")]).1 == "binding.empty_component"
        )
        #expect(
            try refusal("binding.aad", ["kind": .string("enc"), "coupleId": .string("a|b")]).1
                == "binding.separator_in_component")
        #expect(
            try refusal(
                "binding.aad",
                [
                    "kind": .string("sealed"), "coupleId": .string("c"), "questionId": .string("q|"),
                    "userId": .string("u"),
                ]
            ).1
                == "binding.separator_in_component")
        #expect(
            try refusal("binding.aad", ["kind": .string("sealed"), "coupleId": .string("c"), "userId": .string("u")]).0
                == "malformed_request")
        #expect(
            try refusal("binding.aad", ["kind": .string("Enc"), "coupleId": .string("c")]).0 == "malformed_request")
    }

    @Test("keyset.validate: primary and ENABLED ids per primitive; refusals")
    func keysetValidate() throws {
        // tink-keyset.md's known answer: 108 bytes, id 0x12345678.
        let aead = try AEADKeyset.make(key: Array(0..<32), keyID: 0x1234_5678)
        #expect(aead.serializedBytes.count == 108)
        let r = try call("keyset.validate", ["keyset": .hex(aead.serializedBytes), "primitive": .string("aead")])
        #expect(r["primaryKeyId"] == .number(305_419_896) && r["keyIds"] == .array([.number(305_419_896)]))
        let priv = try HybridPrivateKeyset.make(privateKey: try Hex.decode(Self.recipientD), keyID: 0x0a0b_0c0d)
        #expect(priv.serializedBytes.count == 267 && priv.publicKeyset.serializedBytes.count == 228)
        for (bytes, primitive) in [
            (priv.serializedBytes, "hybridPrivate"), (priv.publicKeyset.serializedBytes, "hybridPublic"),
        ] {
            let r = try call("keyset.validate", ["keyset": .hex(bytes), "primitive": .string(primitive)])
            #expect(r["primaryKeyId"] == .number(0x0a0b_0c0d), "\(primitive)")
        }
        #expect(
            try refusal(
                "keyset.validate", ["keyset": .hex(aead.serializedBytes), "primitive": .string("hybridPublic")]
            ).1
                == "keyset.unsupported_key_type")
        #expect(
            try refusal("keyset.validate", ["keyset": .string(""), "primitive": .string("aead")]).1 == "keyset.empty")
        #expect(
            try refusal("keyset.validate", ["keyset": .string("0a"), "primitive": .string("aead")]).1
                == "proto.truncated")
        #expect(
            try refusal("keyset.validate", ["keyset": .hex(aead.serializedBytes), "primitive": .string("AEAD")]).0
                == "malformed_request")
    }
}
