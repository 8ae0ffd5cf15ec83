import ArgumentParser
import CloserConformance
import CloserHarness
import CloserVectorModel
import CloserWire
import Foundation
import ProfileRegistry

/// `closer-spec generate`: writes every vector set (Closer's into --out, each app profile's into
/// --out/profiles/<name>/, each with its MANIFEST.json); with `--check`, regenerates in memory and
/// fails on any byte of difference.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate the golden vectors (deterministic), or check them.",
        discussion: """
            Writes every suite and MANIFEST.json of Closer's set into --out and of each app profile's
            set into --out/profiles/<name>/. With --check nothing is written; exit 1 if any file
            differs or is missing, naming the first differing tcId. With --specs, the generated
            tables (between GENERATED markers) of specs/rules.md, specs/rules-gaps.md, the op table
            of specs/harness.md and each profile's op table are written or checked too. A set's
            kill-matrix.json (written by scripts/kill-matrix.py) is not generated: it is listed in
            the set's MANIFEST.json with its digest, and every test it names must be a test of the
            set with the same content id, else exit 1 (specs/vectors.md §"Kill matrix").
            """)

    @Option(help: "The vectors root.")
    var out: String = "vectors"

    @Flag(help: "Regenerate in memory and compare with the files on disk.")
    var check = false

    @Option(help: "The specs directory whose generated tables to write or check.")
    var specs: String?

    func run() throws {
        var stale: [String] = []
        var written: [String] = []
        var refused: [CloserError] = []
        // --check reads what it compares like verify does: bounded, no symbolic links, one budget.
        let budget = ReadBudget.vectors()
        for set in AppProfiles.vectorSets {
            let directory = set.path(under: out)
            if !check { try OutputFile.makeDirectories(set.directory, below: out) }
            let killMatrix = try Self.killMatrix(in: directory, budget: budget)
            let files = try set.generate(killMatrix: killMatrix)
            if let killMatrix { refused += Self.killMatrixProblems(killMatrix, set: set, files: files, directory) }
            for file in files {
                let path = directory + "/" + file.name
                if check {
                    if let difference = try VectorDifference.of(path: path, generated: file.bytes, budget: budget) {
                        stale.append(path + difference)
                    }
                } else {
                    try OutputFile.write(file.bytes, directory: directory, name: file.name)
                    written.append(path)
                }
            }
        }
        if let specs { stale += try splice(specs) }
        for problem in refused { printLine("error: \(problem.reason) [\(problem.code.rawValue)]") }
        if !refused.isEmpty { throw ExitCode(1) }
        if check {
            guard stale.isEmpty else {
                printLine("out of date: " + stale.joined(separator: ", ") + " (run closer-spec generate)")
                throw ExitCode(1)
            }
            print("vectors up to date (\(AppProfiles.vectorSets.count) sets)")
        } else {
            print("wrote \(written.count) files below \(out)")
        }
    }

    /// The set's kill-matrix.json in `directory`, when there is one (read like a vector file).
    static func killMatrix(in directory: String, budget: ReadBudget) throws(CloserError) -> [UInt8]? {
        let path = directory + "/" + KillMatrix.fileName
        guard access(path, F_OK) == 0 else { return nil }
        return try BoundedFile.read(path, limit: BoundedFile.maximumVectorFileBytes, budget: budget, links: .refuse)
    }

    /// What the kill matrix names that the generated set does not have (specs/vectors.md
    /// §"Kill matrix"), or why the matrix cannot be read.
    static func killMatrixProblems(_ bytes: [UInt8], set: VectorSet, files: [GeneratedFile], _ directory: String)
        -> [CloserError]
    {
        do throws(CloserError) {
            let suites = try files.filter { $0.name != "MANIFEST.json" }.map {
                (file: GeneratedFile) throws(CloserError) -> LoadedSuite in
                try VectorFile.load(file.bytes, name: String(file.name.dropLast(".json".count)))
            }
            let matrix = try KillMatrix(parsing: bytes, file: directory + "/" + KillMatrix.fileName)
            return matrix.problems(profile: set.profile, suites: suites)
        } catch { return [error] }
    }

    /// The generated spec tables: Closer's rules tables and every profile's op table.
    static var specDocuments: [(name: String, render: @Sendable () throws(CloserError) -> String)] {
        RulesSpecTable.documents
            + AppProfiles.all.compactMap { profile in
                profile.opsPage.map { page in
                    (page, { () throws(CloserError) in HarnessOpTable.markdown(profile.tableSpecs) })
                }
            }
    }

    /// Writes (or, with --check, compares) every generated table; returns the stale pages.
    func splice(_ specs: String) throws -> [String] {
        var stale: [String] = []
        for document in Self.specDocuments {
            let path = specs + "/" + document.name
            let current = String(
                decoding: try BoundedFile.read(path, limit: BoundedFile.maximumVectorFileBytes), as: UTF8.self)
            let updated = try RulesSpecTable.replaceGenerated(in: current, render: document.render)
            if check {
                if updated != current { stale.append(path) }
            } else if updated != current {
                let slash = path.lastIndex(of: "/")!
                try OutputFile.write(
                    Array(updated.utf8), directory: String(path[..<slash]),
                    name: String(path[path.index(after: slash)...]))
            }
        }
        return stale
    }
}

/// Where a committed vector file first differs from the generated one.
enum VectorDifference {
    /// nil when the file at `path` is exactly `generated`, else why not. The file is read as
    /// `verify` reads it (BoundedFile: 64 MiB, no symbolic link, `budget`); a missing one differs.
    static func of(path: String, generated: [UInt8], budget: ReadBudget) throws(CloserError) -> String? {
        let committed: [UInt8]
        do {
            committed = try BoundedFile.read(
                path, limit: BoundedFile.maximumVectorFileBytes, budget: budget, links: .refuse)
        } catch let error where access(path, F_OK) != 0 && error.code == .inputFileUnreadable {
            return " (missing)"
        }
        if committed == generated { return nil }
        return first(committed: committed, generated: generated) ?? ""
    }

    /// ` (first difference: tcId N)`, ` (header differs)`, or nil when neither parses.
    static func first(committed: [UInt8], generated: [UInt8]) -> String? {
        guard let a = try? JSONValue(parsing: committed), let b = try? JSONValue(parsing: generated) else { return nil }
        let testsA = tests(a)
        let testsB = tests(b)
        for (x, y) in zip(testsA, testsB) where x != y {
            if let id = VectorFile.wholeNumber(y["tcId"]) { return " (first difference: tcId \(id))" }
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
