// Argon2id in pure Swift (RFC 9106, version 0x13, Argon2id only): no C, no Foundation, so it
// builds wherever CloserWire does (iOS included). Normative: specs/argon2id.md §"Backends".

public import CoreWire

/// Argon2id (version 0x13) computed in Swift. Supports every parameter set inside
/// CloserSpec's bounds, including parallelism above 1 (the lanes are computed one after
/// another on the calling thread: same bytes, p times the single-lane work per slice).
/// Checked against RFC 9106's test vector and against libargon2 (tests).
public struct SwiftArgon2idBackend: Argon2idBackend {
    public init() {}

    public var name: String { "swift" }

    public func deriveKey(
        password: [UInt8], salt: [UInt8], parameters: Argon2idParameters
    ) throws(CloserError) -> [UInt8] {
        try Self.deriveKey(password: password, salt: salt, secret: [], associatedData: [], parameters: parameters)
    }

    /// Argon2id with RFC 9106's optional inputs: a secret key K and associated data X.
    /// CloserSpec never uses them (specs/argon2id.md); this exists so tests can check the
    /// RFC 9106 §5.3 vector, which sets both.
    package static func deriveKey(
        password: [UInt8], salt: [UInt8], secret: [UInt8], associatedData: [UInt8], parameters: Argon2idParameters
    ) throws(CloserError) -> [UInt8] {
        // RFC 9106 §3.1: the salt is 8 bytes or more, every length fits in 32 bits. Argon2id.deriveKey
        // has checked CloserSpec's tighter bounds; this guards direct calls.
        guard salt.count >= 8, salt.count <= UInt32.max else {
            throw CloserError(.argon2SaltLengthOutOfRange, "Argon2id salt is \(salt.count) bytes; at least 8 needed")
        }
        guard password.count <= UInt32.max, secret.count <= UInt32.max, associatedData.count <= UInt32.max else {
            throw CloserError(.argon2PasswordTooLong, "Argon2id input longer than 2^32 - 1 bytes")
        }
        return Argon2Memory.argon2id(
            password: password, salt: salt, secret: secret, associatedData: associatedData,
            memoryKiB: parameters.memoryKiB, iterations: parameters.iterations, parallelism: parameters.parallelism,
            tagLength: parameters.outputLength)
    }
}
