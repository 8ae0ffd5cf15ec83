// A set's kill matrix (specs/vectors.md §"Kill matrix"): listed in MANIFEST.json under killMatrix
// with its digest, parsed strictly, and every test it names must be a test of the set with the
// same content id; the smoke tier is read from it. Content ids are checked against one computed
// here by hand (SHA-256 of the RFC 8785 text), not against the code's own output.

import CloserVectorModel
import CloserWire
import Foundation
import Testing

@testable import CloserHarness

@Suite("kill matrices")
struct KillMatrixTests {
    /// One suite `s` of one test: encoding.decode of {"value": "AA"}.
    static let suite = Array(
        #"{"schema": "wire_vectors_v1", "numberOfTests": 1, "testGroups": [{"tests": [{"tcId": 1, "result": "valid", "op": "encoding.decode", "input": {"value": "AA"}, "expected": {}}]}]}"#
            .utf8)
    /// SHA-256 of `{"steps":[{"input":{"value":"AA"},"op":"encoding.decode"}],"suite":"s"}` (RFC 8785).
    static let contentID = Hex.encode(
        sha256(Array(#"{"steps":[{"input":{"value":"AA"},"op":"encoding.decode"}],"suite":"s"}"#.utf8)))

    static func matrix(set: String = "closer", tcId: String = "1", contentId: String = contentID) -> [UInt8] {
        Array(
            """
            {"schema": "kill-matrix-v1", "vectorSet": "\(set)",
             "mutants": [{"mutant": "m", "kind": "python", "layer": "encoding",
                          "killedBy": [{"suite": "s", "tcId": \(tcId), "layer": "encoding", "contentId": "\(contentId)"}]},
                         {"mutant": "n", "kind": "python", "layer": "aead", "killedBy": null}],
             "smoke": [{"suite": "s", "tcId": \(tcId), "contentId": "\(contentId)"}]}
            """.utf8)
    }

    static func problems(_ bytes: [UInt8], profile: String = "closer") throws -> [CloserError.Code] {
        let suite = try VectorFile.load(Self.suite, name: "s")
        do throws(CloserError) {
            return try KillMatrix(parsing: bytes, file: "k").problems(profile: profile, suites: [suite]).map(\.code)
        } catch { return [error.code] }
    }

    @Test("a matrix naming only the set's tests with their content ids has no problem")
    func agrees() throws {
        #expect(try Self.problems(Self.matrix()).isEmpty)
        let parsed = try KillMatrix(parsing: Self.matrix(), file: "k")
        #expect(parsed.smoke.map(\.tcID) == [1] && parsed.killing.count == 1)
    }

    @Test("a test the set lacks, or with another content id, is vectors.kill_matrix_unknown_test")
    func unknownTest() throws {
        #expect(try Self.problems(Self.matrix(tcId: "2")) == [.killMatrixUnknownTest])
        #expect(
            try Self.problems(Self.matrix(contentId: String(repeating: "0", count: 64))) == [.killMatrixUnknownTest])
    }

    @Test(
        "anything but kill-matrix-v1 of the set is vectors.kill_matrix_malformed",
        arguments: [
            #"{"schema": "kill-matrix-v2", "vectorSet": "closer", "mutants": [], "smoke": []}"#,
            #"{"schema": "kill-matrix-v1", "mutants": [], "smoke": []}"#,
            #"{"schema": "kill-matrix-v1", "vectorSet": "closer", "mutants": [], "smoke": [{"suite": "s", "tcId": "1", "contentId": "00"}]}"#,
            #"{"schema": "kill-matrix-v1", "vectorSet": "closer", "mutants": [{"mutant": "m", "kind": "python", "killedBy": 3}], "smoke": []}"#,
            #"{"schema": "kill-matrix-v1", "vectorSet": "closer", "mutants": [], "smoke": [{"suite": "s", "tcId": 1.5, "contentId": "00"}]}"#,
        ])
    func malformed(text: String) throws {
        #expect(try Self.problems(Array(text.utf8)) == [.killMatrixMalformed])
    }

    @Test("another set's matrix is vectors.kill_matrix_malformed")
    func otherSet() throws {
        #expect(try Self.problems(Self.matrix(set: "fitlink")) == [.killMatrixMalformed])
    }

    /// A set directory of suite `s`, its kill matrix and a manifest listing both, then `edit`.
    static func directory(_ edit: (String) throws -> Void) throws -> VectorDirectory {
        let dir = NSTemporaryDirectory() + "/killmatrix-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let matrix = Self.matrix()
        #expect(FileManager.default.createFile(atPath: dir + "/s.json", contents: Data(Self.suite)))
        #expect(FileManager.default.createFile(atPath: dir + "/kill-matrix.json", contents: Data(matrix)))
        let manifest = """
            {"vectorSetVersion": "1.0.0", "files": {"s.json": {"sha256": "\(Hex.encode(sha256(Self.suite)))", "numberOfTests": 1}},
             "killMatrix": {"sha256": "\(Hex.encode(sha256(matrix)))"}}
            """
        #expect(FileManager.default.createFile(atPath: dir + "/MANIFEST.json", contents: Data(manifest.utf8)))
        try edit(dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return try VectorDirectory(path: dir)
    }

    @Test("the manifest lists the matrix by digest; it is never read as a suite")
    func manifest() throws {
        let set = try Self.directory { _ in }
        #expect(set.files.map(\.0) == ["s.json"] && set.killMatrix != nil)
        #expect(VectorManifest.problems(set, counts: ["s.json": 1]).isEmpty)
        #expect(try set.suites().map(\.name) == ["s"])
        #expect(try SmokeTier(sets: [set]).narrow(set.suites()).flatMap(\.tests).map(\.tcID) == [1])
        let edited = try Self.directory { dir in
            _ = FileManager.default.createFile(
                atPath: dir + "/kill-matrix.json", contents: Data(Self.matrix(tcId: "2")))
        }
        #expect(VectorManifest.problems(edited, counts: [:]).map(\.code) == [.vectorsDigestMismatch])
        let missing = try Self.directory { dir in try FileManager.default.removeItem(atPath: dir + "/kill-matrix.json")
        }
        #expect(VectorManifest.problems(missing, counts: [:]).map(\.code) == [.vectorsManifestFileMissing])
        let code: CloserError.Code?
        do throws(CloserError) {
            _ = try SmokeTier(sets: [missing])
            code = nil
        } catch { code = error.code }
        #expect(code == .killMatrixMissing)
    }

    @Test("a matrix the manifest does not list is vectors.not_in_manifest")
    func unlisted() throws {
        let set = try Self.directory { dir in
            let manifest = """
                {"vectorSetVersion": "1.0.0", "files": {"s.json": {"sha256": "\(Hex.encode(sha256(Self.suite)))", "numberOfTests": 1}}}
                """
            _ = FileManager.default.createFile(atPath: dir + "/MANIFEST.json", contents: Data(manifest.utf8))
        }
        #expect(VectorManifest.problems(set, counts: [:]).map(\.code) == [.vectorsNotInManifest])
    }
}
