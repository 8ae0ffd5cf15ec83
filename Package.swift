// swift-tools-version:6.1
// CloserSpec — the executable specification of Closer's cross-platform contracts.
// Layout: ../shared/design/architecture.md (mirrored in README.md).
import PackageDescription

let package = Package(
    name: "CloserSpec",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "CloserWire", targets: ["CloserWire"]),
        .library(name: "CloserWireArgon2", targets: ["CloserWireArgon2"]),
        .library(name: "CloserRules", targets: ["CloserRules"]),
        .library(name: "CloserVectors", targets: ["CloserVectors"]),
        .executable(name: "closer-spec", targets: ["closer-spec"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
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
            dependencies: ["CloserWire", "CSodium", "CArgon2"]
        ),
        .target(name: "CloserRules", dependencies: ["CloserWire"]),
        .target(
            name: "CloserVectors",
            dependencies: ["CloserWire", "CloserWireArgon2", "CloserRules"]
        ),
        .executableTarget(
            name: "closer-spec",
            dependencies: [
                "CloserWire", "CloserWireArgon2", "CloserRules", "CloserVectors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CloserWireTests", dependencies: ["CloserWire"]),
        .testTarget(name: "CloserWireArgon2Tests", dependencies: ["CloserWireArgon2"]),
        .testTarget(name: "CloserRulesTests", dependencies: ["CloserRules"]),
        .testTarget(name: "CloserVectorsTests", dependencies: ["CloserVectors"]),
    ]
)
