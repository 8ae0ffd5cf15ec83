// doc.validate: the member types of the Firestore documents an Android client writes (the
// users/{uid} allowlist members, a couple's client-writable members) and the ones Cloud Functions
// write (fcmTokens, notification_queue, outcomes, daily_question), checked before a write.
// Normative: specs/documents.md (paths, order of checks, types, members); decision ids D-DOC-NN:
// specs/decisions/documents.md. Written from the page, not from CloserSpec's Swift.
package closer.jvm;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

final class Documents {
    private Documents() {}

    static CloserException error(String code, String reason) { return CloserException.params("document." + code, reason); }

    // --- types (specs/documents.md §Types) ---------------------------------------------------

    static final Predicate<Object> STRING = v -> v instanceof String;
    static final Predicate<Object> NON_EMPTY = v -> v instanceof String && !((String) v).isEmpty();
    static final Predicate<Object> BOOL = v -> v instanceof Boolean;
    static final Predicate<Object> MAP = v -> v instanceof Map;
    static final Predicate<Object> TIMESTAMP = v -> timestampNanos(v) != null;
    static final Predicate<Object> ZONE = Documents::isZone;
    static final Predicate<Object> MINUTE = integer(0, 1439);
    static final Predicate<Object> PLATFORM = v -> "android".equals(v) || "ios".equals(v);

    /** A JSON number with no fraction, not −0, in lo…hi. */
    static Predicate<Object> integer(long lo, long hi) {
        return v -> {
            if (!(v instanceof Double)) return false;
            double d = (Double) v;
            if (d != Math.rint(d) || Double.isInfinite(d) || (d == 0 && 1 / d < 0)) return false;
            return d >= lo && d <= hi;
        };
    }

    static Predicate<Object> nullable(Predicate<Object> t) { return v -> v == Json.NULL || t.test(v); }

    /**
     * A tz database zone id spelled as the database spells it (D-DOC-03): java.time's tz database
     * region ids ("UTC" is one). ZoneId.of would also take offsets ("+05:00") and, through
     * getAvailableZoneIds, no case respelling ("america/chicago") is a member.
     */
    static boolean isZone(Object v) {
        return v instanceof String && ZoneId.getAvailableZoneIds().contains(v);
    }

    /** A timestamp `{"timestampValue": "<RFC 3339>"}` (exactly that member) as {seconds, nanos}, else null. */
    static long[] timestampNanos(Object v) {
        if (!(v instanceof Map) || ((Map<?, ?>) v).size() != 1) return null;
        Object text = ((Map<?, ?>) v).get("timestampValue");
        if (!(text instanceof String)) return null;
        try {
            long seconds = DateKeys.instantSeconds((String) text);  // date-keys.md §Instant
            Matcher m = DateKeys.RFC3339.matcher((String) text);
            String frac = m.matches() && m.group(7) != null ? m.group(7) : "";
            long nanos = frac.isEmpty() ? 0 : Long.parseLong((frac + "000000000").substring(0, 9));
            return new long[] {seconds, nanos};
        } catch (CloserException notAnInstant) {
            return null;
        }
    }

    // --- members (specs/documents.md §Members) ----------------------------------------------

    record Member(String name, boolean required, Predicate<Object> type, String what) {}

    record Collection(String name, List<Member> members, Set<String> server, boolean closed) {
        boolean has(String member) { return members.stream().anyMatch(m -> m.name.equals(member)); }
    }

    static Member req(String name, Predicate<Object> type, String what) { return new Member(name, true, type, what); }
    static Member opt(String name, Predicate<Object> type, String what) { return new Member(name, false, type, what); }

    static final Collection USERS = new Collection("users", List.of(
            opt("email", STRING, "a string"),
            opt("displayName", STRING, "a string"),
            opt("photoUrl", nullable(STRING), "a string or null"),
            opt("platform", nullable(PLATFORM), "\"android\", \"ios\" or null"),
            opt("fcmToken", NON_EMPTY, "a non-empty string"),
            opt("quietHoursEnabled", BOOL, "a bool"),
            opt("quietHoursStartMinutes", MINUTE, "an integer 0…1439"),
            opt("quietHoursEndMinutes", MINUTE, "an integer 0…1439"),
            opt("timezone", ZONE, "a tz database zone id")),
        Set.of("hasPremium", "coupleId"), true);

    static final Collection COUPLES = new Collection("couples", List.of(
            opt("wrappedCoupleKey", NON_EMPTY, "a non-empty string"),
            opt("kdfSalt", NON_EMPTY, "a non-empty string"),
            opt("kdfParams", NON_EMPTY, "a non-empty string"),
            opt("streakCount", integer(0, Integer.MAX_VALUE), "an integer 0…2147483647"),
            opt("lastAnsweredAt", nullable(TIMESTAMP), "a timestamp or null")),
        Set.of("currentQuestionId", "activePackId", "id", "userIds", "inviteCode", "createdAt",
            "encryptionVersion", "encryptionMigrationUsers"), true);

    static final Collection FCM_TOKENS = new Collection("fcmTokens", List.of(
            req("token", NON_EMPTY, "a non-empty string"),
            req("platform", PLATFORM, "\"android\" or \"ios\""),
            req("updatedAt", TIMESTAMP, "a timestamp")),
        Set.of(), false);

