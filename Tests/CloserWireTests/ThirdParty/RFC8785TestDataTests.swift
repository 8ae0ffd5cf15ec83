// RFC 8785's published test data (cyberphone/json-canonicalization testdata), read in place
// from ../shared/third_party/jcs next to the package: every input/X.json must canonicalize
// to exactly output/X.json, whose bytes must also equal outhex/X.txt.
@testable import CoreWire
import Foundation
import Testing

@testable import CloserWire

enum RFC8785TestData {
    /// `<package root>/../shared/third_party/jcs`, or nil when it is not on this machine.
    static let directory: URL? = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                let jcs = url.deletingLastPathComponent().appendingPathComponent("shared/third_party/jcs")
                let exists = FileManager.default.fileExists(
                    atPath: jcs.appendingPathComponent("input").path)
                if !exists {
                    print(
                        "RFC 8785 test data not found at \(jcs.path): skipping the RFC 8785 test data suite")
                }
                return exists ? jcs : nil
            }
            url = url.deletingLastPathComponent()
        }
        print("package root not found from \(#filePath): skipping the RFC 8785 test data suite")
        return nil
    }()

    static func names() throws -> [String] {
        guard let directory else { return [] }
        return try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("input").path
        )
        .filter { $0.hasSuffix(".json") }
        .sorted()
    }

    static func read(_ folder: String, _ name: String) throws -> [UInt8] {
        guard let directory else { return [] }
        return Array(
            try Data(contentsOf: directory.appendingPathComponent(folder).appendingPathComponent(name)))
    }
}

// Skipped (with a printed note) when ../shared/third_party/jcs is absent.
@Suite(
    "RFC 8785 test data",
    .enabled(
        if: RFC8785TestData.directory != nil, "RFC 8785 test data (../shared/third_party/jcs) is absent"
    ))
struct RFC8785TestDataTests {
    @Test("every input canonicalizes to its output bytes")
    func everyInput() throws {
        let names = try RFC8785TestData.names()
        #expect(names.count >= 6, "expected the six RFC 8785 test files, found \(names)")
        for name in names {
            let input = try RFC8785TestData.read("input", name)
            let expected = try RFC8785TestData.read("output", name)
            #expect(!expected.isEmpty, "\(name)")
            #expect(try CanonicalJSON.canonicalize(input) == expected, "\(name)")
            #expect(CanonicalJSON.isCanonical(expected), "\(name)")
            #expect(!CanonicalJSON.isCanonical(input), "\(name) input is pretty-printed")
        }
    }

    @Test("outhex agrees with output (the data is what it claims)")
    func outhex() throws {
        for name in try RFC8785TestData.names() {
            let expected = try RFC8785TestData.read("output", name)
            let hexName = String(name.dropLast(".json".count)) + ".txt"
            let hexText = String(decoding: try RFC8785TestData.read("outhex", hexName), as: UTF8.self)
            let hex = hexText.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).joined()
            #expect(try Hex.decode(hex) == expected, "\(name)")
        }
    }
}
