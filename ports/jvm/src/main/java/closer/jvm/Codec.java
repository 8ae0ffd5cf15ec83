// Strict hex and base64 (b64: RFC 4648 §4 padded; b64url: §5 unpadded).
// Normative: specs/encodings.md (the order of checks decides the code).
package closer.jvm;

import java.nio.charset.StandardCharsets;

public final class Codec {
    private Codec() {}

    public enum B64 { STANDARD, URL }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    public static String hex(byte[] b) {
        char[] out = new char[b.length * 2];
        for (int i = 0; i < b.length; i++) {
            out[2 * i] = HEX[(b[i] >> 4) & 15];
            out[2 * i + 1] = HEX[b[i] & 15];
        }
        return new String(out);
    }

    public static byte[] unhex(String s) throws CloserException {
        if (s.length() % 2 != 0) throw CloserException.decode("hex.invalid", "hex: odd length " + s.length());
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int a = Character.digit(hexChar(s.charAt(2 * i)), 16), b = Character.digit(hexChar(s.charAt(2 * i + 1)), 16);
            if (a < 0 || b < 0) throw CloserException.decode("hex.invalid", "hex: non-hex character near offset " + (2 * i));
            out[i] = (byte) (a << 4 | b);
        }
        return out;
    }

    /** Only ASCII hex digits count (Character.digit also accepts full-width digits). */
    private static char hexChar(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? c : 'x';
    }

    private static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    public static String b64(byte[] in, B64 profile) {
        String sym = LETTERS + (profile == B64.STANDARD ? "+/" : "-_");
        StringBuilder sb = new StringBuilder((in.length + 2) / 3 * 4);
        int i = 0;
        for (; i + 3 <= in.length; i += 3) {
            int n = (in[i] & 0xff) << 16 | (in[i + 1] & 0xff) << 8 | (in[i + 2] & 0xff);
            sb.append(sym.charAt(n >> 18 & 63)).append(sym.charAt(n >> 12 & 63)).append(sym.charAt(n >> 6 & 63)).append(sym.charAt(n & 63));
        }
        int rest = in.length - i;
        if (rest > 0) {
            int n = (in[i] & 0xff) << 16 | (rest == 2 ? (in[i + 1] & 0xff) << 8 : 0);
            sb.append(sym.charAt(n >> 18 & 63)).append(sym.charAt(n >> 12 & 63));
            if (rest == 2) sb.append(sym.charAt(n >> 6 & 63));
            if (profile == B64.STANDARD) sb.append(rest == 2 ? "=" : "==");
        }
        return sb.toString();
    }

    private static final int INVALID = -1, OTHER = -2, PAD = -3;

    private static int value(int c, B64 p) {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '=') return PAD;
        if (p == B64.STANDARD) {
            if (c == '+') return 62;
            if (c == '/') return 63;
            if (c == '-' || c == '_') return OTHER;
        } else {
            if (c == '-') return 62;
            if (c == '_') return 63;
            if (c == '+' || c == '/') return OTHER;
        }
        return INVALID;
    }

    public static byte[] unb64(String text, B64 profile) throws CloserException {
        byte[] in = text.getBytes(StandardCharsets.UTF_8);
        String name = profile == B64.STANDARD ? "b64" : "b64url";
        int body = in.length;
        while (body > 0 && in[body - 1] == '=') body--;
        int pad = in.length - body;
        for (int i = 0; i < body; i++) {
            int v = value(in[i] & 0xff, profile);
            if (v == OTHER) throw CloserException.decode("b64.wrong_alphabet", name + ": character at offset " + i + " belongs to the other base64 alphabet");
            if (v == PAD) throw CloserException.decode("b64.invalid_padding", name + ": '=' at offset " + i + " is not at the end");
            if (v < 0) throw CloserException.decode("b64.invalid_character", name + ": byte 0x" + Integer.toHexString(in[i] & 0xff) + " at offset " + i + " is not in the alphabet");
        }
        int rem = body % 4;
        if (rem == 1) throw CloserException.decode("b64.invalid_length", name + ": " + body + " symbols cannot encode whole bytes (length % 4 == 1)");
        if (profile == B64.URL) {
            if (pad > 0) throw CloserException.decode("b64.invalid_padding", name + ": padding '=' is not allowed");
        } else {
            int expected = rem == 0 ? 0 : 4 - rem;
            if (pad != expected) throw CloserException.decode("b64.invalid_padding", name + ": expected " + expected + " '=' padding character(s), found " + pad);
        }
        byte[] out = new byte[body / 4 * 3 + (rem == 0 ? 0 : rem - 1)];
        int i = 0, o = 0;
        for (; i + 4 <= body; i += 4) {
            int n = value(in[i], profile) << 18 | value(in[i + 1], profile) << 12 | value(in[i + 2], profile) << 6 | value(in[i + 3], profile);
            out[o++] = (byte) (n >> 16);
            out[o++] = (byte) (n >> 8);
            out[o++] = (byte) n;
        }
        if (rem >= 2) {
            int a = value(in[i], profile), b = value(in[i + 1], profile);
            if (rem == 2) {
                if ((b & 0x0f) != 0) throw CloserException.decode("b64.non_canonical_trailing_bits", name + ": non-canonical trailing bits");
                out[o] = (byte) (a << 2 | b >> 4);
            } else {
                int c = value(in[i + 2], profile);
                if ((c & 0x03) != 0) throw CloserException.decode("b64.non_canonical_trailing_bits", name + ": non-canonical trailing bits");
                out[o] = (byte) (a << 2 | b >> 4);
                out[o + 1] = (byte) ((b & 0x0f) << 4 | c >> 2);
            }
        }
        return out;
    }
}
