// Run by test-packages.sh with every set's jar on the classpath: every suite loads, digests
// checked. With --tampered SUITE (Closer's jar with that suite altered): the load must throw
// DigestMismatchException naming the file.
import java.util.List;

public class CheckJars {
    interface Loader {
        List<String> suites();
        String load(String name);
    }

    public static void main(String[] args) {
        if (args.length == 2 && args[0].equals("--tampered")) {
            try {
                closer.spec.vectors.VectorSet.loadSuite(args[1]);
            } catch (closer.spec.vectors.VectorSet.DigestMismatchException e) {
                if (!e.getMessage().contains(args[1] + ".json: SHA-256")) throw e;
                System.out.println("dist: jar refused a tampered file: " + e.getMessage());
                return;
            }
            System.out.println("dist: FAIL jar accepted a tampered " + args[1] + ".json");
            System.exit(1);
        }
        check("closer", closer.spec.vectors.VectorSet.VERSION, closer.spec.vectors.VectorSet.listSuites(),
            closer.spec.vectors.VectorSet::loadSuite);
        check("fitlink", closer.spec.vectors.fitlink.VectorSet.VERSION, closer.spec.vectors.fitlink.VectorSet.listSuites(),
            closer.spec.vectors.fitlink.VectorSet::loadSuite);
        check("reward-e", closer.spec.vectors.reward_e.VectorSet.VERSION,
            closer.spec.vectors.reward_e.VectorSet.listSuites(), closer.spec.vectors.reward_e.VectorSet::loadSuite);
        closer.spec.vectors.VectorSet.manifest();
    }

    static void check(String profile, String version, List<String> suites, java.util.function.Function<String, String> load) {
        long bytes = 0;
        for (String s : suites) bytes += load.apply(s).length();
        if (suites.isEmpty()) throw new AssertionError(profile + ": no suite");
        System.out.println("dist: jar " + profile + " " + version + ": " + suites.size() + " suites, " + bytes + " chars loaded, digests checked");
    }
}
