// `match` block paths: `couples/{coupleId}/daily_question/{date}/answers/{userId}`.
// Normative: specs/rules.md §"Paths".

import CoreWire

/// One segment of a match path.
public enum PathSegmentPattern: Hashable, Sendable {
    /// A fixed collection or document id.
    case literal(String)
    /// `{name}`: binds one segment.
    case variable(String)
    /// `{name=a|b|c}`: binds one segment that must be one of the listed ids (the rules
    /// write this as a variable plus `name in [...]`, or as one block per id).
    case oneOf(String, [String])
}

/// The outcome of matching a request path against a pattern.
public struct PathMatch: Hashable, Sendable {
    /// Wildcard values bound by the path.
    public let bindings: [String: String]
    /// Wildcards left unbound: the document id of a `list` request.
    public let unbound: Set<String>
}

/// A match path with a stable id (`answer`, `securePayload`, ...).
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    public let id: String
    public let segments: [PathSegmentPattern]

    /// Parses a template such as `couples/{coupleId}/{gameType=this_or_that|wheel}/{sessionId}`.
    /// Templates are compile-time constants of a rule set; a bad one is a programming error.
    public init(_ id: String, _ template: String) {
        self.id = id
        self.segments = template.split(separator: "/").map { raw -> PathSegmentPattern in
            guard raw.hasPrefix("{"), raw.hasSuffix("}") else { return .literal(String(raw)) }
            let inner = raw.dropFirst().dropLast()
            if let eq = inner.firstIndex(of: "=") {
                return .oneOf(
                    String(inner[..<eq]),
                    inner[inner.index(after: eq)...].split(separator: "|").map(String.init))
            }
            return .variable(String(inner))
        }
        precondition(segments.count % 2 == 0, "pattern \(template) must address documents")
    }

    /// The template text.
    public var template: String {
        segments.map {
            switch $0 {
            case .literal(let s): s
            case .variable(let n): "{\(n)}"
            case .oneOf(let n, let ids): "{\(n)=\(ids.joined(separator: "|"))}"
            }
        }.joined(separator: "/")
    }

    public var description: String { template }

    /// True when the last segment is a wildcard, so a collection query can match.
    public var admitsList: Bool {
        if case .variable = segments.last { return true }
        return false
    }

    /// Matches a document path, or (for `list`) a collection path that is this pattern
    /// minus its last segment when that segment is a wildcard.
    public func match(_ path: DocumentPath, asCollection: Bool) -> PathMatch? {
        let expected = asCollection ? segments.count - 1 : segments.count
        guard path.segments.count == expected else { return nil }
        if asCollection && !admitsList { return nil }
        // Reject on the fixed segments first: most patterns tried for a request fail there,
        // and then no bindings are built.
        for (pattern, segment) in zip(segments, path.segments) {
            switch pattern {
            case .literal(let s): if s != segment { return nil }
            case .oneOf(_, let ids): if !ids.contains(segment) { return nil }
            case .variable: continue
            }
        }
        var bindings: [String: String] = [:]
        for (pattern, segment) in zip(segments, path.segments) {
            switch pattern {
            case .literal(let s): guard s == segment else { return nil }
            case .variable(let n): bindings[n] = segment
            case .oneOf(let n, let ids):
                guard ids.contains(segment) else { return nil }
                bindings[n] = segment
            }
        }
        var unbound = Set<String>()
        if asCollection, case .variable(let n) = segments.last { unbound.insert(n) }
        return PathMatch(bindings: bindings, unbound: unbound)
    }
}
