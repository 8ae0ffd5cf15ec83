// CloserSpec's vector set @PROFILE@ @VERSION@ as a jar (specs/distribution.md §"Jar").
//   VectorSet.listSuites()          the suite names, sorted
//   VectorSet.loadSuite("enc_v1")   the suite's JSON text, its SHA-256 checked
//   VectorSet.manifest()            MANIFEST.json's text, its SHA-256 checked
// The digests are MANIFEST.json's, compiled in when the jar was built; a file that differs
// throws DigestMismatchException naming it. Parse the JSON with the library you already use.
package @JAVA_PACKAGE@;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public final class VectorSet {
    public static final String PROFILE = "@PROFILE@";
    public static final String VERSION = "@VERSION@";
    public static final String MANIFEST_SHA256 = "@MANIFEST_SHA256@";
    private static final String WHAT = "@PACKAGE@ " + PROFILE + " " + VERSION;
    private static final String ROOT = "/@RESOURCE_ROOT@/";
    private static final Map<String, String> DIGESTS = new TreeMap<>(Map.ofEntries(
@DIGESTS@
    ));

    private VectorSet() {}

    /** A packaged file is not the published one (specs/distribution.md §"Digests"). */
    public static final class DigestMismatchException extends RuntimeException {
        public final String file;

        DigestMismatchException(String message, String file) {
            super(message);
            this.file = file;
        }
    }

    /** The suite names (file names without .json), sorted. */
    public static List<String> listSuites() {
        List<String> out = new ArrayList<>();
        for (String f : DIGESTS.keySet()) out.add(f.substring(0, f.length() - ".json".length()));
        return out;
    }

    /** MANIFEST.json's text, after its digest was checked. */
    public static String manifest() {
        return checked("MANIFEST.json", MANIFEST_SHA256, "the loader's manifest digest");
    }

    /** The suite {@code name}'s JSON text (e.g. "enc_v1"), after its digest was checked. */
    public static String loadSuite(String name) {
        String expected = DIGESTS.get(name + ".json");
        if (expected == null) {
            throw new IllegalArgumentException(WHAT + ": no suite '" + name + "'; suites: " + String.join(", ", DIGESTS.keySet()));
        }
        return checked(name + ".json", expected, "MANIFEST.json");
    }

    private static String checked(String name, String expected, String against) {
        byte[] data;
        try (InputStream in = VectorSet.class.getResourceAsStream(ROOT + name)) {
            if (in == null) throw new DigestMismatchException(WHAT + ": " + name + ": missing from the jar", name);
            data = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String actual;
        try {
            actual = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        if (!actual.equals(expected)) {
            throw new DigestMismatchException(
                WHAT + ": " + name + ": SHA-256 " + actual + " does not match " + against + " (" + expected + ")", name);
        }
        return new String(data, StandardCharsets.UTF_8);
    }
}
