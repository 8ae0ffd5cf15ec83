// FCM data payload → notification type → in-app route, as the Android app routes it.
// Normative: specs/push-routing.md (§Table: payload key → type → route).

import CloserWire

extension CloserError.Code {
    public static let pushInvalidPayload = Self("push.invalid_payload", .decodeError)
    public static let pushMissingType = Self("push.missing_type", .invalidParameters)
    public static let pushUnknownType = Self("push.unknown_type", .invalidParameters)
    public static let pushUnknownGameType = Self("push.unknown_game_type", .invalidParameters)
}

/// `PartnerNotificationType`: what a payload key means.
public enum PushNotificationType: String, Sendable, CaseIterable {
    case partnerAnswered = "PARTNER_ANSWERED"
    case partnerOpenedAnswer = "PARTNER_OPENED_ANSWER"
    case revealReady = "REVEAL_READY"
    case partnerStartedGame = "PARTNER_STARTED_GAME"
    case partnerCompletedPart = "PARTNER_COMPLETED_PART"
    case gameResultsReady = "GAME_RESULTS_READY"
    case challengeWaiting = "CHALLENGE_WAITING"
    case capsuleUnlocked = "CAPSULE_UNLOCKED"
    case dailyQuestionReminder = "DAILY_QUESTION_REMINDER"
    case chatMessage = "CHAT_MESSAGE"
    case outcomeReminder = "OUTCOME_REMINDER"
    case gentleReminder = "GENTLE_REMINDER"
    case partnerJoined = "PARTNER_JOINED"
    case dateMatch = "DATE_MATCH"
    case reengagement = "REENGAGEMENT"
    case partnerUnpaired = "PARTNER_UNPAIRED"

    /// `fromRemoteType(...)`: payload key → type (specs/push-routing.md §Table, in its order).
    public static let payloadKeys: [(key: String, type: PushNotificationType)] = [
        ("partner_answered", .partnerAnswered), ("partner_opened_answer", .partnerOpenedAnswer),
        ("reveal_ready", .revealReady), ("partner_started_game", .partnerStartedGame),
        ("partner_completed_part", .partnerCompletedPart), ("partner_finished_game", .gameResultsReady),
        ("game_results_ready", .gameResultsReady), ("challenge_day_ready", .challengeWaiting),
        ("challenge_waiting", .challengeWaiting), ("memory_capsule_unlocked", .capsuleUnlocked),
        ("daily_question", .dailyQuestionReminder), ("daily_question_reminder", .dailyQuestionReminder),
        ("chat_message", .chatMessage), ("outcome_reminder", .outcomeReminder),
        ("gentle_reminder", .gentleReminder), ("partner_joined", .partnerJoined), ("date_match", .dateMatch),
        ("reengagement", .reengagement), ("partner_left", .partnerUnpaired),
        ("partner_deleted_account", .partnerUnpaired),
    ]

    /// The type of a payload key, or nil for a key the app does not know.
    public init?(payloadKey: String) {
        guard let t = Self.payloadKeys.first(where: { $0.key == payloadKey })?.type else { return nil }
        self = t
    }
}

/// A destination: an `AppRoute` name and its arguments (empty for a fixed route).
public struct PushRoute: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// Argument name → value, e.g. `["questionId": "q-17"]`.
    public let args: [String: String]

    public init(_ name: String, _ args: [String: String] = [:]) {
        self.name = name
        self.args = args
    }

    public var description: String {
        args.isEmpty ? name : name + "(" + args.keys.sorted().map { "\($0)=\(args[$0]!)" }.joined(separator: ", ") + ")"
    }
}

/// The routing of specs/push-routing.md.
public enum PushRouting {
    /// The FCM data member that carries the payload key (pinned: `type`).
    public static let typeMember = "type"

    /// `gameType` value → the game's play route (`gameRouteForType`).
    public static let gameRoutes: [String: String] = [
        "WHEEL": "SPIN_WHEEL_RANDOM", "THIS_OR_THAT": "THIS_OR_THAT", "HOW_WELL": "HOW_WELL",
        "DESIRE_SYNC": "DESIRE_SYNC",
    ]
    /// `gameType` value → the results route (`gameResultsRouteFor`), which takes `sessionId`.
    public static let gameResultRoutes: [String: String] = [
        "WHEEL": "wheelComplete", "THIS_OR_THAT": "thisOrThatReplay", "HOW_WELL": "howWellReplay",
        "DESIRE_SYNC": "desireSyncReplay",
    ]

