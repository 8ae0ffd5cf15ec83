// The five wire values (specs/enc-v1.md ... keybox-v1.md): round trips and every named
// failure of each reveal/open step.

@testable import CoreWire
import Testing

@testable import CloserWire

private func code(_ c: CloserError.Code, _ body: () throws -> Void) {
    #expect {
        try body()
    } throws: { e in
        let got = (e as? CloserError)?.code
        if got != c { print("expected \(c), got \(String(describing: got))") }
        return got == c
    }
}

@Suite("Wire values")
struct WireValueTests {
    static let random = SeededRandom(seed: "wire-values")
    static let couple = try! AEADKeyset.make(key: [UInt8](repeating: 5, count: 32), keyID: 0xF000_0001)
    static let oneTime = try! AEADKeyset.make(key: [UInt8](repeating: 6, count: 32), keyID: 77)
    static let recipient = try! HybridPrivateKeyset.make(
        privateKey: [UInt8](repeating: 0, count: 31) + [9], keyID: 0x8123_4567)
    static let iv = [UInt8](repeating: 1, count: 12)

    @Test func encRoundTripAndBindings() throws {
        let v = try EncV1.seal("love 💛", coupleID: "c1", keyset: Self.couple, iv: Self.iv)
        #expect(v.hasPrefix("enc:v1:AfAAAAE"))
        #expect(try EncV1.open(v, coupleID: "c1", keyset: Self.couple) == "love 💛")
        code(.aeadDecryptionFailed) { _ = try EncV1.open(v, coupleID: "c2", keyset: Self.couple) }
        code(.bindingEmptyComponent) { _ = try EncV1.open(v, coupleID: "", keyset: Self.couple) }
        code(.wireTooShort) { _ = try EncV1.open("enc:v1:AAAA", coupleID: "c1", keyset: Self.couple) }
        code(.wireWrongPrefix) { _ = try EncV1.open("sealed:v1:AAAA", coupleID: "c1", keyset: Self.couple) }
        code(.wireWrongPrefix) { _ = try EncV1.open("plaintext answer", coupleID: "c1", keyset: Self.couple) }
        let body = String(v.dropFirst(7))
        #expect(body.count % 4 == 0 && !body.hasSuffix("="))  // 42 bytes: no padding
        code(.b64InvalidPadding) { _ = try EncV1.open("enc:v1:" + body + "=", coupleID: "c1", keyset: Self.couple) }
        code(.b64InvalidLength) {
            _ = try EncV1.open("enc:v1:" + body.dropLast(3) + "==", coupleID: "c1", keyset: Self.couple)
        }
        let notUTF8 = try TinkAEAD.encrypt(Self.couple, plaintext: [0xff, 0xfe], aad: Array("c1".utf8), iv: Self.iv)
        code(.encInvalidUTF8) {
            _ = try EncV1.open("enc:v1:" + Base64.encode(notUTF8, .standard), coupleID: "c1", keyset: Self.couple)
        }
    }

    static func payload(_ members: [String: String]) throws -> SealedPayload {
        try SealedPayload(.object(members.mapValues { .string($0) }))
    }

    static let ids = ["coupleId": "c1", "questionId": "q1", "userId": "u1", "nonce": "AAECAwQFBgcICQoLDA0ODw"]

    @Test func sealedRevealSteps() throws {
        let binding = try SealedBinding(coupleID: "c1", questionID: "q1", userID: "u1")
        let p = try Self.payload(Self.ids.merging(["answer": "yes"]) { a, _ in a })
        let sealed = try SealedV1.seal(p, binding: binding, keyset: Self.oneTime, iv: Self.iv)
        #expect(
            try SealedV1.open(sealed.value, commitment: sealed.commitment, binding: binding, keyset: Self.oneTime) == p)
        // Commitment of another payload.
        let other = Commitment(canonicalBytes: Array("{}".utf8))
        code(.sealedCommitmentMismatch) {
            _ = try SealedV1.open(sealed.value, commitment: other, binding: binding, keyset: Self.oneTime)
        }
        // Non-canonical plaintext under the right key and AAD.
        let loose = Array(#"{ "userId":"u1","questionId":"q1","coupleId":"c1","nonce":"AAECAwQFBgcICQoLDA0ODw"}"#.utf8)
        let looseBody = try TinkAEAD.encrypt(Self.oneTime, plaintext: loose, aad: binding.aad, iv: Self.iv)
        code(.sealedNonCanonicalPayload) {
            _ = try SealedV1.open(
                "sealed:v1:" + Base64.encode(looseBody, .url), commitment: Commitment(canonicalBytes: loose),
                binding: binding,
                keyset: Self.oneTime)
        }
        // Payload ids that differ from the AAD's, with a matching commitment.
        let liar = try Self.payload(Self.ids.merging(["userId": "u2"]) { _, b in b })
        let liarBytes = try liar.canonicalBytes()
        let liarBody = try TinkAEAD.encrypt(Self.oneTime, plaintext: liarBytes, aad: binding.aad, iv: Self.iv)
        code(.sealedBindingMismatch) {
            _ = try SealedV1.open(
                "sealed:v1:" + Base64.encode(liarBody, .url), commitment: Commitment(canonicalBytes: liarBytes),
                binding: binding, keyset: Self.oneTime)
        }
        code(.sealedBindingMismatch) {
            _ = try SealedV1.seal(liar, binding: binding, keyset: Self.oneTime, iv: Self.iv)
        }
        // Wrong AAD.
        let other2 = try SealedBinding(coupleID: "c1", questionID: "q2", userID: "u1")
        code(.aeadDecryptionFailed) {
            _ = try SealedV1.open(sealed.value, commitment: sealed.commitment, binding: other2, keyset: Self.oneTime)
        }
    }

