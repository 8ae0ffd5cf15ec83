// Harness ops for pairing: Argon2id, couple-key wrap, recovery phrase, invite phrase.
// Fields: specs/harness.md §"Ops". Every op that runs Argon2id
// also takes an optional `backend` ("default", "libargon2", "libsodium"), a CloserSpec
// extension that lets oracles check each backend.

import CloserWire
import CloserWireArgon2

extension HarnessOps {
    static let pairing: [HarnessOp] = [
        HarnessOp(.argon2id) { r throws(CloserError) in
            let parameters = try Argon2idParameters(
                memoryKiB: try r.argon2Integer("memoryKiB"), iterations: try r.argon2Integer("iterations"),
                parallelism: try r.argon2Integer("parallelism"), outputLength: try r.argon2Integer("length"))
            let key = try Argon2id.deriveKey(
                password: try r.hex("password"), salt: try r.hex("salt"), parameters: parameters,
                backend: try r.argon2Backend())
            return ["key": .hex(key)]
        },
        HarnessOp(.coupleKeyWrap) { r throws(CloserError) in
            let keyset = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            let phrase = try RecoveryPhrase(normalizing: try r.string("phrase"))
            let salt = try r.optionalHex("salt") ?? SystemRandom().bytes(CloserProfileV1.kdfSaltLength)
            let iv = try r.optionalHex("iv") ?? SystemRandom().bytes(AESGCM.ivLength)
            let wrapped = try CoupleKeyWrap.wrap(
                keyset: keyset, phrase: phrase, backend: try r.argon2Backend(), salt: salt, iv: iv)
            return [
                "wrappedCoupleKey": .string(wrapped.wrappedCoupleKey), "kdfSalt": .string(wrapped.kdfSalt),
                "kdfParams": .string(wrapped.kdfParams),
            ]
        },
        HarnessOp(.coupleKeyUnwrap) { r throws(CloserError) in
            let wrapped = WrappedCoupleKey(
                wrappedCoupleKey: try r.string("wrappedCoupleKey"), kdfSalt: try r.string("kdfSalt"),
                kdfParams: try r.string("kdfParams"))
            let keyset = try CoupleKeyWrap.unwrap(
                wrapped, phraseText: try r.string("phrase"), backend: try r.argon2Backend())
            return ["keyset": .hex(keyset.serializedBytes)]
        },
        HarnessOp(.phraseFromEntropy) { r throws(CloserError) in
            ["phrase": .string(try RecoveryPhrase(entropy: try r.hex("entropy")).string)]
        },
        HarnessOp(.phraseNormalize) { r throws(CloserError) in
            let phrase = try RecoveryPhrase(normalizing: try r.string("input"))
            return ["phrase": .string(phrase.string), "entropy": .hex(phrase.entropy)]
        },
        HarnessOp(.inviteEncrypt) { r throws(CloserError) in
            let code = try InviteCode(try r.string("code"))
            let phrase = try RecoveryPhrase(normalizing: try r.string("phrase"))
            let salt = try r.optionalHex("salt") ?? SystemRandom().bytes(CloserProfileV1.kdfSaltLength)
            let iv = try r.optionalHex("iv") ?? SystemRandom().bytes(AESGCM.ivLength)
            let value = try InvitePhraseCipher.encrypt(
                phrase: phrase, code: code, backend: try r.argon2Backend(), salt: salt, iv: iv)
            return ["value": .string(value)]
        },
        HarnessOp(.inviteDecrypt) { r throws(CloserError) in
            let code = try InviteCode(try r.string("code"))
            let phrase = try InvitePhraseCipher.decrypt(
                try r.string("value"), code: code, backend: try r.argon2Backend())
            return ["phrase": .string(phrase)]
        },
    ]
}

extension HarnessRequest {
    /// An Argon2 integer field. Any integer is accepted here so that out-of-bounds values
    /// reach `Argon2idParameters` and get `invalid_parameters`, not `malformed_request`.
    /// Any integral JSON number reaches `Argon2idParameters`' bounds check (argon2id.md
    /// §Harness: out-of-range numbers are `invalid_parameters`, never `malformed_request`).
    fileprivate func argon2Integer(_ name: String) throws(CloserError) -> Int {
        guard case .number(let d)? = optionalJSON(name) else { return Int(try integer(name, in: 0...0)) }
        guard d.isFinite, d == d.rounded(), hasIntegralLiteral(name) else { return Int(try integer(name, in: 0...0)) }
        return Int(exactly: d) ?? (d < 0 ? Int.min : Int.max)
    }

    /// The optional `backend` field.
    fileprivate func argon2Backend() throws(CloserError) -> any Argon2idBackend {
        let name = try optionalString("backend") ?? "default"
        guard let backend = Argon2idBackends.named(name) else {
            throw CloserError(
                .harnessMalformedRequest,
                "field \"backend\" must be one of \(Argon2idBackends.names.joined(separator: ", "))")
        }
        return backend
    }
}
