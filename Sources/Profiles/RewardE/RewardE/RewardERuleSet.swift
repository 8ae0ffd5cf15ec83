// Reward-E's firestore.rules, reconstructed from the architecture document's summary (the
// file itself is not in the document): families with members/{uid} roles, hasOnlyKeys field
// validation, the invite lookup, and the collection-group members query. Every invariant is
// `.inferred`. Normative: specs/profiles/reward-e/rules.md.

import CoreRules
import CoreWire

/// The match patterns of Reward-E's rules.
public enum RewardERulePaths {
    public static let family = PathPattern("family", "families/{familyId}")
    public static let member = PathPattern("member", "families/{familyId}/members/{userId}")
    /// `match /{path=**}/members/{userId}` for collection-group queries (`query.collectionGroup`).
    public static let memberGroup = PathPattern("memberGroup", "members/{userId}")
    public static let child = PathPattern("child", "families/{familyId}/children/{childId}")
    public static let transaction = PathPattern(
        "transaction", "families/{familyId}/children/{childId}/transactions/{txnId}")
    public static let goal = PathPattern("goal", "families/{familyId}/children/{childId}/goals/{goalId}")
    public static let subscription = PathPattern("subscription", "families/{familyId}/subscription/{docId}")
    public static let invite = PathPattern("invite", "invites/{inviteCode}")
    public static let all = [family, member, memberGroup, child, transaction, goal, subscription, invite]
}

/// Reward-E's rules as an executable rule set.
public enum RewardERuleSet {
    public static let name = "reward-e-firestore-rules"
    static let section = "Reward-E architecture › Firebase / Backend › Firestore Security Rules"

    public static let roles = ["admin", "parent", "viewer"]
    public static let familyKeys = [
        "name", "starValue", "currency", "inviteCode", "version", "lastModified", "lastModifiedBy",
    ]
    public static let memberKeys = ["userId", "name", "role"]
    public static let subscriptionKeys = ["active", "platform", "productId", "expiresAt", "ownerId"]
    public static let currencies = ["NOK", "SEK", "DKK", "EUR", "USD", "GBP"]

    static func inv(
        _ id: InvariantID, _ patterns: [PathPattern], _ methods: Set<RulesMethod>, _ quote: String, _ why: String,
        summary: String, check: @escaping @Sendable (RulesContext) -> InvariantResult
    ) -> Invariant {
        Invariant(
            id: id, source: ManualSource(section: section, quote: quote), provenance: .inferred(why), summary: summary,
            scope: InvariantScope(patterns: patterns.map(\.id), methods: methods), check: check)
    }

    /// The caller's role in `{familyId}` (nil: not a member).
    static func role(_ ctx: RulesContext) -> String? {
        guard let uid = ctx.uid, let f = ctx.binding("familyId") else { return nil }
        return ctx.get(["families", f, "members", uid])?["role"]?.stringValue
    }

    static func requireRole(_ ctx: RulesContext, _ allowed: [String]) -> InvariantResult {
        guard ctx.uid != nil else { return .violated("isAuthenticated() is false") }
        guard let r = role(ctx) else { return .violated("the caller has no members/{uid} document in this family") }
        return .require(allowed.contains(r), "role \(r) may not do this (needs \(allowed.joined(separator: " or ")))")
    }

    /// `hasOnlyKeys(keys)` and every listed key present.
    static func shape(_ ctx: RulesContext, _ keys: [String], _ helper: String) -> InvariantResult {
        let have = ctx.incoming?.keys ?? []
        let extra = have.subtracting(keys).sorted()
        return .require(extra.isEmpty, "\(helper): unknown fields \(extra.joined(separator: ", "))")
    }

    public static let noMatchingRule = Invariant(
        id: "rewarde.paths.no_matching_rule",
        source: ManualSource(section: section, quote: "Family members can only read/write their own family"),
        summary: "Deny by default.", scope: InvariantScope(patterns: [], methods: [])
    ) { _ in .violated("no match block covers this path") }

