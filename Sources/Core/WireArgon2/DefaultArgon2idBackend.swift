// Which Argon2id backend CloserSpec uses when none is named. Normative: specs/argon2id.md
// §"Default backend" (with the measurement that decided it).

public import CoreWire

/// The default backend. Where the host libraries exist (Linux, macOS): libsodium (measured
/// fastest at the production parameters) for every call it can compute (parallelism 1,
/// 16-byte salt: every Closer derivation), and libargon2 for the rest. Elsewhere (iOS): the
/// pure-Swift backend. All produce the same bytes (tests check 64+ parameter sets).
public struct DefaultArgon2idBackend: Argon2idBackend {
    public init() {}

    public var name: String { "default" }

    public func deriveKey(
        password: [UInt8], salt: [UInt8], parameters: Argon2idParameters
    ) throws(CloserError) -> [UInt8] {
        #if canImport(CSodium) && canImport(CArgon2)
            if LibsodiumArgon2Backend.supports(parameters, saltLength: salt.count) {
                return try LibsodiumArgon2Backend().deriveKey(password: password, salt: salt, parameters: parameters)
            }
            return try LibArgon2Backend().deriveKey(password: password, salt: salt, parameters: parameters)
        #else
            return try SwiftArgon2idBackend().deriveKey(password: password, salt: salt, parameters: parameters)
        #endif
    }
}

/// The backend to use when there is no reason to pick one.
public let defaultArgon2idBackend = DefaultArgon2idBackend()

/// The backends by name, for the CLI (`--backend`) and the harness (`backend` field).
public enum Argon2idBackends {
    /// Accepted names on this platform, default first.
    public static var names: [String] {
        #if canImport(CSodium) && canImport(CArgon2)
            ["default", "libargon2", "libsodium", "swift"]
        #else
            ["default", "swift"]
        #endif
    }

    /// The backend called `name`, or nil.
    public static func named(_ name: String) -> (any Argon2idBackend)? {
        switch name {
        case "default": return defaultArgon2idBackend
        case "swift": return SwiftArgon2idBackend()
        #if canImport(CSodium) && canImport(CArgon2)
            case "libargon2": return LibArgon2Backend()
            case "libsodium": return LibsodiumArgon2Backend()
        #endif
        default: return nil
        }
    }
}
