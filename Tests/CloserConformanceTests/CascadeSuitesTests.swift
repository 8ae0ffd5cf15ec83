// The cascade suites (couple_leave, account_deletion, game_push_claim): their shape, and that
// realistic mistakes fail named cases. WireSuiteReplayTests replays every case through the harness
// server; the independent recomputation is oracles/python/test_cascades.py.
// Normative: specs/cloud-functions.md §leaveCouple and account deletion, §Game session flags.

import CloserContracts
import CloserWire
import Testing

@testable import CloserConformance
@testable import CloserVectorModel

@Suite("cascade suites")
struct CascadeSuitesTests {
    static func field(_ c: VectorCase, _ name: String) -> JSONValue? {
        c.steps[0].input.first { $0.0 == name }?.1
    }

    static func expected(_ c: VectorCase, _ name: String) -> JSONValue? {
        guard case .output(let out) = c.steps[0].expected else { return nil }
        return out.first { $0.0 == name }?.1
    }

    static func document(_ v: JSONValue?) -> JSONValue? { v == .null ? nil : v }

    @Test("every case flagged; refusals are malformed_request at request, or the contract's own codes")
    func shape() throws {
        let contract: Set<String> = ["game.invalid_push_key", "datekey.invalid_instant"]
        for suite in [try CoupleLeaveSuite.build(), try AccountDeletionSuite.build(), try GamePushClaimSuite.build()] {
            #expect(suite.cases.count >= 20, "\(suite.name)")
            for c in suite.cases {
                #expect(!c.flags.isEmpty, "\(suite.name) \(c.comment)")
                guard case .error(let code, let layer) = c.steps[0].expected else { continue }
                let ok =
                    (code.rawValue == "harness.malformed_request" && layer == .request)
                    || (contract.contains(code.rawValue) && layer == .contract)
                #expect(ok, "\(suite.name) \(c.comment)")
            }
        }
    }

    @Test("couple_leave: a leave that also deletes the couple tree fails KeepCouple cases")
    func leaveThatDeletesTheCoupleFails() throws {
        let caught = try CoupleLeaveSuite.build().cases.filter { c in
            // The manual reading's leaves (D-CF-67) expect the tree deleted: not CloserSpec's plan.
            guard c.reading?.choice != .manual, let writes = Self.expected(c, "writes"),
                let caller = Self.field(c, "caller")?.stringValue,
                let plan = CoupleCascade.leave(
                    caller: caller, callerUser: Self.document(Self.field(c, "callerUser")),
                    couple: Self.document(Self.field(c, "couple")),
                    partnerUser: Self.document(Self.field(c, "partnerUser")))
            else { return false }
            let honest = plan.writes.map(\.json)
            let tree = JSONValue.object(["kind": .string("deleteRecursive"), "path": .string("couples/c1")])
            #expect(.array(honest) == writes, "\(c.comment)")
            return .array(honest + [tree]) != writes
        }
        #expect(caught.contains { $0.flags.contains(CoupleLeaveSuite.keep) })
    }

    @Test("game_push_claim: a claim tested by truthiness fails AlreadyClaimed cases")
    func truthyClaimFails() throws {
        let caught = try GamePushClaimSuite.build().cases.filter { c in
            guard let send = Self.expected(c, "send"), let session = Self.field(c, "session"),
                let key = Self.field(c, "key")?.stringValue
            else { return false }
            #expect(.bool(GamePushClaim.isUnclaimed(session: session, key: key)) == send, "\(c.comment)")
            let truthy: Bool
            switch session["notificationsSent"]?.member(exactly: key) {  // exact keys (D-CF-62)
            case nil, .null?, .bool(false)?, .string("")?: truthy = false
            default: truthy = true
            }
            let sentIsMap: Bool
            if case .object? = session["notificationsSent"] { sentIsMap = true } else { sentIsMap = false }
            let broken = session["notificationsSent"] == nil || (sentIsMap && !truthy)
            return .bool(broken) != send
        }
        #expect(caught.count == 3 && caught.allSatisfy { $0.flags.contains(GamePushClaimSuite.claimed) })
    }
}
