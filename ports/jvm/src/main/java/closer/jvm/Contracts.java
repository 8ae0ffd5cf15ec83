// App contracts on the JVM: premium evaluation as Android's FirestoreEntitlementChecker and
// CouplePremiumChecker derive it (specs/entitlements.md), and the quiet-hours check with
// java.time's tz database (specs/quiet-hours.md). Decision ids D-ENT-NN / D-QH-NN:
// specs/decisions/contracts-server.md.
package closer.jvm;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

final class Contracts {
    private Contracts() {}

    private static final Pattern RFC3339 =
        Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?(Z|[+-]\\d{2}:\\d{2})");

    /** Strict RFC 3339 (specs/date-keys.md §Instant); anything else is datekey.invalid_instant. */
    static Instant instant(String text) throws CloserException {
        Matcher m = RFC3339.matcher(text);
        CloserException bad = CloserException.decode("datekey.invalid_instant", "instant is not RFC 3339");
        if (!m.matches()) throw bad;
        try {
            int year = Integer.parseInt(m.group(1));
            int second = Integer.parseInt(m.group(6));
            if (year < 1 || second > 59) throw bad;
            String frac = m.group(7) == null ? "" : m.group(7);
            int nanos = frac.isEmpty() ? 0 : Integer.parseInt((frac + "000000000").substring(0, 9));
            LocalDateTime local = LocalDateTime.of(year, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), second, nanos);
            String z = m.group(8);
            int offset = 0;
            if (!z.equals("Z")) {
                int oh = Integer.parseInt(z.substring(1, 3)), om = Integer.parseInt(z.substring(4, 6));
                if (oh > 23 || om > 59) throw bad;
                offset = (z.charAt(0) == '-' ? -1 : 1) * (oh * 3600 + om * 60);
            }
            return local.toInstant(ZoneOffset.UTC).minusSeconds(offset);
        } catch (DateTimeException e) {
            throw bad;
        }
    }

    // --- entitlements ---------------------------------------------------------------------

    /** A stored entitlements/premium document grants premium at now (D-ENT-03..05). */
    static boolean documentGrants(Map<?, ?> doc, Instant now) {
        if (!Boolean.TRUE.equals(doc.get("premium"))) return false;
        if (!doc.containsKey("expiresAt") || doc.get("expiresAt") == Json.NULL) return true;
        Object e = doc.get("expiresAt");
        if (!(e instanceof Map) || ((Map<?, ?>) e).size() != 1 || !(((Map<?, ?>) e).get("timestampValue") instanceof String)) return false;
        try {
            return !instant((String) ((Map<?, ?>) e).get("timestampValue")).isBefore(now);
        } catch (CloserException malformed) {
            return false;  // fails closed
        }
    }

    /** One partner's contribution: document, else (own side only) the RevenueCat fallback, else nothing. */
    static boolean grants(Object snapshot, Instant now, boolean fallback) {
        if (snapshot == Json.NULL) return fallback;
        if (snapshot instanceof Map) return documentGrants((Map<?, ?>) snapshot, now);
        return false;  // "error": the listener failed, fails closed
    }

    static Object snapshot(Harness.Request r, String name) throws CloserException {
        if (!r.f.containsKey(name)) throw Harness.Request.bad(name, "is missing");
        Object v = r.f.get(name);
        if (v == Json.NULL || v instanceof Map || "error".equals(v)) return v;
        throw Harness.Request.bad(name, "must be an object, null or \"error\"");
    }

    // --- quiet hours ------------------------------------------------------------------------

    static Integer minute(Object v) {
        if (!(v instanceof Double)) return null;
        double d = (Double) v;
        if (d != Math.rint(d) || d < 0 || d > 1439 || (d == 0 && 1 / d < 0)) return null;
        return (int) d;
    }

    /** recipientInQuietHours(userData) at an instant: fail-open, start inclusive, end exclusive. */
    static boolean quiet(Object user, Instant at) {
        if (!(user instanceof Map)) return false;
        Map<?, ?> u = (Map<?, ?>) user;
        if (!Boolean.TRUE.equals(u.get("quietHoursEnabled"))) return false;
        Integer s = minute(u.get("quietHoursStartMinutes")), e = minute(u.get("quietHoursEndMinutes"));
        Object zone = u.get("timezone");
        // Region ids of the tz database only: ZoneId.of would also take "+05:00".
        if (s == null || e == null || !(zone instanceof String) || !ZoneId.getAvailableZoneIds().contains(zone)) return false;
        LocalDateTime local = LocalDateTime.ofInstant(at, ZoneId.of((String) zone));
        int m = local.getHour() * 60 + local.getMinute();
        if (s < e) return m >= s && m < e;
        if (s > e) return m >= s || m < e;
        return false;
    }

    // --- reveal path (specs/cloud-functions.md §Reveal path) -------------------------------

    /** The reader's own answer decides: schemaVersion 2 is the couple-key path, 3 the sealed path (D-CF-30). */
    static Map<String, Object> revealPath(Harness.Request r) throws CloserException {
        String couple = r.string("coupleId"), date = r.string("date"), me = r.string("userId"), partner = r.string("partnerId");
        for (String n : new String[] {"ownAnswer", "partnerAnswer"}) if (!r.f.containsKey(n)) throw Harness.Request.bad(n, "is missing");
        Object own = r.f.get("ownAnswer"), theirs = r.f.get("partnerAnswer");
        if (own == Json.NULL) return Harness.result("phase", "unanswered");
        Object v = own instanceof Map ? ((Map<?, ?>) own).get("schemaVersion") : null;
        if (!(v instanceof Double) || ((Double) v != 2.0 && (Double) v != 3.0)) {
            throw CloserException.params("reveal.unknown_schema_version", "the reader's own answer has no schemaVersion 2 or 3");
        }
        String path = (Double) v == 2.0 ? "coupleKey" : "sealed";
        if (theirs == Json.NULL) return Harness.result("phase", "waiting", "path", path);
        String answer = "couples/" + couple + "/daily_question/" + date + "/answers/" + partner;
        java.util.List<Object> reads = path.equals("coupleKey")
            ? java.util.List.of(answer + "/secure/payload")
            : java.util.List.of(answer, answer + "/releaseKeys/" + me);
        return Harness.result("phase", "ready", "path", path, "reads", new java.util.ArrayList<>(reads));
    }

    static void register(Map<String, Harness.Op> ops) {
        ops.put("reveal.path", Contracts::revealPath);
        ops.put("entitlement.evaluate", r -> {
            Object own = snapshot(r, "own"), partner = snapshot(r, "partner");
            if (!r.f.containsKey("revenueCatFallback")) throw Harness.Request.bad("revenueCatFallback", "is missing");
            Object fb = r.f.get("revenueCatFallback");
            if (fb != Json.NULL && !(fb instanceof Boolean)) throw Harness.Request.bad("revenueCatFallback", "must be true, false or null");
            Instant now = instant(r.string("now"));
            boolean premium = grants(own, now, Boolean.TRUE.equals(fb)) || grants(partner, now, false);
            return Harness.result("premium", premium);
        });
        ops.put("quietHours.check", r -> {
            if (!r.f.containsKey("user")) throw Harness.Request.bad("user", "is missing");
            Object user = r.f.get("user");
            return Harness.result("quiet", quiet(user, instant(r.string("instant"))));
        });
    }
}
