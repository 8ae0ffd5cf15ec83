// A collection query's constraints, for `list` requests: `where` filters and whether it is a
// collection-group query. Normative: specs/rules.md §"Requests" (query).
// A request without a query is the unfiltered query every Closer vector uses; Closer's
// invariants never read the query, so its decisions do not depend on it.

import CoreWire

/// One `where(field, op, value)` of a query.
public struct RulesQueryFilter: Hashable, Sendable {
    public enum Operator: String, Hashable, Sendable, CaseIterable {
        case equal = "=="
        case arrayContains = "array-contains"
    }

    public let field: String
    public let op: Operator
    public let value: FirestoreValue

    public init(field: String, op: Operator, value: FirestoreValue) {
        self.field = field
        self.op = op
        self.value = value
    }
}

/// The constraints of a `list` request.
public struct RulesQuery: Hashable, Sendable {
    /// `collectionGroup(id)`: the path is the one collection id, matched at any depth.
    public let collectionGroup: Bool
    public let filters: [RulesQueryFilter]

    public init(collectionGroup: Bool = false, filters: [RulesQueryFilter] = []) {
        self.collectionGroup = collectionGroup
        self.filters = filters
    }

    /// `{"collectionGroup": bool?, "where": [[field, op, value], ...]?}`; nothing else.
    public init(json: JSONValue) throws(CloserError) {
        func bad(_ why: String) -> CloserError { CloserError(.rulesMalformedRequest, "query: \(why)") }
        guard case .object(let o) = json, o.keys.allSatisfy({ $0 == "collectionGroup" || $0 == "where" }) else {
            throw bad("must be an object with collectionGroup and/or where")
        }
        var group = false
        if let g = o["collectionGroup"] {
            guard case .bool(let b) = g else { throw bad("collectionGroup must be a boolean") }
            group = b
        }
        var filters: [RulesQueryFilter] = []
        if let w = o["where"] {
            guard case .array(let items) = w else { throw bad("where must be an array of [field, op, value]") }
            for item in items {
                guard case .array(let t) = item, t.count == 3, case .string(let field) = t[0], !field.isEmpty,
                    case .string(let opName) = t[1], let op = RulesQueryFilter.Operator(rawValue: opName)
                else { throw bad("each filter is [field, \"==\" or \"array-contains\", value]") }
                let value: FirestoreValue
                do { value = try FirestoreValue(json: t[2]) } catch { throw bad("filter value: \(error.reason)") }
                filters.append(RulesQueryFilter(field: field, op: op, value: value))
            }
        }
        self.init(collectionGroup: group, filters: filters)
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = [:]
        if collectionGroup { o["collectionGroup"] = .bool(true) }
        if !filters.isEmpty {
            o["where"] = .array(filters.map { .array([.string($0.field), .string($0.op.rawValue), $0.value.json]) })
        }
        return .object(o)
    }
}

extension RulesContext {
    /// The query of a `list` (nil: unfiltered, or not a list).
    public var query: RulesQuery? { request.query }

    /// True when the query only returns documents whose `field == value`: the rules language
    /// allows a list when the rule holds for every document the query can return.
    public func queryGuarantees(_ field: String, equals value: FirestoreValue) -> Bool {
        query?.filters.contains { $0.field == field && $0.op == .equal && $0.value == value } ?? false
    }
}