    static let memberQuote =
        "Family members can only read/write their own family (membership check via /members/{userId})"
    static let groupQuote =
        "Collection group query on members supports both single-doc get (join flow) and userId-filtered list (family lookup)"

    public static let invariants: [Invariant] = {
        let P = RewardERulePaths.self
        let familyData = [P.child, P.transaction, P.goal, P.subscription]
        return [
            inv(
                "rewarde.family.create", [P.family], [.create], "All writes require authentication (isAuthenticated())",
                "A new family has no members yet; its creator then writes members/{uid} as admin.",
                summary: "isAuthenticated() && isValidFamilyData(request.resource.data)."
            ) { ctx in
                .all([.require(ctx.uid != nil, "isAuthenticated() is false"), familyValid(ctx)])
            },
            inv(
                "rewarde.family.member_read", [P.family] + familyData, RulesMethod.reads, memberQuote,
                "Any member (admin, parent, viewer) reads the family and everything under it.",
                summary: "exists(families/{familyId}/members/{request.auth.uid})."
            ) { ctx in requireRole(ctx, roles) },
            inv(
                "rewarde.member.list", [P.member], [.list], memberQuote, "Members list their family's members.",
                summary: "exists(families/{familyId}/members/{request.auth.uid})."
            ) { ctx in requireRole(ctx, roles) },
            inv(
                "rewarde.family.update", [P.family], [.update], memberQuote,
                "Settings (star value, currency) are edited by parents and admins; viewers only read.",
                summary: "role in [admin, parent] && isValidFamilyData(request.resource.data)."
            ) { ctx in .all([requireRole(ctx, ["admin", "parent"]), familyValid(ctx)]) },
            inv(
                "rewarde.family.delete", [P.family], [.delete], memberQuote, "Only an admin deletes the family.",
                summary: "role == admin."
            ) { ctx in requireRole(ctx, ["admin"]) },
            inv(
                "rewarde.children.write", [P.child, P.transaction, P.goal], RulesMethod.writes, memberQuote,
                "Parents award and spend stars; viewers only read.", summary: "role in [admin, parent]."
            ) { ctx in requireRole(ctx, ["admin", "parent"]) },
            inv(
                "rewarde.member.write", [P.member], [.create], memberQuote,
                "Joining: a signed-in user writes their own members/{uid} (the invite lookup gave the family id).",
                summary:
                    "request.auth.uid == {userId} && isValidMemberData: hasOnlyKeys([userId, name, role]), userId == {userId}, role in [admin, parent, viewer]."
            ) { ctx in .all([ctx.requireOwner("userId", "member"), memberValid(ctx)]) },
            inv(
                "rewarde.member.admin_manage", [P.member], [.update, .delete], memberQuote,
                "Roles are changed and members removed by an admin.",
                summary: "role == admin && (delete || isValidMemberData)."
            ) { ctx in .all([requireRole(ctx, ["admin"]), ctx.method == .delete ? .holds : memberValid(ctx)]) },
            inv(
                "rewarde.member.self_get", [P.member], [.get], groupQuote,
                "The join flow reads the caller's own member document before membership is known.",
                summary: "request.auth.uid == {userId} || exists(members/{request.auth.uid})."
            ) { ctx in
                guard let uid = ctx.uid else { return .violated("isAuthenticated() is false") }
                return .require(
                    uid == ctx.binding("userId") || role(ctx) != nil, "neither the member nor in the family")
            },
            inv(
                "rewarde.member_group.user_filter", [P.memberGroup], [.list, .get], groupQuote,
                "A collection-group list is allowed only when it is filtered on userId == request.auth.uid (resource.data.userId == request.auth.uid must hold for every result).",
                summary: "query.collectionGroup && where('userId', '==', request.auth.uid)."
            ) { ctx in
                guard let uid = ctx.uid else { return .violated("isAuthenticated() is false") }
                guard ctx.query?.collectionGroup == true else {
                    return .violated("members/{userId} at the root is only reachable as a collection group")
                }
                return .require(
                    ctx.queryGuarantees("userId", equals: .string(uid)),
                    "the query is not filtered on userId == request.auth.uid")
            },
            inv(
                "rewarde.subscription.write", [P.subscription], RulesMethod.writes,
                "Field validation on all writes (isValidFamilyData, isValidMemberData, isValidSubscriptionData)",
                "The subscription record is written by the member who owns it (ownerId).",
                summary:
                    "role in [admin, parent] && isValidSubscriptionData: hasOnlyKeys([active, platform, productId, expiresAt, ownerId]), platform in [ios, android], ownerId == request.auth.uid."
            ) { ctx in
                if ctx.method == .delete { return requireRole(ctx, ["admin", "parent"]) }
                let d = ctx.incoming
                return .all([
                    requireRole(ctx, ["admin", "parent"]),
                    shape(ctx, subscriptionKeys, "isValidSubscriptionData"),
                    .require(
                        [FirestoreValue.string("ios"), .string("android")].contains(d?["platform"] ?? .null),
                        "platform must be ios or android"),
                    .require(d?["ownerId"] == ctx.uid.map(FirestoreValue.string), "ownerId must be the caller"),
                ])
            },
            inv(
                "rewarde.invite.lookup", [P.invite], [.get], "Invite codes stored in invites/{code}",
                "Any signed-in user may look a code up (join flow); listing codes is not granted.",
                summary: "isAuthenticated() (get only)."
            ) { ctx in .require(ctx.uid != nil, "isAuthenticated() is false") },
            inv(
                "rewarde.invite.create", [P.invite], [.create], "Invite codes stored in invites/{code}",
                "An admin of the family publishes its code: hasOnlyKeys([familyId]).",
                summary: "hasOnlyKeys([familyId]) && role(request.resource.data.familyId) == admin."
            ) { ctx in
                guard let uid = ctx.uid else { return .violated("isAuthenticated() is false") }
                guard let f = ctx.incoming?["familyId"]?.stringValue else { return .violated("familyId is missing") }
                return .all([
                    shape(ctx, ["familyId"], "hasOnlyKeys"),
                    .require(
                        ctx.get(["families", f, "members", uid])?["role"] == .string("admin"),
                        "the caller is not an admin of the invite's family"),
                ])
            },
        ]
    }()

