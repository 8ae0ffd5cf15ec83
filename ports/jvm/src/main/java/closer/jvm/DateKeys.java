// The date keys of specs/date-keys.md: dailyQuestion = the UTC date of the instant minus 23 h (the
// document a client reads, D-DATE-03), assignmentKey = minus 6 h (CST_OFFSET_HOURS, D-DATE-01),
// reminderDay = the UTC date (D-DATE-06). java.time does the calendar arithmetic.
package closer.jvm;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class DateKeys {
    static final Pattern RFC3339 = Pattern.compile(
        "([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})");
    static final Map<String, Integer> OFFSET_HOURS = Map.of("dailyQuestion", -23, "assignmentKey", -6, "reminderDay", 0);

    static CloserException bad(String why) { return CloserException.decode("datekey.invalid_instant", "instant is not RFC 3339: " + why); }

    /** Whole seconds since 1970 (the fraction never changes a key). */
    public static long instantSeconds(String text) throws CloserException {
        if (text.getBytes(StandardCharsets.UTF_8).length > 64) throw bad("longer than 64 bytes");
        Matcher m = RFC3339.matcher(text);
        if (!m.matches()) throw bad("not YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)");
        int year = Integer.parseInt(m.group(1)), month = Integer.parseInt(m.group(2)), day = Integer.parseInt(m.group(3));
        int hour = Integer.parseInt(m.group(4)), minute = Integer.parseInt(m.group(5)), second = Integer.parseInt(m.group(6));
        String zone = m.group(8);
        long offset = 0;
        if (!zone.equals("Z")) {
            int oh = Integer.parseInt(zone.substring(1, 3)), om = Integer.parseInt(zone.substring(4, 6));
            if (oh > 23 || om > 59) throw bad("offset out of range");
            offset = (oh * 3600L + om * 60L) * (zone.charAt(0) == '-' ? -1 : 1);
        }
        if (hour > 23 || minute > 59 || second > 59) throw bad("time out of range (leap seconds are refused)");
        if (year < 1) throw bad("year 0000");
        LocalDate date;
        try { date = LocalDate.of(year, month, day); } catch (DateTimeException e) { throw bad("no such date"); }
        return date.toEpochDay() * 86400L + hour * 3600L + minute * 60L + second - offset;
    }

    public static String key(String instant, String kind) throws CloserException {
        long seconds = instantSeconds(instant);
        Integer hours = OFFSET_HOURS.get(kind);
        if (hours == null) throw CloserException.params("datekey.unknown_kind", "kind is not dailyQuestion, assignmentKey or reminderDay");
        LocalDate d = LocalDate.ofEpochDay(Math.floorDiv(seconds + hours * 3600L, 86400L));
        if (d.getYear() < 1 || d.getYear() > 9999) throw CloserException.params("datekey.out_of_range", "the key's year is outside 0001-9999");
        return String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth());
    }
}
