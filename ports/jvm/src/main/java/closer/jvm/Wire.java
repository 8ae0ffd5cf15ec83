// The Closer wire values: enc:v1:, sealed:v1: (+ sha256: commitment), pub:v1:, keybox:v1:,
// and the AAD / context-info bindings. Normative: specs/enc-v1.md, sealed-v1.md,
// commitment.md, pub-v1.md, keybox-v1.md (each page's order of checks).
package closer.jvm;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Map;

public final class Wire {
    private Wire() {}

    public static final String ENC = "enc:v1:", SEALED = "sealed:v1:", KEYBOX = "keybox:v1:", COMMITMENT = "sha256:", PUB = "pub:v1:";
    static final String[] PREFIXES = {ENC, SEALED, KEYBOX, COMMITMENT, PUB};
    /** The separator of binding components (profile-v1 §10). */
    public static String separator = "|";

    static byte[] utf8(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    /** Joins binding components: each non-empty and without the byte 0x7C. names/values alternate. */
    public static byte[] binding(String... namesAndValues) throws CloserException {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            String name = namesAndValues[i], value = namesAndValues[i + 1];
            if (value.isEmpty()) throw CloserException.params("binding.empty_component", name + " is empty; binding components must be non-empty");
            if (value.indexOf('|') >= 0)
                throw CloserException.params("binding.separator_in_component", name + " contains '|', the component separator; it would make bindings ambiguous");
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (i > 0) sb.append(separator);
            sb.append(namesAndValues[i + 1]);
        }
        return utf8(sb.toString());
    }

    public static byte[] sealedAad(String coupleId, String questionId, String userId) throws CloserException {
        return binding("coupleId", coupleId, "questionId", questionId, "userId", userId);
    }

    public static byte[] keyboxContext(String coupleId, String questionId, String sender, String recipient) throws CloserException {
        return binding("coupleId", coupleId, "questionId", questionId, "senderUserId", sender, "recipientUserId", recipient);
    }

    /** Keyless shape check of a wire string: prefix, strict base64, length, Tink prefix byte. Returns the body. */
    public static byte[] parse(String text, String prefix) throws CloserException {
        if (!text.startsWith(prefix)) {
            for (String other : PREFIXES)
                if (text.startsWith(other)) throw CloserException.decode("wire.wrong_prefix", "expected a " + prefix + " value, found a " + other + " value");
            throw CloserException.decode("wire.wrong_prefix", "expected a " + prefix + " value; the string has no such prefix");
        }
        byte[] body = Codec.unb64(text.substring(prefix.length()), prefix.equals(ENC) ? Codec.B64.STANDARD : Codec.B64.URL);
        switch (prefix) {
            case COMMITMENT:
                if (body.length != 32) throw CloserException.decode("wire.wrong_length", "sha256: digest is " + body.length + " bytes; 32 expected");
                break;
            case PUB:
                if (body.length == 0) throw CloserException.decode("wire.too_short", "pub:v1: body is empty");
                break;
            default: {
                int min = prefix.equals(KEYBOX) ? 5 + 65 + 12 + 16 : 5 + 12 + 16;
                if (body.length < min) throw CloserException.decode("wire.too_short", prefix + " body is " + body.length + " bytes; at least " + min + " expected");
                if (body[0] != 1) throw CloserException.decode("wire.wrong_tink_prefix", prefix + " body starts with 0x" + Integer.toHexString(body[0] & 0xff) + "; a Tink TINK prefix (0x01) is expected");
            }
        }
        return body;
    }

    static void requireTinkPrimary(Tink.PrimitiveKeyset<byte[]> ks, String prefix) throws CloserException {
        if (ks.primary.prefixType != Tink.TINK)
            throw CloserException.key("wire.primary_not_tink", prefix + " values are written with a TINK-prefixed primary key; this primary is " + Tink.prefixName(ks.primary.prefixType));
    }

    // enc:v1:

    public static String encSeal(String text, String coupleId, Tink.PrimitiveKeyset<byte[]> ks, byte[] iv) throws CloserException {
        byte[] aad = binding("coupleId", coupleId);
        requireTinkPrimary(ks, ENC);
        return ENC + Codec.b64(Tink.aeadEncrypt(ks, utf8(text), aad, iv), Codec.B64.STANDARD);
    }

    public static String encOpen(String value, String coupleId, Tink.PrimitiveKeyset<byte[]> ks) throws CloserException {
        byte[] aad = binding("coupleId", coupleId);
        byte[] body = parse(value, ENC);
        byte[] pt = Tink.aeadDecrypt(ks, body, aad);
        if (!Utf8.isValid(pt)) throw CloserException.decode("enc.plaintext_not_utf8", "enc:v1: plaintext is not valid UTF-8");
        return new String(pt, StandardCharsets.UTF_8);
    }

    // sha256:

    public static byte[] sha256(byte[] b) {
        try { return MessageDigest.getInstance("SHA-256").digest(b); } catch (java.security.NoSuchAlgorithmException e) { throw new IllegalStateException(e); }
    }

    public static String commitment(byte[] canonical) { return COMMITMENT + Codec.b64(sha256(canonical), Codec.B64.URL); }

    // sealed:v1:

    static final String[] REQUIRED = {"coupleId", "questionId", "userId", "nonce"};

