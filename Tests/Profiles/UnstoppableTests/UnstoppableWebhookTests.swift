// The webhook ledger against hand-written outcomes (specs/profiles/unstoppable/webhook.md), the
// ops through the harness server, and the inspector.

import CloserHarness
import CoreWire
import Testing
import Unstoppable
import UnstoppableConformance

@Suite("Unstoppable webhook and ops")
struct UnstoppableWebhookTests {
    static func body(_ id: String, _ type: String, _ ms: Int) throws -> JSONValue {
        try JSONValue(
            parsing:
                #"{"api_version":"1.0","event":{"id":"\#(id)","type":"\#(type)","event_timestamp_ms":\#(ms),"app_user_id":"u","product_id":"p"}}"#
        )
    }

    @Test("re-delivery is a duplicate, an older event is stale, TEST is unsupported")
    func ledger() throws {
        var l = UnstoppableSubscriptionLedger()
        #expect(try l.receive(Self.body("b", "CANCELLATION", 2000)) == nil)
        #expect(try l.receive(Self.body("a", "RENEWAL", 1000)) == .stale)
        #expect(try l.receive(Self.body("a", "RENEWAL", 1000)) == .duplicate)
        #expect(try l.receive(Self.body("b", "RENEWAL", 3000)) == .duplicate)
        #expect(try l.receive(Self.body("t", "TEST", 5000)) == .unsupportedType)
        #expect(l.subscription.state == "cancelled" && l.subscription.isActive && !l.subscription.willRenew)
        #expect(l.subscription.lastEventID == "b" && l.subscription.lastEventTimestampMs == 2000)
        #expect(try l.receive(Self.body("c", "EXPIRATION", 2000)) == nil)
        #expect(l.subscription.state == "expired" && !l.subscription.isActive)
    }

    @Test("a malformed delivery is refused and not recorded")
    func malformed() throws {
        var l = UnstoppableSubscriptionLedger()
        #expect(throws: CloserError(.unstoppableMissingField, "")) {
            try l.receive(
                try JSONValue(parsing: #"{"api_version":"1.0","event":{"id":"x","type":"RENEWAL","app_user_id":"u"}}"#))
        }
        #expect(l.seen.isEmpty)
    }

    func respond(_ line: String) throws -> JSONValue {
        try JSONValue(
            parsing: Array(
                HarnessServer(profiles: [.closer, UnstoppableConformance.profile]).respond(toLine: Array(line.utf8))
                    .utf8))
    }

    @Test("the ops are served; an unknown message is a malformed request")
    func ops() throws {
        let info = try respond(#"{"id":1,"op":"info"}"#)
        guard case .array(let ops)? = info["ops"] else { Issue.record("no ops"); return }
        for op in ["unstoppable.validate", "unstoppable.routineTime", "unstoppable.dayKey", "unstoppable.webhook"] {
            #expect(ops.contains(.string(op)))
        }
        let r = try respond(
            #"{"id":1,"op":"unstoppable.validate","endpoint":"GET /v1/bootstrap","message":"reply","body":{}}"#)
        #expect(r["error"]?["detail"] == .string("harness.malformed_request"))
        let t = try respond(#"{"id":1,"op":"unstoppable.routineTime","hour":7,"minute":5}"#)
        #expect(t["routineTime"] == .string("07:05"))
    }

    @Test("inspect --profile unstoppable: a time, a date, a body")
    func inspect() throws {
        let inspect = try #require(UnstoppableConformance.profile.inspect)
        #expect(inspect("07:05").succeeded)
        #expect(inspect("7:05").failure?.code == .unstoppableInvalidRoutineTime)
        #expect(inspect("2026-03-01").succeeded)
        #expect(inspect("2026-3-1").failure?.code == .unstoppableInvalidDate)
        #expect(inspect(#"{"routineTime":"07:05","tasks":[]}"#).succeeded)
        #expect(!inspect(#"{"routineTime":"7:05","tasks":[]}"#).succeeded)
    }
}
