// swift-tools-version:6.1
// CloserSpec — the executable specification of Closer's cross-platform contracts.
// Products are the API an app or a port pins: CloserWire, CloserWireArgon2, CloserRules and
// the closer-spec executable. The harness, the vector set and the benchmarks are internal
// targets behind the executable. Layout: README.md §"Layout", docs/adding-a-profile.md.
import Foundation
import PackageDescription

/// The host C libraries behind the libargon2 and libsodium backends exist on Linux and macOS
/// only; on iOS CloserWireArgon2 builds with its pure-Swift backend alone.
let hostLibraries = TargetDependencyCondition.when(platforms: [Platform.linux, Platform.macOS])

/// CloserVectorSet's resource is the committed vectors/ itself (one copy; SwiftPM copies a
/// symlink as a link): its target path is the package root, its sources Sources/CloserVectorSet,
/// and every other entry of the root and of Sources/ is excluded (specs/distribution.md §Loaders).
let vectorSetExcludes: [String] = {
    func entries(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + dir)) ?? [])
            .filter { !$0.hasPrefix(".") }
    }
    let top = entries("").filter { !["vectors", "Sources", "Package.swift", "Package.resolved"].contains($0) }
    return (top + entries("/Sources").filter { $0 != "CloserVectorSet" }.map { "Sources/" + $0 }).sorted()
}()

