// The accumulated digests of specs/explore.md §"Accumulated mode", computed by this port alone:
// 10,000 cases per recipe drawn from SHAKE128 (BouncyCastle's SHAKEDigest), each run through the
// port's own request handler, one SHA-256 over the answer lines. No closer-spec process.
package closer.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import org.bouncycastle.crypto.digests.SHAKEDigest;
import org.junit.jupiter.api.Test;

class AccumulateTest {
    // Published in specs/explore.md (closer-spec accumulate --op R --cases 10000 --seed 0).
    static final Map<String, String> DIGESTS = Map.of(
        "b64.encode", "37c10539aef8089662404eb9752398228ab5d787e341c95c6e44eab04c58192b",
        "b64url.encode", "b40e9b7d5b97f7a4952458d71d861cd91b2f2e08828178354edf6db1f7299327",
        "b64url.decode", "37a3e6826a7e495c28bfd0ec84a0e6c0e9739f4c6c4dc23d08a1199146eb318c",
        "canonicalize.number", "4e784e63d7b3df1c45750c8aaf3cf5a2cfa3ace05c938cc082bd36fc9748981e",
        "enc.seal", "ffd3722579b4377f79a1a829b25facf639b5aa793a431107799fdc453df16246");
    static final Map<String, Integer> LENGTHS = Map.of(
        "b64.encode", 256, "b64url.encode", 256, "b64url.decode", 65, "canonicalize.number", 8, "enc.seal", 818);
    static final String URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();
    static final HexFormat HEX = HexFormat.of();

    static byte[] stream(String recipe, long seed, int i) {
        byte[] msg = ("closer-spec accumulate v1 " + recipe + " " + seed + " " + i).getBytes(StandardCharsets.UTF_8);
        SHAKEDigest shake = new SHAKEDigest(128);
        shake.update(msg, 0, msg.length);
        byte[] out = new byte[LENGTHS.get(recipe)];
        shake.doFinal(out, 0, out.length);
        return out;
    }

    static JsonObject call(JsonObject request) {
        return JsonParser.parseString(Harness.handleLine(GSON.toJson(request))).getAsJsonObject();
    }

    static String hex(byte[] x, int from, int to) { return HEX.formatHex(x, from, to); }

    static String line(String recipe, byte[] x) {
        JsonObject r = new JsonObject();
        r.addProperty("id", 1);
        String member;
        int n0 = x[0] & 0xff;
        switch (recipe) {
            case "b64.encode", "b64url.encode" -> {
                r.addProperty("op", "encoding.encode");
                r.addProperty("profile", recipe.equals("b64.encode") ? "b64" : "b64url");
                r.addProperty("bytes", hex(x, 1, 1 + n0));
                member = "text";
            }
            case "b64url.decode" -> {
                StringBuilder t = new StringBuilder();
                for (int j = 0; j < n0 % 64; j++) t.append(URL.charAt((x[1 + j] & 0xff) % 64));
                r.addProperty("op", "encoding.decode");
                r.addProperty("profile", "b64url");
                r.addProperty("text", t.toString());
                member = "bytes";
            }
            case "canonicalize.number" -> {
                double d = ByteBuffer.wrap(x, 0, 8).getDouble();
                r.addProperty("op", "canonicalize");
                r.addProperty("json", Double.isFinite(d) ? Double.toString(d) : "null");
                member = "canonical";
            }
            default -> {
                long keyId = ByteBuffer.wrap(x, 32, 4).getInt() & 0xffffffffL;
                JsonObject ks = new JsonObject();
                ks.addProperty("id", 0);
                ks.addProperty("op", "aead.keyset");
                ks.addProperty("key", hex(x, 0, 32));
                ks.addProperty("keyId", keyId == 0 ? 1 : keyId);
                StringBuilder text = new StringBuilder();
                for (int j = 0; j < (x[52] & 0xff); j++) {
                    int v = (((x[53 + 3 * j] & 0xff) << 16) | ((x[54 + 3 * j] & 0xff) << 8) | (x[55 + 3 * j] & 0xff)) % 0x110000;
                    if (v >= 0xd800 && v <= 0xdfff) v -= 0x800;
                    text.appendCodePoint(v);
                }
                r.addProperty("op", "enc.seal");
                r.addProperty("keyset", call(ks).get("keyset").getAsString());
                r.addProperty("iv", hex(x, 36, 48));
                r.addProperty("text", text.toString());
                r.addProperty("coupleId", "c" + hex(x, 48, 52));
                member = "value";
            }
        }
        JsonObject answer = call(r);
        return answer.get("ok").getAsBoolean()
            ? answer.get(member).getAsString()
            : "!" + answer.getAsJsonObject("error").get("code").getAsString();
    }

    static String digest(String recipe, long seed, int n) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (int i = 0; i < n; i++) sha.update((line(recipe, stream(recipe, seed, i)) + "\n").getBytes(StandardCharsets.UTF_8));
        return HEX.formatHex(sha.digest());
    }

    @Test
    void accumulatedDigestsOfTenThousandCases() throws Exception {
        for (String recipe : new String[] {"b64.encode", "b64url.encode", "b64url.decode", "canonicalize.number", "enc.seal"}) {
            assertEquals(DIGESTS.get(recipe), digest(recipe, 0, 10_000), recipe);
        }
    }
}
