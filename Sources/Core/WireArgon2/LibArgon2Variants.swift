// Argon2 variants a port may compute by mistake (Argon2i instead of Argon2id, version 0x10
// instead of 0x13), through libargon2's generic `argon2_hash`. Package access: only the
// vector suites use it, to publish the key a port with such a bug gets (specs/vectors.md,
// suites `argon2id` and `couple_key_wrap`). Not a backend: CloserSpec never derives a real
// key with these.

#if canImport(CArgon2)
    internal import CArgon2
    package import CoreWire

    package enum LibArgon2Variants {
        /// Argon2 type (libargon2's `argon2_type`).
        package enum Kind: UInt32, Sendable { case d = 0, i = 1, id = 2 }

        /// The raw tag of Argon2 `kind`, version `version` (0x10 or 0x13). Parameters are the
        /// caller's (no CloserSpec bounds); a libargon2 failure is `argon2.backend_failure`.
        package static func hash(
            kind: Kind, version: UInt32, password: [UInt8], salt: [UInt8], memoryKiB: Int, iterations: Int,
            parallelism: Int, length: Int
        ) throws(CloserError) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: length)
            let pwd = password.isEmpty ? [0] : password
            let status = pwd.withUnsafeBytes { pwdBuf in
                salt.withUnsafeBytes { saltBuf in
                    out.withUnsafeMutableBytes { outBuf in
                        argon2_hash(
                            UInt32(iterations), UInt32(memoryKiB), UInt32(parallelism), pwdBuf.baseAddress,
                            password.count, saltBuf.baseAddress, salt.count, outBuf.baseAddress, outBuf.count, nil, 0,
                            argon2_type(rawValue: kind.rawValue), version)
                    }
                }
            }
            guard status == ARGON2_OK.rawValue else {
                throw CloserError(.argon2BackendFailure, "libargon2 argon2_hash failed (\(status))")
            }
            return out
        }
    }
#endif  // canImport(CArgon2)
