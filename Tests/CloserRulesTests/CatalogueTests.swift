// specs/rules.md §"The invariants": ids, provenance, scopes, manual quotes, and coverage of
// profile-v1's Rules list.

import CloserWire
import Testing

@testable import CloserRules

@Suite struct CatalogueTests {
    let ruleSet = CloserRuleSet.v1

    @Test func idsAreUniqueAndWellFormed() {
        let ids = ruleSet.catalogue.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let parts = id.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count >= 2, "\(id)")
            #expect(
                parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } },
                "\(id)")
        }
    }

    @Test func everyInvariantIsDocumentedAndScoped() {
        let patternIDs = Set(ruleSet.patterns.map(\.id))
        for inv in ruleSet.invariants {
            #expect(!inv.summary.isEmpty && !inv.source.quote.isEmpty && !inv.source.section.isEmpty, "\(inv.id)")
            #expect(!inv.scope.methods.isEmpty, "\(inv.id)")
            for p in inv.scope.patterns ?? [] {
                #expect(patternIDs.contains(p), "\(inv.id) names unknown pattern \(p)")
            }
            switch inv.provenance {
            case .stated: break
            case .inferred(let note), .configuration(let note), .decided(let note): #expect(!note.isEmpty, "\(inv.id)")
            }
        }
    }

    /// Every quote is the manual's own words: each fragment between "…" occurs verbatim (up
    /// to runs of whitespace) in the manual or in profile-v1.md.
    @Test func quotesAreVerbatim() throws {
        guard let manual = SharedDocs.text("reference/closer-engineering-manual.md"),
            let profile = SharedDocs.text("design/profile-v1.md")
        else { return }
        func squash(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let manualText = squash(manual)
        let profileText = squash(profile)
        for inv in ruleSet.catalogue {
            let haystack = inv.source.section.hasPrefix("profile-v1.md") ? profileText : manualText
            for fragment in inv.source.quote.components(separatedBy: "…") {
                let f = squash(fragment).trimmingCharacters(in: .whitespaces)
                guard !f.isEmpty else { continue }
                let found = haystack.contains(f)
                #expect(found, "\(inv.id): “\(f)” is not in \(inv.source.section)")
            }
        }
    }

    /// profile-v1's Rules list, item by item, and the invariants that cover it.
    @Test func coversProfileRulesList() {
        let coverage: [(String, [InvariantID])] = [
            (
                "regex helpers",
                [
                    "answers.secure.create.ciphertext", "answers.v3.create.sealed_payload",
                    "release_keys.create.keybox", "answers.v3.create.commitment_hash",
                ]
            ),
            ("isValidInviteCode", ["invites.read.valid_code"]),
            ("swipe actions", ["date_swipes.action.valid"]),
            ("date-plan status", ["date_plans.write.status"]),
            (
                "isCoupleKeyAnswerCreate/Update",
                ["answers.v2.create.metadata_only", "answers.v2.update.reveal_flip_only"]
            ),
            (
                "secure/payload and its partner read gate",
                ["answers.secure.create.payload_only", "answers.secure.read.owner_or_answered_partner"]
            ),
            (
                "isSealedAnswerCreate/Update",
                ["answers.v3.create.sealed_shape", "answers.v3.update.reveal_metadata_only"]
            ),
            (
                "isSealedThreadAnswerCreate/Update",
                ["thread_messages.create.sealed_shape", "thread_messages.update.release_flag_only"]
            ),
            (
                "releaseKeys",
                ["release_keys.read.recipient_only", "release_keys.create.sender_is_owner", "release_keys.create_only"]
            ),
            ("couple creation", ["couples.create.encryption_version_strict", "couples.create.e2ee_fields_present"]),
            ("immutability helpers", ["couples.update.recovery_wrap_or_rhythm"]),
            (
                "server-only paths",
                [
                    "invites.write.server_only", "couples.delete.denied", "entitlements.write.server_only",
                    "notification_queue.create_delete.server_only", "outcomes.write.server_only",
                    "entitlement_events.no_client_access", "questions.no_client_access",
                    "users.has_premium.server_only",
                ]
            ),
            ("notification_queue read flag", ["notification_queue.update.read_flag_only"]),
            ("partner-only reads", ["devices.read.owner_or_partner", "entitlements.read.owner_or_partner"]),
            (
                "conversations/messages",
                [
                    "messages.write.text_ciphertext", "messages.update.deleted_author_only",
                    "messages.reactions.own_only",
                ]
            ),
            ("date swipes", ["date_swipes.action.valid"]),
            ("game sessions", ["games.answers.ciphertext"]),
            ("bucket-list whitelist (configuration)", ["bucket_list.write.category"]),
        ]
        for (item, ids) in coverage {
            for id in ids { #expect(ruleSet.invariant(id) != nil, "\(item): \(id) missing") }
        }
        if case .configuration = ruleSet.invariant("bucket_list.write.category")?.provenance {
        } else {
            Issue.record("the bucket-list whitelist must be configuration")
        }
    }
}
