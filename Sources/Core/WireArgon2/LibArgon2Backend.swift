// Argon2id through libargon2, the reference implementation (Debian's libargon2-dev).
// Normative: specs/argon2id.md §"Backends".

#if canImport(CArgon2)
    internal import CArgon2
    public import CoreWire

    /// Argon2id (version 0x13) computed by libargon2's `argon2id_hash_raw`. Supports every
    /// parameter set inside CloserSpec's bounds, including parallelism above 1 (libargon2 runs
    /// the lanes on threads).
    public struct LibArgon2Backend: Argon2idBackend {
        public init() {}

        public var name: String { "libargon2" }

        public func deriveKey(
            password: [UInt8], salt: [UInt8], parameters: Argon2idParameters
        ) throws(CloserError) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: parameters.outputLength)
            // An empty array may have no storage; pass a real pointer with length 0.
            let pwd = password.isEmpty ? [0] : password
            let status = pwd.withUnsafeBytes { pwdBuf in
                salt.withUnsafeBytes { saltBuf in
                    out.withUnsafeMutableBytes { outBuf in
                        argon2id_hash_raw(
                            UInt32(parameters.iterations), UInt32(parameters.memoryKiB), UInt32(parameters.parallelism),
                            pwdBuf.baseAddress, password.count, saltBuf.baseAddress, salt.count,
                            outBuf.baseAddress, outBuf.count)
                    }
                }
            }
            guard status == ARGON2_OK.rawValue else {
                let message = String(cString: argon2_error_message(status))
                throw CloserError(.argon2BackendFailure, "libargon2 failed: \(message) (\(status))")
            }
            return out
        }
    }
#endif  // canImport(CArgon2)
