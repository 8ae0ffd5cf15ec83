// `closer-spec inspect`: one parse, every layer named, the failing layer reported, and
// nothing a sender controls reaches the terminal raw. Normative: specs/enc-v1.md,
// specs/errors.md. The known answer is specs/enc-v1.md's (checked against Tink).

import CloserRules
import CloserHarness
import CloserWire
import Testing

@testable import closer_spec

@Suite("inspect")
struct InspectorTests {
    static let keysetHex =
        "08f8acd1910112640a580a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b657912221a20000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1801100118f8acd191012001"
    static let value = "enc:v1:ARI0VngAAQIDBAUGBwgJCgsOIrp0s4DiYuI0noMjCDvxSIxw+Tfm6uBZBA=="

    func field(_ report: WireInspection, _ layer: String, _ name: String) -> JSONValue? {
        report.fields.first { $0.layer == layer && $0.name == name }?.value
    }

    @Test("the spec's enc:v1 known answer: framing parts at their offsets, then the plaintext")
    func knownAnswer() throws {
        var keys = InspectionKeys()
        keys.keyset = try AEADKeyset(serializedBytes: try Hex.decode(Self.keysetHex))
        keys.coupleID = "couple-1"
        let report = WireInspector.inspect(Self.value, keys: keys)
        #expect(report.succeeded)
        #expect(field(report, "tink", "keyId") == .string("0x12345678"))
        #expect(field(report, "aes-gcm", "iv") == .string("000102030405060708090a0b"))
        #expect(field(report, "aes-gcm", "ciphertextLength") == .number(10))
        #expect(field(report, "plaintext", "text") == .string("I love you"))
        #expect(report.text().hasSuffix("OK"))
    }

    @Test("without the key the value is taken apart but not opened")
    func withoutKey() {
        let report = WireInspector.inspect(Self.value)
        #expect(report.succeeded)
        #expect(field(report, "plaintext", "text") == nil)
    }

    @Test("a string with none of the five prefixes fails at the prefix")
    func unknownPrefix() {
        let report = WireInspector.inspect("nope:v1:AAAA")
        #expect(report.failure?.code == .wireUnknownPrefix)
    }

    @Test("the url-safe alphabet in an enc:v1 body is named as the encoding layer's error")
    func wrongAlphabet() {
        let urlSafe = Self.value.replacingOccurrences(of: "+", with: "-")
        let report = WireInspector.inspect(urlSafe)
        #expect(report.failure?.code == .b64WrongAlphabet)
        #expect(report.json().contains(#""detail":"b64.wrong_alphabet""#))
    }

    @Test("a wrong coupleId fails at Tink AEAD decryption, after the framing was shown")
    func wrongBinding() throws {
        var keys = InspectionKeys()
        keys.keyset = try AEADKeyset(serializedBytes: try Hex.decode(Self.keysetHex))
        keys.coupleID = "couple-2"
        let report = WireInspector.inspect(Self.value, keys: keys)
        #expect(report.failure?.code == .aeadDecryptionFailed)
        #expect(field(report, "aes-gcm", "tag") != nil)
    }

    @Test("decrypted text with terminal escape sequences is printed escaped")
    func controlCharactersEscaped() throws {
        let keyset = try AEADKeyset(serializedBytes: try Hex.decode(Self.keysetHex))
        let hostile = "hi\u{1b}]0;pwned\u{07}\u{9b}2J"
        let value = try EncV1.seal(hostile, coupleID: "couple-1", keyset: keyset)
        var keys = InspectionKeys()
        keys.keyset = keyset
        keys.coupleID = "couple-1"
        let text = WireInspector.inspect(value, keys: keys).text()
        #expect(text.contains(#"hi\u{1b}]0;pwned\u{7}\u{9b}2J"#))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 || $0.value == 0x9b })
    }

    @Test("the JSON output holds no control character from decrypted text either (C0, DEL, C1, bidi)")
    func jsonOutputEscaped() throws {
        let keyset = try AEADKeyset(serializedBytes: try Hex.decode(Self.keysetHex))
        let hostile = "hi\u{1b}]0;pwned\u{07}\u{9b}2J\u{7f}\u{202e}txt.exe"
        let value = try EncV1.seal(hostile, coupleID: "couple-1", keyset: keyset)
        var keys = InspectionKeys()
        keys.keyset = keyset
        keys.coupleID = "couple-1"
        let json = WireInspector.inspect(value, keys: keys).json()
        #expect(!json.unicodeScalars.contains { UntrustedText.mustEscape($0.value) })
        // Still JSON, and it still says what the partner sent.
        guard case .object(let top) = try JSONValue(parsing: Array(json.utf8)),
            case .object(let layers)? = top["layers"], case .object(let plaintext)? = layers["plaintext"]
        else {
            Issue.record("not the inspection JSON: \(json)")
            return
        }
        #expect(plaintext["text"] == .string(hostile))
    }
}

@Suite("check: decision text")
struct RulesDecisionTextTests {
    @Test("a denied request prints DENY, the invariant and its manual quote")
    func denied() throws {
        let request = try RulesRequest(
            auth: .object(["uid": .string("bob")]), method: "get", path: "users/alice", data: nil, existing: nil,
            world: nil)
        let text = CloserRuleSet.evaluate(request).text
        #expect(text.hasPrefix("DENY"))
        #expect(text.contains("violated users.owner_only"))
        #expect(text.contains("manual: "))
    }
}

@Suite("CLI arguments")
struct ArgumentTests {
    @Test("every --backend choice names a backend of CloserWireArgon2")
    func backends() {
        for choice in Argon2BackendChoice.allCases {
            #expect(choice.backend.name == choice.rawValue)
        }
    }
}
