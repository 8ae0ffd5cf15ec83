// The Argon2id seam. Normative: specs/argon2id.md.
//
// CloserWire has no C in its API, so it does not compute Argon2id itself: callers pass a
// backend. CloserWireArgon2 provides two (libargon2, libsodium) and `defaultArgon2idBackend`;
// an iOS app can inject its own (e.g. a Swift or vendor implementation) by conforming to
// `Argon2idBackend`. All backends must produce the bytes of RFC 9106 Argon2id, version 0x13.

extension CloserError.Code {
    /// A backend returned a key of the wrong length (a broken injected backend).
    public static let argon2BackendFailure = Self("argon2.backend_failure", .invalidParameters)
    /// A backend cannot compute this parameter set (e.g. libsodium with p > 1).
    public static let argon2Unsupported = Self("argon2.unsupported", .unsupported)
}

/// Something that computes Argon2id (version 0x13).
///
/// Backends are called only through `Argon2id.deriveKey`, which has already checked the
/// salt and password lengths; `parameters` are valid by construction. A backend throws
/// `argon2.unsupported` for a parameter set it cannot compute, and never for a wrong
/// password (Argon2id has no notion of one).
public protocol Argon2idBackend: Sendable {
    /// A short name for logs and the CLI (`libargon2`, `libsodium`, ...).
    var name: String { get }

    /// Derives `parameters.outputLength` bytes.
    func deriveKey(password: [UInt8], salt: [UInt8], parameters: Argon2idParameters) throws(CloserError) -> [UInt8]
}

/// The checked entry point to Argon2id.
public enum Argon2id: Sendable {
    /// Checks the salt and password lengths, then asks `backend` for the key, and checks
    /// that the backend returned exactly `parameters.outputLength` bytes.
    public static func deriveKey(
        password: some Collection<UInt8>, salt: some Collection<UInt8>, parameters: Argon2idParameters,
        backend: some Argon2idBackend
    ) throws(CloserError) -> [UInt8] {
        let saltRange = Argon2idParameters.saltLengthRange
        guard saltRange.contains(salt.count) else {
            throw CloserError(
                .argon2SaltLengthOutOfRange,
                "Argon2id salt is \(salt.count) bytes; accepted \(saltRange.lowerBound)...\(saltRange.upperBound)")
        }
        guard password.count <= Argon2idParameters.maximumPasswordLength else {
            throw CloserError(
                .argon2PasswordTooLong,
                "Argon2id password is \(password.count) bytes; at most \(Argon2idParameters.maximumPasswordLength) accepted"
            )
        }
        let key = try backend.deriveKey(password: Array(password), salt: Array(salt), parameters: parameters)
        guard key.count == parameters.outputLength else {
            throw CloserError(
                .argon2BackendFailure,
                "Argon2id backend \(backend.name) returned \(key.count) bytes, expected \(parameters.outputLength)")
        }
        return key
    }
}
