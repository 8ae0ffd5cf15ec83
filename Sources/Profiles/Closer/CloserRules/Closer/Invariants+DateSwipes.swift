// Date swipes, matches, plans, preferences, bucket list and gentle-reminder locks.
// Normative: specs/rules.md.

extension CloserInvariants {
    static let swipeEntryFields: Set<String> = ["action", "swipedAt"]

    /// The manual's scope for couple-owned data, shared by every group below.
    private static let datesOwnership = Manual.dataOwnership(
        "A couple owns the `couples/{coupleId}` document and all subcollections beneath it.")
    private static let datesMembersOnly: Provenance = .inferred(
        "Membership is how the manual scopes couple-owned data.")

    static let dates: [Invariant] = dateSwipeInvariants + datePlanInvariants + bucketListAndReminderInvariants

    /// date_swipes: each member writes only their own enc:v1 action.
    private static let dateSwipeInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        let ownership = datesOwnership, membersOnly = datesMembersOnly
        let swipes = Manual.dataModel("actions: map<uid, { action: enc:v1:, swipedAt: number }>")
        return [
            .closer(
                "date_swipes.members_only", [P.dateSwipe], [.get, .list, .create, .update], ownership,
                membersOnly,
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "date_swipes.write.actions_only", [P.dateSwipe], [.create, .update], swipes,
                .inferred("The data model lists only actions."),
                summary: "keys().hasOnly(['actions']) and actions is a map."
            ) { ctx in
                .all([
                    ctx.keys(of: ctx.incoming, within: ["actions"], "date swipe"),
                    .require(ctx.incoming?["actions"]?.mapValue != nil, "actions must be a map"),
                ])
            },
            .closer(
                "date_swipes.write.own_entry_only", [P.dateSwipe], [.create, .update],
                Manual.dataModel(
                    "# One doc per date idea; both partners' entries live under .actions keyed by uid."),
                .inferred("Per-user entries: a member writes only their own."),
                summary: "actions.diff().affectedKeys() within [request.auth.uid]."
            ) { ctx in
                let uid = ctx.uid.map { Set([$0]) } ?? []
                let others = ctx.affectedEntries(ofMap: "actions").subtracting(uid)
                return .require(
                    others.isEmpty, "another user's swipe changed: \(others.sorted().joined(separator: ", "))"
                )
            },
            .closer(
                "date_swipes.entry.shape", [P.dateSwipe], [.create, .update], swipes,
                .inferred("From the data model's entry type."),
                summary: "Each changed entry is a map with exactly action and swipedAt, swipedAt a number."
            ) { ctx in
                let actions = ctx.incoming?["actions"]?.mapValue ?? [:]
                var parts: [InvariantResult] = []
                for key in ctx.affectedEntries(ofMap: "actions").sorted() {
                    guard let entry = actions[key] else { continue }
                    guard let m = entry.mapValue else {
                        parts.append(.violated("actions.\(key) must be a map"))
                        continue
                    }
                    parts.append(
                        .require(
                            Set(m.keys) == CloserInvariants.swipeEntryFields && m["swipedAt"]?.numberValue != nil,
                            "actions.\(key) must be {action, swipedAt: number}"))
                }
                return parts.isEmpty ? .holds : .all(parts)
            },
            .closer(
                "date_swipes.action.valid", [P.dateSwipe], [.create, .update],
                Manual.profileRules("date swipes (`actions.{uid}.action` ciphertext)"),
                .inferred(
                    "The manual names both isValidSwipeAction ('love' | 'maybe' | 'skip') and coupleEncryptionEnabled(>= 1) without their use; taken as: ciphertext when the couple's encryption is enabled, else a plaintext swipe action."
                ),
                summary:
                    "For each changed entry: coupleEncryptionEnabled(coupleId) ? isCiphertext(action) : isValidSwipeAction(action). Wire finding: a match CloserWire cannot read."
            ) { ctx in
                let actions = ctx.incoming?["actions"]?.mapValue ?? [:]
                let encrypted = ctx.coupleEncryptionEnabled(ctx.binding("coupleId"))
                var parts: [InvariantResult] = []
                for key in ctx.affectedEntries(ofMap: "actions").sorted() {
                    guard let entry = actions[key]?.mapValue else { continue }
                    let field = "actions.\(key).action"
                    if encrypted {
                        parts.append(
                            ctx.wireValue(entry["action"], field: field, helper: CloserRulesRegex.isCiphertext))
                    } else {
                        parts.append(
                            .require(
                                entry["action"]?.stringValue.map(CloserRulesRegex.swipeActions.contains) ?? false,
                                "\(field) must be 'love', 'maybe' or 'skip' for an unencrypted couple"))
                    }
                }
                return parts.isEmpty ? .holds : .all(parts)
            },
            .denied(
                "date_swipes.delete.denied", [P.dateSwipe], [.delete], swipes,
                .inferred("No delete is described."),
                what: "not granted"),
        ]
    }()

    /// date_matches, date_plans and date_plan_preferences.
    private static let datePlanInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        let ownership = datesOwnership, membersOnly = datesMembersOnly
        return [
            .closer(
                "date_matches.read.members_only", [P.dateMatch], RulesMethod.reads, ownership, membersOnly,
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .denied(
                "date_matches.write.server_only", [P.dateMatch], RulesMethod.writes,
                Manual.dataModel(
                    "Cross-reference: createDateMatch.ts fires when both partners' actions are 'love'."),
                .inferred("Matches are created by the createDateMatchOnMutualLove trigger."),
                what: "server-only"),
            .closer(
                "date_plans.members_only", [P.datePlan], RulesMethod.all, ownership, membersOnly,
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "date_plans.write.status", [P.datePlan], [.create, .update],
                Manual.helpers("isValidDatePlanStatus(status) 'draft' | 'planned' | 'completed'"),
                summary: "status in ['draft', 'planned', 'completed']."
            ) { ctx in
                .require(
                    ctx.incoming?["status"]?.stringValue.map(CloserRulesRegex.datePlanStatuses.contains)
                        ?? false,
                    "status must be 'draft', 'planned' or 'completed'")
            },
            .closer(
                "date_plans.write.content_encrypted", [P.datePlan], [.create, .update],
                Manual.helpers(
                    "isDatePlanContentEncrypted(data) date-plan content fields are enc:v1: or absent"),
                .configuration(
                    "The content fields are RulesConfiguration.datePlanContentFields (default: title). Applied when coupleEncryptionEnabled(coupleId) (inferred)."
                ),
                summary:
                    "coupleEncryptionEnabled(coupleId) → each configured content field is cipherOrAbsent."
            ) { ctx in
                guard ctx.coupleEncryptionEnabled(ctx.binding("coupleId")) else { return .holds }
                return .all(
                    ctx.configuration.datePlanContentFields.map {
                        ctx.wireValue(
                            ctx.incoming?[$0], field: $0, helper: CloserRulesRegex.isCiphertext, allowAbsent: true
                        )
                    })
            },
            .closer(
                "date_plan_preferences.members_only", [P.datePlanPreference], RulesMethod.all, ownership,
                membersOnly,
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
        ]
    }()

    /// bucket_list and gentle_reminders.
    private static let bucketListAndReminderInvariants: [Invariant] = {
        let P = CloserRulePaths.self
        let ownership = datesOwnership, membersOnly = datesMembersOnly
        return [
            .closer(
                "bucket_list.members_only", [P.bucketListItem], RulesMethod.all, ownership, membersOnly,
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "bucket_list.write.category", [P.bucketListItem], [.create, .update],
                Manual.helpers("isValidBucketListCategory(category) whitelist of category strings"),
                .configuration(
                    "The whitelist is RulesConfiguration.bucketListCategories; the manual does not list it."),
                summary: "category in RulesConfiguration.bucketListCategories."
            ) { ctx in
                .require(
                    ctx.incoming?["category"]?.stringValue.map(
                        ctx.configuration.bucketListCategories.contains) ?? false,
                    "category is not in the configured whitelist")
            },
            .closer(
                "bucket_list.write.content_encrypted", [P.bucketListItem], [.create, .update],
                Manual.section(
                    "Known landmines › N-001 / N-002",
                    "Bucket items encrypt at rest (`enc:v1:`) once a real coupleId flows."),
                .configuration(
                    "Fields are RulesConfiguration.bucketListContentFields (default: title); that the rules check them is inferred."
                ),
                summary:
                    "coupleEncryptionEnabled(coupleId) → each configured content field is cipherOrAbsent."
            ) { ctx in
                guard ctx.coupleEncryptionEnabled(ctx.binding("coupleId")) else { return .holds }
                return .all(
                    ctx.configuration.bucketListContentFields.map {
                        ctx.wireValue(
                            ctx.incoming?[$0], field: $0, helper: CloserRulesRegex.isCiphertext, allowAbsent: true
                        )
                    })
            },
            .closer(
                "bucket_list.create.added_by_caller", [P.bucketListItem], [.create],
                Manual.dataModel(
                    "/couples/{coupleId}/bucket_list/{itemId} title, category, addedByUserId, completedAt"),
                .inferred("addedByUserId is taken to be the caller."),
                summary: "request.resource.data.addedByUserId == request.auth.uid."
            ) { ctx in
                .require(
                    ctx.uid != nil && ctx.incoming?["addedByUserId"] == .string(ctx.uid ?? ""),
                    "addedByUserId must be the caller")
            },
            .closer(
                "gentle_reminders.read.members_only", [P.gentleReminder], RulesMethod.reads,
                Manual.gentleReminders(
                    "The lock is stored in `couples/{coupleId}/gentle_reminders/{date}` so it survives function restarts and is visible to both partners."
                ),
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .denied(
                "gentle_reminders.write.server_only", [P.gentleReminder], RulesMethod.writes,
                Manual.gentleReminders("**Per-couple**: one reminder per couple per calendar day (UTC)."),
                .inferred(
                    "The lock is written by sendGentleReminderCallable; a client write would defeat it."),
                what: "server-only (sendGentleReminderCallable)"),
        ]
    }()
}
