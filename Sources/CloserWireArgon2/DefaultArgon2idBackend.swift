// Which Argon2id backend CloserSpec uses when none is named. Normative: specs/argon2id.md
// §"Default backend" (with the measurement that decided it).

public import CloserWire

/// The default backend: libsodium (measured faster at the production parameters) for
/// every call it can compute (parallelism 1, 16-byte salt: every Closer derivation), and
/// libargon2 for the rest. Both produce the same bytes (tests check 50+ parameter sets).
public struct DefaultArgon2idBackend: Argon2idBackend {
    let fast = LibsodiumArgon2Backend()
    let general = LibArgon2Backend()

    public init() {}

    public var name: String { "default" }

    public func deriveKey(
        password: [UInt8], salt: [UInt8], parameters: Argon2idParameters
    ) throws(CloserError) -> [UInt8] {
        if LibsodiumArgon2Backend.supports(parameters, saltLength: salt.count) {
            return try fast.deriveKey(password: password, salt: salt, parameters: parameters)
        }
        return try general.deriveKey(password: password, salt: salt, parameters: parameters)
    }
}

/// The backend to use when there is no reason to pick one.
public let defaultArgon2idBackend = DefaultArgon2idBackend()

/// The backends by name, for the CLI (`--backend`) and the harness (`backend` field).
public enum Argon2idBackends {
    /// Accepted names, default first.
    public static let names = ["default", "libargon2", "libsodium"]

    /// The backend called `name`, or nil.
    public static func named(_ name: String) -> (any Argon2idBackend)? {
        switch name {
        case "default": defaultArgon2idBackend
        case "libargon2": LibArgon2Backend()
        case "libsodium": LibsodiumArgon2Backend()
        default: nil
        }
    }
}
