// `closer-spec check`'s inputs: document files and a world directory or file.
// Normative: specs/rules.md §"Requests".

import CloserRules
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
            data: try document.map(readJSON), existing: try existing.map(readJSON),
            world: try world.map(readWorld), query: try query.map(readJSON))
        return RulesEvaluator(ruleSet: ruleSet).evaluate(request)
    }

    /// Reads one JSON file.
    static func readJSON(_ file: String) throws(CloserError) -> JSONValue {
        guard let bytes = FileManager.default.contents(atPath: file) else {
            throw CloserError(.rulesCheckInput, "cannot read \(file)")
        }
        do { return try JSONValue(parsing: Array(bytes)) } catch {
            throw CloserError(error.code, "\(file): \(error.reason)")
        }
    }

    /// Reads a world: a `{path: document}` JSON file, or a directory tree of `*.json` documents.
    static func readWorld(_ location: String) throws(CloserError) -> JSONValue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
            throw CloserError(.rulesCheckInput, "world \(location) does not exist")
        }
        guard isDirectory.boolValue else { return try readJSON(location) }
        guard let walker = FileManager.default.enumerator(atPath: location) else {
            throw CloserError(.rulesCheckInput, "cannot list \(location)")
        }
        var docs: [String: JSONValue] = [:]
        let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
        for relative in files {
            let docPath = String(relative.dropLast(".json".count))
            docs[docPath] = try readJSON(location + "/" + relative)
        }
        return .object(docs)
    }
}
