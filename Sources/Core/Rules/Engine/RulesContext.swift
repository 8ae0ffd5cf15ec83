// What a check can see: the rules language's `request`, `resource`, path wildcards and
// `get()` / `exists()`. Normative: specs/rules.md §"Evaluation".

/// The evaluation context of one request against one matched pattern.
public struct RulesContext: Sendable {
    public let request: RulesRequest
    public let pattern: PathPattern
    public let match: PathMatch
    public let configuration: RulesConfiguration
    /// The rule set's wire probe (`RulesContext.probe`).
    public let wireProbe: WireFieldProbe

    public init(
        request: RulesRequest, pattern: PathPattern, match: PathMatch, configuration: RulesConfiguration,
        wireProbe: WireFieldProbe = .none
    ) {
        self.wireProbe = wireProbe
        self.request = request
        self.pattern = pattern
        self.match = match
        self.configuration = configuration
    }

    /// `request.auth.uid`, nil when signed out.
    public var uid: String? { request.auth.uid }
    public var method: RulesMethod { request.method }
    /// `request.resource.data` (create, update).
    public var incoming: FirestoreDocument? { request.data }
    /// `resource.data` (nil for create, list, and a missing document).
    public var resource: FirestoreDocument? { request.existing }

    /// A wildcard's value; nil when unbound (the document id of a `list`).
    public func binding(_ name: String) -> String? { match.bindings[name] }

    /// `get(path).data`: the world's document, or the request's own `existing` for its own
    /// path (a write's `get()` of itself sees the stored state). nil = missing.
    public func get(_ segments: [String]) -> FirestoreDocument? {
        guard let path = try? DocumentPath(segments: segments) else { return nil }
        if path == request.path { return request.existing }
        return request.world[path]
    }

    /// `exists(path)`.
    public func exists(_ segments: [String]) -> Bool { get(segments) != nil }

    /// `incoming.diff(resource).affectedKeys()` for an update; every incoming key for a create.
    public func affectedKeys() -> Set<String> {
        guard let incoming else { return [] }
        guard let resource else { return incoming.keys }
        return resource.affectedKeys(to: incoming)
    }

    /// Map entries (of map field `key`) that differ between resource and incoming:
    /// `incoming[key].diff(resource[key]).affectedKeys()`. A missing or non-map field counts as empty.
    public func affectedEntries(ofMap key: String) -> Set<String> {
        let before = resource?[key]?.mapValue ?? [:]
        let after = incoming?[key]?.mapValue ?? [:]
        var out = Set<String>()
        for (k, v) in before where !(FirestoreDocument.exact(after, k).map { v.rulesEquals($0) } ?? false) {
            out.insert(k)
        }
        for k in after.keys where FirestoreDocument.exact(before, k) == nil { out.insert(k) }
        return out
    }
}