    /// Routes an FCM data payload. `coupleId` is the receiving app's current couple
    /// (`routeFor(payload, coupleId)`); when nil, the payload's own `coupleId` member is used.
    /// An empty string counts as absent.
    public static func route(data: [String: String], coupleId: String? = nil) throws(CloserError) -> (
        type: PushNotificationType, route: PushRoute
    ) {
        func member(_ name: String) -> String? {
            guard let v = data[name], !v.isEmpty else { return nil }
            return v
        }
        guard let key = member(typeMember) else {
            throw CloserError(.pushMissingType, "the data payload has no \"\(typeMember)\" member")
        }
        guard let type = PushNotificationType(payloadKey: key) else {
            throw CloserError(.pushUnknownType, "payload key \(CloserError.quoted(key)) maps to no notification type")
        }
        let couple = coupleId.flatMap { $0.isEmpty ? nil : $0 } ?? member("coupleId")
        func gameType() throws(CloserError) -> String? {
            guard let g = member("gameType") else { return nil }
            guard gameRoutes[g] != nil else {
                throw CloserError(
                    .pushUnknownGameType,
                    "gameType \(CloserError.quoted(g)) is not one of WHEEL, THIS_OR_THAT, HOW_WELL, DESIRE_SYNC")
            }
            return g
        }
        let route: PushRoute
        switch type {
        case .partnerAnswered, .dailyQuestionReminder, .gentleReminder, .reengagement:
            route = PushRoute("DAILY_QUESTION")
        case .partnerOpenedAnswer:
            route =
                member("questionId").map { PushRoute("answerReveal", ["questionId": $0]) }
                ?? PushRoute("DAILY_QUESTION")
        case .revealReady:
            route =
                member("questionId").map { PushRoute("answerReveal", ["questionId": $0]) }
                ?? PushRoute("ANSWER_HISTORY")
        case .partnerStartedGame, .partnerCompletedPart:
            route = try gameType().map { PushRoute(gameRoutes[$0]!) } ?? PushRoute("PLAY")
        case .gameResultsReady:
            let g = try gameType()
            if let g, let session = member("sessionId") {
                route = PushRoute(gameResultRoutes[g]!, ["sessionId": session])
            } else {
                route = PushRoute("PLAY")
            }
        case .challengeWaiting: route = PushRoute("CONNECTION_CHALLENGES")
        case .capsuleUnlocked: route = PushRoute("MEMORY_LANE")
        case .chatMessage:
            if let couple, let conversation = member("conversationId") {
                route = PushRoute("conversation", ["coupleId": couple, "conversationId": conversation])
            } else {
                route = PushRoute("MESSAGES")
            }
        case .outcomeReminder: route = PushRoute("SETTINGS")
        case .partnerJoined:
            route = couple.map { PushRoute("pairingSuccess", ["coupleId": $0]) } ?? PushRoute("HOME")
        case .dateMatch: route = PushRoute("DATE_MATCHES")
        case .partnerUnpaired: route = PushRoute("HOME")
        }
        return (type, route)
    }

    /// Routes a payload given as JSON: an object whose members are all strings (FCM data
    /// values are strings; anything else is `push.invalid_payload`).
    public static func route(json: JSONValue, coupleId: String? = nil) throws(CloserError) -> (
        type: PushNotificationType, route: PushRoute
    ) {
        guard case .object(let members) = json else {
            throw CloserError(.pushInvalidPayload, "the data payload must be a JSON object")
        }
        var data: [String: String] = [:]
        for (k, v) in members {
            guard let s = v.stringValue else {
                throw CloserError(
                    .pushInvalidPayload,
                    "data member \(CloserError.quoted(k)) is not a string (FCM data values are strings)")
            }
            data[k] = s
        }
        return try route(data: data, coupleId: coupleId)
    }
}
