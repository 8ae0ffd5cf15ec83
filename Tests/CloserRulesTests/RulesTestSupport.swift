// Shared helpers for the CloserRules tests.

import CloserWire
import Foundation
import Testing

@testable import CloserRules

/// Parses JSON text in a test (a parse failure is a test bug).
func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

/// A document from JSON text.
func document(_ text: String) throws -> FirestoreDocument { try FirestoreDocument(json: json(text)) }

/// A request in the harness form, from JSON texts.
func request(
    _ auth: String?, _ method: String, _ path: String, data: String? = nil, existing: String? = nil,
    world: [String: String] = [:]
) throws -> RulesRequest {
    var w: [String: JSONValue] = [:]
    for (k, v) in world { w[k] = try json(v) }
    return try RulesRequest(
        auth: auth.map { .object(["uid": .string($0)]) }, method: method, path: path, data: try data.map(json),
        existing: try existing.map(json), world: .object(w))
}

/// The couple world most tests use: couple-1 = alice + bob (STRICT), couple-2 = mallory + trent.
let coupleWorld: [String: String] = [
    "couples/couple-1": #"{"userIds":["alice","bob"],"encryptionVersion":2}"#,
    "couples/couple-2": #"{"userIds":["mallory","trent"],"encryptionVersion":2}"#,
    "users/alice": #"{"coupleId":"couple-1"}"#,
    "users/bob": #"{"coupleId":"couple-1"}"#,
    "users/mallory": #"{"coupleId":"couple-2"}"#,
]

func evaluate(_ r: RulesRequest) -> RulesDecision { CloserRuleSet.evaluate(r) }

/// `../shared` beside the package (the manual and profile-v1), or nil when absent.
enum SharedDocs {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")

    static func text(_ relative: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else {
            print("SKIP: ../shared/\(relative) is absent; the manual-quote test is skipped")
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }
}
