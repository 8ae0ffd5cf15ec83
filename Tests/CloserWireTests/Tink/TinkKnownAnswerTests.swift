// Known answers from ../shared/reference/tink-wire-facts.md §1–3: every expected byte
// string below was produced or accepted by Tink itself, not by this code.

@testable import CoreWire
import Testing

@testable import CloserWire

private func hex(_ s: String) -> [UInt8] { try! Hex.decode(s.replacingOccurrences(of: " ", with: "")) }

@Suite("Tink known answers (tink-wire-facts.md)")
struct TinkKnownAnswerTests {
    static let aesKey = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
    static let iv = hex("000102030405060708090a0b")

    @Test("§1 AEAD: TINK-prefixed AES256_GCM ciphertext")
    func aeadKnownAnswer() throws {
        let ks = try AEADKeyset.make(key: Self.aesKey, keyID: 0x1234_5678)
        let ct = try TinkAEAD.encrypt(
            ks, plaintext: Array("Hello, Tink!".utf8), aad: Array("associated data".utf8), iv: Self.iv)
        #expect(
            ct == hex("0112345678 000102030405060708090a0b 0f67ba77aac9e24fe42ffcaa a51690f8807e8c0284e7a11c5d4f70b2"))
        #expect(
            try TinkAEAD.decrypt(ks, ciphertext: ct, aad: Array("associated data".utf8)) == Array("Hello, Tink!".utf8))
    }

    @Test("§1 AEAD: empty plaintext and empty AAD")
    func aeadEmpty() throws {
        let ks = try AEADKeyset.make(key: Self.aesKey, keyID: 0x1234_5678)
        let ct = try TinkAEAD.encrypt(ks, plaintext: [UInt8](), aad: [UInt8](), iv: Self.iv)
        #expect(ct == hex("0112345678000102030405060708090a0bf4c2db1dc38805a37b92171c5d0a81cc"))
    }

    @Test("§2 keyset: the 108-byte AES256_GCM keyset, field by field")
    func aeadKeysetBytes() throws {
        let ks = try AEADKeyset.make(key: Self.aesKey, keyID: 0x1234_5678)
        let typeURL = Hex.encode(Array("type.googleapis.com/google.crypto.tink.AesGcmKey".utf8))
        let expected = hex(
            "08f8acd19101" + "1264" + "0a58" + "0a30" + typeURL + "12221a20" + Hex.encode(Self.aesKey) + "1801"
                + "1001" + "18f8acd19101" + "2001")
        #expect(expected.count == 108)
        #expect(ks.serializedBytes == expected)
        #expect(try AEADKeyset(serializedBytes: expected) == ks)
    }

    @Test("§2 key id 0xDEADBEEF is a 5-byte varint; a 10-byte sign-extended one is read and rewritten")
    func keyIDVarints() throws {
        let ks = try AEADKeyset.make(key: Self.aesKey, keyID: 0xDEAD_BEEF)
        #expect(Hex.encode(ks.serializedBytes).hasPrefix("08effdb6f50d"))
        // int32 -559038737 sign-extended to 64 bits: 10-byte varint.
        var bytes = ks.serializedBytes
        bytes.replaceSubrange(1..<6, with: hex("effdb6f5fdffffffff01"))
        let reparsed = try TinkKeyset(serializedBytes: bytes)
        #expect(reparsed.primaryKeyID == 0xDEAD_BEEF)
    }

    static let recipientD = hex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
    static let recipientPoint = hex(
        "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    )
    static let kem = hex(
        "04bd7c73b88b2e9b4ceda62022b2da8be13193a5b56edc26e7df7842e24cd0b5eb0605ada7bda83ac6a2b80d7e314040fa47ff16b83bac85cedb014451bb7ce71a"
    )

    @Test("§3 hybrid: kem, shared secret, DEM key and ciphertext with the injected ephemeral key")
    func hybridKnownAnswer() throws {
        let priv = try HybridPrivateKeyset.make(privateKey: Self.recipientD, keyID: 0x0a0b_0c0d)
        #expect(priv.primary.key.publicKey.point.uncompressed == Self.recipientPoint)
        let eph = try P256Scalar(hex(String(repeating: "1f2e3d4c5b6a7988", count: 4)))
        let trace = try TinkHybrid.encryptWithTrace(
            priv.publicKeyset, plaintext: Array("Hello, hybrid!".utf8), contextInfo: Array("context info".utf8),
            ephemeral: eph, iv: hex("0102030405060708090a0b0c"))
        #expect(trace.kem == Self.kem)
        #expect(trace.sharedSecret == hex("f48b14fba9257fcc8bc6db57d52eb095344a078473d24c0214f8624509613a57"))
        #expect(trace.demKey == hex("af4f5c394786f70774fdf1c51aabd460"))
        let expected =
            hex("010a0b0c0d") + Self.kem + hex("0102030405060708090a0b0c")
            + hex("c43ff18941e044eb9874c2cc8b95") + hex("6f3dd0a369b8d0b23fdbfc3ab3d7eb18")
        #expect(trace.ciphertext == expected)
        #expect(
            try TinkHybrid.decrypt(priv, ciphertext: expected, contextInfo: Array("context info".utf8))
                == Array("Hello, hybrid!".utf8))
    }

    @Test("§3 Java-style keysets: public 228 bytes, private 267 bytes, 33-byte integers")
    func javaStyleKeysetLengths() throws {
        let priv = try HybridPrivateKeyset.make(privateKey: Self.recipientD, keyID: 0x0a0b_0c0d)
        #expect(priv.publicKeyset.serializedBytes.count == 228)
        #expect(priv.serializedBytes.count == 267)
        #expect(try HybridPrivateKeyset(serializedBytes: priv.serializedBytes) == priv)
        #expect(try HybridPublicKeyset(serializedBytes: priv.publicKeyset.serializedBytes) == priv.publicKeyset)
    }

    @Test("§3 every hybrid failure is the same opaque error")
    func hybridFailuresAreOpaque() throws {
        let priv = try HybridPrivateKeyset.make(privateKey: Self.recipientD, keyID: 0x0a0b_0c0d)
        let good =
            hex("010a0b0c0d") + Self.kem + hex("0102030405060708090a0b0c")
            + hex("c43ff18941e044eb9874c2cc8b95") + hex("6f3dd0a369b8d0b23fdbfc3ab3d7eb18")
        var mutations: [[UInt8]] = [[], Array(good.prefix(40)), Array(good.dropLast())]
        for i in [0, 1, 4, 5, 6, 70, 71, 82, good.count - 1] {
            var m = good
            m[i] ^= (i == 5 ? 0x06 : 0x01)  // 04 -> 02 at the KEM's first byte
            mutations.append(m)
        }
        for m in mutations {
            #expect(throws: CloserError.self) {
                try TinkHybrid.decrypt(priv, ciphertext: m, contextInfo: Array("context info".utf8))
            }
        }
        #expect(throws: CloserError.self) { try TinkHybrid.decrypt(priv, ciphertext: good, contextInfo: [UInt8]()) }
    }
}
