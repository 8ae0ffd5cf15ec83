// swift-tools-version:6.1
// CloserSpec — the executable specification of Closer's cross-platform contracts.
// Products are the API an app or a port pins: CloserWire, CloserWireArgon2, CloserRules and
// the closer-spec executable. The harness, the vector set and the benchmarks are internal
// targets behind the executable. Layout: README.md §"Layout".
import PackageDescription

/// The host C libraries behind the libargon2 and libsodium backends exist on Linux and macOS
/// only; on iOS CloserWireArgon2 builds with its pure-Swift backend alone.
let hostLibraries = TargetDependencyCondition.when(platforms: [Platform.linux, Platform.macOS])

let package = Package(
    name: "CloserSpec",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "CloserWire", targets: ["CloserWire"]),
        .library(name: "CloserWireArgon2", targets: ["CloserWireArgon2"]),
        .library(name: "CloserRules", targets: ["CloserRules"]),
        .executable(name: "closer-spec", targets: ["closer-spec"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Bench-only: the fast base64 the wire formats' strict codec is measured against.
        .package(url: "https://github.com/swift-extras/swift-extras-base64.git", from: "1.2.0"),
        // Docs-only: the `generate-documentation` command behind `make docs` (scripts/docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
        ),
        .systemLibrary(
            name: "CArgon2",
            pkgConfig: "libargon2",
            providers: [.apt(["libargon2-dev"]), .brew(["argon2"])]
        ),
        .target(
            name: "CloserWire",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "CloserWireArgon2",
            dependencies: [
                "CloserWire",
                .target(name: "CSodium", condition: hostLibraries),
                .target(name: "CArgon2", condition: hostLibraries),
            ]
        ),
        .target(name: "CloserRules", dependencies: ["CloserWire"]),
        // Internal: the vector set (suites, deterministic JSON writer, spec tables).
        .target(
            name: "CloserVectors",
            dependencies: ["CloserWire", "CloserWireArgon2", "CloserRules"]
        ),
        // Internal: harness protocol v1 (server, ops, line transport), verify and the port driver.
        .target(
            name: "CloserHarness",
            dependencies: ["CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectors"]
        ),
        // Internal: `closer-spec bench` cases, each against its raw primitive.
        .target(
            name: "CloserBench",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectors", "CloserHarness",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ]
        ),
        .executableTarget(
            name: "closer-spec",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectors", "CloserHarness", "CloserBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "CloserWireTests",
            dependencies: ["CloserWire", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(name: "CloserWireArgon2Tests", dependencies: ["CloserWire", "CloserWireArgon2"]),
        .testTarget(name: "CloserRulesTests", dependencies: ["CloserWire", "CloserRules"]),
        .testTarget(
            name: "CloserVectorsTests",
            dependencies: ["CloserWire", "CloserRules", "CloserVectors", "CloserHarness", "closer-spec"]
        ),
        .testTarget(
            name: "CloserHarnessTests",
            dependencies: ["CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectors", "CloserHarness"]
        ),
        .testTarget(
            name: "CloserSpecCLITests",
            dependencies: ["closer-spec", "CloserWire", "CloserRules", "CloserHarness"]
        ),
    ]
)

// Fuzzing (fuzz/run.sh, specs/threat-model.md §Fuzzing): libFuzzer targets, present only in a
// build made with CLOSER_FUZZ=1 (and -sanitize=fuzzer), so ordinary builds never see them.
if Context.environment["CLOSER_FUZZ"] == "1" {
    package.targets += [
        .target(name: "CFuzzDriver", path: "fuzz/Sources/CFuzzDriver"),
        .executableTarget(
            name: "closer-fuzz",
            dependencies: ["CFuzzDriver", "CloserWire", "CloserRules", "CloserHarness"],
            path: "fuzz/Sources/closer-fuzz"),
    ]
    package.products.append(.executable(name: "closer-fuzz", targets: ["closer-fuzz"]))
}
