// The tink_aead suite's raw AES-GCM group: the lower-layer ops `aesgcm.seal` and `aesgcm.open`
// with an IV of exactly 12 bytes and no other length (specs/tink-aead.md, D-TINK-07), and
// `aesgcm.open`'s order of checks: IV, then the ct || tag length, then the key size
// (specs/harness.md §"Lower-layer ops"). Fixed inputs, no DRBG draws.

import CloserHarness
import CloserVectorModel
import CloserWire

extension TinkAEADSuite {
    static let rawIV = VectorFlag(
        "RawIvLength", .edgeCase, .aead, "aesgcm.seal / aesgcm.open: the IV is exactly 12 bytes, never another length.")
    static let rawCheckOrder = VectorFlag(
        "RawCheckOrder", .edgeCase, .aead,
        "aesgcm.open checks the IV, then ct || tag of at least 16 bytes, then the key size (harness.md).")

    static func aesGCMLowerOpCases() throws(CloserError) -> [VectorCase] {
        let key16: [UInt8] = Array(0..<16)
        let key24: [UInt8] = Array(0..<24)
        let iv12: [UInt8] = Array(0..<12)
        let plaintext = Array("hello".utf8)
        let aad = Array("aad".utf8)
        let sealed = Array(try AESGCM.seal(key: key16, iv: iv12, plaintext: plaintext, aad: aad).dropFirst(12))
        func seal(_ key: [UInt8], _ iv: [UInt8]) -> [(String, JSONValue)] {
            [("key", V.hex(key)), ("iv", V.hex(iv)), ("plaintext", V.hex(plaintext)), ("aad", V.hex(aad))]
        }
        func open(_ key: [UInt8], _ iv: [UInt8], _ ct: [UInt8]) -> [(String, JSONValue)] {
            [("key", V.hex(key)), ("iv", V.hex(iv)), ("ciphertext", V.hex(ct)), ("aad", V.hex(aad))]
        }
        func refused(
            _ comment: String, _ flag: VectorFlag, _ op: String, _ input: [(String, JSONValue)],
            _ code: CloserError.Code, _ pin: VectorPin? = nil
        ) -> VectorCase {
            let c = VectorCase.invalid(
                comment, flags: [flag], op: op, input: input, error: code,
                layer: code == .keysetInvalidKeySize ? .keyset : .aead)
            return pin.map { c.citing($0) } ?? c
        }
        var cases: [VectorCase] = [
            VectorCase.valid(
                "aesgcm.seal with a 12-byte IV", flags: [valid, rawIV], op: HarnessOpSpec.aesGCMSeal.name,
                input: seal(key16, iv12),
                output: [("ciphertext", V.hex(sealed))]
            ).citing(VectorPin("D-TINK-07", .accept)),
            VectorCase.valid(
                "aesgcm.open with a 12-byte IV", flags: [valid, rawIV], op: HarnessOpSpec.aesGCMOpen.name,
                input: open(key16, iv12, sealed), output: [("plaintext", V.hex(plaintext))]
            ).citing(VectorPin("D-TINK-07", .accept)),
        ]
        for n in [8, 11, 13, 16] {
            let iv = [UInt8](repeating: 0x5a, count: n)
            cases.append(
                refused(
                    "aesgcm.seal with a \(n)-byte IV", rawIV, HarnessOpSpec.aesGCMSeal.name, seal(key16, iv),
                    .aesGCMInvalidIV,
                    VectorPin("D-TINK-07", .refuse)))
            cases.append(
                refused(
                    "aesgcm.open with a \(n)-byte IV", rawIV, HarnessOpSpec.aesGCMOpen.name, open(key16, iv, sealed),
                    .aesGCMInvalidIV, VectorPin("D-TINK-07", .refuse)))
        }
        cases += [
            refused(
                "aesgcm.open: a 24-byte key and 8 bytes of ct || tag: the length before the key size", rawCheckOrder,
                HarnessOpSpec.aesGCMOpen.name, open(key24, iv12, [UInt8](repeating: 0, count: 8)), .aesGCMTooShort),
            refused(
                "aesgcm.open: a 24-byte key and 16 bytes of ct || tag: the key size", rawCheckOrder,
                HarnessOpSpec.aesGCMOpen.name,
                open(key24, iv12, [UInt8](repeating: 0, count: 16)), .keysetInvalidKeySize),
            refused(
                "aesgcm.open: a 16-byte IV, a 24-byte key, 8 bytes: the IV first", rawCheckOrder,
                HarnessOpSpec.aesGCMOpen.name,
                open(key24, [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 8)), .aesGCMInvalidIV),
            refused(
                "aesgcm.seal: a 16-byte IV and a 24-byte key: the IV first", rawCheckOrder,
                HarnessOpSpec.aesGCMSeal.name,
                seal(key24, [UInt8](repeating: 0, count: 16)), .aesGCMInvalidIV),
        ]
        return cases
    }
}