    static final Collection NOTIFICATION_QUEUE = new Collection("notification_queue", List.of(
            req("type", NON_EMPTY, "a non-empty string"),
            req("read", BOOL, "a bool"),
            req("createdAt", TIMESTAMP, "a timestamp"),
            opt("sent", BOOL, "a bool"),
            opt("title", STRING, "a string"),
            opt("body", STRING, "a string")),
        Set.of(), false);

    static final Collection OUTCOMES = new Collection("outcomes", List.of(
            req("submittedAt", TIMESTAMP, "a timestamp"),
            req("answers", MAP, "a map")),
        Set.of(), true);

    static final Collection DAILY_QUESTION = new Collection("daily_question", List.of(
            req("questionId", NON_EMPTY, "a non-empty string"),
            req("date", STRING, "a string"),
            req("assignedAt", TIMESTAMP, "a timestamp"),
            req("expiresAt", TIMESTAMP, "a timestamp")),
        Set.of(), true);

    // --- paths (specs/documents.md §Paths) --------------------------------------------------

    static final List<String> OUTCOME_DAY_KEYS = List.of("day_0", "day_30", "day_60", "day_90");
    static final Pattern DATE = Pattern.compile("([0-9]{4})-([0-9]{2})-([0-9]{2})");

    /** YYYY-MM-DD of the proleptic Gregorian calendar, years 0001–9999 (D-DOC-09). */
    static boolean isCalendarDate(String s) {
        Matcher m = DATE.matcher(s);
        if (!m.matches()) return false;
        int y = Integer.parseInt(m.group(1)), mo = Integer.parseInt(m.group(2)), d = Integer.parseInt(m.group(3));
        if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
        return d <= java.time.YearMonth.of(y, mo).lengthOfMonth();
    }

    /** The collection the path names (its id checked), else document.unknown_path / invalid_id. */
    static Collection collectionOf(String path) throws CloserException {
        String[] s = path.split("/", -1);
        if (Arrays.asList(s).contains("")) throw error("unknown_path", "the path has an empty segment");
        if (s.length == 2 && s[0].equals("users")) return USERS;
        if (s.length == 2 && s[0].equals("couples")) return COUPLES;
        if (s.length == 4 && s[0].equals("users") && s[2].equals("fcmTokens")) return FCM_TOKENS;
        if (s.length == 4 && s[0].equals("users") && s[2].equals("notification_queue")) return NOTIFICATION_QUEUE;
        if (s.length == 4 && s[0].equals("users") && s[2].equals("outcomes")) {
            if (!OUTCOME_DAY_KEYS.contains(s[3])) throw error("invalid_id", "an outcomes document id is day_0, day_30, day_60 or day_90");
            return OUTCOMES;
        }
        if (s.length == 4 && s[0].equals("couples") && s[2].equals("daily_question")) {
            if (!isCalendarDate(s[3])) throw error("invalid_id", "a daily_question document id is a calendar date YYYY-MM-DD");
            return DAILY_QUESTION;
        }
        throw error("unknown_path", "the path names no document specs/documents.md covers");
    }

    // --- order of checks (specs/documents.md §Order of checks) ------------------------------

    /** Throws the first document.* error of the page's order, else returns. */
    static void validate(String path, Object document) throws CloserException {
        Collection c = collectionOf(path);
        String[] segments = path.split("/", -1);
        if (!(document instanceof Map)) throw error("not_object", "the document at a " + c.name + " path is not a JSON object");
        Map<?, ?> doc = (Map<?, ?>) document;
        for (Member m : c.members) {
            if (!doc.containsKey(m.name)) {
                if (m.required) throw error("missing_member", "\"" + m.name + "\" is missing");
            } else if (!m.type.test(doc.get(m.name))) {
                throw error("invalid_member", "\"" + m.name + "\" must be " + m.what);
            }
        }
        if (c == DAILY_QUESTION) checkDailyQuestion(doc, segments[3]);
        List<String> others = new ArrayList<>();
        for (Object k : doc.keySet()) if (!c.has((String) k)) others.add((String) k);
        others.sort(Documents::compareCodePoints);
        for (String name : others) {
            if (c.server.contains(name)) throw error("server_member", "\"" + Harness.printable(name) + "\" is server-controlled in " + c.name);
            if (c.closed) throw error("unknown_member", "\"" + Harness.printable(name) + "\" is not a member of " + c.name);
        }
    }

    /** D-DOC-10: `date` equals the document id; `expiresAt` is after `assignedAt`. */
    static void checkDailyQuestion(Map<?, ?> doc, String id) throws CloserException {
        if (!id.equals(doc.get("date"))) throw error("invalid_member", "\"date\" must equal the document id");
        long[] assigned = timestampNanos(doc.get("assignedAt")), expires = timestampNanos(doc.get("expiresAt"));
        boolean after = expires[0] > assigned[0] || (expires[0] == assigned[0] && expires[1] > assigned[1]);
        if (!after) throw error("invalid_member", "\"expiresAt\" must be after \"assignedAt\"");
    }

    /** Code-point order (String.compareTo is UTF-16 order: it puts U+10000… before U+E000…). */
    static int compareCodePoints(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i), y = b.codePointAt(j);
            if (x != y) return Integer.compare(x, y);
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    static void register(Map<String, Harness.Op> ops) {
        ops.put("doc.validate", r -> {
            String path = r.string("path");
            if (!r.f.containsKey("document")) throw Harness.Request.bad("document", "is missing");
            validate(path, r.f.get("document"));
            return Harness.result("valid", true);
        });
    }
}
