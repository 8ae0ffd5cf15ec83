// The push_routing suite as plain cases. Normative: specs/push-routing.md.

import CloserWire

public enum PushRoutingCases {
    public static let flags: [ContractFlag] = [
        ContractFlag(name: "KnownKey", bugType: "BASIC", description: "A payload key of the manual's routing table."),
        ContractFlag(
            name: "Alias", bugType: "BASIC",
            description: "A second payload key the manual maps to the same notification type."),
        ContractFlag(
            name: "Fallback", bugType: "EDGE_CASE",
            description: "An argument the route needs is missing; the manual's fallback route applies."),
        ContractFlag(
            name: "UnknownKey", bugType: "MISSING_STEP",
            description: "A payload key the app does not map: the manual says such a mismatch silently drops the notification; ports must name it."),
        ContractFlag(
            name: "UnknownGameType", bugType: "EDGE_CASE",
            description: "A gameType outside WHEEL, THIS_OR_THAT, HOW_WELL, DESIRE_SYNC; CloserSpec names it, a port may fall back to PLAY (acceptable)."),
        ContractFlag(name: "BadPayload", bugType: "ENCODING", description: "FCM data that is not a string-to-string map."),
    ]

    static func ok(
        _ comment: String, _ flags: [String], _ data: [String: String], coupleId: String? = nil, _ type: String,
        _ route: String, _ args: [String: String] = [:]
    ) -> ContractCase {
        var input: [String: JSONValue] = ["data": .object(data.mapValues(JSONValue.string))]
        if let coupleId { input["coupleId"] = .string(coupleId) }
        return ContractCase(
            comment, flags: flags, op: "push.route", input: input,
            expected: [
                "type": .string(type),
                "route": .object(["name": .string(route), "args": .object(args.mapValues(JSONValue.string))]),
            ])
    }

    static func fail(_ comment: String, _ flags: [String], result: String = "invalid", _ data: JSONValue, _ code: CloserError.Code)
        -> ContractCase
    {
        ContractCase(
            comment, flags: flags, result: result, op: "push.route", input: ["data": data],
            expected: ContractCase.error(code))
    }

