// Pairing: Argon2id (BouncyCastle's Argon2BytesGenerator, as Android), kdfParams, the
// recovery phrase, the couple-key wrap and the invite phrase encryption.
// Normative: specs/argon2id.md, couple-key-wrap.md, recovery-phrase.md, invite-phrase.md.
package closer.jvm;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

public final class Pairing {
    private Pairing() {}

    public static final int M = 46080, T = 3, P = 1;
    public static final String KDF_PARAMS = "$argon2id$v=19$m=46080,t=3,p=1";
    public static final String COUPLE_AAD = "closer_couple_key", INVITE_AAD = "closer_invite_phrase";

    // MARK: Argon2id

    /** Bounds (argon2id.md §Bounds), in order: parallelism, memory, iterations, output length. */
    public static void checkParameters(long m, long t, long p, long length) throws CloserException {
        if (p < 1 || p > 16) throw CloserException.params("argon2.parallelism_out_of_range", "Argon2id parallelism " + p + " is outside 1...16");
        if (m < 8 * p || m > 1048576) throw CloserException.params("argon2.memory_out_of_range", "Argon2id memory " + m + " KiB is outside " + (8 * p) + "...1048576 KiB");
        if (t < 1 || t > 10) throw CloserException.params("argon2.iterations_out_of_range", "Argon2id iterations " + t + " is outside 1...10");
        if (length < 16 || length > 64) throw CloserException.params("argon2.output_length_out_of_range", "Argon2id output length " + length + " is outside 16...64 bytes");
    }

    /** Argon2id v0x13 after the bounds; salt and password lengths checked here. */
    public static byte[] argon2id(byte[] password, byte[] salt, int m, int t, int p, int length) throws CloserException {
        checkParameters(m, t, p, length);
        if (salt.length < 8 || salt.length > 64) throw CloserException.params("argon2.salt_length_out_of_range", "Argon2id salt is " + salt.length + " bytes; accepted 8...64");
        if (password.length > 4096) throw CloserException.params("argon2.password_too_long", "Argon2id password is " + password.length + " bytes; at most 4096 accepted");
        Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(m).withIterations(t).withParallelism(p).withSalt(salt).build();
        Argon2BytesGenerator gen = new Argon2BytesGenerator();
        gen.init(params);
        byte[] out = new byte[length];
        gen.generateBytes(password, out);
        return out;
    }

    // MARK: kdfParams

