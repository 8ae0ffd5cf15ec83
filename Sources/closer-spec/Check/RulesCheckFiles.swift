// `closer-spec check`'s inputs: document files and a world directory or file.
// Normative: specs/rules.md §"Requests".

import CloserRules
import CloserVectorModel
import CloserWire
import Foundation

/// Reads `closer-spec check`'s files into a request and evaluates it with Closer's rule set.
/// The JSON → request step is `RulesRequest(auth:method:path:data:existing:world:)`, the one
/// path the `rules.evaluate` op and the vector replay take too.
enum RulesCheckFiles {
    /// What `closer-spec check` does: reads the files, evaluates, returns the decision.
    /// - `document`: the incoming document file (create, update), or nil.
    /// - `existing`: the stored document file, or nil.
    /// - `world`: a directory whose `a/b/c/d.json` files are the documents `a/b/c/d`, or a
    ///   JSON file holding `{path: document}`.
    static func run(
        path: String, method: String, auth uid: String?, document: String?, existing: String?,
        world: String?, query: String? = nil, ruleSet: RuleSet = CloserRuleSet.v1
    ) throws(CloserError) -> RulesDecision {
        let request = try RulesRequest(
            auth: uid.map { .object(["uid": .string($0)]) }, method: method, path: path,
            data: try document.map { (f: String) throws(CloserError) in try readJSON(f) },
            existing: try existing.map { (f: String) throws(CloserError) in try readJSON(f) },
            world: try world.map(readWorld), query: try query.map { (f: String) throws(CloserError) in try readJSON(f) }
        )
        return RulesEvaluator(ruleSet: ruleSet).evaluate(request)
    }

    /// Reads one JSON file of at most `limit` bytes (`cli.file_too_large`).
    /// A FIFO or other non-regular file is refused at once (`cli.file_unreadable`), never read.
    static func readJSON(
        _ file: String, limit: Int = BoundedInput.maximumDocumentFileBytes, budget: ReadBudget? = nil,
        links: BoundedFile.Links = .follow
    ) throws(CloserError) -> JSONValue {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw CloserError(.rulesCheckInput, "cannot read \(file)")
        }
        let bytes = try BoundedInput.readFile(file, limit: limit, what: "JSON", budget: budget, links: links)
        do { return try JSONValue(parsing: bytes) } catch {
            throw CloserError(error.code, "\(file): \(error.reason)")
        }
    }

    /// Reads a world: a `{path: document}` JSON file, or a directory tree of `*.json` documents.
    static func readWorld(_ location: String) throws(CloserError) -> JSONValue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
            throw CloserError(.rulesCheckInput, "world \(location) does not exist")
        }
        guard isDirectory.boolValue else { return try readJSON(location, limit: BoundedInput.maximumWorldFileBytes) }
        guard let walker = FileManager.default.enumerator(atPath: location) else {
            throw CloserError(.rulesCheckInput, "cannot list \(location)")
        }
        var docs: [String: JSONValue] = [:]
        var files: [String] = []
        while let name = walker.nextObject() as? String {
            guard name.hasSuffix(".json") else { continue }
            files.append(name)
            guard files.count <= BoundedInput.maximumWorldFiles else {
                throw CloserError(
                    .cliFileTooLarge, "world \(location) has more than \(BoundedInput.maximumWorldFiles) JSON files")
            }
        }
        files.sort()
        // A world directory costs at most what a world file may (64 MiB in all: 400 hard links
        // to one 4 MiB document are refused), and no file of it leads outside it.
        let budget = ReadBudget(bytes: BoundedInput.maximumWorldFileBytes)
        let root = URL(fileURLWithPath: location).resolvingSymlinksInPath().path + "/"
        for relative in files {
            let file = location + "/" + relative
            guard
                URL(fileURLWithPath: file).deletingLastPathComponent().resolvingSymlinksInPath().path.appending("/")
                    .hasPrefix(root)
            else { throw CloserError(.cliFileUnreadable, "world \(file) lies outside \(location)") }
            let docPath = String(relative.dropLast(".json".count))
            docs[docPath] = try readJSON(file, budget: budget, links: .refuse)
        }
        return .object(docs)
    }
}
