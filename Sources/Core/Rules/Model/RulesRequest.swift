// The request a rule is evaluated for. Normative: specs/rules.md §"Requests".

import CoreWire

extension CloserError.Code {
    /// A `closer-spec check` file or vector request that cannot be read (specs/rules.md §"Requests").
    package static let rulesCheckInput = Self("rules.check_input", .malformedRequest)
}

extension CloserError.Code {
    public static let rulesMalformedRequest = Self("rules.malformed_request", .malformedRequest)
}

/// The five request methods Firestore rules distinguish.
public enum RulesMethod: String, Hashable, Sendable, CaseIterable, Codable {
    case get, list, create, update, delete

    public static let reads: Set<RulesMethod> = [.get, .list]
    public static let writes: Set<RulesMethod> = [.create, .update, .delete]
    public static let all = Set(allCases)

    public var isRead: Bool { Self.reads.contains(self) }
}

/// `request.auth`: a signed-in uid or signed out.
public struct RulesAuth: Hashable, Sendable {
    public let uid: String?

    public static let signedOut = RulesAuth(uid: nil)
    public static func user(_ uid: String) -> RulesAuth { RulesAuth(uid: uid) }

    init(uid: String?) { self.uid = uid }

    /// `null` / absent = signed out; `{"uid": "..."}` = signed in.
    public init(json: JSONValue?) throws(CloserError) {
        guard let json, json != .null else {
            self.uid = nil
            return
        }
        guard case .object(let o) = json, o.keys.allSatisfy({ $0 == "uid" || $0 == "token" }),
            case .string(let uid)? = o["uid"], !uid.isEmpty, isNFC(uid)
        else {
            throw CloserError(.rulesMalformedRequest, "auth must be null or {\"uid\": non-empty string in Unicode NFC}")
        }
        self.uid = uid
    }

    public var json: JSONValue { uid.map { .object(["uid": .string($0)]) } ?? .null }
}

/// One request: who, what, where, with which document, in which world.
///
/// - `data` is `request.resource.data`: the whole document as it would be after the
///   write (create, update); absent for get, list and delete.
/// - `existing` is `resource.data`: the stored document (update requires it; get and
///   delete may have it; create and list must not).
/// - `world` holds the other documents `exists()` and `get()` can see.
public struct RulesRequest: Hashable, Sendable {
    public let auth: RulesAuth
    public let method: RulesMethod
    public let path: DocumentPath
    public let data: FirestoreDocument?
    public let existing: FirestoreDocument?
    public let world: [DocumentPath: FirestoreDocument]
    /// A `list`'s filters and collection-group flag (RulesQuery.swift); nil = unfiltered.
    public let query: RulesQuery?

    public init(
        auth: RulesAuth, method: RulesMethod, path: DocumentPath, data: FirestoreDocument? = nil,
        existing: FirestoreDocument? = nil, world: [DocumentPath: FirestoreDocument] = [:], query: RulesQuery? = nil
    ) throws(CloserError) {
        func bad(_ why: String) -> CloserError { CloserError(.rulesMalformedRequest, why) }
        if method == .list {
            guard path.isCollection else {
                throw bad("list addresses a collection (odd number of path segments)")
            }
        } else {
            guard path.isDocument else {
                throw bad("\(method.rawValue) addresses a document (even number of path segments)")
            }
        }
        switch method {
        case .create, .update:
            guard data != nil else {
                throw bad("\(method.rawValue) needs data (the document after the write)")
            }
        case .get, .list, .delete:
            guard data == nil else { throw bad("\(method.rawValue) takes no data") }
        }
        if method == .create, existing != nil {
            throw bad(
                "create addresses a document that does not exist; existing must be absent (a write over an existing document is an update)"
            )
        }
        if method == .update, existing == nil {
            throw bad("update needs existing (an update of a missing document does not reach the rules)")
        }
        if method == .list, existing != nil {
            throw bad("list is an unfiltered collection query; existing must be absent")
        }
        for key in world.keys {
            guard key.isDocument else { throw bad("world key \(key) is not a document path") }
        }
        guard world[path] == nil else {
            throw bad("world must not hold the request path; use existing")
        }
        if query != nil, method != .list { throw bad("only a list takes a query") }
        self.auth = auth
        self.method = method
        self.path = path
        self.data = data
        self.existing = existing
        self.world = world
        self.query = query
    }

    /// Reads the harness / vector form: `auth`, `method`, `path`, `data?`, `existing?`,
    /// `world?` ({path: document}). `null` is the same as absent.
    public init(
        auth: JSONValue?, method: String, path: String, data: JSONValue?, existing: JSONValue?,
        world: JSONValue?, query: JSONValue? = nil
    ) throws(CloserError) {
        guard let m = RulesMethod(rawValue: method) else {
            throw CloserError(
                .rulesMalformedRequest, "method must be get, list, create, update or delete")
        }
        func document(_ name: String, _ v: JSONValue?) throws(CloserError) -> FirestoreDocument? {
            guard let v, v != .null else { return nil }
            do { return try FirestoreDocument(json: v) } catch {
                throw CloserError(error.code, "\(name): \(error.reason)")
            }
        }
        var w: [DocumentPath: FirestoreDocument] = [:]
        if let world, world != .null {
            guard case .object(let entries) = world else {
                throw CloserError(.rulesMalformedRequest, "world must be an object {path: document}")
            }
            for k in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let v = entries[k]!
                let p: DocumentPath
                do { p = try DocumentPath(parsing: k) } catch {
                    throw CloserError(error.code, "world key: \(error.reason)")
                }
                guard w[p] == nil else {
                    throw CloserError(.rulesMalformedRequest, "world names \(p) twice")
                }
                w[p] = try document("world[\(p)]", v)
            }
        }
        try self.init(
            auth: try RulesAuth(json: auth), method: m, path: try DocumentPath(parsing: path),
            data: try document("data", data), existing: try document("existing", existing), world: w,
            query: try query.flatMap { q throws(CloserError) in q == .null ? nil : try RulesQuery(json: q) })
    }

    /// The harness / vector form of this request (absent members omitted).
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "auth": auth.json, "method": .string(method.rawValue), "path": .string(path.string),
        ]
        if let data { o["data"] = data.json }
        if let existing { o["existing"] = existing.json }
        if !world.isEmpty {
            o["world"] = .object(
                Dictionary(uniqueKeysWithValues: world.map { ($0.key.string, $0.value.json) }))
        }
        if let query { o["query"] = query.json }
        return .object(o)
    }
}
