// Hostile documents never crash the evaluator: wrong types in every field, huge maps and
// arrays, deep nesting, and seeded random JSON for every pattern and method.
// specs/rules.md §"Evaluation" ("The evaluator never throws on a document").

import CloserWire
import Foundation
import Testing

@testable import CloserRules

@Suite struct HostileDocumentTests {
    static let hostileValues: [JSONValue] = [
        .null, .bool(true), .number(0), .number(-1), .number(1e308), .number(0.5), .string(""),
        .string(String(repeating: "A", count: 100_000)), .string("enc:v1:" + String(repeating: "A", count: 50_000)),
        .array([]), .array((0..<10_000).map { .number(Double($0)) }), .object([:]),
        .object(["timestampValue": .string("2025-03-14T18:00:00Z")]), .object(["bytesValue": .string("AAEC")]),
        .object(Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("k\($0)", JSONValue.string("enc:v1:AAAA")) })),
    ]

    /// A representative document per pattern (enough fields for every check to run).
    static let samples: [(path: String, doc: String)] = [
        ("users/alice", #"{"coupleId":"couple-1","hasPremium":false,"displayName":"A"}"#),
        ("users/alice/notification_queue/n", #"{"type":"t","read":false}"#),
        ("users/alice/devices/primary", #"{"publicKey":"pub:v1:AAAA"}"#),
        (
            "couples/couple-1",
            #"{"userIds":["alice","bob"],"encryptionVersion":2,"wrappedCoupleKey":"x","kdfSalt":"y","kdfParams":"z","streakCount":1}"#
        ),
        (
            "couples/couple-1/daily_question/d/answers/alice",
            #"{"userId":"alice","questionId":"q","schemaVersion":3,"answerDate":"d","encryptedPayload":"sealed:v1:x","commitmentHash":"sha256:x","isRevealed":false}"#
        ),
        ("couples/couple-1/daily_question/d/answers/alice/secure/payload", #"{"encryptedPayload":"enc:v1:AAAA"}"#),
        ("couples/couple-1/daily_question/d/answers/alice/releaseKeys/bob", #"{"encryptedAnswerKey":"keybox:v1:x"}"#),
        (
            "couples/couple-1/threads/t/messages/alice",
            #"{"userId":"alice","schemaVersion":3,"encryptedPayload":"x","commitmentHash":"y"}"#
        ),
        ("couples/couple-1/conversations/c", #"{"type":"couple","lastMessagePreview":null,"reads":{},"typing":{}}"#),
        (
            "couples/couple-1/conversations/c/messages/m",
            #"{"authorUserId":"alice","type":"text","text":"enc:v1:AAAA","reactions":{},"deleted":false}"#
        ),
        ("couples/couple-1/date_swipes/i", #"{"actions":{"alice":{"action":"enc:v1:AAAA","swipedAt":1}}}"#),
        ("couples/couple-1/date_plans/p", #"{"title":"enc:v1:AAAA","status":"planned"}"#),
        ("couples/couple-1/bucket_list/b", #"{"title":"enc:v1:AAAA","category":"travel","addedByUserId":"alice"}"#),
        ("couples/couple-1/wheel/s", #"{"answers":{"alice":"enc:v1:AAAA"},"status":"active"}"#),
    ]

    /// Under a sanitizer (make test-asan / test-tsan set CLOSER_SANITIZER) every fourth
    /// (pattern, field, value) case runs: the plain run covers them all, and a stride prime to the
    /// 15 values still gives every value to every pattern (docs/checks.md §"Stages and budgets").
    static let sanitizerStride = ProcessInfo.processInfo.environment["CLOSER_SANITIZER"] == nil ? 1 : 4

    @Test func wrongTypesInEveryFieldNeverCrash() throws {
        var decisions = 0
        var index = 0
        let world = try json(#"{"couples/couple-1":{"userIds":["alice","bob"]}}"#)
        for sample in Self.samples {
            guard case .object(let base) = try json(sample.doc) else { continue }
            for key in base.keys.sorted() {
                for hostile in Self.hostileValues {
                    index += 1
                    guard index % Self.sanitizerStride == 0 else { continue }
                    var doc = base
                    doc[key] = hostile
                    // Also nest the hostile value one level down (per-user maps).
                    var nested = base
                    nested[key] = .object(["alice": hostile, "bob": hostile])
                    for d in [doc, nested] {
                        for (method, data, existing) in [
                            ("create", JSONValue.object(d), nil), ("update", .object(d), .object(base)),
                            ("update", .object(base), .object(d)), ("get", nil, .object(d)),
                        ] as [(String, JSONValue?, JSONValue?)] {
                            let r = try RulesRequest(
                                auth: .object(["uid": .string("alice")]), method: method, path: sample.path, data: data,
                                existing: existing,
                                world: sample.path == "couples/couple-1" ? nil : world)
                            let decision = evaluate(r)
                            #expect(decision.allow == evaluate(r).allow)
                            decisions += 1
                        }
                    }
                }
            }
        }
        #expect(decisions > 5_000 / Self.sanitizerStride)
    }

    @Test func hostileWorldsNeverCrash() throws {
        let worlds: [JSONValue] = [
            .object(["couples/couple-1": .object(["userIds": .string("alice")])]),
            .object(["couples/couple-1": .object(["userIds": .array((0..<100_000).map { .string("u\($0)") })])]),
            .object(["users/alice": .object(["coupleId": .number(7)]), "couples/7": .object([:])]),
            .object(["couples/couple-1": .object(["encryptionVersion": .string("2"), "userIds": .array([.null])])]),
        ]
        for world in worlds {
            for sample in Self.samples {
                guard case .object(var docs) = world else { continue }
                docs[sample.path] = nil  // the request's own document is `existing`
                let r = try RulesRequest(
                    auth: .object(["uid": .string("bob")]), method: "get", path: sample.path, data: nil,
                    existing: try json(sample.doc), world: .object(docs))
                _ = evaluate(r)
            }
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        var v = JSONValue.string("x")
        for _ in 0..<900 { v = .object(["a": v]) }
        let deep = v
        #expect(throws: CloserError.self) {
            try RulesRequest(
                auth: nil, method: "create", path: "users/alice", data: .object(["x": deep]), existing: nil, world: nil)
        }
        var a = JSONValue.string("x")
        for _ in 0..<900 { a = .array([.object(["a": a])]) }
        let deepArray = a
        #expect(throws: CloserError.self) {
            try RulesRequest(
                auth: nil, method: "create", path: "users/alice", data: .object(["x": deepArray]), existing: nil,
                world: nil)
        }
    }

    /// Seeded random JSON for data, existing and world, on every pattern and method.
    @Test func randomDocumentsNeverCrash() throws {
        let random = SeededRandom(seed: "rules-hostile-random-documents")
        func pick(_ n: Int) -> Int { Int(random.uint32() % UInt32(max(n, 1))) }
        let keys = [
            "userId", "schemaVersion", "encryptedPayload", "commitmentHash", "actions", "answers", "reactions", "text",
            "type", "userIds", "encryptionVersion", "read", "deleted", "alice", "bob", "status", "title", "category",
            "timestampValue", "bytesValue", "referenceValue", "geoPointValue", "latitude",
        ]
        let strings = [
            "alice", "bob", "enc:v1:AAAA", "sealed:v1:" + String(repeating: "A", count: 80), "sha256:", "love", "text",
            "2025-03-14T18:00:00Z", "users/alice", "AAEC", "", "couple-1",
        ]
        func value(_ depth: Int) -> JSONValue {
            switch pick(depth > 3 ? 5 : 8) {
            case 0: return .null
            case 1: return .bool(pick(2) == 0)
            case 2: return .number([0, 2, 3, -1, 1e300, 0.5][pick(6)])
            case 3, 4: return .string(strings[pick(strings.count)])
            case 5: return .array((0..<pick(4)).map { _ in value(depth + 1) })
            default:
                var o: [String: JSONValue] = [:]
                for _ in 0..<pick(5) { o[keys[pick(keys.count)]] = value(depth + 1) }
                return .object(o)
            }
        }
        let paths =
            HostileDocumentTests.samples.map(\.path) + [
                "invites/K7Q2XM", "date_ideas/x", "questions/q", "users/alice/entitlements/premium",
            ]
        var decided = 0
        var refused = 0
        for _ in 0..<4_000 {
            let method = RulesMethod.allCases[pick(5)]
            var path = paths[pick(paths.count)]
            if method == .list { path = String(path.split(separator: "/").dropLast().joined(separator: "/")) }
            let doc: () -> JSONValue = {
                pick(6) == 0 ? value(0) : .object(["a": value(1), keys[pick(keys.count)]: value(1)])
            }
            let data: JSONValue? = [.create, .update].contains(method) ? doc() : nil
            let existing: JSONValue? =
                method == .update || (method != .create && method != .list && pick(2) == 0) ? doc() : nil
            let world: JSONValue = .object(["couples/couple-1": doc(), "users/bob": doc()])
            do {
                let r = try RulesRequest(
                    auth: pick(4) == 0 ? nil : .object(["uid": .string(["alice", "bob", "mallory"][pick(3)])]),
                    method: method.rawValue, path: path, data: data, existing: existing, world: world)
                _ = evaluate(r)
                decided += 1
            } catch {
                refused += 1
            }
        }
        #expect(decided > 1_000)
        #expect(decided + refused == 4_000)
    }
}
