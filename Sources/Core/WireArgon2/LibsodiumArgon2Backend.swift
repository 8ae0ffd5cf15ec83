// Argon2id through libsodium's `crypto_pwhash` (Debian's libsodium-dev).
// Normative: specs/argon2id.md §"Backends".

#if canImport(CSodium)
    internal import CSodium
    public import CoreWire

    /// Argon2id (version 0x13) computed by libsodium's `crypto_pwhash` with
    /// `crypto_pwhash_ALG_ARGON2ID13`. libsodium fixes parallelism at 1 and the salt at 16
    /// bytes: other parameter sets throw `argon2.unsupported` (use `LibArgon2Backend`).
    /// Units: libsodium takes memory in bytes; this backend passes `memoryKiB * 1024`.
    public struct LibsodiumArgon2Backend: Argon2idBackend {
        public init() {}

        public var name: String { "libsodium" }

        /// The only salt length `crypto_pwhash` takes.
        public static let saltLength = 16

        /// Whether this backend can compute `parameters` with a salt of `saltLength` bytes.
        public static func supports(_ parameters: Argon2idParameters, saltLength: Int) -> Bool {
            parameters.parallelism == 1 && saltLength == Self.saltLength
        }

        public func deriveKey(
            password: [UInt8], salt: [UInt8], parameters: Argon2idParameters
        ) throws(CloserError) -> [UInt8] {
            guard parameters.parallelism == 1 else {
                throw CloserError(
                    .argon2Unsupported,
                    "libsodium computes Argon2id with parallelism 1 only, not \(parameters.parallelism)"
                )
            }
            guard salt.count == Int(crypto_pwhash_argon2id_SALTBYTES) else {
                throw CloserError(
                    .argon2Unsupported,
                    "libsodium takes a \(Self.saltLength)-byte Argon2id salt only, not \(salt.count)")
            }
            guard Sodium.initialized else {
                throw CloserError(.argon2BackendFailure, "libsodium could not be initialized")
            }
            var out = [UInt8](repeating: 0, count: parameters.outputLength)
            // An empty array may have no storage; pass a real pointer with length 0.
            let pwd = password.isEmpty ? [0] : password
            let status = pwd.withUnsafeBytes { pwdBuf in
                salt.withUnsafeBytes { saltBuf in
                    out.withUnsafeMutableBytes { outBuf in
                        crypto_pwhash(
                            outBuf.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(outBuf.count),
                            pwdBuf.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(password.count),
                            saltBuf.baseAddress!.assumingMemoryBound(to: UInt8.self),
                            UInt64(parameters.iterations), parameters.memoryKiB * 1024, crypto_pwhash_alg_argon2id13())
                    }
                }
            }
            guard status == 0 else {
                throw CloserError(.argon2BackendFailure, "libsodium crypto_pwhash failed (out of memory?)")
            }
            return out
        }
    }

    /// `sodium_init` runs once, on first use (Swift globals are initialized lazily and once).
    enum Sodium {
        static let initialized: Bool = sodium_init() >= 0
    }
#endif  // canImport(CSodium)
