// Harness protocol v1 (specs/harness.md): one request object in, one response object out.
// `handleLine` is the in-process entry point the JUnit runner calls; `Main` wraps it in
// JSON Lines on stdin/stdout. Inputs are read in the order of each op's row in harness.md
// (as closer-spec serve reads them), each checked completely when read.
package closer.jvm;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public final class Harness {
    private Harness() {}

    public static final String IMPLEMENTATION = "closer-jvm";
    public static final String VERSION = "0.1.0";
    static final SecureRandom RANDOM = new SecureRandom();

    interface Op { Map<String, Object> run(Request r) throws CloserException; }

    static final Map<String, Op> OPS = new LinkedHashMap<>();

    /** One response line (canonical JSON, no newline) for one request line. */
    public static String handleLine(byte[] line) {
        Object parsed;
        try {
            parsed = Json.parse(line);
        } catch (CloserException e) {
            return failure(Json.NULL, CloserException.malformed("request is not valid JSON: " + e.reason()));
        }
        return handle(parsed);
    }

    public static String handleLine(String line) { return handleLine(line.getBytes(StandardCharsets.UTF_8)); }

    /** One response line for one parsed request value. */
    @SuppressWarnings("unchecked")
    public static String handle(Object request) {
        if (!(request instanceof Map)) return failure(Json.NULL, CloserException.malformed("request must be a JSON object"));
        Map<String, Object> fields = (Map<String, Object>) request;
        Object id = fields.containsKey("id") ? fields.get("id") : Json.NULL;
        if (!(fields.get("op") instanceof String)) return failure(id, CloserException.malformed("request has no string field \"op\""));
        String opName = (String) fields.get("op");
        Op op = OPS.get(opName);
        if (op == null) return failure(id, new CloserException("harness.unknown_op", CloserException.UNKNOWN_OP, "unknown op \"" + printable(opName) + "\""));
        try {
            Map<String, Object> out = new TreeMap<>(op.run(new Request(fields)));
            out.put("id", id);
            out.put("ok", Boolean.TRUE);
            return encode(out);
        } catch (CloserException e) {
            return failure(id, e);
        } catch (RuntimeException e) {
            // Never crash on input: an unexpected exception is reported, without its data.
            return failure(id, new CloserException("harness.internal", CloserException.DECODE, "internal error: " + e.getClass().getSimpleName()));
        }
    }

    static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().limit(64).filter(c -> c >= 0x20 && c != 0x7f).forEach(sb::appendCodePoint);
        return sb.toString();
    }

    static String failure(Object id, CloserException e) {
        Map<String, Object> err = new TreeMap<>();
        err.put("code", e.category);
        err.put("detail", e.code);
        err.put("message", e.reason());
        Map<String, Object> out = new TreeMap<>();
        out.put("id", id);
        out.put("ok", Boolean.FALSE);
        out.put("error", err);
        return encode(out);
    }

    static String encode(Map<String, Object> value) {
        try {
            return Json.serializeString(value);
        } catch (CloserException e) {
            return "{\"error\":{\"code\":\"malformed_request\",\"message\":\"response could not be encoded\"},\"ok\":false}";
        }
    }

    /** Field accessors: a missing or mistyped field is malformed_request. */
    static final class Request {
        final Map<String, Object> f;

        Request(Map<String, Object> f) { this.f = f; }

        static CloserException bad(String name, String what) { return CloserException.malformed("field \"" + name + "\" " + what); }

        String string(String name) throws CloserException {
            if (!f.containsKey(name)) throw bad(name, "is missing");
            Object v = f.get(name);
            if (!(v instanceof String)) throw bad(name, "must be a string");
            return (String) v;
        }

        String optionalString(String name) throws CloserException {
            Object v = f.get(name);
            if (v == null || v == Json.NULL) return null;
            if (!(v instanceof String)) throw bad(name, "must be a string");
            return (String) v;
        }

        byte[] hex(String name) throws CloserException {
            String s = string(name);
            try { return Codec.unhex(s); } catch (CloserException e) { throw bad(name, "is not hex: " + e.reason()); }
        }

        byte[] optionalHex(String name) throws CloserException {
            String s = optionalString(name);
            if (s == null) return null;
            try { return Codec.unhex(s); } catch (CloserException e) { throw bad(name, "is not hex: " + e.reason()); }
        }

        long integer(String name, long lo, long hi) throws CloserException {
            if (!f.containsKey(name)) throw bad(name, "is missing");
            Object v = f.get(name);
            if (!(v instanceof Double)) throw bad(name, "must be an integer");
            double d = (Double) v;
            if (Double.isNaN(d) || Double.isInfinite(d) || d != Math.rint(d) || d < -9.0e15 || d > 9.0e15) throw bad(name, "must be an integer");
            long i = (long) d;
            if (i < lo || i > hi) throw bad(name, "must be in " + lo + "..." + hi);
            return i;
        }

        long uint32(String name) throws CloserException { return integer(name, 0, 0xffffffffL); }

        /** Any integral number (out-of-bounds values reach the bounds check, clamped). */
        long anyInteger(String name) throws CloserException {
            Object v = f.get(name);
            if (!(v instanceof Double)) return integer(name, 0, 0);
            double d = (Double) v;
            if (Double.isNaN(d) || Double.isInfinite(d) || d != Math.rint(d)) return integer(name, 0, 0);
            if (d >= 9.2e18) return Long.MAX_VALUE;
            if (d <= -9.2e18) return Long.MIN_VALUE;
            return (long) d;
        }
    }

    static byte[] random(int n) { byte[] b = new byte[n]; RANDOM.nextBytes(b); return b; }

    static P256.Scalar randomScalar() {
        while (true) {
            try { return P256.scalar(random(32)); } catch (CloserException retry) { /* ≥ n or 0: draw again */ }
        }
    }

    static Map<String, Object> result(Object... kv) {
        Map<String, Object> m = new TreeMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    static String hex(byte[] b) { return Codec.hex(b); }

    static int clampInt(long v) { return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v)); }

    static {
        OPS.put("info", r -> {
            List<Object> names = new ArrayList<>(OPS.keySet());
            return result("implementation", IMPLEMENTATION, "version", VERSION, "protocol", 1.0, "ops", names);
        });

        // Tink AEAD
        OPS.put("aead.keyset", r -> {
            String prefixName = r.optionalString("prefix");
            int prefix = Tink.prefixNamed(prefixName == null ? "TINK" : prefixName);
            if (prefix < 0) throw CloserException.malformed("field \"prefix\" must be TINK, RAW, LEGACY or CRUNCHY");
            byte[] key = r.hex("key");
            long keyId = r.uint32("keyId");
            return result("keyset", hex(Tink.makeAeadKeyset(key, keyId, prefix).bytes));
        });
        OPS.put("aead.encrypt", r -> {
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            byte[] pt = r.hex("plaintext"), aad = r.hex("aad");
            byte[] iv = r.optionalHex("iv");
            return result("ciphertext", hex(Tink.aeadEncrypt(ks, pt, aad, iv != null ? iv : random(12))));
        });
        OPS.put("aead.decrypt", r -> {
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            byte[] ct = r.hex("ciphertext"), aad = r.hex("aad");
            return result("plaintext", hex(Tink.aeadDecrypt(ks, ct, aad)));
        });

        // Tink hybrid
        OPS.put("hybrid.keyset", r -> {
            byte[] d = r.hex("privateKey");
            long keyId = r.uint32("keyId");
            Tink.PrimitiveKeyset<P256.Scalar> priv = Tink.makeHybridPrivateKeyset(d, keyId);
            return result("privateKeyset", hex(priv.bytes), "publicKeyset", hex(Tink.publicKeysetOf(priv)));
        });
        OPS.put("hybrid.encrypt", r -> {
            Tink.PrimitiveKeyset<P256.Point> pub = Tink.hybridPublicKeyset(r.hex("publicKeyset"));
            P256.Scalar eph = ephemeral(r);
            byte[] iv = ivOrRandom(r);
            byte[] pt = r.hex("plaintext"), info = r.hex("contextInfo");
            return result("ciphertext", hex(Tink.hybridEncrypt(pub, pt, info, eph, iv)));
        });
        OPS.put("hybrid.decrypt", r -> {
            Tink.PrimitiveKeyset<P256.Scalar> priv = Tink.hybridPrivateKeyset(r.hex("privateKeyset"));
            byte[] ct = r.hex("ciphertext"), info = r.hex("contextInfo");
            return result("plaintext", hex(Tink.hybridDecrypt(priv, ct, info)));
        });

        // enc:v1:
        OPS.put("enc.seal", r -> {
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            byte[] iv = ivOrRandom(r);
            String text = r.string("text"), coupleId = r.string("coupleId");
            return result("value", Wire.encSeal(text, coupleId, ks, iv));
        });
        OPS.put("enc.open", r -> {
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            String value = r.string("value"), coupleId = r.string("coupleId");
            return result("text", Wire.encOpen(value, coupleId, ks));
        });

        // canonical JSON and commitments
        OPS.put("canonicalize", r -> result("canonical", hex(Json.canonicalize(r.string("json").getBytes(StandardCharsets.UTF_8)))));
        OPS.put("commitment", r -> {
            byte[] canonical = Json.canonicalize(r.string("json").getBytes(StandardCharsets.UTF_8));
            return result("canonical", hex(canonical), "value", Wire.commitment(canonical));
        });

        // sealed:v1:
        OPS.put("sealed.seal", r -> {
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            String c = r.string("coupleId"), q = r.string("questionId"), u = r.string("userId");
            Wire.sealedAad(c, q, u);
            Map<String, Object> payload = Wire.checkPayload(Json.parse(r.string("payload")));
            byte[] iv = ivOrRandom(r);
            String[] sealed = Wire.sealedSeal(payload, c, q, u, ks, iv);
            return result("value", sealed[0], "commitment", sealed[1]);
        });
        OPS.put("sealed.open", r -> {
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            String c = r.string("coupleId"), q = r.string("questionId"), u = r.string("userId");
            Wire.sealedAad(c, q, u);
            String value = r.string("value");
            Wire.parse(value, Wire.SEALED);
            byte[] digest = Wire.parse(r.string("commitment"), Wire.COMMITMENT);
            byte[] payload = Wire.sealedOpen(value, digest, c, q, u, ks);
            return result("payload", new String(payload, StandardCharsets.UTF_8));
        });

        // pub:v1:
        OPS.put("pub.encode", r -> result("value", Wire.pubEncode(r.hex("publicKeyset"))));
        OPS.put("pub.decode", r -> {
            String value = r.string("value");
            Tink.PrimitiveKeyset<P256.Point> ks = Wire.pubDecode(value);
            return result("publicKeyset", hex(ks.bytes), "keyId", (double) ks.primary.keyId,
                    "x", hex(ks.primary.key.x), "y", hex(ks.primary.key.y));
        });

        // keybox:v1:
        OPS.put("keybox.wrap", r -> {
            Tink.PrimitiveKeyset<P256.Point> recipient = Wire.pubDecode(r.string("recipient"));
            byte[] info = keyboxContext(r);
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            P256.Scalar eph = ephemeral(r);
            byte[] iv = ivOrRandom(r);
            return result("value", Wire.keyboxWrap(ks, recipient, info, eph, iv));
        });
        OPS.put("keybox.unwrap", r -> {
            Tink.PrimitiveKeyset<P256.Scalar> priv = Tink.hybridPrivateKeyset(r.hex("privateKeyset"));
            byte[] info = keyboxContext(r);
            return result("keyset", hex(Wire.keyboxUnwrap(r.string("value"), priv, info).bytes));
        });

        // Argon2id and pairing
        OPS.put("argon2id", r -> {
            long m = r.anyInteger("memoryKiB"), t = r.anyInteger("iterations"), p = r.anyInteger("parallelism"), len = r.anyInteger("length");
            Pairing.checkParameters(m, t, p, len);
            byte[] password = r.hex("password"), salt = r.hex("salt");
            return result("key", hex(Pairing.argon2id(password, salt, (int) m, (int) t, (int) p, (int) len)));
        });
        OPS.put("couplekey.wrap", r -> {
            Tink.PrimitiveKeyset<byte[]> ks = Tink.aeadKeyset(r.hex("keyset"));
            String phrase = Pairing.phraseFromEntropy(Pairing.phraseEntropy(r.string("phrase")));
            byte[] salt = r.optionalHex("salt");
            byte[] iv = ivOrRandom(r);
            String[] w = Pairing.coupleKeyWrap(ks.bytes, phrase, salt != null ? salt : random(16), iv);
            return result("wrappedCoupleKey", w[0], "kdfSalt", w[1], "kdfParams", w[2]);
        });
        OPS.put("couplekey.unwrap", r -> {
            String wrapped = r.string("wrappedCoupleKey"), salt = r.string("kdfSalt"), params = r.string("kdfParams");
            String phrase = r.string("phrase");
            return result("keyset", hex(Pairing.coupleKeyUnwrap(wrapped, salt, params, phrase).bytes));
        });
        OPS.put("phrase.fromEntropy", r -> result("phrase", Pairing.phraseFromEntropy(r.hex("entropy"))));
        OPS.put("phrase.normalize", r -> {
            byte[] entropy = Pairing.phraseEntropy(r.string("input"));
            return result("phrase", Pairing.phraseFromEntropy(entropy), "entropy", hex(entropy));
        });
        OPS.put("invite.encrypt", r -> {
            String code = Pairing.inviteCode(r.string("code"));
            String phrase = Pairing.phraseFromEntropy(Pairing.phraseEntropy(r.string("phrase")));
            byte[] salt = r.optionalHex("salt");
            byte[] iv = ivOrRandom(r);
            return result("value", Pairing.inviteEncrypt(code, phrase, salt != null ? salt : random(16), iv));
        });
        OPS.put("invite.decrypt", r -> {
            String code = Pairing.inviteCode(r.string("code"));
            return result("phrase", Pairing.inviteDecrypt(code, r.string("value")));
        });

        // Lower-layer ops (optional; the harness replays a failing test's layers through them).
        OPS.put("datekey.compute", r -> result("key", DateKeys.key(r.string("instant"), r.string("kind"))));
        OPS.put("encoding.decode", r -> {
            String profile = r.string("profile");
            String text = r.string("text");
            switch (profile) {
                case "b64": return result("bytes", hex(Codec.unb64(text, Codec.B64.STANDARD)));
                case "b64url": return result("bytes", hex(Codec.unb64(text, Codec.B64.URL)));
                case "hex": return result("bytes", hex(Codec.unhex(text)));
                default: throw CloserException.malformed("field \"profile\" must be b64, b64url or hex");
            }
        });
        OPS.put("encoding.encode", r -> {
            String profile = r.string("profile");
            byte[] bytes = r.hex("bytes");
            switch (profile) {
                case "b64": return result("text", Codec.b64(bytes, Codec.B64.STANDARD));
                case "b64url": return result("text", Codec.b64(bytes, Codec.B64.URL));
                case "hex": return result("text", hex(bytes));
                default: throw CloserException.malformed("field \"profile\" must be b64, b64url or hex");
            }
        });
        OPS.put("keyset.validate", r -> {
            byte[] bytes = r.hex("keyset");
            String primitive = r.string("primitive");
            Tink.PrimitiveKeyset<?> ks;
            switch (primitive) {
                case "aead": ks = Tink.aeadKeyset(bytes); break;
                case "hybridPrivate": ks = Tink.hybridPrivateKeyset(bytes); break;
                case "hybridPublic": ks = Tink.hybridPublicKeyset(bytes); break;
                default: throw CloserException.malformed("field \"primitive\" must be aead, hybridPrivate or hybridPublic");
            }
            List<Object> ids = new ArrayList<>();
            for (Tink.Entry<?> e : ks.entries) ids.add((double) e.keyId);
            return result("primaryKeyId", (double) ks.primary.keyId, "keyIds", ids);
        });
        OPS.put("binding.aad", r -> {
            String kind = r.string("kind");
            switch (kind) {
                case "enc": return result("aad", hex(Wire.binding("coupleId", r.string("coupleId"))));
                case "sealed": {
                    String c = r.string("coupleId"), q = r.string("questionId"), u = r.string("userId");
                    return result("aad", hex(Wire.sealedAad(c, q, u)));
                }
                case "keybox": return result("aad", hex(keyboxContext(r)));
                default: throw CloserException.malformed("field \"kind\" must be enc, sealed or keybox");
            }
        });
        OPS.put("aesgcm.seal", r -> {
            byte[] key = r.hex("key"), iv = r.hex("iv"), pt = r.hex("plaintext"), aad = r.hex("aad");
            byte[] sealed = Tink.aesGcmSeal(key, iv, pt, aad);
            return result("ciphertext", hex(java.util.Arrays.copyOfRange(sealed, 12, sealed.length)));
        });
        OPS.put("aesgcm.open", r -> {
            byte[] key = r.hex("key"), iv = r.hex("iv"), ct = r.hex("ciphertext"), aad = r.hex("aad");
            if (iv.length != 12) throw CloserException.params("aesgcm.invalid_iv", "AES-GCM IV must be 12 bytes, got " + iv.length);
            return result("plaintext", hex(Tink.aesGcmOpen(key, Tink.concat(iv, ct), aad)));
        });
        OPS.put("p256.ecdh", r -> {
            P256.Scalar d = P256.scalar(r.hex("privateKey"));
            P256.Point q = P256.uncompressed(r.hex("publicPoint"));
            return result("sharedSecret", hex(d.sharedSecret(q)));
        });
        OPS.put("hkdf.sha256", r -> {
            byte[] ikm = r.hex("ikm"), salt = r.hex("salt"), info = r.hex("info");
            long length = r.anyInteger("length");
            return result("okm", hex(Tink.hkdf(ikm, salt, info, length)));
        });
        Contracts.register(OPS);
        Documents.register(OPS);
        Push.register(OPS);
        Questions.register(OPS);
    }

    static P256.Scalar ephemeral(Request r) throws CloserException {
        byte[] e = r.optionalHex("ephemeralPrivateKey");
        return e != null ? P256.scalar(e) : randomScalar();
    }

    static byte[] ivOrRandom(Request r) throws CloserException {
        byte[] iv = r.optionalHex("iv");
        return iv != null ? iv : random(12);
    }

    static byte[] keyboxContext(Request r) throws CloserException {
        String c = r.string("coupleId"), q = r.string("questionId"), s = r.string("senderUserId"), t = r.string("recipientUserId");
        return Wire.keyboxContext(c, q, s, t);
    }
}
