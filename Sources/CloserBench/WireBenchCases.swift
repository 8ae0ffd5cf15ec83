// Bench rows for the wire formats, each against what the format physically needs, written
// with swift-crypto and swift-extras-base64 here in the bench (never in CloserWire).

import CloserWire
import Crypto
import ExtrasBase64
import Foundation

package enum WireBenchCases {
    package static func all() -> [BenchCase] {
        enc() + base64() + sealed() + canonicalize() + keybox() + pub()
    }

    static let coupleID = "couple-7f3a"

    /// A deterministic couple keyset and its raw key, shared by the rows.
    static let couple: (keyset: AEADKeyset, key: SymmetricKey) = {
        let random = SeededRandom(seed: "bench")
        let key = random.bytes(32)
        return (try! AEADKeyset.make(key: key, keyID: 0x1234_5678), SymmetricKey(data: key))
    }()

    /// Printable text of `count` UTF-8 bytes (mostly ASCII, some two-byte letters).
    static func text(bytes count: Int) -> String {
        let unit = "Weekend plan: hike, café, dinner at 8. "
        var s = ""
        while s.utf8.count < count { s += unit }
        var u = Array(s.utf8)
        while u.count > count || String(validating: u, as: UTF8.self) == nil { u.removeLast() }
        while u.count < count { u.append(UInt8(ascii: ".")) }
        return String(decoding: u, as: UTF8.self)
    }

    // MARK: enc:v1

    static func enc() -> [BenchCase] {
        let aad = Array(coupleID.utf8)
        let sizes: [(String, Int, Double)] = [("64B", 64, 1.5), ("1KiB", 1024, 1.15), ("64KiB", 65536, 1.15)]
        var rows: [BenchCase] = []
        for (label, size, target) in sizes {
            let text = text(bytes: size)
            let plaintext = Array(text.utf8)
            rows.append(
                .paired(
                    "enc.seal/\(label)", baseline: "AES.GCM.seal + ExtrasBase64 encode", target: .ratioAtMost(target),
                    operation: { blackHole(try! EncV1.seal(text, coupleID: coupleID, keyset: couple.keyset)) },
                    baseline: {
                        let box = try! AES.GCM.seal(plaintext, using: couple.key, authenticating: aad)
                        blackHole(FastBase64.encodeToString(bytes: box.combined!))
                    }))
        }
        for (label, size, target) in sizes.dropFirst() {
            let text = text(bytes: size)
            let value = try! EncV1.seal(text, coupleID: coupleID, keyset: couple.keyset)
            let body = String(value.dropFirst(CloserProfileV1.encPrefix.count))
            rows.append(
                .paired(
                    "enc.open/\(label)", baseline: "ExtrasBase64 decode + AES.GCM.open", target: .ratioAtMost(target),
                    operation: { blackHole(try! EncV1.open(value, coupleID: coupleID, keyset: couple.keyset)) },
                    baseline: {
                        let bytes = try! FastBase64.decode(string: body)
                        let box = try! AES.GCM.SealedBox(combined: bytes[5...])
                        blackHole(try! AES.GCM.open(box, using: couple.key, authenticating: aad))
                    }))
            // What enc:v1 needs beyond its baseline: a Swift `String` of the plaintext, which the
            // standard library validates as UTF-8 when it is made (specs/enc-v1.md: the plaintext is
            // UTF-8 text). Reported against the same baseline, so the table shows the floor.
            let plaintext = Array(text.utf8)
            rows.append(
                .paired(
                    "utf8.string/\(label)", baseline: "ExtrasBase64 decode + AES.GCM.open", target: .none,
                    operation: {
                        blackHole(plaintext.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) })
                    },
                    baseline: {
                        let bytes = try! FastBase64.decode(string: body)
                        let box = try! AES.GCM.SealedBox(combined: bytes[5...])
                        blackHole(try! AES.GCM.open(box, using: couple.key, authenticating: aad))
                    }))
        }
        return rows
    }

    // MARK: base64

    static func base64() -> [BenchCase] {
        let bytes = SeededRandom(seed: "bench-b64").bytes(65536)
        let encoded = FastBase64.encodeToString(bytes: bytes)
        precondition(StrictBase64.encode(bytes, .standard) == encoded)
        return [
            .paired(
                "b64.encode/64KiB", baseline: "ExtrasBase64 encodeToString", target: .ratioAtMost(1.2),
                operation: { blackHole(StrictBase64.encode(bytes, .standard)) },
                baseline: { blackHole(FastBase64.encodeToString(bytes: bytes)) }),
            .paired(
                "b64.decode/64KiB", baseline: "ExtrasBase64 decode", target: .ratioAtMost(1.2),
                operation: { blackHole(try! StrictBase64.decode(encoded, .standard)) },
                baseline: { blackHole(try! FastBase64.decode(string: encoded)) }),
        ]
    }

    // MARK: sealed:v1

    static func sealedFixture() -> (payload: SealedPayload, binding: SealedBinding) {
        let random = SeededRandom(seed: "bench-sealed")
        let binding = try! SealedBinding(coupleID: coupleID, questionID: "q-2024-11-20", userID: "user-a1")
        let answer = text(bytes: 1024 - 160)
        let payload = try! SealedPayload(
            .object([
                "coupleId": .string(binding.coupleID), "questionId": .string(binding.questionID),
                "userId": .string(binding.userID), "nonce": .string(SealedPayload.makeNonce(random: random)),
                "answer": .string(answer), "choice": .number(3), "answeredAt": .number(1_732_060_800_000),
            ]))
        return (payload, binding)
    }

    static func sealed() -> [BenchCase] {
        let (payload, binding) = sealedFixture()
        let aad = Array("\(binding.coupleID)|\(binding.questionID)|\(binding.userID)".utf8)
        let answer = try! SealedV1.seal(payload, binding: binding, keyset: couple.keyset)
        let body = String(answer.value.dropFirst(CloserProfileV1.sealedPrefix.count))
        let digest = Array(SHA256.hash(data: try! payload.canonicalBytes()))
        return [
            .paired(
                "sealed.seal/1KiB", baseline: "canonicalize + SHA-256 + AES.GCM.seal + ExtrasBase64 encode",
                target: .ratioAtMost(1.2),
                operation: { blackHole(try! SealedV1.seal(payload, binding: binding, keyset: couple.keyset)) },
                baseline: {
                    let canonical = try! CanonicalJSON.serialize(payload.json)
                    blackHole(SHA256.hash(data: canonical))
                    let box = try! AES.GCM.seal(canonical, using: couple.key, authenticating: aad)
                    blackHole(
                        FastBase64.encodeToString(
                            bytes: box.combined!, options: [.base64UrlAlphabet, .omitPaddingCharacter]))
                }),
            .paired(
                "sealed.open/1KiB", baseline: "ExtrasBase64 decode + AES.GCM.open + canonicalize + SHA-256",
                target: .ratioAtMost(1.2),
                operation: {
                    blackHole(
                        try! SealedV1.open(
                            answer.value, commitment: answer.commitment, binding: binding, keyset: couple.keyset))
                },
                baseline: {
                    let bytes = try! FastBase64.decode(
                        string: body, options: [.base64UrlAlphabet, .omitPaddingCharacter])
                    let box = try! AES.GCM.SealedBox(combined: bytes[5...])
                    let plaintext = try! AES.GCM.open(box, using: couple.key, authenticating: aad)
                    let canonical = try! CanonicalJSON.canonicalize(plaintext)
                    blackHole(Array(SHA256.hash(data: canonical)) == digest)
                }),
        ]
    }

    // MARK: canonicalization

    /// A non-canonical JSON text of about `count` bytes: objects with unsorted members,
    /// whitespace, escapes, numbers and nested arrays, as app payloads have.
    static func jsonText(bytes count: Int) -> [UInt8] {
        var items: [String] = []
        var size = 2
        var i = 0
        while true {
            let item = """
                {"userId": "user-\(i)", "answer": "\(text(bytes: 40 + i % 50))", "score": \(i * 37 % 1000), \
                "ratio": \(Double(i) / 8), "tags": ["a\\n\(i)", "b\\"q", true, null], "at": 1732060800000, \
                "nested": {"z": \(i), "a": "\\u00e9t\\u00e9"}}
                """
            if size + item.utf8.count + 2 > count { break }
            items.append(item)
            size += item.utf8.count + 2
            i += 1
        }
        var out = Array(("[" + items.joined(separator: ", ") + "]").utf8)
        while out.count < count { out.insert(0x20, at: 1) }
        return out
    }

    static func canonicalize() -> [BenchCase] {
        var rows: [BenchCase] = []
        for (label, size) in [("1KiB", 1024), ("64KiB", 65536)] {
            let json = jsonText(bytes: size)
            let data = Data(json)
            rows.append(
                .paired(
                    "canonicalize/\(label)", baseline: "SHA-256", target: .ratioAtMost(5),
                    operation: { blackHole(try! CanonicalJSON.canonicalize(json)) },
                    baseline: { blackHole(SHA256.hash(data: json)) }))
            rows.append(
                .paired(
                    "foundation.canonicalize/\(label)", baseline: "SHA-256", target: .none,
                    operation: {
                        let object = try! JSONSerialization.jsonObject(with: data)
                        blackHole(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
                    },
                    baseline: { blackHole(SHA256.hash(data: json)) }))
        }
        return rows
    }

    // MARK: keybox:v1 and pub:v1

    static func keybox() -> [BenchCase] {
        let random = SeededRandom(seed: "bench-keybox")
        let recipient = try! HybridPrivateKeyset.make(privateKey: P256Scalar.generate(random: random).d, keyID: 7)
        let recipientPublic = recipient.publicKeyset
        let recipientKey = try! P256.KeyAgreement.PrivateKey(rawRepresentation: recipient.primary.key.scalar.d)
        let binding = try! KeyboxBinding(
            coupleID: coupleID, questionID: "q-2024-11-20", senderUserID: "user-a1", recipientUserID: "user-b2")
        let info = Array(
            "\(binding.coupleID)|\(binding.questionID)|\(binding.senderUserID)|\(binding.recipientUserID)".utf8)
        let oneTime = try! AEADKeyset.make(key: random.bytes(32), keyID: 99)
        let plaintext = oneTime.serializedBytes
        let box = try! KeyboxV1.wrap(oneTime, to: recipientPublic, binding: binding)
        let body = try! FastBase64.decode(
            string: String(box.dropFirst(CloserProfileV1.keyboxPrefix.count)),
            options: [.base64UrlAlphabet, .omitPaddingCharacter])
        let kem = Array(body[5..<70])
        let sealed = Array(body[70...])
        return [
            .paired(
                "keybox.wrap", baseline: "P-256 keygen + ECDH + HKDF + AES.GCM.seal", target: .ratioAtMost(1.10),
                operation: { blackHole(try! KeyboxV1.wrap(oneTime, to: recipientPublic, binding: binding)) },
                baseline: {
                    let ephemeral = P256.KeyAgreement.PrivateKey()
                    let shared = try! ephemeral.sharedSecretFromKeyAgreement(with: recipientKey.publicKey)
                    let kem = Array(ephemeral.publicKey.x963Representation)
                    let dem = HKDF<SHA256>.deriveKey(
                        inputKeyMaterial: SymmetricKey(data: kem + shared.withUnsafeBytes { Array($0) }),
                        salt: [UInt8](), info: info, outputByteCount: 16)
                    blackHole(try! AES.GCM.seal(plaintext, using: dem))
                }),
            .paired(
                "keybox.unwrap", baseline: "ECDH + HKDF + AES.GCM.open", target: .ratioAtMost(1.10),
                operation: { blackHole(try! KeyboxV1.unwrap(box, privateKeyset: recipient, binding: binding)) },
                baseline: {
                    let point = try! P256.KeyAgreement.PublicKey(x963Representation: kem)
                    let shared = try! recipientKey.sharedSecretFromKeyAgreement(with: point)
                    let dem = HKDF<SHA256>.deriveKey(
                        inputKeyMaterial: SymmetricKey(data: kem + shared.withUnsafeBytes { Array($0) }),
                        salt: [UInt8](), info: info, outputByteCount: 16)
                    blackHole(try! AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: dem))
                }),
        ]
    }

    static func pub() -> [BenchCase] {
        let random = SeededRandom(seed: "bench-pub")
        let keyset = try! HybridPrivateKeyset.make(privateKey: P256Scalar.generate(random: random).d, keyID: 11)
        let value = PubV1.encode(keyset.publicKeyset)
        let body = String(value.dropFirst(CloserProfileV1.publicKeyPrefix.count))
        let x963 = keyset.primary.key.scalar.publicPoint.uncompressed
        return [
            .paired(
                "pub.decode", baseline: "P256.KeyAgreement.PublicKey(x963Representation:)", target: .ratioAtMost(1.25),
                operation: { blackHole(try! PubV1.decode(value)) },
                baseline: { blackHole(try! P256.KeyAgreement.PublicKey(x963Representation: x963)) }),
            // What the format physically adds to the point check: its body is a base64 keyset
            // (about 190 characters), decoded here by the fast library alone. 1 + this ratio is the
            // floor of pub.decode's ratio before any keyset is read.
            .paired(
                "b64.decode/pub", baseline: "P256.KeyAgreement.PublicKey(x963Representation:)", target: .none,
                operation: {
                    blackHole(
                        try! FastBase64.decode(string: body, options: [.base64UrlAlphabet, .omitPaddingCharacter]))
                },
                baseline: { blackHole(try! P256.KeyAgreement.PublicKey(x963Representation: x963)) }),
            // The format's floor in one call: the fast library's decode of the body, then the
            // point check. Whatever pub.decode costs above this row is keyset reading.
            .paired(
                "pub.floor", baseline: "P256.KeyAgreement.PublicKey(x963Representation:)", target: .none,
                operation: {
                    blackHole(
                        try! FastBase64.decode(string: body, options: [.base64UrlAlphabet, .omitPaddingCharacter]))
                    blackHole(try! P256.KeyAgreement.PublicKey(x963Representation: x963))
                },
                baseline: { blackHole(try! P256.KeyAgreement.PublicKey(x963Representation: x963)) }),
        ]
    }
}

/// CloserWire's strict codec and the fast library, named apart (both call their type `Base64`).
typealias StrictBase64 = CloserWire.Base64
typealias FastBase64 = ExtrasBase64.Base64
