// Wycheproof (C2SP) vectors run through the library's own primitive wrappers:
// AES-GCM (AESGCM, and TinkAEAD with a RAW key), P-256 point validation + ECDH
// (P256Point / P256Scalar, used by TinkHybrid and pub:v1), HKDF-SHA256 (HKDFSHA256).

@testable import CoreWire
import Foundation
import Testing

@testable import CloserWire

private func hex(_ s: String) -> [UInt8] { try! Hex.decode(s) }

struct WycheproofFile<Group: Decodable>: Decodable {
    let numberOfTests: Int
    let testGroups: [Group]
}

struct AEADGroup: Decodable {
    let ivSize: Int
    let keySize: Int
    let tagSize: Int
    let tests: [AEADCase]
}

struct AEADCase: Decodable {
    let tcId: Int
    let key, iv, aad, msg, ct, tag, result: String
    let flags: [String]
}

struct ECDHGroup: Decodable { let tests: [ECDHCase] }
struct ECDHCase: Decodable {
    let tcId: Int
    let `public`, `private`, shared, result: String
    let flags: [String]
}

struct HKDFGroup: Decodable { let tests: [HKDFCase] }
struct HKDFCase: Decodable {
    let tcId: Int
    let ikm, salt, info, okm, result: String
    let size: Int
}

@Suite("Wycheproof")
struct WycheproofTests {
    @Test(
        "AES-GCM, 96-bit IV and 128-bit tag groups, through AESGCM and a RAW Tink AEAD key",
        .enabled(if: ThirdPartyData.exists("wycheproof/aes_gcm_test.json")))
    func aesGCM() throws {
        let file = try ThirdPartyData.load("wycheproof/aes_gcm_test.json", as: WycheproofFile<AEADGroup>.self)
        var checked = 0
        for group in file.testGroups where group.ivSize == 96 && group.tagSize == 128 {
            for t in group.tests {
                let key = hex(t.key)
                let sealed = hex(t.iv) + hex(t.ct) + hex(t.tag)
                if group.keySize == 192 {
                    // Tink has no AES-192-GCM key; the wrapper must refuse the key, not crash.
                    #expect(throws: CloserError.self) { try AESGCM.open(key: key, sealed: sealed, aad: hex(t.aad)) }
                    continue
                }
                let opened = try? AESGCM.open(key: key, sealed: sealed, aad: hex(t.aad))
                let raw = try AEADKeyset.make(key: key, keyID: 1, prefix: .raw)
                let openedTink = try? TinkAEAD.decrypt(raw, ciphertext: sealed, aad: hex(t.aad))
                switch t.result {
                case "valid":
                    #expect(opened == hex(t.msg), "tcId \(t.tcId)")
                    #expect(openedTink == hex(t.msg), "tcId \(t.tcId)")
                    #expect(
                        try AESGCM.seal(key: key, iv: hex(t.iv), plaintext: hex(t.msg), aad: hex(t.aad)) == sealed,
                        "tcId \(t.tcId)")
                case "invalid":
                    #expect(opened == nil, "tcId \(t.tcId)")
                    #expect(openedTink == nil, "tcId \(t.tcId)")
                default: break
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test(
        "ECDH P-256 with SEC 1 point encodings: validation and shared secrets",
        .enabled(if: ThirdPartyData.exists("wycheproof/ecdh_secp256r1_ecpoint_test.json")))
    func ecdhPoints() throws {
        let file = try ThirdPartyData.load(
            "wycheproof/ecdh_secp256r1_ecpoint_test.json", as: WycheproofFile<ECDHGroup>.self)
        var valid = 0
        var rejected = 0
        for t in file.testGroups.flatMap(\.tests) {
            let shared: [UInt8]? = {
                guard let point = try? P256Point(uncompressed: hex(t.public)),
                    let scalar = try? P256Scalar(hex(t.private))
                else { return nil }
                return try? scalar.sharedSecret(with: point)
            }()
            switch t.result {
            case "valid":
                #expect(shared == hex(t.shared), "tcId \(t.tcId) \(t.flags)")
                valid += 1
            case "invalid":
                #expect(shared == nil, "tcId \(t.tcId) \(t.flags) must be refused")
                rejected += 1
            default:
                // "acceptable" (compressed points): Tink's UNCOMPRESSED format refuses them;
                // whatever we do, a result must equal Wycheproof's.
                if let shared { #expect(shared == hex(t.shared), "tcId \(t.tcId)") }
            }
        }
        #expect(valid > 0 && rejected > 0 && valid + rejected >= file.numberOfTests - 1)
    }

    @Test("HKDF-SHA256", .enabled(if: ThirdPartyData.exists("wycheproof/hkdf_sha256_test.json")))
    func hkdf() throws {
        let file = try ThirdPartyData.load("wycheproof/hkdf_sha256_test.json", as: WycheproofFile<HKDFGroup>.self)
        for t in file.testGroups.flatMap(\.tests) {
            let okm = try? HKDFSHA256.derive(ikm: hex(t.ikm), salt: hex(t.salt), info: hex(t.info), length: t.size)
            if t.result == "valid" {
                #expect(okm == hex(t.okm), "tcId \(t.tcId)")
            } else if t.result == "invalid" {
                #expect(okm == nil, "tcId \(t.tcId)")
            }
        }
    }
}
