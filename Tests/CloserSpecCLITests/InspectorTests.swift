// `closer-spec inspect`: one parse, every layer named, the failing layer reported.
// Normative: specs/enc-v1.md §"Opening, in order", specs/errors.md.

import CloserRules
import CloserWire
import Testing

@testable import closer_spec

@Suite("inspect")
struct InspectorTests {
    @Test("a string with none of the five prefixes fails at the prefix")
    func unknownPrefix() {
        let report = WireInspector.inspect("nope:v1:AAAA")
        #expect(report.failure?.code == .wireUnknownPrefix)
    }
}

@Suite("check: decision text")
struct RulesDecisionTextTests {
    @Test("a denied request prints DENY, the invariant and its manual quote")
    func denied() throws {
        let request = try RulesRequest(
            auth: .object(["uid": .string("bob")]), method: "get", path: "users/alice", data: nil, existing: nil,
            world: nil)
        let text = CloserRuleSet.evaluate(request).text
        #expect(text.hasPrefix("DENY"))
        #expect(text.contains("violated users.owner_only"))
        #expect(text.contains("manual: "))
    }
}
