// The rules.evaluate op's response shape. Normative: specs/harness.md §"Ops".

import CloserRules
import CloserWire
import Testing

@testable import CloserHarness
@testable import CloserVectorModel

@Suite("harness ops: rules")
struct RulesOpTests {
    @Test("a denied get answers allow false, the violated invariant ids and no findings")
    func deniedGet() throws {
        let server = HarnessServer()
        let line = #"{"id":7,"op":"rules.evaluate","auth":{"uid":"bob"},"method":"get","path":"users/alice"}"#
        let response = try JSONValue(parsing: Array(server.respond(toLine: Array(line.utf8)).utf8))
        #expect(response["ok"] == .bool(true))
        #expect(response["id"] == .number(7))
        #expect(response["allow"] == .bool(false))
        #expect(response["violations"] == .array([.string("users.owner_only")]))
        #expect(response["findings"] == .array([]))
    }
}
