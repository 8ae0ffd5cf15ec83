// The generator of `push.route` (specs/push-routing.md): FCM data payloads with every payload key
// of the table (and keys it does not list), the arguments each route reads present, missing or
// empty, the four game types (an unknown one only where the page gives no latitude), extra string
// members, non-string members and payloads that are not objects. Normative: specs/explore.md
// §"Generators".

import CloserHarness
import CloserWire

extension ExploreGenerator {
    static let pushTypes = [
        "partner_answered", "partner_opened_answer", "reveal_ready", "partner_started_game", "partner_completed_part",
        "partner_finished_game", "game_results_ready", "challenge_day_ready", "challenge_waiting",
        "memory_capsule_unlocked", "daily_question", "daily_question_reminder", "chat_message", "outcome_reminder",
        "gentle_reminder", "partner_joined", "date_match", "reengagement", "partner_left", "partner_deleted_account",
    ]

    static var push: [ExploreGenerator] {
        [ExploreGenerator(.pushRoute, byteExact: false, pushRoute)]
    }

    @Sendable static func pushRoute(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        var data: [String: JSONValue] = [:]
        var how = "valid"
        if r.chance(95) {
            data["type"] = .string(r.pick(pushTypes))
        } else {
            data["type"] = r.pick([
                nil, .string(""), .string("PARTNER_ANSWERED"), .string("partner-answered"), .string(" daily_question"),
            ])
            how = "contract: type"
        }
        let arg = { r.chance(90) ? r.id() : "" }
        if r.chance(50) { data["questionId"] = .string(arg()) }
        // An unknown gameType is latitude (push-routing.md, D-CONTRACTS-12: a port may fall back to PLAY).
        if r.chance(60) { data["gameType"] = .string(r.pick(["WHEEL", "THIS_OR_THAT", "HOW_WELL", "DESIRE_SYNC"])) }
        if r.chance(50) { data["sessionId"] = .string(arg()) }
        if r.chance(40) { data["conversationId"] = .string(arg()) }
        if r.chance(40) { data["coupleId"] = .string(arg()) }
        if r.chance(10) { data["google.message_id"] = .string("0:1764201600%31bd") }
        if r.chance(4), let key = data.keys.sorted().first {
            data[key] = r.pick([.number(1), .null, .bool(true), .array([])])
            how = "contract: member type"
        }
        var input: [String: JSONValue] = [
            "data": r.chance(97) ? .object(data) : r.pick([.array([]), .string("{}"), .null])
        ]
        if r.chance(40) { input["coupleId"] = .string(r.id()) }
        return GeneratedInput(input, how)
    }
}
