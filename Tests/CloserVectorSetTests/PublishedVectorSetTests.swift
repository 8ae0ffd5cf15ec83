// The CloserVectorSet product: `swift build` bundles the real vectors/ (the target's resource), every suite of every set loads with its digest checked, and a tampered copy is
// refused naming the file. Normative: specs/distribution.md §"SwiftPM".

import CloserVectorSet
import Foundation
import Testing

@Suite("CloserVectorSet product")
struct PublishedVectorSetTests {
    @Test("every suite of every set loads from the bundle, with the manifest's test count")
    func loadsEverySuite() throws {
        for profile in PublishedVectorSet.profiles {
            let set = try PublishedVectorSet.named(profile)
            #expect(!set.suiteNames.isEmpty, "\(profile) has no suite")
            for name in set.suiteNames {
                let doc = try JSONSerialization.jsonObject(with: set.suite(named: name)) as? [String: Any]
                #expect(doc?["numberOfTests"] as? Int ?? 0 > 0 || name == "rules", "\(profile)/\(name)")
            }
        }
        let closer = try PublishedVectorSet.named("closer")
        #expect(closer.suiteNames.contains("enc_v1"))
        #expect(!closer.suiteNames.contains("fitlink_chat"))
        #expect(try PublishedVectorSet.named("fitlink").suiteNames.contains("fitlink_chat"))
    }

    @Test("the product carries every set the bundle holds: Closer's and each vectors/profiles/<name>/")
    func everyBundledSet() throws {
        let bundled = try #require(PublishedVectorSet.bundledRoot)
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: bundled.appendingPathComponent("profiles").path)
        let profiles = folders.filter {
            FileManager.default.fileExists(atPath: bundled.appendingPathComponent("profiles/\($0)/MANIFEST.json").path)
        }
        #expect(Set(PublishedVectorSet.profiles) == Set(["closer"] + profiles))
    }

    @Test("unknown profiles and suites are named errors")
    func unknownNames() throws {
        #expect(throws: VectorSetError.unknownProfile("nope")) { try PublishedVectorSet.named("nope") }
        let closer = try PublishedVectorSet.named("closer")
        #expect(throws: VectorSetError.unknownSuite("nope", profile: "closer")) { try closer.suite(named: "nope") }
    }

    @Test("a tampered suite is refused, naming the file")
    func tamperedSuiteRefused() throws {
        let bundled = try #require(PublishedVectorSet.bundledRoot)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("vs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        for name in ["MANIFEST.json", "enc_v1.json"] {
            try FileManager.default.copyItem(
                at: bundled.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        let set = try PublishedVectorSet(profile: "closer", directory: copy)
        _ = try set.suite(named: "enc_v1")
        var bytes = try Data(contentsOf: copy.appendingPathComponent("enc_v1.json"))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: copy.appendingPathComponent("enc_v1.json"))
        do {
            _ = try set.suite(named: "enc_v1")
            Issue.record("a tampered enc_v1.json was accepted")
        } catch {
            guard case .digestMismatch(let file, _, _) = error else { throw error }
            #expect(file == "closer/enc_v1.json")
            #expect(error.description.contains("enc_v1.json: SHA-256"))
        }
    }
}