let package = Package(
    name: "CloserSpec",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "CloserWire", targets: ["CloserWire"]),
        .library(name: "CloserWireArgon2", targets: ["CloserWireArgon2"]),
        .library(name: "CloserRules", targets: ["CloserRules"]),
        // App profiles on the same core (README §Layout, docs/adding-a-profile.md): one product per app that imports it.
        .library(name: "FitLink", targets: ["FitLink"]),
        .library(name: "RewardE", targets: ["RewardE"]),
        .library(name: "Unstoppable", targets: ["Unstoppable"]),
        .library(name: "PayBack", targets: ["PayBack"]),
        // The vector sets as resources, digests checked on load (specs/distribution.md §SwiftPM).
        .library(name: "CloserVectorSet", targets: ["CloserVectorSet"]),
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
        // SHAKE128 for `closer-spec accumulate` (specs/explore.md): OpenSSL's libcrypto.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
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
        // Internal: the vector file model (cases, flags, layers, reader, writer, manifest) and the
        // generic generation support every vector set uses, Closer's and each profile's.
        .target(name: "CloserVectorModel", dependencies: ["CloserWire", "CloserRules"]),
        // Internal: Closer's vector suites and the rules vectors.
        .target(
            name: "CloserVectors",
            dependencies: ["CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectorModel"]
        ),
        // Internal: harness protocol v1 (op table, server, ops, line transport), verify and the
        // port driver. It reads vectors through the model alone, never the suite generators.
        .target(
            name: "CloserHarness",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectorModel",
                .target(name: "COpenSSL", condition: hostLibraries),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // App profiles (specs/profiles/<name>/, vectors/profiles/<name>/): each an app library and
        // its conformance target (suites, harness ops, inspector), built on the core only.
        .target(
            name: "FitLink",
            dependencies: ["CloserWire", "CloserRules", .product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Profiles/FitLink/FitLink"
        ),
        .target(
            name: "FitLinkConformance",
            dependencies: ["CloserWire", "CloserRules", "CloserVectorModel", "CloserHarness", "FitLink"],
            path: "Sources/Profiles/FitLink/FitLinkConformance"
        ),
        .target(
            name: "RewardE",
            dependencies: ["CloserWire", "CloserRules"],
            path: "Sources/Profiles/RewardE/RewardE"
        ),
        .target(
            name: "RewardEConformance",
            dependencies: ["CloserWire", "CloserRules", "CloserVectorModel", "CloserHarness", "RewardE"],
            path: "Sources/Profiles/RewardE/RewardEConformance"
        ),
        .target(
            name: "Unstoppable",
            dependencies: ["CloserWire"],
            path: "Sources/Profiles/Unstoppable/Unstoppable"
        ),
        .target(
            name: "UnstoppableConformance",
            dependencies: ["CloserWire", "CloserVectorModel", "CloserHarness", "Unstoppable"],
            path: "Sources/Profiles/Unstoppable/UnstoppableConformance"
        ),
        .target(
            name: "PayBack",
            dependencies: ["CloserWire"],
            path: "Sources/Profiles/PayBack/PayBack"
        ),
        .target(
            name: "PayBackConformance",
            dependencies: ["CloserWire", "CloserVectorModel", "CloserHarness", "PayBack"],
            path: "Sources/Profiles/PayBack/PayBackConformance"
        ),
        // The committed vectors/ as its resource (vectorSetExcludes above).
        .target(
            name: "CloserVectorSet",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            path: ".",
            exclude: vectorSetExcludes,
            sources: ["Sources/CloserVectorSet"],
            resources: [.copy("vectors")]
        ),
        // Internal: `closer-spec bench` cases, each against its raw primitive.
        .target(
            name: "CloserBench",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectorModel", "CloserVectors", "CloserHarness",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ]
        ),
        .executableTarget(
            name: "closer-spec",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectorModel", "CloserVectors", "CloserHarness",
                "CloserBench", "FitLink", "FitLinkConformance", "RewardE", "RewardEConformance",
                "Unstoppable", "UnstoppableConformance", "PayBack", "PayBackConformance",
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
            dependencies: [
                "CloserWire", "CloserRules", "CloserVectorModel", "CloserVectors", "CloserHarness", "closer-spec",
            ]
        ),
        .testTarget(
            name: "CloserHarnessTests",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectorModel", "CloserVectors", "CloserHarness",
            ]
        ),
        .testTarget(
            name: "CloserSpecCLITests",
            dependencies: [
                "closer-spec", "CloserWire", "CloserRules", "CloserVectorModel", "CloserHarness", "FitLink", "RewardE",
                "CloserWireArgon2",
            ]
        ),
        .testTarget(name: "CloserVectorSetTests", dependencies: ["CloserVectorSet"]),
        .testTarget(
            name: "FitLinkTests",
            dependencies: [
                "CloserWire", "CloserRules", "CloserHarness", "FitLink", "FitLinkConformance",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/Profiles/FitLinkTests"
        ),
        .testTarget(
            name: "RewardETests",
            dependencies: ["CloserWire", "CloserRules", "CloserHarness", "RewardE", "RewardEConformance"],
            path: "Tests/Profiles/RewardETests"
        ),
        .testTarget(
            name: "UnstoppableTests",
            dependencies: ["CloserWire", "CloserHarness", "Unstoppable", "UnstoppableConformance"],
            path: "Tests/Profiles/UnstoppableTests"
        ),
        .testTarget(
            name: "PayBackTests",
            dependencies: ["CloserHarness", "CloserWire", "PayBack", "PayBackConformance"],
            path: "Tests/Profiles/PayBackTests"
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
            dependencies: [
                "CFuzzDriver", "CloserWire", "CloserRules", "CloserVectorModel", "CloserHarness", "FitLinkConformance",
                "RewardEConformance", "UnstoppableConformance", "PayBackConformance",
            ],
            path: "fuzz/Sources/closer-fuzz"),
    ]
    package.products.append(.executable(name: "closer-fuzz", targets: ["closer-fuzz"]))
}

// Guided explore (scripts/guided.sh, specs/explore.md §"Guided"): the closer-spec-guided
// executable, present only in a build made with CLOSER_GUIDED=1 (its own scratch path). Only the
// reference's libraries are built with -sanitize=fuzzer, so libFuzzer's coverage is their edges
// alone: the harness, the generators and the port I/O (whose branches depend on timing) are not
// instrumented, which keeps a run with a fixed seed and corpus reproducible.
if Context.environment["CLOSER_GUIDED"] == "1" {
    let instrumented: Set<String> = [
        "CloserWire", "CloserWireArgon2", "CloserRules", "FitLink", "RewardE", "Unstoppable", "PayBack",
    ]
    for target in package.targets where instrumented.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer"])]
    }
    package.targets += [
        .target(name: "CGuidedCoverage", path: "fuzz/Sources/CGuidedCoverage"),
        .executableTarget(
            name: "closer-spec-guided",
            dependencies: [
                "CGuidedCoverage", "CloserWire", "CloserVectorModel", "CloserHarness", "FitLinkConformance",
                "RewardEConformance", "UnstoppableConformance", "PayBackConformance",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "fuzz/Sources/closer-spec-guided",
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]),
    ]
    package.products.append(.executable(name: "closer-spec-guided", targets: ["closer-spec-guided"]))
}
