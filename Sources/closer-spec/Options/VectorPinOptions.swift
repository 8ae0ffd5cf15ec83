// `--manifest-sha256 [PROFILE=]HEX`, `--vector-set-version [PROFILE=]X` and `--allow-empty`
// on the commands that read vector sets (`verify`, `harness`): what a port's CI pins of the
// sets, and whether a run that executes no test may pass. Normative: specs/threat-model.md
// §"Pinning".

import ArgumentParser
import CloserHarness
import CloserWire

struct VectorPinOptions: ParsableArguments {
    @Option(
        name: .customLong("manifest-sha256"),
        help: ArgumentHelp(
            "SHA-256 (hex) of a set's MANIFEST.json that the run must read (repeatable, one per set).",
            valueName: "[profile=]hex"))
    var manifestSHA256: [String] = []

    @Option(
        help: ArgumentHelp(
            "The vectorSetVersion a set's MANIFEST.json must carry (repeatable, one per set).",
            valueName: "[profile=]version"))
    var vectorSetVersion: [String] = []

    @Flag(help: "Pass even when no test was executed (default: a run that executes no test fails).")
    var allowEmpty = false

    func validate() throws { _ = try pins() }

    /// The pins, by profile (`closer` when none is named).
    func pins() throws -> VectorPins {
        var pins = VectorPins()
        for value in manifestSHA256 {
            let (profile, hex) = Self.split(value)
            guard hex.utf8.count == 64, hex.utf8.allSatisfy({ Self.hexDigits.contains($0) }) else {
                throw ValidationError("--manifest-sha256 takes [profile=]64 hex digits")
            }
            guard pins.manifestSHA256[profile] == nil else {
                throw ValidationError("--manifest-sha256 pins the set \(profile) twice")
            }
            pins.manifestSHA256[profile] = hex.lowercased()
        }
        for value in vectorSetVersion {
            let (profile, version) = Self.split(value)
            guard !version.isEmpty else { throw ValidationError("--vector-set-version takes [profile=]version") }
            guard pins.versions[profile] == nil else {
                throw ValidationError("--vector-set-version pins the set \(profile) twice")
            }
            pins.versions[profile] = version
        }
        return pins
    }

    static let hexDigits = Set("0123456789abcdefABCDEF".utf8)

    static func split(_ value: String) -> (profile: String, value: String) {
        guard let eq = value.firstIndex(of: "=") else { return ("closer", value) }
        return (String(value[..<eq]), String(value[value.index(after: eq)...]))
    }
}
