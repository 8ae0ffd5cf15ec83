// questions.check: the question-id contract between the app's bundled seed (Android's
// seed/questions/*.json, listed by the build's `closer-questions/1` manifest) and Firestore's
// `questions` collection: a check an Android build runs over its own seed.
// Normative: specs/cloud-functions.md §Question ids (D-CF-32, D-CF-44..46).
package closer.jvm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

final class Questions {
    private Questions() {}

    static final String FORMAT = "closer-questions/1";
    static final String FALLBACK = "q_default_daily";

    /** A Firestore document id (D-CF-46): non-empty, ≤ 1,500 UTF-8 bytes, no `/`, not `.`/`..`, not `__…__`. */
    static boolean isDocumentId(String id) {
        return !id.isEmpty() && id.getBytes(StandardCharsets.UTF_8).length <= 1500 && !id.contains("/")
            && !id.equals(".") && !id.equals("..") && !(id.startsWith("__") && id.endsWith("__"));
    }

    /** The manifest's ids, entries checked in order (D-CF-44). */
    static List<String> seedIds(Object manifest) throws CloserException {
        Map<?, ?> m = manifest instanceof Map ? (Map<?, ?>) manifest : Map.of();
        if (!FORMAT.equals(m.get("format")) || !(m.get("questions") instanceof List)) {
            throw CloserException.params("questions.malformed_manifest", "the manifest is not a " + FORMAT + " object with a questions array");
        }
        List<String> ids = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Object entry : (List<?>) m.get("questions")) {
            Map<?, ?> e = entry instanceof Map ? (Map<?, ?>) entry : Map.of();
            if (!(e.get("id") instanceof String) || !(e.get("file") instanceof String)) {
                throw CloserException.params("questions.malformed_manifest", "a questions entry is not {id: string, file: string}");
            }
            String id = (String) e.get("id");
            if (!isDocumentId(id)) throw CloserException.params("questions.invalid_id", "a question id is not a Firestore document id");
            if (!seen.add(id)) throw CloserException.params("questions.duplicate_id", "a question id is listed twice");
            ids.add(id);
        }
        return ids;
    }

    static List<String> stringArray(Harness.Request r, String name) throws CloserException {
        if (!r.f.containsKey(name)) throw Harness.Request.bad(name, "is missing");
        Object v = r.f.get(name);
        if (!(v instanceof List) || !((List<?>) v).stream().allMatch(x -> x instanceof String)) {
            throw Harness.Request.bad(name, "must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (Object x : (List<?>) v) out.add((String) x);
        return out;
    }

    /** The ids of `a` not in `b`, once each, in code-point order (D-CF-45). */
    static List<Object> minus(List<String> a, List<String> b) {
        Set<String> out = new TreeSet<>(Documents::compareCodePoints);
        Set<String> other = new HashSet<>(b);
        for (String id : a) if (!other.contains(id)) out.add(id);
        return new ArrayList<>(out);
    }

    static void register(Map<String, Harness.Op> ops) {
        ops.put("questions.check", r -> {
            if (!r.f.containsKey("manifest")) throw Harness.Request.bad("manifest", "is missing");
            List<String> seed = seedIds(r.f.get("manifest"));
            List<String> firestore = stringArray(r, "firestoreIds"), assigned = stringArray(r, "assignedIds");
            List<Object> missingFromFirestore = minus(seed, firestore), missingFromSeed = minus(firestore, seed);
            List<Object> unresolved = minus(assigned, seed);
            boolean fallback = seed.contains(FALLBACK) && firestore.contains(FALLBACK);
            boolean consistent = missingFromSeed.isEmpty() && unresolved.isEmpty() && fallback;
            return Harness.result("consistent", consistent, "missingFromFirestore", missingFromFirestore,
                "missingFromSeed", missingFromSeed, "unresolvedAssigned", unresolved, "fallbackPresent", fallback);
        });
    }
}
