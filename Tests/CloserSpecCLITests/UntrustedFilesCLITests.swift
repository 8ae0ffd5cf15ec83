// The CLI's files are read and written as specs/threat-model.md §"The port and the vector set
// are untrusted" says: a FIFO is refused at once (a blocking open or read would hang these tests),
// a world directory has one budget (hard links cost what they read), and generate never writes
// through a symbolic link.

import CloserVectorModel
import CloserWire
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import closer_spec

@Suite("untrusted files of the CLI")
struct UntrustedFilesCLITests {
    static func directory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("closer-cli-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a FIFO as --keyset, as a check document or inside a --world directory is refused at once")
    func fifos() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        expectCLICode(.cliFileUnreadable) { () throws(CloserError) in _ = try KeysetFile.read(dir + "/fifo") }
        expectCLICode(.cliFileUnreadable) { () throws(CloserError) in _ = try RulesCheckFiles.readJSON(dir + "/fifo") }
        try FileManager.default.createDirectory(atPath: dir + "/world/c", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/world/c/d.json", 0o600) == 0)
        expectCLICode(.cliFileUnreadable) { () throws(CloserError) in _ = try RulesCheckFiles.readWorld(dir + "/world")
        }
    }

    @Test("a --world directory of hard links to one document is refused past 64 MiB read in all")
    func worldBudget() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/c", withIntermediateDirectories: true)
        let document = "{\"a\": \"" + String(repeating: "x", count: 3 << 20) + "\"}"
        #expect(FileManager.default.createFile(atPath: dir + "/c/d0.json", contents: Data(document.utf8)))
        for i in 1..<24 { #expect(link(dir + "/c/d0.json", dir + "/c/d\(i).json") == 0) }
        expectCLICode(.cliFileTooLarge) { () throws(CloserError) in _ = try RulesCheckFiles.readWorld(dir) }
        // Fewer links fit: the budget is what is read, not a count of files.
        for i in 2..<24 { try FileManager.default.removeItem(atPath: dir + "/c/d\(i).json") }
        #expect((try? RulesCheckFiles.readWorld(dir)) != nil)
    }

    @Test("a --world file that is a link, or lies below a directory linked outside the world, is refused")
    func worldLinks() throws {
        let dir = Self.directory()
        let outside = Self.directory()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: outside)
        }
        #expect(FileManager.default.createFile(atPath: outside + "/d.json", contents: Data("{}".utf8)))
        try FileManager.default.createSymbolicLink(atPath: dir + "/c", withDestinationPath: outside)
        // Not listed (the walk does not enter the link) or refused: never read.
        switch Result(catching: { () throws(CloserError) in try RulesCheckFiles.readWorld(dir) }) {
        case .success(let world): #expect(world["c/d"] == nil)
        case .failure(let error): #expect(error.code == .cliFileUnreadable)
        }
        try FileManager.default.removeItem(atPath: dir + "/c")
        try FileManager.default.createSymbolicLink(atPath: dir + "/d.json", withDestinationPath: outside + "/d.json")
        expectCLICode(.cliFileUnreadable) { () throws(CloserError) in _ = try RulesCheckFiles.readWorld(dir) }
    }

    @Test("generate refuses a target or a directory below --out that is a link; the file it links to is untouched")
    func generateNoSymlinks() throws {
        let out = Self.directory()
        let outside = Self.directory()
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: outside)
        }
        #expect(FileManager.default.createFile(atPath: outside + "/precious", contents: Data("precious".utf8)))
        try FileManager.default.createSymbolicLink(
            atPath: out + "/enc_v1.json", withDestinationPath: outside + "/precious")
        expectCLICode(.cliOutputSymlink) { () throws(CloserError) in
            try OutputFile.write(Array("new".utf8), directory: out, name: "enc_v1.json")
        }
        #expect(FileManager.default.contents(atPath: outside + "/precious") == Data("precious".utf8))
        try FileManager.default.createSymbolicLink(atPath: out + "/profiles", withDestinationPath: outside)
        expectCLICode(.cliOutputSymlink) { () throws(CloserError) in
            try OutputFile.makeDirectories("profiles/fitlink", below: out)
        }
        #expect(!FileManager.default.fileExists(atPath: outside + "/fitlink"))
        // An ordinary target is replaced whole, and no temporary file is left behind.
        try OutputFile.makeDirectories("sub", below: out)
        try OutputFile.write(Array("one".utf8), directory: out + "/sub", name: "f.json")
        try OutputFile.write(Array("two".utf8), directory: out + "/sub", name: "f.json")
        #expect(FileManager.default.contents(atPath: out + "/sub/f.json") == Data("two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/sub") == ["f.json"])
    }

    @Test("generate --check reads what it compares like verify: a link or a FIFO is a named error")
    func checkReads() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/a.json", withDestinationPath: "/etc/passwd")
        #expect(mkfifo(dir + "/b.json", 0o600) == 0)
        let budget = ReadBudget.vectors()
        for (name, code) in [("a.json", CloserError.Code.inputSymlink), ("b.json", .inputNotRegularFile)] {
            expectCLICode(code) { () throws(CloserError) in
                _ = try VectorDifference.of(path: dir + "/" + name, generated: [], budget: budget)
            }
        }
        #expect(try VectorDifference.of(path: dir + "/absent.json", generated: [], budget: budget) == " (missing)")
    }
}
