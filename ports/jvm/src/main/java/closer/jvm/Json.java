// Canonical JSON: a strict I-JSON parser and the RFC 8785 serializer, including ECMAScript
// Number::toString. Normative: specs/canonical-json.md (the order of checks decides the code).
//
// Values: Json.NULL, Boolean, Double, String, List<Object>, Map<String,Object>.
// The parser recurses at most 1000 levels (§3.6), which is safe on JVM and Android threads.
package closer.jvm;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Json {
    /** JSON null. */
    public static final Object NULL = new Object() {
        @Override public String toString() { return "null"; }
    };
    public static final int MAXIMUM_DEPTH = 1000;

    private Json() {}

    private static CloserException err(String code, String reason) {
        return CloserException.decode(code, "json: " + reason);
    }

    // MARK: parse

    public static Object parse(String text) throws CloserException {
        return parse(text.getBytes(StandardCharsets.UTF_8));
    }

    public static Object parse(byte[] b) throws CloserException {
        if (b.length == 0) throw err("json.empty_input", "the input is empty");
        if (b.length >= 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF)
            throw err("json.byte_order_mark", "the input starts with a UTF-8 byte order mark");
        Utf8.validate(b, "json.invalid_utf8", "json: ");
        Parser p = new Parser(b);
        p.ws();
        if (p.pos == b.length) throw err("json.empty_input", "the input contains only whitespace");
        Object v = p.value(0);
        p.ws();
        if (p.pos != b.length) throw err("json.trailing_data", "unexpected data after the value at byte offset " + p.pos);
        return v;
    }

    private static final class Parser {
        final byte[] b;
        int pos;

        Parser(byte[] b) { this.b = b; }

        int peek() { return pos < b.length ? (b[pos] & 0xff) : -1; }

        void ws() {
            while (pos < b.length) {
                int c = b[pos];
                if (c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D) pos++; else return;
            }
        }

        CloserException end(String what) {
            return err("json.unexpected_end", "input ends at byte offset " + pos + " where " + what + " was expected");
        }

        CloserException unexpected(String what) {
            return err("json.unexpected_character", "unexpected character at byte offset " + pos + "; expected " + what);
        }

        static boolean letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

        /** depth = number of containers already open around this value. */
        Object value(int depth) throws CloserException {
            ws();
            int c = peek();
            if (c < 0) throw end("a value");
            switch (c) {
                case '[': return array(depth);
                case '{': return object(depth);
                case '"': return string();
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) return number();
                    return literal();
            }
        }

        void checkDepth(int depth) throws CloserException {
            if (depth >= MAXIMUM_DEPTH)
                throw err("json.too_deep", "nesting deeper than " + MAXIMUM_DEPTH + " arrays/objects at byte offset " + pos);
        }

        Object array(int depth) throws CloserException {
            checkDepth(depth);
            pos++;
            List<Object> out = new ArrayList<>();
            ws();
            if (peek() == ']') { pos++; return out; }
            while (true) {
                out.add(value(depth + 1));
                ws();
                int c = peek();
                if (c < 0) throw end("',' or ']'");
                if (c == ',') { pos++; continue; }
                if (c != ']') throw unexpected("',' or ']'");
                pos++;
                return out;
            }
        }

        Object object(int depth) throws CloserException {
            checkDepth(depth);
            pos++;
            Map<String, Object> out = new LinkedHashMap<>();
            Map<String, String> nfc = new HashMap<>();
            ws();
            if (peek() == '}') { pos++; return out; }
            while (true) {
                String name = memberName(nfc);
                out.put(name, value(depth + 1));
                ws();
                int c = peek();
                if (c < 0) throw end("',' or '}'");
                if (c == ',') { pos++; continue; }
                if (c != '}') throw unexpected("',' or '}'");
                pos++;
                return out;
            }
        }

        String memberName(Map<String, String> nfc) throws CloserException {
            ws();
            int c = peek();
            if (c < 0) throw end("a member name");
            if (c != '"') {
                if (c == '}') throw unexpected("a member name (a trailing comma is not allowed)");
                throw unexpected("a member name in double quotes");
            }
            int nameOffset = pos;
            String name = string();
            String key = Normalizer.normalize(name, Normalizer.Form.NFC);
            String earlier = nfc.putIfAbsent(key, name);
            if (earlier != null) {
                if (earlier.equals(name)) throw err("json.duplicate_member", "duplicate member name at byte offset " + nameOffset);
                throw err("json.equivalent_member_names",
                        "member name at byte offset " + nameOffset + " is canonically equivalent to an earlier name");
            }
            ws();
            int colon = peek();
            if (colon < 0) throw end("':'");
            if (colon != ':') throw unexpected("':'");
            pos++;
            return name;
        }

        Object literal() throws CloserException {
            int start = pos;
            int first = peek();
            if (first == '+') throw err("json.number_leading_plus", "number at byte offset " + start + " starts with '+'");
            if (first == '.') throw err("json.number_missing_integer_digits", "number at byte offset " + start + " has no digit before '.'");
            int e = pos;
            while (e < b.length && letter(b[e] & 0xff)) e++;
            if (e == start) {
                if (first == ']' || first == '}') throw unexpected("a value (a trailing comma is not allowed)");
                throw unexpected("a value");
            }
            pos = e;
            String word = new String(b, start, e - start, StandardCharsets.US_ASCII);
            switch (word) {
                case "true": return Boolean.TRUE;
                case "false": return Boolean.FALSE;
                case "null": return NULL;
                case "NaN": case "Infinity":
                    throw err("json.non_finite_literal", "NaN and Infinity are not JSON (bare word at byte offset " + start + ")");
                default:
                    throw err("json.invalid_literal", "bare word of " + word.length() + " letters at byte offset " + start + " is not true, false or null");
            }
        }

        void digits() { while (pos < b.length && b[pos] >= '0' && b[pos] <= '9') pos++; }

        boolean isDigit(int c) { return c >= '0' && c <= '9'; }

        Object number() throws CloserException {
            int start = pos;
            if (peek() == '-') pos++;
            int c = peek();
            if (c == '0') {
                pos++;
                int n = peek();
                if (isDigit(n)) throw err("json.number_leading_zero", "number at byte offset " + start + " has a leading zero");
                if (n == 'x' || n == 'X') throw err("json.number_hex", "number at byte offset " + start + " is hexadecimal, which JSON does not have");
            } else if (c >= '1' && c <= '9') {
                digits();
            } else if (c >= 0 && letter(c)) {
                int e = pos;
                while (e < b.length && letter(b[e] & 0xff)) e++;
                String w = new String(b, pos, e - pos, StandardCharsets.US_ASCII);
                if (w.equals("Infinity") || w.equals("NaN"))
                    throw err("json.non_finite_literal", "NaN and Infinity are not JSON (at byte offset " + start + ")");
                throw err("json.number_missing_integer_digits", "number at byte offset " + start + " has no digit before '.' or after '-'");
            } else {
                throw err("json.number_missing_integer_digits", "number at byte offset " + start + " has no digit before '.' or after '-'");
            }
            if (peek() == '.') {
                pos++;
                if (!isDigit(peek())) throw err("json.number_missing_fraction_digits", "number at byte offset " + start + " has no digit after '.'");
                digits();
            }
            if (peek() == 'e' || peek() == 'E') {
                pos++;
                if (peek() == '+' || peek() == '-') pos++;
                if (!isDigit(peek())) throw err("json.number_missing_exponent_digits", "number at byte offset " + start + " has no exponent digits");
                digits();
            }
            // The text matches RFC 8259's grammar; Double.parseDouble rounds correctly
            // (nearest, ties to even) and gives infinity on overflow.
            double d = Double.parseDouble(new String(b, start, pos - start, StandardCharsets.US_ASCII));
            if (Double.isInfinite(d) || Double.isNaN(d))
                throw err("json.number_out_of_range", "number at byte offset " + start + " is too large for an IEEE-754 double");
            return d;
        }

        String string() throws CloserException {
            int start = pos;
            pos++;
            StringBuilder sb = new StringBuilder();
            int runStart = pos;
            while (true) {
                if (pos >= b.length) throw err("json.unexpected_end", "string starting at byte offset " + start + " is not terminated");
                int c = b[pos] & 0xff;
                if (c == '"') {
                    sb.append(new String(b, runStart, pos - runStart, StandardCharsets.UTF_8));
                    pos++;
                    return sb.toString();
                } else if (c == '\\') {
                    sb.append(new String(b, runStart, pos - runStart, StandardCharsets.UTF_8));
                    escape(sb);
                    runStart = pos;
                } else if (c < 0x20) {
                    throw err("json.control_character", "unescaped control character (below U+0020) at byte offset " + pos);
                } else {
                    pos++;
                }
            }
        }

        CloserException unterminated(int off) {
            return err("json.unexpected_end", "input ends inside the escape at byte offset " + off);
        }

        CloserException lone(int off, String what) {
            return err("json.lone_surrogate", "\\u escape at byte offset " + off + ": " + what);
        }

        void escape(StringBuilder sb) throws CloserException {
            int at = pos;
            if (pos + 1 >= b.length) throw unterminated(at);
            int letter = b[pos + 1] & 0xff;
            pos += 2;
            switch (letter) {
                case '"': sb.append('"'); return;
                case '\\': sb.append('\\'); return;
                case '/': sb.append('/'); return;
                case 'b': sb.append('\b'); return;
                case 'f': sb.append('\f'); return;
                case 'n': sb.append('\n'); return;
                case 'r': sb.append('\r'); return;
                case 't': sb.append('\t'); return;
                case 'u': break;
                default: throw err("json.invalid_escape", "invalid escape sequence at byte offset " + at);
            }
            int unit = hexUnit(at);
            if (unit >= 0xD800 && unit <= 0xDBFF) {
                if (!(pos + 1 < b.length && b[pos] == '\\' && b[pos + 1] == 'u'))
                    throw lone(at, "high surrogate not followed by a low surrogate escape");
                int lowAt = pos;
                pos += 2;
                int low = hexUnit(lowAt);
                if (low < 0xDC00 || low > 0xDFFF) throw lone(at, "high surrogate not followed by a low surrogate escape");
                sb.append((char) unit).append((char) low);
            } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
                throw lone(at, "low surrogate without a preceding high surrogate");
            } else {
                sb.append((char) unit);
            }
        }

        int hexUnit(int at) throws CloserException {
            int u = 0;
            for (int i = 0; i < 4; i++) {
                if (pos >= b.length) throw unterminated(at);
                int c = b[pos] & 0xff, d;
                if (c >= '0' && c <= '9') d = c - '0';
                else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
                else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
                else throw err("json.invalid_escape", "\\u escape at byte offset " + at + " needs four hex digits");
                u = u << 4 | d;
                pos++;
            }
            return u;
        }
    }

    // MARK: serialize (RFC 8785)

    public static byte[] canonicalize(byte[] input) throws CloserException { return serialize(parse(input)); }

    public static boolean isCanonical(byte[] input) {
        try { return Arrays.equals(canonicalize(input), input); } catch (CloserException e) { return false; }
    }

    public static byte[] serialize(Object v) throws CloserException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(v, 0, out);
        return out.toByteArray();
    }

    /** Canonical JSON as a Java string. */
    public static String serializeString(Object v) throws CloserException {
        return new String(serialize(v), StandardCharsets.UTF_8);
    }

    private static void ascii(ByteArrayOutputStream out, String s) {
        for (int i = 0; i < s.length(); i++) out.write(s.charAt(i));
    }

    @SuppressWarnings("unchecked")
    private static void write(Object v, int depth, ByteArrayOutputStream out) throws CloserException {
        if (v == NULL || v == null) ascii(out, "null");
        else if (v instanceof Boolean) ascii(out, ((Boolean) v) ? "true" : "false");
        else if (v instanceof Number) ascii(out, formatNumber(((Number) v).doubleValue()));
        else if (v instanceof String) writeString((String) v, out);
        else if (v instanceof List) {
            checkDepth(depth);
            out.write('[');
            boolean first = true;
            for (Object e : (List<Object>) v) {
                if (!first) out.write(',');
                first = false;
                write(e, depth + 1, out);
            }
            out.write(']');
        } else if (v instanceof Map) {
            checkDepth(depth);
            Map<String, Object> m = (Map<String, Object>) v;
            String[] names = m.keySet().toArray(new String[0]);
            Arrays.sort(names); // String.compareTo: UTF-16 code units as unsigned 16-bit values
            out.write('{');
            for (int i = 0; i < names.length; i++) {
                if (i > 0) out.write(',');
                writeString(names[i], out);
                out.write(':');
                write(m.get(names[i]), depth + 1, out);
            }
            out.write('}');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v.getClass());
        }
    }

    private static void checkDepth(int depth) throws CloserException {
        if (depth >= MAXIMUM_DEPTH) throw err("json.too_deep", "value nests deeper than " + MAXIMUM_DEPTH + " arrays/objects");
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    static void writeString(String s, ByteArrayOutputStream out) {
        out.write('"');
        byte[] u = s.getBytes(StandardCharsets.UTF_8);
        for (byte x : u) {
            int c = x & 0xff;
            switch (c) {
                case 0x22: ascii(out, "\\\""); break;
                case 0x5C: ascii(out, "\\\\"); break;
                case 0x08: ascii(out, "\\b"); break;
                case 0x09: ascii(out, "\\t"); break;
                case 0x0A: ascii(out, "\\n"); break;
                case 0x0C: ascii(out, "\\f"); break;
                case 0x0D: ascii(out, "\\r"); break;
                default:
                    if (c < 0x20) { ascii(out, "\\u00"); out.write(HEX[c >> 4]); out.write(HEX[c & 15]); }
                    else out.write(c);
            }
        }
        out.write('"');
    }

    // MARK: ECMAScript Number::toString (specs/canonical-json.md §5)

    public static String formatNumber(double x) throws CloserException {
        if (Double.isNaN(x) || Double.isInfinite(x))
            throw CloserException.params("json.non_finite_number", "json: NaN and infinities have no JSON form (RFC 8785 §3.2.2.3)");
        if (x == 0) return "0";
        if (x < 0) return "-" + formatNumber(-x);
        BigDecimal s = shortest(x);
        String digits = s.unscaledValue().toString();
        // value = digits × 10^(-scale) = 0.digits × 10^n
        int k = digits.length();
        int n = k - s.scale();
        StringBuilder out = new StringBuilder();
        if (k <= n && n <= 21) {
            out.append(digits);
            for (int i = 0; i < n - k; i++) out.append('0');
        } else if (0 < n && n <= 21) {
            out.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.");
            for (int i = 0; i < -n; i++) out.append('0');
            out.append(digits);
        } else {
            int e = n - 1;
            out.append(digits.charAt(0));
            if (k > 1) out.append('.').append(digits, 1, k);
            out.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
        return out.toString();
    }

    /**
     * The shortest decimal that reads back as x (positive, finite), the closest to x among
     * those of that length (ties: even last digit); trailing zeros stripped.
     * For each precision p the candidates are x rounded down and up to p digits: every
     * p-digit decimal inside x's rounding interval is at least as far as one of them.
     */
    static BigDecimal shortest(double x) {
        BigDecimal exact = new BigDecimal(x);
        for (int p = 1; p <= 17; p++) {
            BigDecimal lo = exact.round(new MathContext(p, RoundingMode.FLOOR));
            BigDecimal hi = exact.round(new MathContext(p, RoundingMode.CEILING));
            boolean loOk = lo.doubleValue() == x, hiOk = hi.doubleValue() == x;
            BigDecimal pick = null;
            if (loOk && hiOk) {
                int cmp = exact.subtract(lo).compareTo(hi.subtract(exact));
                if (cmp < 0) pick = lo;
                else if (cmp > 0) pick = hi;
                else pick = lo.unscaledValue().testBit(0) ? hi : lo;
            } else if (loOk) pick = lo;
            else if (hiOk) pick = hi;
            if (pick != null) {
                BigDecimal stripped = pick.stripTrailingZeros();
                return stripped;
            }
        }
        throw new AssertionError("17 digits always round-trip");
    }
}
