import ArgumentParser
import CloserWire
import CloserWireArgon2

/// `--backend`: which Argon2id implementation computes the key (specs/argon2id.md §"Backends").
enum Argon2BackendChoice: String, CaseIterable, ExpressibleByArgument {
    case `default`, libargon2, libsodium, swift

    var backend: any Argon2idBackend {
        // Every case names a backend of CloserWireArgon2 (checked by the CLI tests).
        Argon2idBackends.named(rawValue) ?? defaultArgon2idBackend
    }
}

/// The options every command that runs Argon2id shares.
struct Argon2Options: ParsableArguments {
    @Option(help: "Argon2id backend.")
    var backend: Argon2BackendChoice = .default
}
