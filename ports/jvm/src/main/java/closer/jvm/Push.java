// push.route: what the Android app does with an FCM data payload (CloserMessagingService):
// the payload key in `type` → the notification type (fromRemoteType) → the screen (routeFor).
// Normative: specs/push-routing.md (§Payload, §Table, §Unknown input, §Errors); decision ids
// D-CONTRACTS-09..13: specs/decisions/contracts.md.
package closer.jvm;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

final class Push {
    private Push() {}

    /** §Table: payload key → notification type. */
    static final Map<String, String> TYPES = Map.ofEntries(
        Map.entry("partner_answered", "PARTNER_ANSWERED"),
        Map.entry("partner_opened_answer", "PARTNER_OPENED_ANSWER"),
        Map.entry("reveal_ready", "REVEAL_READY"),
        Map.entry("partner_started_game", "PARTNER_STARTED_GAME"),
        Map.entry("partner_completed_part", "PARTNER_COMPLETED_PART"),
        Map.entry("partner_finished_game", "GAME_RESULTS_READY"),
        Map.entry("game_results_ready", "GAME_RESULTS_READY"),
        Map.entry("challenge_day_ready", "CHALLENGE_WAITING"),
        Map.entry("challenge_waiting", "CHALLENGE_WAITING"),
        Map.entry("memory_capsule_unlocked", "CAPSULE_UNLOCKED"),
        Map.entry("daily_question", "DAILY_QUESTION_REMINDER"),
        Map.entry("daily_question_reminder", "DAILY_QUESTION_REMINDER"),
        Map.entry("chat_message", "CHAT_MESSAGE"),
        Map.entry("outcome_reminder", "OUTCOME_REMINDER"),
        Map.entry("gentle_reminder", "GENTLE_REMINDER"),
        Map.entry("partner_joined", "PARTNER_JOINED"),
        Map.entry("date_match", "DATE_MATCH"),
        Map.entry("reengagement", "REENGAGEMENT"),
        Map.entry("partner_left", "PARTNER_UNPAIRED"),
        Map.entry("partner_deleted_account", "PARTNER_UNPAIRED"));

    /** §Table, second table: gameType → play route, results route (case-sensitive, D-CONTRACTS-11). */
    static final Map<String, String> GAME = Map.of(
        "WHEEL", "SPIN_WHEEL_RANDOM", "THIS_OR_THAT", "THIS_OR_THAT", "HOW_WELL", "HOW_WELL", "DESIRE_SYNC", "DESIRE_SYNC");
    static final Map<String, String> RESULTS = Map.of(
        "WHEEL", "wheelComplete", "THIS_OR_THAT", "thisOrThatReplay", "HOW_WELL", "howWellReplay", "DESIRE_SYNC", "desireSyncReplay");

    /** §Payload: an object of string members, else push.invalid_payload. */
    static Map<String, String> payload(Object data) throws CloserException {
        if (!(data instanceof Map)) throw CloserException.decode("push.invalid_payload", "the data payload must be a JSON object");
        Map<String, String> out = new HashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) data).entrySet()) {
            if (!(e.getValue() instanceof String)) {
                throw CloserException.decode("push.invalid_payload", "a data member is not a string (FCM data values are strings)");
            }
            out.put((String) e.getKey(), (String) e.getValue());
        }
        return out;
    }

    /** A member's value; an empty string counts as absent (D-CONTRACTS-13). */
    static String member(Map<String, String> data, String name) {
        String v = data.get(name);
        return v == null || v.isEmpty() ? null : v;
    }

    static Map<String, Object> route(String name, String... args) {
        Map<String, Object> a = new TreeMap<>();
        for (int i = 0; i < args.length; i += 2) a.put(args[i], args[i + 1]);
        return Harness.result("name", name, "args", a);
    }

    /** The present gameType, checked (push.unknown_game_type, D-CONTRACTS-12), or null. */
    static String gameType(Map<String, String> data) throws CloserException {
        String g = member(data, "gameType");
        if (g != null && !GAME.containsKey(g)) {
            throw CloserException.params("push.unknown_game_type", "gameType is not WHEEL, THIS_OR_THAT, HOW_WELL or DESIRE_SYNC");
        }
        return g;
    }

    /** routeFor(payload, coupleId): the route of a known type. */
    static Map<String, Object> routeFor(String type, Map<String, String> data, String couple) throws CloserException {
        String question = member(data, "questionId");
        switch (type) {
            case "PARTNER_OPENED_ANSWER": return question != null ? route("answerReveal", "questionId", question) : route("DAILY_QUESTION");
            case "REVEAL_READY": return question != null ? route("answerReveal", "questionId", question) : route("ANSWER_HISTORY");
            case "PARTNER_STARTED_GAME": case "PARTNER_COMPLETED_PART": {
                String g = gameType(data);
                return route(g != null ? GAME.get(g) : "PLAY");
            }
            case "GAME_RESULTS_READY": {
                String g = gameType(data), session = member(data, "sessionId");
                return g != null && session != null ? route(RESULTS.get(g), "sessionId", session) : route("PLAY");
            }
            case "CHALLENGE_WAITING": return route("CONNECTION_CHALLENGES");
            case "CAPSULE_UNLOCKED": return route("MEMORY_LANE");
            case "CHAT_MESSAGE": {
                String conversation = member(data, "conversationId");
                return couple != null && conversation != null
                    ? route("conversation", "coupleId", couple, "conversationId", conversation) : route("MESSAGES");
            }
            case "OUTCOME_REMINDER": return route("SETTINGS");
            case "PARTNER_JOINED": return couple != null ? route("pairingSuccess", "coupleId", couple) : route("HOME");
            case "DATE_MATCH": return route("DATE_MATCHES");
            case "PARTNER_UNPAIRED": return route("HOME");
            default: return route("DAILY_QUESTION");  // PARTNER_ANSWERED, DAILY_QUESTION_REMINDER, GENTLE_REMINDER, REENGAGEMENT
        }
    }

    static void register(Map<String, Harness.Op> ops) {
        ops.put("push.route", r -> {
            if (!r.f.containsKey("data")) throw Harness.Request.bad("data", "is missing");
            Object raw = r.f.get("data");
            String appCouple = r.optionalString("coupleId");
            Map<String, String> data = payload(raw);
            String key = member(data, "type");
            if (key == null) throw CloserException.params("push.missing_type", "the data payload has no \"type\" member");
            String type = TYPES.get(key);
            if (type == null) throw CloserException.params("push.unknown_type", "the payload key maps to no notification type");
            // The app's current couple when it has one, else the payload's (§Payload).
            String couple = appCouple != null && !appCouple.isEmpty() ? appCouple : member(data, "coupleId");
            return Harness.result("type", type, "route", routeFor(type, data, couple));
        });
    }
}
