// SHAKE128 (FIPS 202) through OpenSSL's EVP interface: the input stream of `closer-spec
// accumulate`. swift-crypto does not expose SHAKE; OpenSSL's libcrypto (Debian's libssl-dev) is
// a real, reviewed implementation, so no Keccak is written here. Each case reads one output of a
// fixed length (OpenSSL 3.0 has no incremental squeeze). Normative: specs/explore.md
// §"Accumulated mode".

#if canImport(COpenSSL)
    import COpenSSL

    package enum Shake128 {
        /// The first `length` bytes of SHAKE128(`message`).
        package static func hash(_ message: [UInt8], length: Int) -> [UInt8] {
            guard length > 0, let ctx = EVP_MD_CTX_new() else { return [] }
            defer { EVP_MD_CTX_free(ctx) }
            var out = [UInt8](repeating: 0, count: length)
            let ok =
                EVP_DigestInit_ex(ctx, EVP_shake128(), nil) == 1
                && message.withUnsafeBytes { EVP_DigestUpdate(ctx, $0.baseAddress, $0.count) } == 1
                && out.withUnsafeMutableBufferPointer { EVP_DigestFinalXOF(ctx, $0.baseAddress, length) } == 1
            precondition(ok, "OpenSSL SHAKE128 failed")
            return out
        }
    }
#endif
