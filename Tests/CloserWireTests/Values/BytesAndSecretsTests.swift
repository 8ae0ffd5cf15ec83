// Identity is bytes, not characters, and secrets never print: binding separators, payload ids,
// linear-time keyset merging, redacted descriptions (specs/errors.md, specs/threat-model.md).

@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("bytes, not characters; secrets never printed")
struct BytesAndSecretsTests {
    @Test("a '|' followed by a combining mark is still a separator byte")
    func separatorIsCheckedOnBytes() {
        #expect {
            _ = try SealedBinding(coupleID: "a|\u{301}b", questionID: "c", userID: "d")
        } throws: { ($0 as? CloserError)?.code == .bindingSeparatorInComponent }
        #expect {
            _ = try KeyboxBinding(
                coupleID: "c", questionID: "q", senderUserID: "alice", recipientUserID: "\u{301}bob|\u{301}x")
        } throws: { ($0 as? CloserError)?.code == .bindingSeparatorInComponent }
    }

    @Test("payload ids compare by bytes, not canonical equivalence")
    func idsCompareByBytes() throws {
        let binding = try SealedBinding(coupleID: "\u{e9}", questionID: "q", userID: "u")
        let payload = try SealedPayload(
            .object([
                "coupleId": .string("e\u{301}"), "questionId": .string("q"), "userId": .string("u"),
                "nonce": .string("AAECAwQFBgcICQoLDA0ODw"),
            ]))
        let ks = try AEADKeyset.make(key: [UInt8](repeating: 1, count: 32), keyID: 1)
        #expect {
            _ = try SealedV1.seal(payload, binding: binding, keyset: ks, iv: [UInt8](repeating: 0, count: 12))
        } throws: { ($0 as? CloserError)?.code == .sealedBindingMismatch }
    }

    // A hang guard, not a speed assertion: quadratic merging took minutes; linear takes well
    // under a second (the time limit only stops a run that would otherwise hang).
    @Test("repeated key_data fields merge in linear time", .timeLimit(.minutes(1)))
    func repeatedKeyDataIsLinear() throws {
        // 200,000 repeated one-byte key_data fields: quadratic merging took minutes.
        var key: [UInt8] = []
        for _ in 0..<200_000 { key += [0x0a, 0x01, 0x08] }
        var w = ProtoWriter()
        w.message(2, key)
        #expect(throws: CloserError.self) { try AEADKeyset(serializedBytes: w.bytes) }
    }

    @Test("secret-holding types never print their key material")
    func descriptionsAreRedacted() throws {
        let key = [UInt8](repeating: 0xAB, count: 32)
        let ks = try AEADKeyset.make(key: key, keyID: 7)
        let priv = try HybridPrivateKeyset.make(privateKey: key, keyID: 7)
        for text in [
            String(describing: ks), String(reflecting: ks), String(describing: ks.primary), String(reflecting: priv),
            String(describing: priv.primary), "\(priv.primary.key.scalar)",
        ] {
            #expect(!text.lowercased().contains("abab"), "leaks key bytes: \(text.prefix(60))")
            #expect(!text.contains("171, 171"), "leaks key bytes")
        }
    }
}