    @Test func writersNeedATinkPrimaryAndBindingsAreCheckedBeforeValues() throws {
        let raw = try AEADKeyset.make(key: [UInt8](repeating: 5, count: 32), keyID: 9, prefix: .raw)
        code(.wirePrimaryNotTink) { _ = try EncV1.seal("x", coupleID: "c", keyset: raw, iv: Self.iv) }
        let binding = try SealedBinding(coupleID: "c1", questionID: "q1", userID: "u1")
        code(.wirePrimaryNotTink) {
            _ = try SealedV1.seal(try Self.payload(Self.ids), binding: binding, keyset: raw, iv: Self.iv)
        }
        // A bad binding wins over a bad value (specs/harness.md: inputs in table order).
        code(.bindingEmptyComponent) { _ = try EncV1.open("not a value", coupleID: "", keyset: Self.couple) }
    }

    @Test func sealedPayloadShape() throws {
        code(.sealedPayloadNotObject) { _ = try SealedPayload(.array([])) }
        code(.sealedPayloadMissingMember) { _ = try Self.payload(Self.ids.filter { $0.key != "nonce" }) }
        code(.sealedPayloadInvalidNonce) { _ = try Self.payload(Self.ids.merging(["nonce": "AAAA"]) { _, b in b }) }
        code(.sealedPayloadMissingMember) {
            _ = try SealedPayload(
                .object(Self.ids.mapValues { .string($0) }.merging(["userId": .number(1)]) { _, b in b }))
        }
    }

    @Test func separatorsCannotCollide() throws {
        code(.bindingSeparatorInComponent) { _ = try SealedBinding(coupleID: "a|b", questionID: "c", userID: "d") }
        code(.bindingSeparatorInComponent) { _ = try SealedBinding(coupleID: "a", questionID: "b|c", userID: "d") }
        code(.bindingEmptyComponent) {
            _ = try KeyboxBinding(coupleID: "c", questionID: "q", senderUserID: "", recipientUserID: "r")
        }
    }

    @Test func commitmentStrictness() throws {
        let c = Commitment(canonicalBytes: Array("{}".utf8))
        #expect(c.string.count == 7 + 43)
        #expect(try Commitment(parsing: c.string) == c)
        var s = Array(c.string)
        // The last of 43 characters carries 2 spare bits: change it to a non-canonical twin.
        let last = s[s.count - 1]
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let idx = alphabet.firstIndex(of: last)!
        s[s.count - 1] = alphabet[(idx & ~3) + ((idx & 3) == 0 ? 1 : 0)]
        code(.b64NonCanonical) { _ = try Commitment(parsing: String(s)) }
        code(.wireWrongLength) {
            _ = try Commitment(parsing: "sha256:" + Base64.encode([UInt8](repeating: 0, count: 31), .url))
        }
    }

