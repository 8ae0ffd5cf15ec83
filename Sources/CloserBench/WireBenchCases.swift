// Bench cases for the wire formats, each paired with the raw primitive it wraps.

import CloserWire
import Crypto

package enum WireBenchCases {
    /// Cases over a 1 KiB plaintext with deterministic keys.
    package static func all() -> [BenchCase] {
        let random = SeededRandom(seed: "bench")
        let key = random.bytes(32)
        let iv = random.bytes(12)
        let text = String(repeating: "a", count: 1024)
        let plaintext = Array(text.utf8)
        let couple = try! AEADKeyset.make(key: key, keyID: 0x1234_5678)
        let enc = try! EncV1.seal(text, coupleID: "couple", keyset: couple, iv: iv)
        let recipient = try! HybridPrivateKeyset.make(privateKey: P256Scalar.generate(random: random).d, keyID: 7)
        let eph = P256Scalar.generate(random: random)
        let binding = try! KeyboxBinding(coupleID: "c", questionID: "q", senderUserID: "a", recipientUserID: "b")
        let box = try! KeyboxV1.wrapWithTrace(
            couple, to: recipient.publicKeyset, binding: binding, ephemeral: eph, iv: iv
        ).value
        let sealedBinding = try! SealedBinding(coupleID: "c", questionID: "q", userID: "a")
        let payload = try! SealedPayload(
            .object([
                "coupleId": .string("c"), "questionId": .string("q"), "userId": .string("a"),
                "nonce": .string(SealedPayload.makeNonce(random: random)), "answer": .string(text),
            ]))
        let canonical = try! payload.canonicalBytes()
        let sealed = try! SealedV1.seal(payload, binding: sealedBinding, keyset: couple, iv: iv)
        let payloadText = String(decoding: canonical, as: UTF8.self)
        return [
            BenchCase("raw AES-256-GCM seal 1 KiB") {
                _ = try! AESGCM.seal(key: key, iv: iv, plaintext: plaintext, aad: [UInt8]())
            },
            BenchCase("Tink AEAD encrypt 1 KiB", baseline: "raw AES-256-GCM seal 1 KiB") {
                _ = try! TinkAEAD.encrypt(couple, plaintext: plaintext, aad: [UInt8](), iv: iv)
            },
            BenchCase("enc:v1 seal 1 KiB", baseline: "raw AES-256-GCM seal 1 KiB") {
                _ = try! EncV1.seal(text, coupleID: "couple", keyset: couple, iv: iv)
            },
            BenchCase("enc:v1 open 1 KiB", baseline: "raw AES-256-GCM seal 1 KiB") {
                _ = try! EncV1.open(enc, coupleID: "couple", keyset: couple)
            },
            BenchCase("raw P-256 ECDH") { _ = try! eph.sharedSecret(with: recipient.primary.key.publicKey.point) },
            BenchCase("keybox:v1 wrap", baseline: "raw P-256 ECDH") {
                _ = try! KeyboxV1.wrapWithTrace(
                    couple, to: recipient.publicKeyset, binding: binding, ephemeral: eph, iv: iv)
            },
            BenchCase("keybox:v1 unwrap", baseline: "raw P-256 ECDH") {
                _ = try! KeyboxV1.unwrap(box, privateKeyset: recipient, binding: binding)
            },
            BenchCase("raw SHA-256 of 1 KiB payload") { _ = SHA256.hash(data: canonical) },
            BenchCase("canonicalize 1 KiB payload", baseline: "raw SHA-256 of 1 KiB payload") {
                _ = try! CanonicalJSON.canonicalize(Array(payloadText.utf8))
            },
            BenchCase(
                "sealed:v1 open (decrypt, canonical check, commitment, ids)", baseline: "raw AES-256-GCM seal 1 KiB"
            ) {
                _ = try! SealedV1.open(
                    sealed.value, commitment: sealed.commitment, binding: sealedBinding, keyset: couple)
            },
        ]
    }
}