    /** The sealed payload checks (sealed-v1.md §Payload). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> checkPayload(Object json) throws CloserException {
        if (!(json instanceof Map)) throw CloserException.decode("sealed.payload_not_object", "sealed payload must be a JSON object");
        Map<String, Object> m = (Map<String, Object>) json;
        for (String name : REQUIRED)
            if (!(m.get(name) instanceof String)) throw CloserException.decode("sealed.payload_missing_member", "sealed payload lacks the string member \"" + name + "\"");
        byte[] nonce;
        try { nonce = Codec.unb64((String) m.get("nonce"), Codec.B64.URL); } catch (CloserException e) {
            throw CloserException.decode("sealed.payload_invalid_nonce", "sealed payload nonce is not b64url (" + e.code + ")"); // the code: a reason quotes a nonce character
        }
        if (nonce.length != 16) throw CloserException.decode("sealed.payload_invalid_nonce", "sealed payload nonce is " + nonce.length + " bytes; 16 required");
        return m;
    }

    static void checkIds(Map<String, Object> payload, String coupleId, String questionId, String userId) throws CloserException {
        String[][] pairs = {{"coupleId", coupleId}, {"questionId", questionId}, {"userId", userId}};
        for (String[] p : pairs)
            if (!Arrays.equals(utf8((String) payload.get(p[0])), utf8(p[1])))
                throw new CloserException("sealed.binding_mismatch", CloserException.BINDING, "payload " + p[0] + " differs from the AAD's " + p[0]);
    }

    /** Returns {value, commitment}. */
    public static String[] sealedSeal(Map<String, Object> payload, String coupleId, String questionId, String userId,
                                      Tink.PrimitiveKeyset<byte[]> ks, byte[] iv) throws CloserException {
        checkIds(payload, coupleId, questionId, userId);
        requireTinkPrimary(ks, SEALED);
        byte[] canonical = Json.serialize(payload);
        byte[] body = Tink.aeadEncrypt(ks, canonical, sealedAad(coupleId, questionId, userId), iv);
        return new String[] {SEALED + Codec.b64(body, Codec.B64.URL), commitment(canonical)};
    }

    /** Returns the canonical payload bytes. */
    public static byte[] sealedOpen(String value, byte[] commitmentDigest, String coupleId, String questionId, String userId,
                                    Tink.PrimitiveKeyset<byte[]> ks) throws CloserException {
        byte[] aad = sealedAad(coupleId, questionId, userId);
        byte[] body = parse(value, SEALED);
        byte[] pt = Tink.aeadDecrypt(ks, body, aad);
        Object json = Json.parse(pt);
        byte[] again;
        try { again = Json.serialize(json); } catch (CloserException e) { again = null; }
        if (again == null || !Arrays.equals(again, pt))
            throw CloserException.decode("sealed.non_canonical_payload", "sealed payload bytes are not RFC 8785 canonical JSON");
        if (!MessageDigest.isEqual(sha256(pt), commitmentDigest))
            throw new CloserException("sealed.commitment_mismatch", CloserException.COMMITMENT, "payload does not match the sha256: commitment");
        Map<String, Object> payload = checkPayload(json);
        checkIds(payload, coupleId, questionId, userId);
        return pt;
    }

    // pub:v1:

    public static Tink.PrimitiveKeyset<P256.Point> pubDecode(String value) throws CloserException {
        byte[] body = parse(value, PUB);
        Tink.PrimitiveKeyset<P256.Point> ks = Tink.hybridPublicKeyset(body);
        if (ks.primary.prefixType != Tink.TINK)
            throw CloserException.key("pub.wrong_output_prefix", "pub:v1: primary key has output prefix " + Tink.prefixName(ks.primary.prefixType) + "; TINK is required");
        return ks;
    }

    public static String pubEncode(byte[] publicKeyset) throws CloserException {
        // The bytes are a keyset, not a value's body: none is a keyset with no keys (specs/pub-v1.md, D-WIRE-28).
        if (publicKeyset.length == 0) throw CloserException.key("keyset.empty", "keyset has no keys");
        String value = PUB + Codec.b64(publicKeyset, Codec.B64.URL);
        pubDecode(value);
        return value;
    }

    // keybox:v1:

    public static String keyboxWrap(Tink.PrimitiveKeyset<byte[]> oneTime, Tink.PrimitiveKeyset<P256.Point> recipient, byte[] contextInfo,
                                    P256.Scalar ephemeral, byte[] iv) throws CloserException {
        if (recipient.primary.prefixType != Tink.TINK)
            throw CloserException.key("pub.wrong_output_prefix", "keybox recipients need a TINK-prefixed primary key; this one is " + Tink.prefixName(recipient.primary.prefixType));
        byte[] ct = Tink.hybridEncrypt(recipient, oneTime.bytes, contextInfo, ephemeral, iv);
        return KEYBOX + Codec.b64(ct, Codec.B64.URL);
    }

    public static Tink.PrimitiveKeyset<byte[]> keyboxUnwrap(String value, Tink.PrimitiveKeyset<P256.Scalar> priv, byte[] contextInfo) throws CloserException {
        byte[] body = parse(value, KEYBOX);
        byte[] pt = Tink.hybridDecrypt(priv, body, contextInfo);
        return Tink.aeadKeyset(pt);
    }
}
