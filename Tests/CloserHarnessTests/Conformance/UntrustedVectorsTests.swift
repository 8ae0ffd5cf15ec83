// A vector directory and a divergences file are untrusted input: numbers that do not fit, files
// that are links, FIFOs or too large, a run past its budget, and files that disagree with
// MANIFEST.json each end in a named error, never a trap, a hang or a silent acceptance
// (specs/threat-model.md §"The port and the vector set are untrusted").

import CloserVectorModel
import CloserWire
import Foundation
import Testing

@testable import CloserHarness

#if canImport(Glibc)
    import Glibc
#endif

@Suite("untrusted vector sets")
struct UntrustedVectorsTests {
    static func suite(tcId: String, numberOfTests: String = "1") -> [UInt8] {
        Array(
            """
            {"schema": "wire_vectors_v1", "numberOfTests": \(numberOfTests), "testGroups": [{"tests": [
              {"tcId": \(tcId), "result": "valid", "op": "encoding.decode", "input": {}, "expected": {}}]}]}
            """.utf8)
    }

    @Test(
        "a tcId or numberOfTests that is not a whole number within ±2^53 is vectors.malformed_file, not a trap",
        arguments: ["1e300", "-1e300", "9223372036854775808", "-9.3e18", "2.9", "-0.5", "9007199254740994"])
    func wholeNumbers(value: String) {
        for bytes in [Self.suite(tcId: value), Self.suite(tcId: "1", numberOfTests: value)] {
            #expect(
                Self.code { () throws(CloserError) in _ = try VectorFile.load(bytes, name: "t") }
                    == .vectorsMalformedFile)
        }
        #expect((try? VectorFile.load(Self.suite(tcId: "7", numberOfTests: "72"), name: "t"))?.tests.first?.tcID == 7)
    }

    @Test(
        "a divergence whose tcId is not a whole number is harness.bad_known_failures, not a trap",
        arguments: ["1e300", "-1e300", "2.9", "\"57\""])
    func divergenceTcId(value: String) {
        let bytes = Array(#"{"divergences": [{"suite": "enc_v1", "tcId": \#(value), "reason": "r"}]}"#.utf8)
        #expect(
            Self.code { () throws(CloserError) in _ = try KnownFailures(parsing: bytes) } == .harnessBadKnownFailures)
    }

    static func directory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("closer-vec-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func code(_ body: () throws(CloserError) -> Void) -> CloserError.Code? {
        do {
            try body()
            return nil
        } catch { return error.code }
    }

    @Test("a symbolic link in a vector directory is input.symlink, even to a small file inside it")
    func symlinkRefused() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outside = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(FileManager.default.createFile(atPath: outside + "/enc_v1.json", contents: Data(Self.suite(tcId: "1"))))
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/enc_v1.json", withDestinationPath: outside + "/enc_v1.json")
        #expect(Self.code { () throws(CloserError) in _ = try VectorDirectory(path: dir) } == .inputSymlink)
        try FileManager.default.removeItem(atPath: dir + "/enc_v1.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/MANIFEST.json", withDestinationPath: "/etc/passwd")
        #expect(Self.code { () throws(CloserError) in _ = try VectorDirectory(path: dir) } == .inputSymlink)
    }

    @Test("a file over 64 MiB is refused by its size after opening it, a link to one by what it points to")
    func sizeOfWhatIsRead() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let big = dir + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(2) << 30) == 0)  // sparse: 2 GiB without writing them
        #expect(Self.code { () throws(CloserError) in _ = try VectorDirectory(path: dir) } == .inputFileTooLarge)
        let link = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: link) }
        try FileManager.default.createSymbolicLink(atPath: link + "/x.json", withDestinationPath: big)
        let followed = Self.code { () throws(CloserError) in
            _ = try BoundedFile.read(link + "/x.json", limit: BoundedFile.maximumVectorFileBytes)
        }
        #expect(followed == .inputFileTooLarge)
    }

    @Test("a FIFO is input.not_regular_file at once, never read (no writer: a blocking open would hang)")
    func fifoRefused() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/enc_v1.json", 0o600) == 0)
        #expect(Self.code { () throws(CloserError) in _ = try VectorDirectory(path: dir) } == .inputNotRegularFile)
        let known = Self.code { () throws(CloserError) in _ = try KnownFailures(file: dir + "/enc_v1.json") }
        #expect(known == .inputNotRegularFile)
    }

    @Test("hard links to one file cost what they read: the run's budget refuses the file that goes over")
    func budget() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/a.json", contents: Data(repeating: 0x20, count: 600)))
        for name in ["b", "c", "d"] { #expect(link(dir + "/a.json", dir + "/\(name).json") == 0) }
        let refused = Self.code { () throws(CloserError) in
            _ = try VectorDirectory(path: dir, budget: ReadBudget(bytes: 2000))
        }
        #expect(refused == .inputBudgetExceeded)
        #expect((try? VectorDirectory(path: dir, budget: ReadBudget(bytes: 2400)))?.files.count == 4)
        #expect(BoundedFile.maximumVectorRunBytes == 128 << 20 && BoundedFile.maximumVectorFileBytes == 64 << 20)
    }

    @Test("a divergences file over 4 MiB is input.file_too_large")
    func divergencesBound() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/known.json", contents: nil))
        #expect(truncate(dir + "/known.json", off_t(BoundedFile.maximumDivergencesFileBytes + 1)) == 0)
        let code = Self.code { () throws(CloserError) in _ = try KnownFailures(file: dir + "/known.json") }
        #expect(code == .inputFileTooLarge)
    }

    /// A set of one suite and its manifest, then edited by `edit`.
    static func manifestProblems(_ edit: (String) throws -> Void) throws -> [CloserError.Code] {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = Self.suite(tcId: "1")
        #expect(FileManager.default.createFile(atPath: dir + "/s.json", contents: Data(bytes)))
        let manifest =
            #"{"vectorSetVersion": "1.0.0", "files": {"s.json": {"sha256": "\#(Hex.encode(sha256(bytes)))", "numberOfTests": 1}}}"#
        #expect(FileManager.default.createFile(atPath: dir + "/MANIFEST.json", contents: Data(manifest.utf8)))
        try edit(dir)
        let set = try VectorDirectory(path: dir)
        let counts = Dictionary(
            try set.suites().map { ($0.name + ".json", $0.tests.count) }, uniquingKeysWith: { a, _ in a })
        return VectorManifest.problems(set, counts: counts).map(\.code)
    }

    @Test("every disagreement with MANIFEST.json is its own named error")
    func manifestChecks() throws {
        #expect(try Self.manifestProblems { _ in }.isEmpty)
        #expect(
            try Self.manifestProblems { dir in
                _ = FileManager.default.createFile(atPath: dir + "/s.json", contents: Data(Self.suite(tcId: "2")))
            } == [.vectorsDigestMismatch])
        #expect(
            try Self.manifestProblems { dir in
                _ = FileManager.default.createFile(atPath: dir + "/t.json", contents: Data(Self.suite(tcId: "1")))
            } == [.vectorsNotInManifest])
        #expect(
            try Self.manifestProblems { dir in try FileManager.default.removeItem(atPath: dir + "/s.json") } == [
                .vectorsManifestFileMissing
            ])
        #expect(
            try Self.manifestProblems { dir in
                try FileManager.default.removeItem(atPath: dir + "/MANIFEST.json")
            } == [.vectorsManifestMalformed])
        let twoTests = Array(
            #"{"schema": "wire_vectors_v1", "numberOfTests": 2, "testGroups": [{"tests": [{"tcId": 1, "result": "valid", "op": "x", "input": {}, "expected": {}}, {"tcId": 2, "result": "valid", "op": "x", "input": {}, "expected": {}}]}]}"#
                .utf8)
        let recounted = try Self.manifestProblems { dir in
            #expect(FileManager.default.createFile(atPath: dir + "/s.json", contents: Data(twoTests)))
            let manifest =
                #"{"vectorSetVersion": "1.0.0", "files": {"s.json": {"sha256": "\#(Hex.encode(sha256(twoTests)))", "numberOfTests": 1}}}"#
            #expect(FileManager.default.createFile(atPath: dir + "/MANIFEST.json", contents: Data(manifest.utf8)))
        }
        #expect(recounted == [.vectorsCountMismatch])
    }

    @Test("pins: another manifest digest or version, or a pinned set not read, is vectors.pin_mismatch")
    func pins() throws {
        let root = OpTableTests.root + "/vectors"
        let set = try VectorDirectory(path: root)
        let digest = Hex.encode(sha256(try #require(set.manifest)))
        let version = try #require(VectorManifest.version(set))
        #expect(VectorPins(manifestSHA256: ["closer": digest], versions: ["closer": version]).problems([set]).isEmpty)
        let wrong = String(repeating: "0", count: 64)
        #expect(VectorPins(manifestSHA256: ["closer": wrong]).problems([set]).map(\.code) == [.vectorsPinMismatch])
        #expect(VectorPins(versions: ["closer": "0.0.1"]).problems([set]).map(\.code) == [.vectorsPinMismatch])
        #expect(VectorPins(manifestSHA256: ["fitlink": digest]).problems([set]).map(\.code) == [.vectorsPinMismatch])
    }
}
