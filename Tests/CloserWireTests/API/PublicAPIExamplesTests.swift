// The public API's uses, compiled against it alone (a plain import: nothing here may need
// `package` access) and run in `make test`. The DocC catalogs show the same uses as snippets
// (Snippets/CloserWire/, run by `make docs`); keep the two in step.

import CloserContracts
import CloserWire
import Testing

/// A stand-in Argon2id backend so this file needs only CloserWire; an app uses
/// `defaultArgon2idBackend` from CloserWireArgon2. It must not be used for real keys.
struct ExampleBackend: Argon2idBackend {
    var name: String { "example" }
    func deriveKey(password: [UInt8], salt: [UInt8], parameters: Argon2idParameters) throws(CloserError) -> [UInt8] {
        // Not Argon2id: a deterministic stand-in with the right length.
        let commitment = Commitment(canonicalBytes: password + salt)
        return Array((commitment.digest + commitment.digest).prefix(parameters.outputLength))
    }
}

@Suite("public API examples (CloserWire.docc, Snippets/CloserWire)")
struct PublicAPIExamplesTests {
    @Test("enc:v1: seal and open a field")
    func enc() throws {
        let couple = try AEADKeyset.generate()
        let value = try EncV1.seal("I love you", coupleID: "couple-1", keyset: couple)
        #expect(try EncV1.open(value, coupleID: "couple-1", keyset: couple) == "I love you")
        let parsed = try WireString(parsing: value)
        #expect(parsed.kind == .enc && parsed.frame?.iv.count == 12)
        #expect(try AEADKeyset(serializedBytes: couple.serializedBytes) == couple)
    }

    @Test("sealed:v1: seal, commit, reveal")
    func sealed() throws {
        let oneTime = try AEADKeyset.generate()
        let binding = try SealedBinding(coupleID: "couple-1", questionID: "q_0042", userID: "alice")
        let payload = try SealedPayload(
            .object([
                "coupleId": .string("couple-1"), "questionId": .string("q_0042"), "userId": .string("alice"),
                "nonce": .string(SealedPayload.makeNonce()), "text": .string("my answer"),
            ]))
        let answer = try SealedV1.seal(payload, binding: binding, keyset: oneTime)
        #expect(answer.commitment.string.hasPrefix("sha256:"))
        let revealed = try SealedV1.open(answer.value, commitment: answer.commitment, binding: binding, keyset: oneTime)
        #expect(revealed == payload)
    }

    @Test("keybox:v1: and pub:v1: release a one-time key to the partner's device")
    func keybox() throws {
        let bobDevice = try HybridPrivateKeyset.generate()
        let published = PubV1.encode(bobDevice.publicKeyset)
        let oneTime = try AEADKeyset.generate()
        let binding = try KeyboxBinding(
            coupleID: "couple-1", questionID: "q_0042", senderUserID: "alice", recipientUserID: "bob")
        let box = try KeyboxV1.wrap(oneTime, to: try PubV1.decode(published), binding: binding)
        #expect(try KeyboxV1.unwrap(box, privateKeyset: bobDevice, binding: binding) == oneTime)
    }

    @Test("canonical JSON and commitments")
    func canonical() throws {
        let bytes = try CanonicalJSON.canonicalize(Array(#"{"b":1,"a":[1e21,-0]}"#.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"a":[1e+21,0],"b":1}"#)
        #expect(Commitment(canonicalBytes: bytes).string.hasPrefix("sha256:"))
    }

    @Test("pairing: wrap the couple key with the recovery phrase, send the phrase with the invite code")
    func pairing() throws {
        let backend = ExampleBackend()
        let couple = try CoupleKeyWrap.newCoupleKeyset()
        let phrase = RecoveryPhrase.generate()
        let wrapped = try CoupleKeyWrap.wrap(keyset: couple, phrase: phrase, backend: backend)
        let code = InviteCode.generate()
        let invite = try InvitePhraseCipher.encrypt(phrase: phrase, code: code, backend: backend)
        let received = try InvitePhraseCipher.decrypt(
            invite, code: try InviteCode(code.string.lowercased()), backend: backend)
        let typed = try RecoveryPhrase(normalizing: received.uppercased())
        #expect(try CoupleKeyWrap.unwrap(wrapped, phrase: typed, backend: backend) == couple)
    }

    @Test("errors: a stable code and a category")
    func errors() {
        #expect(throws: CloserError(.b64WrongAlphabet, "")) {
            try EncV1.open("enc:v1:AQ-_", coupleID: "c", keyset: try AEADKeyset.generate())
        }
        #expect(CloserError.Code.all.contains(.sealedCommitmentMismatch))
    }

    @Test("date keys")
    func dateKeys() throws {
        #expect(try DateKey.dailyQuestion(at: try Instant(rfc3339: "2025-03-15T22:59:59Z")) == "2025-03-14")
    }
}