    public static var cases: [ContractCase] {
        let k = ["KnownKey"]
        var out: [ContractCase] = [
            ok("partner_answered", k, ["type": "partner_answered", "questionId": "q-17"], "PARTNER_ANSWERED", "DAILY_QUESTION"),
            ok("partner_opened_answer with questionId", k, ["type": "partner_opened_answer", "questionId": "q-17"], "PARTNER_OPENED_ANSWER", "answerReveal", ["questionId": "q-17"]),
            ok("partner_opened_answer without questionId", k + ["Fallback"], ["type": "partner_opened_answer"], "PARTNER_OPENED_ANSWER", "DAILY_QUESTION"),
            ok("reveal_ready with questionId", k, ["type": "reveal_ready", "questionId": "q-17"], "REVEAL_READY", "answerReveal", ["questionId": "q-17"]),
            ok("reveal_ready without questionId goes to history", k + ["Fallback"], ["type": "reveal_ready"], "REVEAL_READY", "ANSWER_HISTORY"),
            ok("reveal_ready with an empty questionId counts as absent", k + ["Fallback"], ["type": "reveal_ready", "questionId": ""], "REVEAL_READY", "ANSWER_HISTORY"),
        ]
        for (g, r) in PushRouting.gameRoutes.sorted(by: { $0.key < $1.key }) {
            out.append(ok("partner_started_game \(g)", k, ["type": "partner_started_game", "gameType": g], "PARTNER_STARTED_GAME", r))
            out.append(ok("partner_completed_part \(g)", k, ["type": "partner_completed_part", "gameType": g, "sessionId": "s-9"], "PARTNER_COMPLETED_PART", r))
            out.append(ok("game_results_ready \(g)", k, ["type": "game_results_ready", "gameType": g, "sessionId": "s-9"], "GAME_RESULTS_READY", PushRouting.gameResultRoutes[g]!, ["sessionId": "s-9"]))
        }
        out += [
            ok("partner_started_game without gameType falls back to PLAY (E-003)", k + ["Fallback"], ["type": "partner_started_game"], "PARTNER_STARTED_GAME", "PLAY"),
            ok("partner_completed_part without gameType falls back to PLAY", k + ["Fallback"], ["type": "partner_completed_part"], "PARTNER_COMPLETED_PART", "PLAY"),
            ok("partner_finished_game is GAME_RESULTS_READY", ["Alias"], ["type": "partner_finished_game", "gameType": "WHEEL", "sessionId": "s-9"], "GAME_RESULTS_READY", "wheelComplete", ["sessionId": "s-9"]),
            ok("game_results_ready without sessionId falls back to PLAY", k + ["Fallback"], ["type": "game_results_ready", "gameType": "HOW_WELL"], "GAME_RESULTS_READY", "PLAY"),
            ok("game_results_ready without gameType falls back to PLAY", k + ["Fallback"], ["type": "game_results_ready", "sessionId": "s-9"], "GAME_RESULTS_READY", "PLAY"),
            ok("challenge_day_ready", ["Alias"], ["type": "challenge_day_ready"], "CHALLENGE_WAITING", "CONNECTION_CHALLENGES"),
            ok("challenge_waiting", k, ["type": "challenge_waiting"], "CHALLENGE_WAITING", "CONNECTION_CHALLENGES"),
            ok("memory_capsule_unlocked", k, ["type": "memory_capsule_unlocked"], "CAPSULE_UNLOCKED", "MEMORY_LANE"),
            ok("daily_question", k, ["type": "daily_question"], "DAILY_QUESTION_REMINDER", "DAILY_QUESTION"),
            ok("daily_question_reminder", ["Alias"], ["type": "daily_question_reminder"], "DAILY_QUESTION_REMINDER", "DAILY_QUESTION"),
            ok("chat_message with both ids (coupleId from the app)", k, ["type": "chat_message", "conversationId": "conv-1"], coupleId: "couple-1", "CHAT_MESSAGE", "conversation", ["coupleId": "couple-1", "conversationId": "conv-1"]),
            ok("chat_message with coupleId in the payload", k, ["type": "chat_message", "conversationId": "conv-1", "coupleId": "couple-1"], "CHAT_MESSAGE", "conversation", ["coupleId": "couple-1", "conversationId": "conv-1"]),
            ok("chat_message: the app's coupleId wins over the payload's", k, ["type": "chat_message", "conversationId": "conv-1", "coupleId": "couple-x"], coupleId: "couple-1", "CHAT_MESSAGE", "conversation", ["coupleId": "couple-1", "conversationId": "conv-1"]),
            ok("chat_message without conversationId", k + ["Fallback"], ["type": "chat_message"], coupleId: "couple-1", "CHAT_MESSAGE", "MESSAGES"),
            ok("outcome_reminder goes to SETTINGS", k, ["type": "outcome_reminder"], "OUTCOME_REMINDER", "SETTINGS"),
            ok("gentle_reminder", k, ["type": "gentle_reminder"], "GENTLE_REMINDER", "DAILY_QUESTION"),
            ok("partner_joined with a known couple", k, ["type": "partner_joined"], coupleId: "couple-1", "PARTNER_JOINED", "pairingSuccess", ["coupleId": "couple-1"]),
            ok("partner_joined without a couple", k + ["Fallback"], ["type": "partner_joined"], "PARTNER_JOINED", "HOME"),
            ok("date_match", k, ["type": "date_match"], "DATE_MATCH", "DATE_MATCHES"),
            ok("reengagement", k, ["type": "reengagement"], "REENGAGEMENT", "DAILY_QUESTION"),
            ok("partner_left", k, ["type": "partner_left"], "PARTNER_UNPAIRED", "HOME"),
            ok("partner_deleted_account", ["Alias"], ["type": "partner_deleted_account"], "PARTNER_UNPAIRED", "HOME"),
            fail("Unknown payload key (a server key the app lacks)", ["UnknownKey"], .object(["type": .string("partner_sent_gift")]), .pushUnknownType),
            fail("Payload key in another case", ["UnknownKey"], .object(["type": .string("PARTNER_ANSWERED")]), .pushUnknownType),
            fail("No type member", ["UnknownKey"], .object(["questionId": .string("q-17")]), .pushMissingType),
            fail(
                "gameType in the collection's spelling (this_or_that)", ["UnknownGameType"], result: "acceptable",
                .object(["type": .string("partner_started_game"), "gameType": .string("this_or_that")]), .pushUnknownGameType),
            fail(
                "gameType the app does not know", ["UnknownGameType"], result: "acceptable",
                .object(["type": .string("game_results_ready"), "gameType": .string("TRIVIA"), "sessionId": .string("s-9")]),
                .pushUnknownGameType),
            fail("A number in the data map", ["BadPayload"], .object(["type": .string("reveal_ready"), "questionId": .number(17)]), .pushInvalidPayload),
            fail("Data that is an array", ["BadPayload"], .array([.string("reveal_ready")]), .pushInvalidPayload),
        ]
        return out
    }
}
