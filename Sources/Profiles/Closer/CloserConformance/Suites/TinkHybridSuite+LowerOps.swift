// The tink_hybrid suite's KEM and KDF group: the lower-layer ops `p256.ecdh` (a scalar of any
// length, leading zeros stripped, 0 < d < n) and `hkdf.sha256` (any length in 0…8160 = 255 ·
// HashLen, both ends included; 8161 refused). Normative: specs/harness.md §"Lower-layer ops",
// specs/tink-hybrid.md. Fixed inputs, no DRBG draws; the outputs are checked against Python's
// `cryptography` and an RFC 5869 HKDF written with `hmac` (oracles/python/test_lower_op_vectors.py).

import CloserHarness
import CloserVectorModel
import CloserWire

extension TinkHybridSuite {
    static let scalarWidth = VectorFlag(
        "ScalarAnyLength", .edgeCase, .kem,
        "p256.ecdh reads the scalar at any length: leading zero bytes are stripped before the range check.")
    static let hkdfLength = VectorFlag(
        "HkdfLengthBound", .edgeCase, .kdf, "hkdf.sha256 answers any length 0…8160 (255 · HashLen) and refuses 8161.")

    static func kemAndKDFLowerOpCases() throws(CloserError) -> [VectorCase] {
        try p256ScalarWidthCases() + hkdfLengthCases()
    }

    static func p256ScalarWidthCases() throws(CloserError) -> [VectorCase] {
        let peer = try P256Scalar(Array(1...32)).publicPoint
        let d = try Hex.decode("00c0ffee00000000000000000000000000000000000000000000000000000001")
        let nMinus1 = try Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550")
        let n = try Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        func ecdh(_ scalar: [UInt8]) -> [(String, JSONValue)] {
            [("privateKey", V.hex(scalar)), ("publicPoint", V.hex(peer.uncompressed))]
        }
        var cases: [VectorCase] = []
        for (what, scalar) in [
            ("1 in 32 bytes", [UInt8](repeating: 0, count: 31) + [1]),
            ("1 in 33 bytes (a leading zero byte)", [UInt8](repeating: 0, count: 32) + [1]),
            ("1 in 1 byte", [1]), ("a 32-byte scalar starting 00", d),
            ("that scalar in 40 bytes", [0, 0, 0, 0, 0, 0, 0, 0] + d),
            ("that scalar in 31 bytes", Array(d.dropFirst())), ("n − 1 in 33 bytes", [0] + nMinus1),
        ] {
            let shared = try P256Scalar(scalar).sharedSecret(with: peer)
            cases.append(
                VectorCase.valid(
                    "p256.ecdh, scalar \(what)", flags: [valid, scalarWidth], op: HarnessOpSpec.p256ECDH.name,
                    input: ecdh(scalar),
                    output: [("sharedSecret", V.hex(shared))]
                ))
        }
        for (what, scalar) in [("n in 33 bytes", [0] + n), ("0 in 33 bytes", [UInt8](repeating: 0, count: 33))] {
            cases.append(
                VectorCase.invalid(
                    "p256.ecdh, scalar \(what)", flags: [badScalar, scalarWidth], op: HarnessOpSpec.p256ECDH.name,
                    input: ecdh(scalar),
                    error: .p256ScalarOutOfRange, layer: .kem
                ))
        }
        return cases
    }

    static func hkdfLengthCases() throws(CloserError) -> [VectorCase] {
        let ikm = [UInt8](repeating: 0x0b, count: 22)
        let salt: [UInt8] = Array(0..<13)
        let info: [UInt8] = Array(0xf0...0xf9)
        func input(_ length: Int) -> [(String, JSONValue)] {
            [("ikm", V.hex(ikm)), ("salt", V.hex(salt)), ("info", V.hex(info)), ("length", V.int(length))]
        }
        var cases: [VectorCase] = []
        for length in [0, 42, 8159, 8160] {
            let okm = try HKDFSHA256.derive(ikm: ikm, salt: salt, info: info, length: length)
            cases.append(
                VectorCase.valid(
                    length == 42 ? "hkdf.sha256, RFC 5869 test case 1 (42 bytes)" : "hkdf.sha256, \(length) bytes",
                    flags: [valid, hkdfLength], op: HarnessOpSpec.hkdfSHA256.name, input: input(length),
                    output: [("okm", V.hex(okm))]
                ))
        }
        for length in [8161, -1] {
            cases.append(
                VectorCase.invalid(
                    "hkdf.sha256, \(length) bytes", flags: [hkdfLength], op: HarnessOpSpec.hkdfSHA256.name,
                    input: input(length),
                    error: .hkdfInvalidLength, layer: .kdf
                ))
        }
        return cases
    }
}
