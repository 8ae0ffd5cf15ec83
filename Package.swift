// swift-tools-version:6.1
// CloserSpec — the executable specification of Closer's cross-platform contracts.
// Products are the API an app or a port pins: CloserWire, CloserContracts, CloserWireArgon2,
// CloserRules, the app profiles' libraries and the closer-spec executable. The harness, the vector
// set and the benchmarks are internal targets behind the executable. Layout: README.md §"Layout",
// docs/adding-a-profile.md §"Where things live".
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
        // Closer's Cloud Functions contracts, for the code that computes them (not the iOS app).
        .library(name: "CloserContracts", targets: ["CloserContracts"]),
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
        // The generic core (Sources/Core/, docs/adding-a-profile.md §"Where things live"): wire
        // layers, the Argon2id backends, the vector model and the harness. Closer is a profile
        // like the others (Sources/Profiles/Closer/).
        .target(
            name: "CoreWire",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Core/Wire"
        ),
        .target(
            name: "CloserWireArgon2",
            dependencies: [
                "CoreWire",
                .target(name: "CSodium", condition: hostLibraries),
                .target(name: "CArgon2", condition: hostLibraries),
            ],
            path: "Sources/Core/WireArgon2"
        ),
        // The rules engine and model (specs/rules.md §Evaluation): patterns, invariants, the
        // Firestore value model, deny-by-default evaluation. A profile's rule set names its wire
        // formats and supplies the probe that reads them.
        .target(name: "CoreRules", dependencies: ["CoreWire"], path: "Sources/Core/Rules"),
        // Closer's profile: its wire values and pairing (re-exporting CoreWire), its Cloud
        // Functions contracts, its rules (re-exporting CoreRules) and its conformance (suites,
        // rules vectors).
        .target(
            name: "CloserWire",
            dependencies: ["CoreWire", .product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Profiles/Closer/CloserWire"
        ),
        .target(
            name: "CloserContracts",
            dependencies: ["CloserWire", .product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Profiles/Closer/CloserContracts"
        ),
        .target(name: "CloserRules", dependencies: ["CloserWire", "CoreRules"], path: "Sources/Profiles/Closer/CloserRules"),
        // Internal: the vector file model (cases, flags, layers, reader, writer, manifest) and the
        // generic generation support every vector set uses, Closer's and each profile's.
        .target(
            name: "CloserVectorModel",
            dependencies: ["CoreWire", "CoreRules", .product(name: "Crypto", package: "swift-crypto")], path: "Sources/Core/VectorModel"),
        // Internal: Closer's vector suites and the rules vectors.
        .target(
            name: "CloserConformance",
            dependencies: [
                "CloserWire", "CloserContracts", "CloserWireArgon2", "CloserRules", "CloserVectorModel", "CloserHarness",
            ],
            path: "Sources/Profiles/Closer/CloserConformance"
        ),
        // Internal: harness protocol v1 (op table, server, ops, line transport), verify and the
        // port driver. It reads vectors through the model alone, never the suite generators.
        .target(
            name: "CloserHarness",
            dependencies: [
                "CloserWire", "CloserContracts", "CloserWireArgon2", "CloserRules", "CloserVectorModel",
                .target(name: "COpenSSL", condition: hostLibraries),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/Core/Harness"
        ),
        // App profiles (specs/profiles/<name>/, vectors/profiles/<name>/): each an app library and
        // its conformance target (suites, harness ops, inspector), built on the core only.
        .target(
            name: "FitLink",
            dependencies: ["CoreWire", "CoreRules", .product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Profiles/FitLink/FitLink"
        ),
        .target(
            name: "FitLinkConformance",
            dependencies: ["CoreWire", "CoreRules", "CloserVectorModel", "CloserHarness", "FitLink"],
            path: "Sources/Profiles/FitLink/FitLinkConformance"
        ),
        .target(
            name: "RewardE",
            dependencies: ["CoreWire", "CoreRules"],
            path: "Sources/Profiles/RewardE/RewardE"
        ),
        .target(
            name: "RewardEConformance",
            dependencies: ["CoreWire", "CoreRules", "CloserVectorModel", "CloserHarness", "RewardE"],
            path: "Sources/Profiles/RewardE/RewardEConformance"
        ),
        .target(
            name: "Unstoppable",
            dependencies: ["CoreWire"],
            path: "Sources/Profiles/Unstoppable/Unstoppable"
        ),
        .target(
            name: "UnstoppableConformance",
            dependencies: ["CoreWire", "CloserVectorModel", "CloserHarness", "Unstoppable"],
            path: "Sources/Profiles/Unstoppable/UnstoppableConformance"
        ),
        .target(
            name: "PayBack",
            dependencies: ["CoreWire"],
            path: "Sources/Profiles/PayBack/PayBack"
        ),
        .target(
            name: "PayBackConformance",
            dependencies: ["CoreWire", "CloserVectorModel", "CloserHarness", "PayBack"],
            path: "Sources/Profiles/PayBack/PayBackConformance"
        ),
        // The one list of profiles (Sources/ProfileRegistry/AppProfiles.swift): the CLI, the fuzz
        // targets and guided explore read it. A new profile's conformance target is added here.
        .target(
            name: "ProfileRegistry",
            dependencies: [
                "CloserVectorModel", "CloserHarness", "CloserConformance", "FitLinkConformance", "RewardEConformance",
                "UnstoppableConformance", "PayBackConformance",
            ]
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
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectorModel", "CloserConformance",
                "CloserHarness",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ]
        ),
        .executableTarget(
            name: "closer-spec",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectorModel", "CloserConformance",
                "CloserHarness",
                "CloserBench", "ProfileRegistry", "FitLink", "FitLinkConformance", "RewardE", "RewardEConformance",
                "Unstoppable", "UnstoppableConformance", "PayBack", "PayBackConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "CloserWireTests",
            dependencies: [
                "CoreWire", "CloserWire", "CloserContracts", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "CloserWireArgon2Tests", dependencies: ["CoreWire", "CloserWire", "CloserWireArgon2"]),
        .testTarget(name: "CloserRulesTests", dependencies: ["CoreWire", "CloserWire", "CloserRules"]),
        .testTarget(
            name: "CloserConformanceTests",
            dependencies: [
                "CoreWire", "CloserWire", "CloserContracts", "CloserRules", "CloserVectorModel", "CloserConformance",
                "CloserHarness", "closer-spec",
            ]
        ),
        .testTarget(
            name: "CloserHarnessTests",
            dependencies: [
                "CoreWire", "CloserWire", "CloserContracts", "CloserWireArgon2", "CloserRules", "CloserVectorModel",
                "CloserConformance", "CloserHarness", "ProfileRegistry",
            ]
        ),
        .testTarget(
            name: "CloserSpecCLITests",
            dependencies: [
                "closer-spec", "CoreWire", "CloserWire", "CloserContracts", "CloserRules", "CloserVectorModel",
                "CloserHarness", "FitLink", "RewardE", "ProfileRegistry", "CloserVectorSet",
                "CloserWireArgon2",
            ]
        ),
        .testTarget(name: "CloserVectorSetTests", dependencies: ["CloserVectorSet"]),
        .testTarget(
            name: "FitLinkTests",
            dependencies: [
                "CoreWire", "CoreRules", "CloserHarness", "FitLink", "FitLinkConformance",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/Profiles/FitLinkTests"
        ),
        .testTarget(
            name: "RewardETests",
            dependencies: ["CoreWire", "CoreRules", "CloserHarness", "RewardE", "RewardEConformance"],
            path: "Tests/Profiles/RewardETests"
        ),
        .testTarget(
            name: "UnstoppableTests",
            dependencies: ["CoreWire", "CloserHarness", "Unstoppable", "UnstoppableConformance"],
            path: "Tests/Profiles/UnstoppableTests"
        ),
        .testTarget(
            name: "PayBackTests",
            dependencies: ["CloserHarness", "CoreWire", "PayBack", "PayBackConformance"],
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
                "CFuzzDriver", "CoreWire", "CloserWire", "CloserRules", "CloserVectorModel", "CloserHarness",
                "ProfileRegistry",
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
        "CoreWire", "CloserWire", "CloserContracts", "CloserWireArgon2", "CoreRules", "CloserRules", "FitLink",
        "RewardE", "Unstoppable", "PayBack",
    ]
    for target in package.targets where instrumented.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer"])]
    }
    package.targets += [
        .target(name: "CGuidedCoverage", path: "fuzz/Sources/CGuidedCoverage"),
        .executableTarget(
            name: "closer-spec-guided",
            dependencies: [
                "CGuidedCoverage", "CloserWire", "CloserVectorModel", "CloserHarness", "ProfileRegistry",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "fuzz/Sources/closer-spec-guided",
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]),
    ]
    package.products.append(.executable(name: "closer-spec-guided", targets: ["closer-spec-guided"]))
    // fuzz/run.sh's FUZZ_BUILD=quick builds closer-fuzz in this configuration, sharing the build:
    // no -sanitize=fuzzer on the command line, so its link asks for libFuzzer itself.
    for target in package.targets where target.name == "closer-fuzz" {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
    }
}
