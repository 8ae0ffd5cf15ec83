// Reward-E's rules read the query of a collection-group list. Normative:
// specs/profiles/reward-e/rules.md, specs/rules.md §"Requests" (query).

import CoreRules
import CoreWire
import RewardE
import Testing

@Suite("Reward-E rules: queries")
struct RewardEQueryTests {
    func request(_ method: String, _ path: String, query: JSONValue?, uid: String = "alice") throws -> RulesRequest {
        try RulesRequest(
            auth: .object(["uid": .string(uid)]), method: method, path: path, data: nil, existing: nil, world: nil,
            query: query)
    }

    @Test("Reward-E: the members collection group needs userId == caller")
    func rewardEGroup() throws {
        let ok = try request(
            "list", "members",
            query: .object([
                "collectionGroup": .bool(true),
                "where": .array([.array([.string("userId"), .string("=="), .string("alice")])]),
            ]))
        #expect(RewardERuleSet.evaluate(ok).allow)
        let other = try request(
            "list", "members",
            query: .object([
                "collectionGroup": .bool(true),
                "where": .array([.array([.string("userId"), .string("=="), .string("bob")])]),
            ]))
        #expect(!RewardERuleSet.evaluate(other).allow)
        #expect(
            !RewardERuleSet.evaluate(try request("list", "members", query: .object(["collectionGroup": .bool(true)])))
                .allow)
    }
}