    static func familyValid(_ ctx: RulesContext) -> InvariantResult {
        let d = ctx.incoming
        return .all([
            shape(ctx, familyKeys, "isValidFamilyData"),
            .require(d?["name"]?.stringValue.map { !$0.isEmpty } ?? false, "name must be a non-empty string"),
            .require(
                { if case .integer(let v)? = d?["starValue"] { return v > 0 } else { return false } }(),
                "starValue must be a positive integer"),
            .require(
                currencies.contains(d?["currency"]?.stringValue ?? ""),
                "currency must be one of \(currencies.joined(separator: ", "))"),
        ])
    }

    static func memberValid(_ ctx: RulesContext) -> InvariantResult {
        let d = ctx.incoming
        return .all([
            shape(ctx, memberKeys, "isValidMemberData"),
            .require(d?["userId"]?.stringValue == ctx.binding("userId"), "userId must equal {userId}"),
            .require(roles.contains(d?["role"]?.stringValue ?? ""), "role must be admin, parent or viewer"),
        ])
    }

    public static let v1 = RuleSet(
        name: name, patterns: RewardERulePaths.all, invariants: invariants, noMatchingRule: noMatchingRule,
        configuration: .defaults)

    public static func evaluate(_ request: RulesRequest) -> RulesDecision {
        RulesEvaluator(ruleSet: v1).evaluate(request)
    }
}
