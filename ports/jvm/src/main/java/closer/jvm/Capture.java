// `port.sh capture`: a closer-capture/1 file (specs/capture.md) made by this port's own crypto —
// JCA AES-GCM, JDK ECDH, BouncyCastle Argon2id — with fresh random keys, salts, IVs and nonces,
// written to stdout. It stands in for a capture from a real Android build: `closer-spec capture
// check` must confirm it (oracles/python/test_capture.py).
package closer.jvm;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;

public final class Capture {
    static final SecureRandom RANDOM = new SecureRandom();
    static final String ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

    static byte[] random(int n) { byte[] b = new byte[n]; RANDOM.nextBytes(b); return b; }

    static long keyId() { return (RANDOM.nextInt() & 0xffffffffL) | 1L; }

    static Map<String, Object> object(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    /** A code from the generation alphabet, without modulo bias (specs/invite-phrase.md). */
    static String inviteCode() {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 6) {
            int b = RANDOM.nextInt(256);
            if (b < 248) sb.append(ALPHABET.charAt(b % 31));
        }
        return sb.toString();
    }

    static P256.Scalar scalar() {
        while (true) {
            try { return P256.scalar(random(32)); } catch (CloserException retry) { /* ≥ n or 0: draw again */ }
        }
    }

    public static String make() throws CloserException {
        String coupleId = "capture-couple", questionId = "q_capture", alice = "alice-uid", bob = "bob-uid";
        String text = "I love you";
        Tink.PrimitiveKeyset<byte[]> couple = Tink.makeAeadKeyset(random(32), keyId(), Tink.TINK);
        String phrase = Pairing.phraseFromEntropy(random(10));
        String[] wrap = Pairing.coupleKeyWrap(couple.bytes, phrase, random(16), random(12));
        String code = inviteCode();
        String invite = Pairing.inviteEncrypt(code, phrase, random(16), random(12));
        Tink.PrimitiveKeyset<byte[]> oneTime = Tink.makeAeadKeyset(random(32), keyId(), Tink.TINK);
        Map<String, Object> payload = object("coupleId", coupleId, "questionId", questionId, "userId", alice,
            "nonce", Codec.b64(random(16), Codec.B64.URL), "answer", text);
        String[] sealed = Wire.sealedSeal(payload, coupleId, questionId, alice, oneTime, random(12));
        Tink.PrimitiveKeyset<P256.Scalar> bobKeys = Tink.makeHybridPrivateKeyset(scalar().d, keyId());
        byte[] bobPublic = Tink.publicKeysetOf(bobKeys);
        String keybox = Wire.keyboxWrap(oneTime, Tink.hybridPublicKeyset(bobPublic),
            Wire.keyboxContext(coupleId, questionId, alice, bob), scalar(), random(12));
        Map<String, Object> capture = object(
            "format", "closer-capture/1",
            "producer", "ports/jvm (JCA AES-GCM, JDK ECDH, BouncyCastle Argon2id)",
            "encV1", object("keyset", Codec.hex(couple.bytes), "coupleId", coupleId, "plaintext", text,
                "value", Wire.encSeal(text, coupleId, couple, random(12))),
            "coupleKeyWrap", object("keyset", Codec.hex(couple.bytes), "phrase", phrase,
                "wrappedCoupleKey", wrap[0], "kdfSalt", wrap[1], "kdfParams", wrap[2]),
            "invite", object("code", code, "phrase", phrase, "value", invite),
            "sealed", object("oneTimeKeyset", Codec.hex(oneTime.bytes), "coupleId", coupleId, "questionId", questionId,
                "userId", alice, "value", sealed[0], "commitment", sealed[1]),
            "pub", object("value", Wire.pubEncode(bobPublic)),
            "keybox", object("recipientPrivateKeyset", Codec.hex(bobKeys.bytes), "oneTimeKeyset", Codec.hex(oneTime.bytes),
                "coupleId", coupleId, "questionId", questionId, "senderUserId", alice, "recipientUserId", bob,
                "value", keybox),
            "createInvite", object("request", object("code", code, "wrappedCoupleKey", wrap[0], "kdfSalt", wrap[1],
                "kdfParams", wrap[2], "recoveryPhrase", invite)),
            "usersUpdate", object("fields", object("quietHoursEnabled", Boolean.TRUE,
                "quietHoursStartMinutes", 1320.0, "quietHoursEndMinutes", 420.0, "timezone", "America/Chicago",
                "displayName", "Capture")));
        return new String(Json.serialize(capture), StandardCharsets.UTF_8);
    }
}
