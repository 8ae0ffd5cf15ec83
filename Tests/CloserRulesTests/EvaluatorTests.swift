// specs/rules.md §"Requests" and §"Evaluation": request constraints, deny by default, list
// semantics, get() of the request's own path, findings, and the report text.

import CloserWire
import Testing

@testable import CloserRules

@Suite struct EvaluatorTests {
    @Test func requestConstraints() throws {
        // create with existing, update without, list with existing, data on a read, world holding the path.
        #expect(throws: CloserError.self) { try request("alice", "create", "users/alice", data: "{}", existing: "{}") }
        #expect(throws: CloserError.self) { try request("alice", "update", "users/alice", data: "{}") }
        #expect(throws: CloserError.self) { try request("alice", "list", "users", existing: "{}") }
        #expect(throws: CloserError.self) { try request("alice", "get", "users/alice", data: "{}") }
        #expect(throws: CloserError.self) { try request("alice", "create", "users/alice") }
        #expect(throws: CloserError.self) { try request("alice", "get", "users") }
        #expect(throws: CloserError.self) { try request("alice", "list", "users/alice") }
        #expect(throws: CloserError.self) { try request("alice", "get", "users/alice", world: ["users/alice": "{}"]) }
        #expect(throws: CloserError.self) { try request("alice", "get", "users/alice", world: ["users": "{}"]) }
        #expect(throws: CloserError.self) { try request("alice", "patch", "users/alice") }
        #expect(throws: CloserError.self) {
            try RulesRequest(
                auth: .object(["uid": .string("")]), method: "get", path: "users/a", data: nil, existing: nil,
                world: nil)
        }
        #expect(throws: CloserError.self) {
            try RulesRequest(
                auth: .string("alice"), method: "get", path: "users/a", data: nil, existing: nil, world: nil)
        }
        #expect(throws: CloserError.self) {
            try RulesRequest(auth: nil, method: "get", path: "users/a", data: nil, existing: nil, world: .array([]))
        }
    }

    @Test func denyByDefault() throws {
        let d = evaluate(try request("alice", "get", "unknown/doc"))
        #expect(!d.allow && d.violationIDs == ["paths.no_matching_rule"] && d.matchedPattern == nil)
    }

    @Test func everyPatternAndMethodIsDecidedByAnInvariant() {
        // Besides auth.signed_in, every (pattern, method) has an invariant in scope; the only
        // grants to "any signed-in user" are date-idea reads.
        let ruleSet = CloserRuleSet.v1
        for pattern in ruleSet.patterns {
            for method in RulesMethod.allCases where pattern.admitsList || method != .list {
                let scoped = ruleSet.invariants(for: pattern.id, method: method).filter { $0.id != "auth.signed_in" }
                let signedInOnly = pattern.id == "dateIdea" && method.isRead
                #expect(scoped.isEmpty == signedInOnly, "\(pattern.template) \(method)")
            }
        }
    }

    @Test func listLeavesTheDocumentWildcardUnbound() throws {
        let own = evaluate(try request("alice", "list", "users/alice/notification_queue"))
        #expect(own.allow)
        let all = evaluate(try request("alice", "list", "users"))
        #expect(all.violationIDs == ["users.owner_only"])
        // resource is unknown for a query: the inviter rule cannot be proven.
        #expect(evaluate(try request("alice", "list", "invites")).violationIDs == ["invites.read.inviter_only"])
    }

    @Test func aWritesGetOfItselfSeesTheStoredDocument() throws {
        // couples.update.members_only reads couples/{id}.userIds: for an update of the couple
        // itself that is `existing`, not the incoming data (which could add the caller).
        let stored = #"{"userIds":["alice","bob"],"encryptionVersion":2,"streakCount":1}"#
        let hijack = #"{"userIds":["alice","bob"],"encryptionVersion":2,"streakCount":2}"#
        let d = evaluate(try request("mallory", "update", "couples/couple-1", data: hijack, existing: stored))
        #expect(d.violationIDs == ["couples.update.members_only"])
        let ok = evaluate(try request("bob", "update", "couples/couple-1", data: hijack, existing: stored))
        #expect(ok.allow)
    }

    @Test func partnerGateNeedsThePartnersOwnAnswer() throws {
        let path = "couples/couple-1/daily_question/2025-03-14/answers/alice/secure/payload"
        let payload = #"{"encryptedPayload":"enc:v1:AAAA"}"#
        let before = evaluate(try request("bob", "get", path, existing: payload, world: coupleWorld))
        #expect(before.violationIDs == ["answers.secure.read.owner_or_answered_partner"])
        var world = coupleWorld
        world["couples/couple-1/daily_question/2025-03-14/answers/bob"] = #"{"schemaVersion":2}"#
        #expect(evaluate(try request("bob", "get", path, existing: payload, world: world)).allow)
        #expect(evaluate(try request("alice", "get", path, existing: payload)).allow)
    }

    @Test func findingsNeverDeny() throws {
        let d = evaluate(
            try request(
                "alice", "create", "couples/couple-1/daily_question/2025-03-14/answers/alice/secure/payload",
                data: #"{"encryptedPayload":"enc:v1:AAAA"}"#, world: coupleWorld))
        #expect(d.allow)
        #expect(d.findings.map(\.code) == ["wire.too_short"])
        #expect(d.findings.first?.invariant == "answers.secure.create.ciphertext")
        #expect(d.findings.first?.rulesHelper == "isCiphertext")
    }

    @Test func violationsComeInCatalogueOrderWithReasonsAndSources() throws {
        let d = evaluate(
            try request(
                nil, "create", "couples/couple-1/daily_question/2025-03-14/answers/alice",
                data: #"{"userId":"bob","schemaVersion":2,"questionId":"q","answerDate":"2025-03-14","text":"hi"}"#,
                world: coupleWorld))
        #expect(
            d.violationIDs == [
                "auth.signed_in", "answers.write.owner_member", "answers.create.user_id_matches_path",
                "answers.v2.create.metadata_only",
            ])
        #expect(d.violations.allSatisfy { !$0.reason.isEmpty && !$0.source.quote.isEmpty })
        let order = CloserRuleSet.v1.catalogue.map(\.id)
        let positions = d.violationIDs.compactMap { order.firstIndex(of: $0) }
        #expect(positions == positions.sorted())
    }

    @Test func configurationChangesOnlyTheConfiguredChecks() throws {
        var config = RulesConfiguration.defaults
        config.bucketListCategories = ["Travel"]
        let custom = RulesEvaluator(ruleSet: CloserRuleSet.make(configuration: config))
        let r = try request(
            "alice", "create", "couples/couple-1/bucket_list/i1",
            data: #"{"title":null,"category":"Travel","addedByUserId":"alice"}"#, world: coupleWorld)
        #expect(custom.evaluate(r).allow == false)  // title null is not cipherOrAbsent
        let r2 = try request(
            "alice", "create", "couples/couple-1/bucket_list/i1",
            data: #"{"category":"Travel","addedByUserId":"alice"}"#,
            world: coupleWorld)
        #expect(custom.evaluate(r2).allow)
        #expect(evaluate(r2).violationIDs == ["bucket_list.write.category"])
    }
}
