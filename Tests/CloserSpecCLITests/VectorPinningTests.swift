// A port's CI must not pass against a vector set someone edited: harness and verify check every
// file against MANIFEST.json, --manifest-sha256 pins the manifest itself, and a run that
// executes no test fails (specs/threat-model.md §"Pinning"). The hostile ports are
// ports/fixtures/yes-man-port.

import ArgumentParser
import CloserHarness
import CloserVectorModel
import CloserWire
import Foundation
import Testing

@testable import closer_spec

@Suite("vector pinning and empty runs", .serialized)
struct VectorPinningTests {
    static let vectors = PackageFiles.root.appendingPathComponent("vectors").path
    static let yesMan = PackageFiles.root.appendingPathComponent("ports/fixtures/yes-man-port").path

    /// The closer-spec built next to this test binary (the yes-man forwards to its `serve`).
    static var closerSpec: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [beside, beside.deletingLastPathComponent()] {
            let path = dir.appendingPathComponent("closer-spec").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return PackageFiles.root.appendingPathComponent(".build/debug/closer-spec").path
    }

    /// The exit status a command's run ends with (0 when it returns).
    static func exitStatus(_ arguments: [String], _ command: any ParsableCommand.Type) throws -> Int32 {
        let parsed = try command.parseAsRoot(arguments)
        do {
            var mutable = parsed
            try mutable.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        }
    }

    /// A copy of Closer's set whose enc_v1 invalid tests are `acceptable`; its manifest keeps the
    /// stale digest unless `recompute`.
    static func tamperedCopy(recompute: Bool) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("closer-tampered-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: vectors) where name.hasSuffix(".json") {
            try FileManager.default.copyItem(atPath: vectors + "/" + name, toPath: dir.path + "/" + name)
        }
        let suite = dir.path + "/enc_v1.json"
        let text = try String(contentsOfFile: suite, encoding: .utf8)
        let tampered = text.replacingOccurrences(of: "\"result\": \"invalid\"", with: "\"result\": \"acceptable\"")
        #expect(tampered != text)
        try Data(tampered.utf8).write(to: URL(fileURLWithPath: suite))
        if recompute {
            let manifestPath = dir.path + "/MANIFEST.json"
            let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
            let old = Hex.encode(sha256(Array(text.utf8)))
            let new = Hex.encode(sha256(Array(tampered.utf8)))
            try Data(manifest.replacingOccurrences(of: old, with: new).utf8).write(
                to: URL(fileURLWithPath: manifestPath))
        }
        return dir.path
    }

    static var realManifestSHA256: String {
        Hex.encode(sha256(Array(FileManager.default.contents(atPath: vectors + "/MANIFEST.json")!)))
    }

    @Test("a yes-man port against a tampered copy with a stale digest is refused (exit 2)")
    func staleDigest() throws {
        let copy = try Self.tamperedCopy(recompute: false)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let port = "\(Self.yesMan) \(Self.closerSpec)"
        #expect(try Self.exitStatus(["--port", port, "--vectors", copy, "--suite", "enc_v1"], Harness.self) == 2)
    }

    @Test("with a recomputed manifest the yes-man passes unless --manifest-sha256 pins the real one")
    func recomputedManifest() throws {
        let copy = try Self.tamperedCopy(recompute: true)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let port = "\(Self.yesMan) \(Self.closerSpec)"
        let run = ["--port", port, "--vectors", copy, "--suite", "enc_v1"]
        // The attack works without a pin: the test below can fail.
        #expect(try Self.exitStatus(run, Harness.self) == 0)
        #expect(try Self.exitStatus(run + ["--manifest-sha256", Self.realManifestSHA256], Harness.self) == 2)
        #expect(
            try Self.exitStatus(run + ["--manifest-sha256", "closer=" + Self.realManifestSHA256], Harness.self) == 2)
        // The real set meets the same pin.
        let real = ["--port", port, "--vectors", Self.vectors, "--suite", "enc_v1", "--profile", "closer"]
        #expect(try Self.exitStatus(real + ["--manifest-sha256", Self.realManifestSHA256], Harness.self) == 1)
    }

    @Test("--manifest-sha256 and --vector-set-version parse per set; a malformed or doubled pin is a usage error")
    func pinOptions() throws {
        let wrong = String(repeating: "0", count: 64)
        let version = try #require(
            try JSONValue(parsing: Array(FileManager.default.contents(atPath: Self.vectors + "/MANIFEST.json")!))[
                "vectorSetVersion"]?.stringValue)
        let pins = try Self.pins(["--manifest-sha256", Self.realManifestSHA256, "--vector-set-version", version])
        #expect(pins.manifestSHA256["closer"] == Self.realManifestSHA256 && pins.versions["closer"] == version)
        #expect(throws: (any Error).self) { _ = try Self.pins(["--manifest-sha256", "abc"]) }
        #expect(throws: (any Error).self) {
            _ = try Self.pins(["--manifest-sha256", wrong, "--manifest-sha256", "closer=" + wrong])
        }
    }

    static func pins(_ arguments: [String]) throws -> VectorPins { try VectorPinOptions.parse(arguments).pins() }

    @Test("a port that lists no ops fails (exit 1) unless --allow-empty")
    func noOpsPort() throws {
        let run = ["--port", "\(Self.yesMan) --no-ops", "--vectors", Self.vectors]
        #expect(try Self.exitStatus(run, Harness.self) == 1)
        #expect(try Self.exitStatus(run + ["--allow-empty"], Harness.self) == 0)
    }

    @Test("an unreadable vector directory is a named error with exit status 2, not a usage error")
    func unreadableDirectory() throws {
        #expect(try Self.exitStatus(["/nonexistent-closer-vectors"], Verify.self) == 2)
        let run = ["--port", "\(Self.yesMan) --no-ops", "--vectors", "/nonexistent-closer-vectors"]
        #expect(try Self.exitStatus(run, Harness.self) == 2)
    }
}
