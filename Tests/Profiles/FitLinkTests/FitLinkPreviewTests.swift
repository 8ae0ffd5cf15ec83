// The encrypted preview's decided layout (specs/profiles/fitlink/media.md §encrypted_preview)
// against the document's own CryptoKit code path, run with swift-crypto (CryptoKit's API):
// Curve25519 key agreement, `hkdfDerivedSymmetricKey` with the chat id as salt and the sorted
// keys as info, and `AES.GCM.SealedBox.combined` — not with FitLink's own encryption.

import CoreWire
import Crypto
import FitLink
import Foundation
import Testing

@Suite("FitLink encrypted preview")
struct FitLinkPreviewTests {
    static let chat = "chat_alice_bob"

    /// The document's §3.3 derivation with the pinned sorted info, in CryptoKit's API.
    static func cryptoKitKey(
        _ me: Curve25519.KeyAgreement.PrivateKey, _ peer: Curve25519.KeyAgreement.PublicKey, chat: String = chat
    ) throws -> SymmetricKey {
        let secret = try me.sharedSecretFromKeyAgreement(with: peer)
        let keys = [Array(me.publicKey.rawRepresentation), Array(peer.rawRepresentation)]
            .sorted { $0.lexicographicallyPrecedes($1) }
        return secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: Data(chat.utf8), sharedInfo: Data(keys[0] + keys[1]), outputByteCount: 32)
    }

    @Test("a preview sealed as CryptoKit's combined box opens with FitLinkStorage.openPreview")
    func cryptoKitCombinedOpens() throws {
        let alice = Curve25519.KeyAgreement.PrivateKey()
        let bob = Curve25519.KeyAgreement.PrivateKey()
        let box = try AES.GCM.seal(Data("See you at 7?".utf8), using: try Self.cryptoKitKey(alice, bob.publicKey))
        let preview = box.combined!.base64EncodedString()
        let opened = try FitLinkStorage.openPreview(
            preview, privateKey: Array(bob.rawRepresentation),
            peerPublicKey: alice.publicKey.rawRepresentation.base64EncodedString(), chatID: Self.chat)
        #expect(opened == Array("See you at 7?".utf8))
    }

    /// The suite's `fitlink.openPreview` tests, read from vectors/profiles/fitlink/fitlink_documents.json.
    static func previewVectors() throws -> [[String: Any]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("vectors/profiles/fitlink/fitlink_documents.json")
        let suite = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        let groups = suite["testGroups"] as? [[String: Any]] ?? []
        return groups.flatMap { $0["tests"] as? [[String: Any]] ?? [] }.filter {
            $0["op"] as? String == "fitlink.openPreview"
        }
    }

    static func bytes(hex: String) -> Data {
        var out = Data()
        var chars = hex.makeIterator()
        while let hi = chars.next(), let lo = chars.next() { out.append(UInt8(String([hi, lo]), radix: 16)!) }
        return out
    }

    @Test("the suite's previews open with CryptoKit's SealedBox(combined:), or fail where the vector says")
    func vectorsOpenWithCryptoKit() throws {
        let tests = try Self.previewVectors()
        #expect(tests.filter { $0["result"] as? String == "valid" }.count >= 2)
        for t in tests {
            let input = t["input"] as? [String: Any] ?? [:]
            // A key CryptoKit refuses (31 bytes) or a preview it cannot decode leaves `plain` nil.
            let me = try? Curve25519.KeyAgreement.PrivateKey(
                rawRepresentation: Self.bytes(hex: input["privateKey"] as? String ?? ""))
            let peer = try Curve25519.KeyAgreement.PublicKey(
                rawRepresentation: Data(base64Encoded: input["peerPublicKey"] as? String ?? "") ?? Data())
            let chat = input["chatId"] as? String ?? ""
            let sealed = Data(base64Encoded: input["encryptedPreview"] as? String ?? "") ?? Data()
            let plain = me.flatMap { me in
                try? AES.GCM.open(
                    AES.GCM.SealedBox(combined: sealed), using: Self.cryptoKitKey(me, peer, chat: chat))
            }
            if t["result"] as? String == "valid" {
                let want = (t["expected"] as? [String: Any])?["plaintext"] as? String ?? "?"
                #expect(plain == Self.bytes(hex: want), "\(t["comment"] ?? "")")
            } else {
                #expect(plain == nil, "\(t["comment"] ?? "")")
            }
        }
    }

    @Test("no two valid previews of the suite share a nonce (media.md: a fresh nonce)")
    func previewNoncesAreDistinct() throws {
        let nonces = try Self.previewVectors().filter { $0["result"] as? String == "valid" }.compactMap { t in
            Data(base64Encoded: (t["input"] as? [String: Any])?["encryptedPreview"] as? String ?? "")?.prefix(12)
        }
        #expect(Set(nonces).count == nonces.count)
    }
}