    @Test func pubAndKeybox() throws {
        let pub = PubV1.encode(Self.recipient.publicKeyset)
        #expect(try PubV1.decode(pub) == Self.recipient.publicKeyset)
        let binding = try KeyboxBinding(coupleID: "c", questionID: "q", senderUserID: "s", recipientUserID: "r")
        let box = try KeyboxV1.wrap(Self.oneTime, to: PubV1.decode(pub), binding: binding, random: Self.random)
        #expect(box.count >= 120)
        #expect(try KeyboxV1.unwrap(box, privateKeyset: Self.recipient, binding: binding) == Self.oneTime)
        let swapped = try KeyboxBinding(coupleID: "c", questionID: "q", senderUserID: "r", recipientUserID: "s")
        code(.hybridDecryptionFailed) { _ = try KeyboxV1.unwrap(box, privateKeyset: Self.recipient, binding: swapped) }
        // A keybox whose plaintext is not a keyset.
        let junk = try TinkHybrid.encrypt(
            Self.recipient.publicKeyset, plaintext: Array("not a keyset".utf8), contextInfo: try binding.contextInfo(),
            random: Self.random)
        #expect {
            _ = try KeyboxV1.unwrap(
                "keybox:v1:" + Base64.encode(junk, .url), privateKeyset: Self.recipient, binding: binding)
        } throws: { ($0 as? CloserError)?.category == .invalidKey || ($0 as? CloserError)?.category == .decodeError }
        // RAW public keys cannot be pub:v1 (the keybox prefix must carry the key id).
        let raw = try HybridPrivateKeyset.make(
            privateKey: [UInt8](repeating: 0, count: 31) + [9], keyID: 5, prefix: .raw)
        code(.pubWrongOutputPrefix) { _ = try PubV1.decode(PubV1.encode(raw.publicKeyset)) }
    }

    @Test func pubPointsAndParams() throws {
        let key = Self.recipient.primary.key.publicKey
        // 32-byte (C++/Python) coordinates are read too.
        var ks = Self.recipient.publicKeyset.keyset
        ks.keys[0].keyData!.value = key.serialized(coordinateLength: 32)
        #expect(try HybridPublicKeyset(ks).primary.key == key)
        // Off-curve: y + 1.
        var y = key.point.y
        y[31] ^= 1
        var w = ProtoWriter()
        w.message(2, EciesP256Template.serializedParams)
        w.bytesField(3, key.point.x)
        w.bytesField(4, y)
        ks.keys[0].keyData!.value = w.bytes
        code(.p256NotOnCurve) { _ = try HybridPublicKeyset(ks) }
        // Coordinates >= p.
        var big = ProtoWriter()
        big.message(2, EciesP256Template.serializedParams)
        big.bytesField(3, [UInt8](repeating: 0xff, count: 32))
        big.bytesField(4, key.point.y)
        ks.keys[0].keyData!.value = big.bytes
        code(.p256CoordinateOutOfRange) { _ = try HybridPublicKeyset(ks) }
    }
}

/// The one-pass parse of well-formed wire strings and the ordered checks accept exactly the
/// same strings with the same bodies (specs/enc-v1.md §"Shape" and the other wire pages).
@Suite("Wire string one-pass parsing")
struct WireStringOnePassTests {
    static func outcome(_ body: () throws(CloserError) -> WireString) -> String {
        do throws(CloserError) { return "ok " + Hex.encode(try body().body) } catch { return "error \(error.code)" }
    }

    @Test("agrees with the ordered checks on 40,000 mutated values of every kind")
    func agreesWithOrderedChecks() throws {
        let random = SeededRandom(seed: "wire-one-pass")
        let alphabet = Array(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_=:. é\u{0}".unicodeScalars)
        var accepted = 0
        for i in 0..<40_000 {
            let kind = WireValueKind.allCases[i % WireValueKind.allCases.count]
            let length = Int(random.uint32() % 90)
            var body = ""
            for _ in 0..<length { body.unicodeScalars.append(alphabet[Int(random.uint32()) % alphabet.count]) }
            // Most strings get the right prefix, some another kind's, some a damaged one.
            let prefix: String
            switch random.uint32() % 8 {
            case 0: prefix = WireValueKind.allCases[Int(random.uint32()) % WireValueKind.allCases.count].prefix
            case 1: prefix = String(kind.prefix.dropLast())
            default: prefix = kind.prefix
            }
            // Valid bodies too: base64 of random bytes starting with the TINK prefix byte.
            let text: String
            if random.uint32() % 2 == 0 {
                var bytes = random.bytes(Int(random.uint32() % 80))
                if !bytes.isEmpty && random.uint32() % 4 != 0 { bytes[0] = 0x01 }
                text = prefix + Base64.encode(bytes, kind.encoding)
            } else {
                text = prefix + body
            }
            let fast = Self.outcome { () throws(CloserError) in try WireString(parsing: text, as: kind) }
            let ordered = Self.outcome { () throws(CloserError) in try WireString(parsingInOrder: text, as: kind) }
            #expect(fast == ordered, "\(kind) \(text.debugDescription)")
            if fast.hasPrefix("ok") { accepted += 1 }
        }
        #expect(accepted > 5_000, "the corpus must exercise the one-pass path")
    }
}
