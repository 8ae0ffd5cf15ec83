// BouncyCastle Argon2id oracle (the Android app's implementation: Argon2BytesGenerator,
// Argon2id, version 0x13). Reads cases (TSV: label, password hex, salt hex, m, t, p, length,
// expected) on stdin; for each prints the case followed by two BouncyCastle results:
// generateBytes(byte[] UTF-8 password) and generateBytes(char[] password), the path an
// Android app takes from a String (BouncyCastle converts chars to UTF-8). Run by run.sh.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

public final class Argon2Oracle {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        int index = 0;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = line.split("\t", -1);
            if (f.length != 8) throw new IllegalArgumentException("case needs 8 tab-separated fields: " + line);
            byte[] password = hex(f[1]);
            byte[] salt = hex(f[2]);
            int m = Integer.parseInt(f[3]), t = Integer.parseInt(f[4]), p = Integer.parseInt(f[5]);
            int length = Integer.parseInt(f[6]);
            Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                    .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                    .withIterations(t)
                    .withMemoryAsKB(m)
                    .withParallelism(p)
                    .withSalt(salt)
                    .build();
            byte[] fromBytes = new byte[length];
            Argon2BytesGenerator generator = new Argon2BytesGenerator();
            generator.init(params);
            generator.generateBytes(password, fromBytes);
            byte[] fromChars = new byte[length];
            generator = new Argon2BytesGenerator();
            generator.init(params);
            generator.generateBytes(new String(password, StandardCharsets.UTF_8).toCharArray(), fromChars);
            System.out.println(index + "\t" + line + "\t" + hex(fromBytes) + "\t" + hex(fromChars));
            index++;
        }
    }

    static byte[] hex(String s) {
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return out;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02x", x & 0xff));
        return sb.toString();
    }
}
