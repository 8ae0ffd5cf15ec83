// Query filters in the request model: parsed strictly, only on list, and ignored by Closer's
// rule set (its decisions do not change). Normative: specs/rules.md §"Requests",
// specs/profiles/reward-e/rules.md (whose rule set uses it).

import CloserRules
import CloserWire
import Testing

@Suite("rules query filters")
struct RulesQueryTests {
    func request(_ method: String, _ path: String, query: JSONValue?, uid: String = "alice") throws -> RulesRequest {
        try RulesRequest(
            auth: .object(["uid": .string(uid)]), method: method, path: path, data: nil, existing: nil, world: nil,
            query: query)
    }

    static let filter: JSONValue = .object([
        "where": .array([.array([.string("userId"), .string("=="), .string("alice")])])
    ])

    @Test(
        "Closer's decisions do not depend on a query", arguments: ["users", "couples", "invites", "couples/c1/threads"])
    func closerUnchanged(_ path: String) throws {
        let plain = CloserRuleSet.evaluate(try request("list", path, query: nil))
        let filtered = CloserRuleSet.evaluate(try request("list", path, query: Self.filter))
        #expect(plain.allow == filtered.allow)
        #expect(plain.violationIDs == filtered.violationIDs)
    }

    @Test("a query is refused on anything but list, and when malformed")
    func strict() throws {
        #expect(throws: CloserError(.rulesMalformedRequest, "")) {
            try RulesRequest(
                auth: .object(["uid": .string("a")]), method: "get", path: "users/a", data: nil, existing: nil,
                world: nil,
                query: Self.filter)
        }
        for bad: JSONValue in [
            .array([]), .object(["orderBy": .string("x")]), .object(["collectionGroup": .string("yes")]),
            .object(["where": .array([.array([.string("f"), .string("<"), .number(1)])])]),
            .object(["where": .array([.array([.string(""), .string("=="), .number(1)])])]),
            .object(["where": .array([.array([.string("f"), .string("==")])])]),
        ] {
            #expect(throws: CloserError(.rulesMalformedRequest, ""), "\(bad)") {
                try self.request("list", "users", query: bad)
            }
        }
    }

    @Test("the request's JSON form carries the query")
    func json() throws {
        let r = try request("list", "members", query: Self.filter)
        #expect(r.json["query"] == Self.filter)
        #expect(try request("list", "members", query: nil).json["query"] == nil)
    }
}