    /** Returns {m, t, p}. */
    public static int[] parseKdfParams(String text) throws CloserException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        if (b.length > 64) throw CloserException.params("kdfparams.too_long", "kdfParams is " + b.length + " bytes; at most 64 accepted");
        for (int i = 0; i < b.length; i++)
            if (b[i] < 0x21 || b[i] > 0x7e) throw CloserException.params("kdfparams.invalid_character", "kdfParams has byte 0x" + Integer.toHexString(b[i] & 0xff) + " at offset " + i);
        String[] seg = text.split("\\$", -1);
        if (seg.length < 2 || !seg[0].isEmpty()) throw CloserException.params("kdfparams.malformed", "kdfParams must start with \"$argon2id$\"");
        if (!seg[1].equals("argon2id")) throw CloserException.params("kdfparams.unknown_algorithm", "kdfParams algorithm is not \"argon2id\"");
        if (seg.length < 3 || !seg[2].startsWith("v="))
            throw CloserException.params("kdfparams.missing_version", "kdfParams has no \"v=19\" segment after the algorithm (a PHC string without v means version 16)");
        long version = number(seg[2].substring(2), "v");
        if (version != 19) throw CloserException.params("kdfparams.unsupported_version", "kdfParams version " + version + " is not 19 (0x13)");
        if (seg.length < 4) throw CloserException.params("kdfparams.missing_field", "kdfParams has no parameter segment \"m=…,t=…,p=…\"");
        if (seg.length != 4) throw CloserException.params("kdfparams.trailing_segment", "kdfParams has " + (seg.length - 4) + " segment(s) after the parameters; it carries no salt or hash");
        String names = "mtp";
        long[] values = {-1, -1, -1};
        int last = -1;
        for (String field : seg[3].split(",", -1)) {
            int eq = field.indexOf('=');
            if (eq < 0) throw CloserException.params("kdfparams.malformed", "kdfParams field is not name=value");
            String name = field.substring(0, eq);
            int index = name.length() == 1 ? names.indexOf(name.charAt(0)) : -1;
            if (index < 0) throw CloserException.params("kdfparams.unknown_field", "kdfParams field is not one of m, t, p");
            if (values[index] >= 0) throw CloserException.params("kdfparams.duplicate_field", "kdfParams field \"" + name + "\" appears twice");
            if (index <= last) throw CloserException.params("kdfparams.field_order", "kdfParams fields must be in the order m, t, p");
            values[index] = number(field.substring(eq + 1), name);
            last = index;
        }
        for (int i = 0; i < 3; i++)
            if (values[i] < 0) throw CloserException.params("kdfparams.missing_field", "kdfParams has no \"" + names.charAt(i) + "\" field");
        checkParameters(values[0], values[1], values[2], 32);
        // argon2id.md §"Reader bounds": a document someone else wrote may not cost much more
        // than the production set; after the bounds, in the order p, m, t.
        if (values[2] > 2) throw CloserException.params("kdfparams.cost_too_high", "kdfParams p=" + values[2] + " is above the reader bound 2");
        if (values[0] > 65536) throw CloserException.params("kdfparams.cost_too_high", "kdfParams m=" + values[0] + " is above the reader bound 65536");
        if (values[1] > 4) throw CloserException.params("kdfparams.cost_too_high", "kdfParams t=" + values[1] + " is above the reader bound 4");
        return new int[] {(int) values[0], (int) values[1], (int) values[2]};
    }

    static long number(String digits, String field) throws CloserException {
        if (digits.isEmpty()) throw CloserException.params("kdfparams.invalid_number", "kdfParams field \"" + field + "\" has no value");
        for (int i = 0; i < digits.length(); i++)
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') throw CloserException.params("kdfparams.invalid_number", "kdfParams field \"" + field + "\" is not a decimal number");
        if (digits.length() > 1 && digits.charAt(0) == '0') throw CloserException.params("kdfparams.invalid_number", "kdfParams field \"" + field + "\" has a leading zero");
        if (digits.length() > 10) throw CloserException.params("kdfparams.invalid_number", "kdfParams field \"" + field + "\" overflows 32 bits");
        long v = Long.parseLong(digits);
        if (v > 0xffffffffL) throw CloserException.params("kdfparams.invalid_number", "kdfParams field \"" + field + "\" overflows 32 bits");
        return v;
    }

    // MARK: recovery phrase

    static final Map<String, Integer> INDEX = new HashMap<>();
    static { for (int i = 0; i < 256; i++) INDEX.put(WordlistV1.WORDS[i], i); }

    public static String phraseFromEntropy(byte[] entropy) throws CloserException {
        if (entropy.length != 10) throw CloserException.params("phrase.invalid_entropy_length", "phrase entropy is " + entropy.length + " bytes; exactly 10 needed");
        StringBuilder sb = new StringBuilder();
        for (byte e : entropy) sb.append(sb.length() == 0 ? "" : " ").append(WordlistV1.WORDS[e & 0xff]);
        return sb.toString();
    }

    /** Unicode 15.1 White_Space (Java's Character.isWhitespace differs: it excludes NBSP and includes U+001C–U+001F). */
    public static boolean isWhiteSpace(int cp) {
        return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680
                || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
    }

    /** Steps 1–5 of recovery-phrase.md §Normalization: the words, NFKC and lower-cased. */
    public static List<String> normalizedWords(String input) throws CloserException {
        int length = input.getBytes(StandardCharsets.UTF_8).length;
        if (length > 1024) throw CloserException.decode("phrase.too_long", "phrase input is " + length + " bytes; at most 1024 accepted");
        String nfkc = Normalizer.normalize(input, Normalizer.Form.NFKC);
        // Default (full, context-free) lower-case mapping of each scalar, locale-independent.
        StringBuilder lower = new StringBuilder();
        nfkc.codePoints().forEach(cp -> lower.append(new String(Character.toChars(cp)).toLowerCase(Locale.ROOT)));
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int[] cps = lower.toString().codePoints().toArray();
        // Code points, not grapheme clusters (pinned): a combining mark after a space starts the next word.
        for (int i = 0; i < cps.length; i++) {
            if (isWhiteSpace(cps[i])) {
                if (word.length() > 0) { words.add(word.toString()); word.setLength(0); }
            } else {
                word.appendCodePoint(cps[i]);
            }
        }
        if (word.length() > 0) words.add(word.toString());
        if (words.isEmpty()) throw CloserException.decode("phrase.empty", "the phrase is empty");
        return words;
    }

    public static String canonicalText(String input) throws CloserException { return String.join(" ", normalizedWords(input)); }

    /** Returns the 10 entropy bytes of a wordlist-v1 phrase. */
    public static byte[] phraseEntropy(String input) throws CloserException {
        List<String> words = normalizedWords(input);
        if (words.size() != 10) throw CloserException.decode("phrase.wrong_word_count", "a recovery phrase has 10 words; this one has " + words.size());
        byte[] e = new byte[10];
        for (int i = 0; i < 10; i++) {
            Integer index = INDEX.get(words.get(i));
            if (index == null) throw CloserException.decode("phrase.unknown_word", "word " + (i + 1) + " is not in the wordlist"); // position only: recovery-phrase.md §Normalization
            e[i] = (byte) (int) index;
        }
        return e;
    }

    static String closestWord(String w) {
        int[] x = w.codePoints().toArray();
        if (x.length >= 4) {
            String prefix = new String(x, 0, 4);
            for (String c : WordlistV1.WORDS) if (c.startsWith(prefix)) return c;
        }
        String best = WordlistV1.WORDS[0];
        int bestD = Integer.MAX_VALUE;
        for (String c : WordlistV1.WORDS) {
            int d = editDistance(x, c.codePoints().toArray());
            if (d < bestD) { best = c; bestD = d; }
        }
        return best;
    }

    static int editDistance(int[] x, int[] y) {
        int[][] d = new int[x.length + 1][y.length + 1];
        for (int i = 0; i <= x.length; i++) d[i][0] = i;
        for (int j = 0; j <= y.length; j++) d[0][j] = j;
        for (int i = 1; i <= x.length; i++)
            for (int j = 1; j <= y.length; j++) {
                int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1));
                if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
                d[i][j] = v;
            }
        return d[x.length][y.length];
    }

    // MARK: couple-key wrap

    static void checkSalt(byte[] salt) throws CloserException {
        if (salt.length != 16) throw CloserException.params("couplekey.invalid_salt_length", "kdfSalt is " + salt.length + " bytes; the profile requires exactly 16");
    }

    /** Returns {wrappedCoupleKey, kdfSalt, kdfParams}. `phrase` is a canonical wordlist-v1 phrase. */
    public static String[] coupleKeyWrap(byte[] keysetBytes, String phrase, byte[] salt, byte[] iv) throws CloserException {
        checkSalt(salt);
        byte[] key = argon2id(phrase.getBytes(StandardCharsets.UTF_8), salt, M, T, P, 32);
        byte[] sealed = Tink.aesGcmSeal(key, iv, keysetBytes, COUPLE_AAD.getBytes(StandardCharsets.UTF_8));
        return new String[] {Codec.b64(sealed, Codec.B64.STANDARD), Codec.b64(salt, Codec.B64.STANDARD), KDF_PARAMS};
    }

    /** The text form: any phrase text, normalized without a wordlist lookup. Returns the keyset bytes. */
    public static Tink.PrimitiveKeyset<byte[]> coupleKeyUnwrap(String wrapped, String kdfSalt, String kdfParams, String phraseText) throws CloserException {
        int[] mtp = parseKdfParams(kdfParams);
        if (kdfSalt.getBytes(StandardCharsets.UTF_8).length > 64)
            throw CloserException.params("couplekey.invalid_salt_length", "kdfSalt is longer than 64 bytes; the profile requires exactly 16 bytes");
        byte[] salt = Codec.unb64(kdfSalt, Codec.B64.STANDARD);
        checkSalt(salt);
        if (wrapped.getBytes(StandardCharsets.UTF_8).length > 65536)
            throw CloserException.decode("couplekey.wrapped_too_long", "wrappedCoupleKey is longer than 65536 bytes");
        byte[] sealed = Codec.unb64(wrapped, Codec.B64.STANDARD);
        if (sealed.length < 28) throw CloserException.decode("couplekey.wrapped_too_short", "wrappedCoupleKey decodes to " + sealed.length + " bytes; IV and tag alone are 28");
        byte[] password = canonicalText(phraseText).getBytes(StandardCharsets.UTF_8);
        byte[] key = argon2id(password, salt, mtp[0], mtp[1], mtp[2], 32);
        byte[] pt;
        try { pt = Tink.aesGcmOpen(key, sealed, COUPLE_AAD.getBytes(StandardCharsets.UTF_8)); } catch (CloserException e) {
            throw CloserException.auth("couplekey.authentication_failed", "wrappedCoupleKey did not authenticate: wrong recovery phrase, or the document was changed");
        }
        try { return Tink.aeadKeyset(pt); } catch (CloserException e) {
            throw CloserException.key("couplekey.invalid_keyset", "wrappedCoupleKey authenticated but is not a usable AES-GCM keyset (" + e.code + ": " + e.reason() + ")");
        }
    }

    // MARK: invite code and phrase

    /** The canonical (upper-case) code; exactly 6 of A-Z a-z 0-9. */
    public static String inviteCode(String text) throws CloserException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        if (b.length != 6) throw CloserException.params("invite.invalid_code", "an invite code is exactly 6 characters of A-Z, a-z, 0-9");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            int c = b[i];
            if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) sb.append((char) c);
            else if (c >= 'a' && c <= 'z') sb.append((char) (c - 0x20));
            else throw CloserException.params("invite.invalid_code", "an invite code is A-Z, a-z, 0-9 only; character " + (i + 1) + " is not");
        }
        return sb.toString();
    }

    public static String inviteEncrypt(String canonicalCode, String phrase, byte[] salt, byte[] iv) throws CloserException {
        checkSalt(salt);
        byte[] key = argon2id(canonicalCode.getBytes(StandardCharsets.UTF_8), salt, M, T, P, 32);
        byte[] sealed = Tink.aesGcmSeal(key, iv, phrase.getBytes(StandardCharsets.UTF_8), INVITE_AAD.getBytes(StandardCharsets.UTF_8));
        return Codec.b64(Tink.concat(salt, sealed), Codec.B64.STANDARD);
    }

    public static String inviteDecrypt(String canonicalCode, String value) throws CloserException {
        if (value.getBytes(StandardCharsets.UTF_8).length > 4096) throw CloserException.decode("invite.value_too_long", "invite phrase value is longer than 4096 characters");
        byte[] bytes = Codec.unb64(value, Codec.B64.STANDARD);
        if (bytes.length < 44) throw CloserException.decode("invite.value_too_short", "invite phrase value decodes to " + bytes.length + " bytes; salt, IV and tag alone are 44");
        byte[] salt = java.util.Arrays.copyOf(bytes, 16);
        byte[] key = argon2id(canonicalCode.getBytes(StandardCharsets.UTF_8), salt, M, T, P, 32);
        byte[] pt;
        try { pt = Tink.aesGcmOpen(key, java.util.Arrays.copyOfRange(bytes, 16, bytes.length), INVITE_AAD.getBytes(StandardCharsets.UTF_8)); } catch (CloserException e) {
            throw CloserException.auth("invite.authentication_failed", "invite phrase value did not authenticate: wrong invite code, or the value was changed");
        }
        if (!Utf8.isValid(pt)) throw CloserException.decode("invite.invalid_plaintext", "invite phrase value authenticated but is not UTF-8");
        return new String(pt, StandardCharsets.UTF_8);
    }
}
