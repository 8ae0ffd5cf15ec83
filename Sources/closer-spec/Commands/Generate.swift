import ArgumentParser
import CloserVectors
import CloserWire
import Foundation

/// `closer-spec generate`: writes the vector suites and vectors/MANIFEST.json; with
/// `--check`, regenerates in memory and fails on any byte of difference.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate the golden vectors (deterministic), or check them.",
        discussion: """
            Writes every suite and MANIFEST.json into --out. With --check nothing is written;
            exit 1 if any file differs or is missing, naming the first differing tcId. With --specs, the
            generated tables of specs/rules.md and specs/rules-gaps.md (between their
            GENERATED markers) are written or checked too.
            """)

    @Option(help: "The vectors directory.")
    var out: String = "vectors"

    @Flag(help: "Regenerate in memory and compare with the files on disk.")
    var check = false

    @Option(help: "The specs directory whose rules.md and rules-gaps.md tables to write or check.")
    var specs: String?

    func run() throws {
        let files = try VectorSet.generate()
        var stale: [String] = []
        for file in files {
            let path = out + "/" + file.name
            if check {
                let committed = FileManager.default.contents(atPath: path).map(Array.init)
                if committed != file.bytes {
                    stale.append(
                        path
                            + (committed.flatMap { VectorDifference.first(committed: $0, generated: file.bytes) } ?? "")
                    )
                }
            } else {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            }
        }
        if let specs {
            for document in RulesSpecTable.documents {
                let path = specs + "/" + document.name
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ValidationError("cannot read \(path)")
                }
                let current = String(decoding: data, as: UTF8.self)
                let updated = try RulesSpecTable.replaceGenerated(in: current, render: document.render)
                if check {
                    if updated != current { stale.append(path) }
                } else if updated != current {
                    try Data(updated.utf8).write(to: URL(fileURLWithPath: path))
                }
            }
        }
        if check {
            guard stale.isEmpty else {
                print("out of date: " + stale.joined(separator: ", ") + " (run closer-spec generate)")
                throw ExitCode(1)
            }
            print("vectors up to date (\(files.count) files)")
        } else {
            print("wrote \(files.map(\.name).joined(separator: ", ")) to \(out)")
        }
    }
}

/// Where a committed vector file first differs from the generated one.
enum VectorDifference {
    /// ` (first difference: tcId N)`, ` (header differs)`, or nil when neither parses.
    static func first(committed: [UInt8], generated: [UInt8]) -> String? {
        guard let a = try? JSONValue(parsing: committed), let b = try? JSONValue(parsing: generated) else { return nil }
        let testsA = tests(a)
        let testsB = tests(b)
        for (x, y) in zip(testsA, testsB) where x != y {
            if case .number(let id)? = y["tcId"] { return " (first difference: tcId \(Int(id)))" }
            return " (first difference in a test without tcId)"
        }
        if testsA.count != testsB.count { return " (\(testsA.count) tests committed, \(testsB.count) generated)" }
        return " (outside the tests: header, notes or counts)"
    }

    static func tests(_ file: JSONValue) -> [JSONValue] {
        guard case .array(let groups)? = file["testGroups"] else { return [] }
        return groups.flatMap { g -> [JSONValue] in
            if case .array(let t)? = g["tests"] { return t }
            return []
        }
    }
}
