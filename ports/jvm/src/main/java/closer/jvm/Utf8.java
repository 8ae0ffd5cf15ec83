// Strict UTF-8 (Unicode §3.9 Table 3-7): no overlongs, no surrogates, nothing above U+10FFFF,
// no stray or truncated sequences. Normative: specs/canonical-json.md §2.3.
package closer.jvm;

public final class Utf8 {
    private Utf8() {}

    public static boolean isValid(byte[] b) {
        try { validate(b, "utf8.invalid", ""); return true; } catch (CloserException e) { return false; }
    }

    static void validate(byte[] b, String code, String prefix) throws CloserException {
        int i = 0, n = b.length;
        while (i < n) {
            int lead = b[i] & 0xff;
            if (lead < 0x80) { i++; continue; }
            int len, lo = 0x80, hi = 0xBF;
            if (lead <= 0xBF) throw CloserException.decode(code, prefix + "continuation byte without a lead byte at byte offset " + i);
            else if (lead <= 0xC1) throw CloserException.decode(code, prefix + "overlong two-byte encoding at byte offset " + i);
            else if (lead <= 0xDF) len = 2;
            else if (lead == 0xE0) { len = 3; lo = 0xA0; }
            else if (lead == 0xED) { len = 3; hi = 0x9F; }
            else if (lead <= 0xEF) len = 3;
            else if (lead == 0xF0) { len = 4; lo = 0x90; }
            else if (lead <= 0xF3) len = 4;
            else if (lead == 0xF4) { len = 4; hi = 0x8F; }
            else throw CloserException.decode(code, prefix + "lead byte of a code point above U+10FFFF at byte offset " + i);
            if (i + 1 >= n) throw CloserException.decode(code, prefix + "sequence truncated by the end of input at byte offset " + i);
            int second = b[i + 1] & 0xff;
            if (second < lo || second > hi) throw CloserException.decode(code, prefix + "ill-formed sequence at byte offset " + i);
            for (int k = 2; k < len; k++) {
                if (i + k >= n) throw CloserException.decode(code, prefix + "sequence truncated by the end of input at byte offset " + i);
                int c = b[i + k] & 0xff;
                if (c < 0x80 || c > 0xBF) throw CloserException.decode(code, prefix + "sequence truncated by a non-continuation byte at byte offset " + i);
            }
            i += len;
        }
    }
}
