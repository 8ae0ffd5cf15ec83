// The push_routing suite: FCM data payload → notification type → route, valid and hostile.
// The tables below are written out from the page, not read from PushRouting.
// Normative: specs/push-routing.md.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum PushRoutingSuite {
    static let name = "push_routing"

    static let knownKey = VectorFlag("KnownKey", .basic, .contract, "A payload key of the manual's routing table.")
    static let alias = VectorFlag(
        "Alias", .basic, .contract, "A second payload key the manual maps to the same notification type.")
    static let fallback = VectorFlag(
        "Fallback", .edgeCase, .contract, "An argument the route needs is missing; the manual's fallback route applies."
    )
    static let everyKey = VectorFlag(
        "EveryKey", .basic, .contract,
        "One test per payload key of the table with only `type`: the key's type and its argument-less route.")
    static let unknownKey = VectorFlag(
        "UnknownKey", .missingStep, .contract,
        "A payload key the app does not map: the manual says such a mismatch silently drops the notification; ports must name it."
    )
    static let unknownGameType = VectorFlag(
        "UnknownGameType", .edgeCase, .contract,
        "A gameType outside WHEEL, THIS_OR_THAT, HOW_WELL, DESIRE_SYNC; CloserSpec names it, a port may fall back to PLAY (acceptable)."
    )
    static let badPayload = VectorFlag(
        "BadPayload", .encoding, .json, "FCM data that is not a string-to-string map.")

    /// `gameType` → (game route, results route), specs/push-routing.md's second table.
    static let games: [(game: String, route: String, results: String)] = [
        ("DESIRE_SYNC", "DESIRE_SYNC", "desireSyncReplay"), ("HOW_WELL", "HOW_WELL", "howWellReplay"),
        ("THIS_OR_THAT", "THIS_OR_THAT", "thisOrThatReplay"), ("WHEEL", "SPIN_WHEEL_RANDOM", "wheelComplete"),
    ]

    /// Every payload key with the type and the route it takes when `type` is the only member.
    static let keys: [(key: String, type: String, route: String)] = [
        ("partner_answered", "PARTNER_ANSWERED", "DAILY_QUESTION"),
        ("partner_opened_answer", "PARTNER_OPENED_ANSWER", "DAILY_QUESTION"),
        ("reveal_ready", "REVEAL_READY", "ANSWER_HISTORY"),
        ("partner_started_game", "PARTNER_STARTED_GAME", "PLAY"),
        ("partner_completed_part", "PARTNER_COMPLETED_PART", "PLAY"),
        ("partner_finished_game", "GAME_RESULTS_READY", "PLAY"),
        ("game_results_ready", "GAME_RESULTS_READY", "PLAY"),
        ("challenge_day_ready", "CHALLENGE_WAITING", "CONNECTION_CHALLENGES"),
        ("challenge_waiting", "CHALLENGE_WAITING", "CONNECTION_CHALLENGES"),
        ("memory_capsule_unlocked", "CAPSULE_UNLOCKED", "MEMORY_LANE"),
        ("daily_question", "DAILY_QUESTION_REMINDER", "DAILY_QUESTION"),
        ("daily_question_reminder", "DAILY_QUESTION_REMINDER", "DAILY_QUESTION"),
        ("chat_message", "CHAT_MESSAGE", "MESSAGES"),
        ("outcome_reminder", "OUTCOME_REMINDER", "SETTINGS"),
        ("gentle_reminder", "GENTLE_REMINDER", "DAILY_QUESTION"),
        ("partner_joined", "PARTNER_JOINED", "HOME"),
        ("date_match", "DATE_MATCH", "DATE_MATCHES"),
        ("reengagement", "REENGAGEMENT", "DAILY_QUESTION"),
        ("partner_left", "PARTNER_UNPAIRED", "HOME"),
        ("partner_deleted_account", "PARTNER_UNPAIRED", "HOME"),
    ]

    static func strings(_ pairs: [(String, String)]) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, JSONValue.string($0.1)) }))
    }

    static func ok(
        _ comment: String, _ flags: [VectorFlag], _ data: [(String, String)], coupleId: String? = nil, _ type: String,
        _ route: String, _ args: [(String, String)] = []
    ) -> VectorCase {
        var input: [(String, JSONValue)] = [("data", strings(data))]
        if let coupleId { input.append(("coupleId", V.str(coupleId))) }
        return .valid(
            comment, flags: flags, op: HarnessOpSpec.pushRoute.name, input: input,
            output: [
                ("type", V.str(type)), ("route", .object(["name": .string(route), "args": strings(args)])),
            ])
    }

    static func fail(
        _ comment: String, _ flags: [VectorFlag], acceptable: Bool = false, _ data: JSONValue, coupleId: String? = nil,
        _ code: CloserError.Code, layer: VectorLayer = .contract
    ) -> VectorCase {
        var input: [(String, JSONValue)] = [("data", data)]
        if let coupleId { input.append(("coupleId", V.str(coupleId))) }
        return acceptable
            ? .acceptable(
                comment, flags: flags, op: HarnessOpSpec.pushRoute.name, input: input,
                expected: .error(code, layer: layer))
            : .invalid(comment, flags: flags, op: HarnessOpSpec.pushRoute.name, input: input, error: code, layer: layer)
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-push-routing",
            header: [
                "Push routing (specs/push-routing.md): push.route maps an FCM data payload's `type` to the notification type",
                "and the route {name, args}. Expected routes are the page's table written out; unknown keys are named",
                "(push.unknown_type), an unknown gameType is acceptable either as push.unknown_game_type or a PLAY fallback.",
            ],
            groups: [
                VectorGroup(
                    "PushRoute", comment: "push.route of the table's keys, with and without arguments",
                    cases: questionAndGameCases() + tableCases() + argumentCases()),
                VectorGroup(
                    "PushRouteEveryKey", comment: "every payload key of the table once, with only `type`",
                    cases: everyKeyCases()),
                VectorGroup("PushRouteRefused", comment: "payloads the op refuses", cases: refusedCases()),
            ])
    }

    /// The daily question, reveal and game keys.
    static func questionAndGameCases() -> [VectorCase] {
        let k = [knownKey]
        var known: [VectorCase] = [
            ok(
                "partner_answered", k, [("type", "partner_answered"), ("questionId", "q-17")], "PARTNER_ANSWERED",
                "DAILY_QUESTION"),
            ok(
                "partner_opened_answer with questionId", k,
                [("type", "partner_opened_answer"), ("questionId", "q-17")],
                "PARTNER_OPENED_ANSWER", "answerReveal", [("questionId", "q-17")]),
            ok(
                "partner_opened_answer without questionId", k + [fallback], [("type", "partner_opened_answer")],
                "PARTNER_OPENED_ANSWER", "DAILY_QUESTION"),
            ok(
                "reveal_ready with questionId", k, [("type", "reveal_ready"), ("questionId", "q-17")], "REVEAL_READY",
                "answerReveal", [("questionId", "q-17")]),
            ok(
                "reveal_ready without questionId goes to history", k + [fallback], [("type", "reveal_ready")],
                "REVEAL_READY",
                "ANSWER_HISTORY"),
            ok(
                "reveal_ready with an empty questionId counts as absent", k + [fallback],
                [("type", "reveal_ready"), ("questionId", "")], "REVEAL_READY", "ANSWER_HISTORY"),
        ]
        for g in games {
            known.append(
                ok(
                    "partner_started_game \(g.game)", k, [("type", "partner_started_game"), ("gameType", g.game)],
                    "PARTNER_STARTED_GAME", g.route))
            known.append(
                ok(
                    "partner_completed_part \(g.game)", k,
                    [("type", "partner_completed_part"), ("gameType", g.game), ("sessionId", "s-9")],
                    "PARTNER_COMPLETED_PART",
                    g.route))
            known.append(
                ok(
                    "game_results_ready \(g.game)", k,
                    [("type", "game_results_ready"), ("gameType", g.game), ("sessionId", "s-9")],
                    "GAME_RESULTS_READY", g.results, [("sessionId", "s-9")]))
        }
        return known
    }

    /// Game fallbacks and aliases, challenges, chat, reminders, pairing and dates.
    static func tableCases() -> [VectorCase] {
        let k = [knownKey]
        return [
            ok(
                "partner_started_game without gameType falls back to PLAY (E-003)", k + [fallback],
                [("type", "partner_started_game")], "PARTNER_STARTED_GAME", "PLAY"),
            ok(
                "partner_completed_part without gameType falls back to PLAY", k + [fallback],
                [("type", "partner_completed_part")],
                "PARTNER_COMPLETED_PART", "PLAY"),
            ok(
                "partner_finished_game is GAME_RESULTS_READY", [alias],
                [("type", "partner_finished_game"), ("gameType", "WHEEL"), ("sessionId", "s-9")], "GAME_RESULTS_READY",
                "wheelComplete", [("sessionId", "s-9")]),
            ok(
                "game_results_ready without sessionId falls back to PLAY", k + [fallback],
                [("type", "game_results_ready"), ("gameType", "HOW_WELL")], "GAME_RESULTS_READY", "PLAY"),
            ok(
                "game_results_ready without gameType falls back to PLAY", k + [fallback],
                [("type", "game_results_ready"), ("sessionId", "s-9")], "GAME_RESULTS_READY", "PLAY"),
            ok(
                "challenge_day_ready", [alias], [("type", "challenge_day_ready")], "CHALLENGE_WAITING",
                "CONNECTION_CHALLENGES"),
            ok("challenge_waiting", k, [("type", "challenge_waiting")], "CHALLENGE_WAITING", "CONNECTION_CHALLENGES"),
            ok("memory_capsule_unlocked", k, [("type", "memory_capsule_unlocked")], "CAPSULE_UNLOCKED", "MEMORY_LANE"),
            ok("daily_question", k, [("type", "daily_question")], "DAILY_QUESTION_REMINDER", "DAILY_QUESTION"),
            ok(
                "daily_question_reminder", [alias], [("type", "daily_question_reminder")], "DAILY_QUESTION_REMINDER",
                "DAILY_QUESTION"),
            ok(
                "chat_message with both ids (coupleId from the app)", k,
                [("type", "chat_message"), ("conversationId", "conv-1")],
                coupleId: "couple-1", "CHAT_MESSAGE", "conversation",
                [("coupleId", "couple-1"), ("conversationId", "conv-1")]),
            ok(
                "chat_message with coupleId in the payload", k,
                [("type", "chat_message"), ("conversationId", "conv-1"), ("coupleId", "couple-1")], "CHAT_MESSAGE",
                "conversation",
                [("coupleId", "couple-1"), ("conversationId", "conv-1")]),
            ok(
                "chat_message: the app's coupleId wins over the payload's", k,
                [("type", "chat_message"), ("conversationId", "conv-1"), ("coupleId", "couple-x")],
                coupleId: "couple-1",
                "CHAT_MESSAGE", "conversation", [("coupleId", "couple-1"), ("conversationId", "conv-1")]),
            ok(
                "chat_message without conversationId", k + [fallback], [("type", "chat_message")], coupleId: "couple-1",
                "CHAT_MESSAGE", "MESSAGES"),
            ok("outcome_reminder goes to SETTINGS", k, [("type", "outcome_reminder")], "OUTCOME_REMINDER", "SETTINGS"),
            ok("gentle_reminder", k, [("type", "gentle_reminder")], "GENTLE_REMINDER", "DAILY_QUESTION"),
            ok(
                "partner_joined with a known couple", k, [("type", "partner_joined")], coupleId: "couple-1",
                "PARTNER_JOINED",
                "pairingSuccess", [("coupleId", "couple-1")]),
            ok(
                "partner_joined without a couple", k + [fallback], [("type", "partner_joined")], "PARTNER_JOINED",
                "HOME"),
            ok("date_match", k, [("type", "date_match")], "DATE_MATCH", "DATE_MATCHES"),
            ok("reengagement", k, [("type", "reengagement")], "REENGAGEMENT", "DAILY_QUESTION"),
            ok("partner_left", k, [("type", "partner_left")], "PARTNER_UNPAIRED", "HOME"),
            ok("partner_deleted_account", [alias], [("type", "partner_deleted_account")], "PARTNER_UNPAIRED", "HOME"),
        ]
    }

    /// Routes with arguments, each argument source once more; partner_finished_game for every game.
    static func argumentCases() -> [VectorCase] {
        let k = [knownKey]
        var known: [VectorCase] = [
            ok(
                "partner_joined: the payload's coupleId when the app has none", k + [fallback],
                [("type", "partner_joined"), ("coupleId", "couple-2")], "PARTNER_JOINED", "pairingSuccess",
                [("coupleId", "couple-2")]),
            ok(
                "chat_message with an empty conversationId counts as absent", k + [fallback],
                [("type", "chat_message"), ("conversationId", "")], coupleId: "couple-1", "CHAT_MESSAGE", "MESSAGES"),
            ok(
                "chat_message without any coupleId", k + [fallback],
                [("type", "chat_message"), ("conversationId", "conv-1")],
                "CHAT_MESSAGE", "MESSAGES"),
            ok(
                "partner_started_game with an empty gameType counts as absent", k + [fallback],
                [("type", "partner_started_game"), ("gameType", "")], "PARTNER_STARTED_GAME", "PLAY"),
            ok(
                "Members outside the table's arguments are ignored", k,
                [("type", "date_match"), ("title", "a date"), ("click_action", "FLUTTER_NOTIFICATION_CLICK")],
                "DATE_MATCH",
                "DATE_MATCHES"),
        ]
        for g in games {
            known.append(
                ok(
                    "partner_finished_game \(g.game)", [alias],
                    [("type", "partner_finished_game"), ("gameType", g.game), ("sessionId", "s-7")],
                    "GAME_RESULTS_READY",
                    g.results, [("sessionId", "s-7")]))
        }
        return known
    }

    /// Every key of the table once, with only `type`.
    static func everyKeyCases() -> [VectorCase] {
        keys.map { e in
            ok("Every key: \(e.key) alone", [everyKey], [("type", e.key)], e.type, e.route)
        }
    }

    /// Payloads the op refuses.
    static func refusedCases() -> [VectorCase] {
        let o: ([(String, JSONValue)]) -> JSONValue = { .object(Dictionary(uniqueKeysWithValues: $0)) }
        let refused: [VectorCase] = [
            fail(
                "Unknown payload key (a server key the app lacks)", [unknownKey],
                o([("type", .string("partner_sent_gift"))]), .pushUnknownType),
            fail(
                "Payload key in another case", [unknownKey], o([("type", .string("PARTNER_ANSWERED"))]),
                .pushUnknownType),
            fail("No type member", [unknownKey], o([("questionId", .string("q-17"))]), .pushMissingType),
            fail(
                "gameType in the collection's spelling (this_or_that)", [unknownGameType], acceptable: true,
                o([("type", .string("partner_started_game")), ("gameType", .string("this_or_that"))]),
                .pushUnknownGameType),
            fail(
                "gameType the app does not know", [unknownGameType], acceptable: true,
                o([
                    ("type", .string("game_results_ready")), ("gameType", .string("TRIVIA")),
                    ("sessionId", .string("s-9")),
                ]),
                .pushUnknownGameType),
            fail(
                "A number in the data map", [badPayload],
                o([("type", .string("reveal_ready")), ("questionId", .number(17))]),
                .pushInvalidPayload, layer: .json),
            fail(
                "Data that is an array", [badPayload], .array([.string("reveal_ready")]), .pushInvalidPayload,
                layer: .json),
            fail("An empty type counts as absent", [unknownKey], o([("type", .string(""))]), .pushMissingType),
            fail(
                "A payload key with a trailing space", [unknownKey], o([("type", .string("date_match "))]),
                .pushUnknownType),
            fail(
                "The notification type's name instead of the payload key", [unknownKey],
                o([("type", .string("DATE_MATCH"))]),
                .pushUnknownType),
            fail("An empty data map", [unknownKey], o([]), .pushMissingType),
            fail("Data that is null", [badPayload], .null, .pushInvalidPayload, layer: .json),
            fail("Data that is a string", [badPayload], .string("date_match"), .pushInvalidPayload, layer: .json),
            fail("type that is a number", [badPayload], o([("type", .number(1))]), .pushInvalidPayload, layer: .json),
            fail(
                "A nested object in the data map", [badPayload],
                o([("type", .string("chat_message")), ("conversation", o([("id", .string("conv-1"))]))]),
                .pushInvalidPayload,
                layer: .json),
            fail(
                "A boolean in the data map", [badPayload],
                o([("type", .string("date_match")), ("silent", .bool(true))]),
                .pushInvalidPayload, layer: .json),
            fail(
                "gameType in lower case", [unknownGameType], acceptable: true,
                o([("type", .string("partner_completed_part")), ("gameType", .string("wheel"))]), .pushUnknownGameType),
            // Appended in 3.4.0: the manual names this push, the routing table has no row for it (D-CONTRACTS-15).
            fail(
                "subscription_entitlement_changed: a push the manual names but the routing table lacks", [unknownKey],
                o([("type", .string("subscription_entitlement_changed"))]), .pushUnknownType
            ).citing(VectorPin("D-CONTRACTS-15", .refuse)),
        ]
        return refused
    }
}
