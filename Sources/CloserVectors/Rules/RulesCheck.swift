// The one path from JSON inputs to a rules decision, shared by `closer-spec check`, the
// `rules.evaluate` harness op and the vector replay, so the three cannot disagree.
// Normative: specs/rules.md §"Requests".

import CloserRules
import CloserWire
import Foundation

extension CloserError.Code {
    public static let rulesCheckInput = Self("rules.check_input", .malformedRequest)
}

/// Builds requests from JSON and files, and evaluates them with Closer's rule set.
public enum RulesCheck {
    /// A request from the harness / vector JSON fields. Request-shape errors are
    /// `malformed_request`; undecodable documents are `decode_error`.
    public static func request(
        auth: JSONValue?, method: String, path: String, data: JSONValue?, existing: JSONValue?,
        world: JSONValue?
    ) throws(CloserError) -> RulesRequest {
        try RulesRequest(
            auth: auth, method: method, path: path, data: data, existing: existing, world: world)
    }

    /// Evaluates a vector's `request` object.
    public static func evaluate(vectorRequest json: JSONValue, ruleSet: RuleSet = CloserRuleSet.v1)
        throws(CloserError)
        -> RulesDecision
    {
        guard case .object(let o) = json, let method = o["method"]?.stringValue,
            let path = o["path"]?.stringValue
        else {
            throw CloserError(.rulesCheckInput, "a vector request needs string method and path")
        }
        let request = try request(
            auth: o["auth"], method: method, path: path, data: o["data"], existing: o["existing"],
            world: o["world"])
        return RulesEvaluator(ruleSet: ruleSet).evaluate(request)
    }

    /// What `closer-spec check` does: reads the files, evaluates, returns the decision.
    /// - `document`: the incoming document file (create, update), or nil.
    /// - `existing`: the stored document file, or nil.
    /// - `world`: a directory whose `a/b/c/d.json` files are the documents `a/b/c/d`, or a
    ///   JSON file holding `{path: document}`.
    public static func run(
        path: String, method: String, auth uid: String?, document: String?, existing: String?,
        world: String?
    ) throws(CloserError) -> RulesDecision {
        let request = try request(
            auth: uid.map { .object(["uid": .string($0)]) }, method: method, path: path,
            data: try document.map(readJSON), existing: try existing.map(readJSON),
            world: try world.map(readWorld))
        return CloserRuleSet.evaluate(request)
    }

    /// Reads one JSON file.
    public static func readJSON(_ file: String) throws(CloserError) -> JSONValue {
        guard let bytes = FileManager.default.contents(atPath: file) else {
            throw CloserError(.rulesCheckInput, "cannot read \(file)")
        }
        do { return try JSONValue(parsing: Array(bytes)) } catch {
            throw CloserError(error.code, "\(file): \(error.reason)")
        }
    }

    /// Reads a world: a `{path: document}` JSON file, or a directory tree of `*.json` documents.
    public static func readWorld(_ location: String) throws(CloserError) -> JSONValue {
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

/// The text `closer-spec check` prints, without importing CloserRules into the CLI.
public struct RulesDecisionReport: Sendable {
    public let allow: Bool
    public let text: String

    public init(_ decision: RulesDecision) {
        allow = decision.allow
        text = decision.report
    }
}
