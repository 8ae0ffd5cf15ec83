// FitLink's firestore.rules (friends chat) as a second rule set, encoded as written: one
// invariant per `allow` statement, so the vectors show what the deployed rules decide,
// holes included. Normative: specs/profiles/fitlink/rules-gaps.md.

import CoreRules
import CoreWire

/// The match patterns of FitLink's friends-chat rules.
public enum FitLinkRulePaths {
    public static let friendChat = PathPattern("friendChat", "friend_chats/{chatId}")
    public static let friendMessage = PathPattern("friendMessage", "friend_chats/{chatId}/friend_messages/{messageId}")
    public static let userKey = PathPattern("userKey", "user_keys/{userId}")
    public static let all = [friendChat, friendMessage, userKey]
}

/// FitLink's rules as an executable rule set.
public enum FitLinkRuleSet {
    public static let name = "fitlink-firestore-rules"
    static let section = "Friends Chat Technical Guide › 6. Firestore Security Rules"

    static func source(_ quote: String) -> ManualSource { ManualSource(section: section, quote: quote) }

    static func grant(
        _ id: InvariantID, _ pattern: PathPattern, _ methods: Set<RulesMethod>, _ quote: String, summary: String,
        check: @escaping @Sendable (RulesContext) -> InvariantResult
    ) -> Invariant {
        Invariant(
            id: id, source: source(quote), summary: summary,
            scope: InvariantScope(patterns: [pattern.id], methods: methods), check: check)
    }

    /// `request.auth.uid in <doc>.data.participant_ids`; a nil document is the rules' error on
    /// `null.data`, which denies.
    static func participant(_ ctx: RulesContext, _ doc: FirestoreDocument?, _ what: String) -> InvariantResult {
        guard let uid = ctx.uid else { return .violated("request.auth is null") }
        guard let doc else { return .violated("\(what) is null: reading its data is an error, which denies") }
        guard let ids = doc["participant_ids"]?.arrayValue else {
            return .violated("\(what).data.participant_ids is not a list")
        }
        return .require(ids.contains(.string(uid)), "caller \(uid) is not in \(what).data.participant_ids")
    }

    static func chat(_ ctx: RulesContext) -> FirestoreDocument? {
        guard let id = ctx.binding("chatId") else { return nil }
        return ctx.get(["friend_chats", id])
    }

    public static let noMatchingRule = Invariant(
        id: "fitlink.paths.no_matching_rule",
        source: source("rules_version = '2'; … match /databases/{database}/documents { … }"),
        summary:
            "Deny by default: a path no match block covers, or a method no allow statement grants (friend_messages update and delete).",
        scope: InvariantScope(patterns: [], methods: [])
    ) { _ in .violated("no match block covers this path") }

    public static let invariants: [Invariant] = [
        grant(
            "fitlink.friend_chats.participant", FitLinkRulePaths.friendChat, RulesMethod.all,
            "allow read, write: if request.auth != null && request.auth.uid in resource.data.participant_ids;",
            summary:
                "request.auth != null && uid in resource.data.participant_ids, for reads and writes alike: resource is null on create, so no client can create a chat."
        ) { ctx in participant(ctx, ctx.resource, "resource") },
        grant(
            "fitlink.friend_messages.read", FitLinkRulePaths.friendMessage, RulesMethod.reads,
            "allow read: if request.auth != null && request.auth.uid in get(/databases/$(database)/documents/friend_chats/$(chatId)).data.participant_ids;",
            summary: "request.auth != null && uid in get(friend_chats/{chatId}).data.participant_ids."
        ) { ctx in participant(ctx, chat(ctx), "get(friend_chats/{chatId})") },
        grant(
            "fitlink.friend_messages.create", FitLinkRulePaths.friendMessage, [.create],
            "allow create: if request.auth != null && request.auth.uid == request.resource.data.sender_id && request.auth.uid in get(…/friend_chats/$(chatId)).data.participant_ids;",
            summary:
                "request.auth != null && uid == request.resource.data.sender_id && uid in get(friend_chats/{chatId}).data.participant_ids. No field is validated."
        ) { ctx in
            guard let uid = ctx.uid else { return .violated("request.auth is null") }
            return .all([
                .require(
                    ctx.incoming?["sender_id"] == .string(uid),
                    "request.resource.data.sender_id is not the caller \(uid)"),
                participant(ctx, chat(ctx), "get(friend_chats/{chatId})"),
            ])
        },
        grant(
            "fitlink.user_keys.read", FitLinkRulePaths.userKey, RulesMethod.reads,
            "allow read: if request.auth != null;",
            summary: "request.auth != null: any signed-in user reads every public key (and lists the collection)."
        ) { ctx in .require(ctx.uid != nil, "request.auth is null") },
        grant(
            "fitlink.user_keys.write", FitLinkRulePaths.userKey, RulesMethod.writes,
            "allow write: if request.auth != null && request.auth.uid == userId;",
            summary: "request.auth != null && uid == {userId}. The public_key value is not validated."
        ) { ctx in ctx.requireOwner("userId") },
    ]

    /// The rule set (Closer's configuration type is carried but unused: no FitLink rule reads it).
    public static let v1 = RuleSet(
        name: name, patterns: FitLinkRulePaths.all, invariants: invariants, noMatchingRule: noMatchingRule,
        configuration: .defaults)

    public static func evaluate(_ request: RulesRequest) -> RulesDecision {
        RulesEvaluator(ruleSet: v1).evaluate(request)
    }
}
