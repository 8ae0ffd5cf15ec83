// Golden-vector conformance for a JVM implementation of the Closer wire formats.
//
// Reads every wire suite in vectors/*.json directly (format: specs/vectors.md; rules.json and
// MANIFEST.json are not wire suites) and, for every test, calls the implementation's request
// handler with {"op": op, ...input} (or each of `steps`), then checks:
//   valid      -> ok, and every member of `expected` equals the response's member;
//   invalid    -> an error whose code is expected.error.code (detail is reported, not required);
//   acceptable -> either; when ok, the members of `expected` that are present must match.
// A test with an op the implementation's `info` does not list is skipped (as the harness driver
// skips it, specs/harness.md §Driver); the ops are optional per suite.
// Each test is a dynamic test named "<suite> tcId <n>"; a failure names the op, the comment,
// the flags, the layer (expected.error.layer, or the flags' layers from the file's notes) and
// expected vs actual.
//
// To check an Android app's own crypto classes instead of closer.jvm, copy this file into
// app/src/test/java/... and change HANDLER (see ports/jvm/README.md). Needs JUnit 5 and Gson.
//
// Where the vectors come from: the vector jar closer-spec-vectors-<version>.jar on the test
// classpath (specs/distribution.md §"Jar"; run-tests.sh puts dist/'s there, a Gradle project
// depends on it), through its loader closer.spec.vectors.VectorSet, which checks every suite's
// SHA-256 against the set's manifest; this runner never reads a vectors/ directory.
// A run that would check nothing FAILS, naming the jar's set and version: the test "vector jar
// <version>" fails when a suite does not load (a digest mismatch names the file), is not a JSON
// object or has no test in testGroups[].tests[], or when no suite is a wire suite (schema
// wire_vectors_v1; rules.json is rules_vectors_v1); the last test, "at least one vector ran",
// fails when every test was skipped or none was found.
package closer.jvm;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import closer.spec.vectors.VectorSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

class VectorConformanceTest {
    /**
     * The implementation under test: one harness request (a JSON object as text) in, one
     * response (JSON text) out, as specs/harness.md describes. Point this at your own adapter.
     */
    static final UnaryOperator<String> HANDLER = Harness::handleLine;

    static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

    /** The ops the implementation says it has (`info`). */
    static final Set<String> OPS = implementedOps();

    static Set<String> implementedOps() {
        Set<String> ops = new HashSet<>();
        JsonObject info = JsonParser.parseString(HANDLER.apply("{\"op\":\"info\"}")).getAsJsonObject();
        if (info.has("ops")) for (JsonElement e : info.getAsJsonArray("ops")) ops.add(e.getAsString());
        return ops;
    }

    /** Tests that got past the op check and ran (a run of none fails). */
    static final AtomicInteger RAN = new AtomicInteger();

    /** Tests in a suite file: the length of every testGroups[].tests[] (specs/vectors.md §File). */
    static int countTests(JsonObject root) {
        int n = 0;
        JsonElement groups = root.get("testGroups");
        if (groups == null || !groups.isJsonArray()) return 0;
        for (JsonElement g : groups.getAsJsonArray()) {
            JsonElement tests = g.isJsonObject() ? g.getAsJsonObject().get("tests") : null;
            if (tests != null && tests.isJsonArray()) n += tests.getAsJsonArray().size();
        }
        return n;
    }

    @TestFactory
    Stream<DynamicNode> wireVectors() {
        String where = "closer-spec-vectors " + VectorSet.VERSION + " (" + VectorSet.class.getProtectionDomain().getCodeSource().getLocation() + ")";
        List<String> problems = new ArrayList<>();
        List<String> names = VectorSet.listSuites();
        if (names.isEmpty()) problems.add("vector jar " + where + " holds no suite");
        List<DynamicNode> suites = new ArrayList<>();
        for (String name : names) {
            JsonObject root;
            try {
                root = JsonParser.parseString(VectorSet.loadSuite(name)).getAsJsonObject();
            } catch (RuntimeException e) {
                problems.add(name + ".json: not loadable from the vector jar, or not a JSON object: " + e.getMessage());
                continue;
            }
            if (countTests(root) == 0) {
                problems.add(name + ".json: a suite file with no tests (testGroups[].tests[] is empty)");
                continue;
            }
            if (!root.has("schema") || !"wire_vectors_v1".equals(root.get("schema").getAsString())) continue;
            suites.add(suite(name, root));
        }
        if (!names.isEmpty() && suites.isEmpty() && problems.isEmpty())
            problems.add("vector jar " + where + " holds no wire vector suite (schema wire_vectors_v1)");
        List<DynamicNode> nodes = new ArrayList<>();
        nodes.add(DynamicTest.dynamicTest("vector jar " + VectorSet.VERSION, () -> {
            if (!problems.isEmpty()) fail("the vector run would check nothing, or not everything:\n  " + String.join("\n  ", problems));
        }));
        nodes.addAll(suites);
        // Dynamic nodes run in stream order, so this one runs after every suite.
        int suiteCount = suites.size();
        nodes.add(DynamicTest.dynamicTest("at least one vector ran", () -> {
            if (RAN.get() == 0)
                fail("no vector of " + where + " ran: " + (suiteCount > 0
                        ? "the implementation lacks every op of its " + suiteCount + " wire suite(s)"
                        : "no wire suite was loaded (see the test \"vector jar\")"));
        }));
        return nodes.stream();
    }

    static DynamicContainer suite(String fileStem, JsonObject root) {
        String suite = root.has("suite") ? root.get("suite").getAsString() : fileStem;
        JsonObject notes = root.has("notes") ? root.getAsJsonObject("notes") : new JsonObject();
        List<DynamicTest> tests = new ArrayList<>();
        int count = 0;
        for (JsonElement g : root.getAsJsonArray("testGroups")) {
            JsonObject group = g.getAsJsonObject();
            for (JsonElement t : group.getAsJsonArray("tests")) {
                JsonObject test = t.getAsJsonObject();
                count++;
                String name = suite + " tcId " + test.get("tcId").getAsString();
                tests.add(DynamicTest.dynamicTest(name, () -> run(suite, group, test, notes)));
            }
        }
        if (root.has("numberOfTests") && root.get("numberOfTests").getAsInt() != count) {
            int declared = root.get("numberOfTests").getAsInt();
            int found = count;
            tests.add(DynamicTest.dynamicTest(suite + " numberOfTests", () -> fail(suite + ": numberOfTests is " + declared + " but the file has " + found + " tests")));
        }
        return DynamicContainer.dynamicContainer(suite, tests.stream());
    }

    static void run(String suite, JsonObject group, JsonObject test, JsonObject notes) {
        String result = test.get("result").getAsString();
        List<String> ops = new ArrayList<>();
        if (test.has("steps")) for (JsonElement st : test.getAsJsonArray("steps")) ops.add(st.getAsJsonObject().get("op").getAsString());
        else ops.add(test.has("op") ? test.get("op").getAsString() : group.get("op").getAsString());
        for (String op : ops) assumeTrue(OPS.contains(op), () -> "the implementation lacks " + op);
        // specs/vectors.md §Test `reading`: this port follows specs/ (the pinned readings), so a
        // test of a ManualConflict's manual reading is not its to pass.
        boolean manualReading = test.has("reading") && test.getAsJsonObject("reading").has("choice")
                && "manual".equals(test.getAsJsonObject("reading").get("choice").getAsString());
        assumeTrue(!manualReading, () -> "the manual reading of a ManualConflict");
        RAN.incrementAndGet();
        if (test.has("steps")) {
            JsonArray steps = test.getAsJsonArray("steps");
            // specs/vectors.md §Test: `result` applies to the step whose `expected` is an error,
            // or else to the last step; every other step is checked as valid.
            int resultStep = steps.size() - 1;
            for (int i = 0; i < steps.size(); i++) {
                JsonObject st = steps.get(i).getAsJsonObject();
                if (st.has("expected") && st.getAsJsonObject("expected").has("error")) { resultStep = i; break; }
            }
            for (int i = 0; i < steps.size(); i++) {
                JsonObject step = steps.get(i).getAsJsonObject();
                JsonObject expected = step.has("expected") ? step.getAsJsonObject("expected") : new JsonObject();
                String stepResult = i == resultStep ? result : "valid";
                check(suite, test, notes, "step " + (i + 1) + "/" + steps.size() + " ", step.get("op").getAsString(),
                        step.getAsJsonObject("input"), expected, stepResult);
            }
            return;
        }
        String op = test.has("op") ? test.get("op").getAsString() : group.get("op").getAsString();
        JsonObject expected = test.has("expected") ? test.getAsJsonObject("expected") : new JsonObject();
        check(suite, test, notes, "", op, test.getAsJsonObject("input"), expected, result);
    }

    static void check(String suite, JsonObject test, JsonObject notes, String step, String op, JsonObject input, JsonObject expected, String result) {
        JsonObject request = new JsonObject();
        request.addProperty("op", op);
        for (Map.Entry<String, JsonElement> e : input.entrySet()) request.add(e.getKey(), e.getValue());
        String responseText = HANDLER.apply(GSON.toJson(request));
        JsonObject response;
        try {
            response = JsonParser.parseString(responseText).getAsJsonObject();
        } catch (RuntimeException e) {
            fail(describe(suite, test, notes, step, op, expected, "a response that is not a JSON object: " + clip(responseText)));
            return;
        }
        boolean ok = response.has("ok") && response.get("ok").getAsBoolean();
        switch (result) {
            case "valid":
                if (!ok) fail(describe(suite, test, notes, step, op, expected, "error " + response.get("error")));
                matchMembers(suite, test, notes, step, op, expected, response);
                break;
            case "invalid": {
                String code = expected.getAsJsonObject("error").get("code").getAsString();
                if (ok) fail(describe(suite, test, notes, step, op, expected, "success " + clip(GSON.toJson(response))));
                JsonObject error = response.getAsJsonObject("error");
                String actual = error != null && error.has("code") ? error.get("code").getAsString() : "(no error.code)";
                if (!code.equals(actual)) fail(describe(suite, test, notes, step, op, expected, "error " + error));
                JsonObject exp = expected.getAsJsonObject("error");
                if (exp.has("detail") && error.has("detail") && !exp.get("detail").equals(error.get("detail")))
                    System.out.println("note: " + suite + " tcId " + test.get("tcId") + ": detail " + error.get("detail") + ", vectors say " + exp.get("detail") + " (not required)");
                break;
            }
            case "acceptable":
                if (ok) matchMembers(suite, test, notes, step, op, expected, response);
                break;
            default:
                fail(suite + " tcId " + test.get("tcId") + ": unknown result \"" + result + "\"");
        }
    }

    static void matchMembers(String suite, JsonObject test, JsonObject notes, String step, String op, JsonObject expected, JsonObject response) {
        for (Map.Entry<String, JsonElement> e : expected.entrySet()) {
            if (e.getKey().equals("error")) continue;
            JsonElement actual = response.get(e.getKey());
            if (!e.getValue().equals(actual))
                fail(describe(suite, test, notes, step, op, expected, "member \"" + e.getKey() + "\" = " + clip(String.valueOf(actual))
                        + "\n  expected \"" + e.getKey() + "\" = " + clip(e.getValue().toString())));
        }
    }

    /** suite, tcId, op, comment, flags with their layers and bug types, expected vs actual. */
    static String describe(String suite, JsonObject test, JsonObject notes, String step, String op, JsonObject expected, String actual) {
        StringBuilder sb = new StringBuilder();
        sb.append(suite).append(" tcId ").append(test.get("tcId")).append(' ').append(step).append("op ").append(op);
        if (test.has("comment")) sb.append(": ").append(test.get("comment").getAsString());
        String layer = expected.has("error") && expected.getAsJsonObject("error").has("layer") ? expected.getAsJsonObject("error").get("layer").getAsString() : null;
        List<String> flags = new ArrayList<>();
        if (test.has("flags")) {
            for (JsonElement f : test.getAsJsonArray("flags")) {
                String flag = f.getAsString();
                JsonObject note = notes.has(flag) ? notes.getAsJsonObject(flag) : null;
                String noteLayer = note != null && note.has("layer") ? note.get("layer").getAsString() : null;
                if (layer == null) layer = noteLayer;
                flags.add(flag + (note != null ? " (" + (note.has("bugType") ? note.get("bugType").getAsString() : "") + (noteLayer != null ? ", layer " + noteLayer : "") + ")" : ""));
            }
        }
        if (layer == null) layer = replayLayers(op, test);
        sb.append("\n  layer: ").append(layer != null ? layer : "(not named: compare the intermediates)");
        if (!flags.isEmpty()) sb.append("\n  flags: ").append(String.join(", ", flags));
        sb.append("\n  expected: ").append(clip(expected.toString()));
        sb.append("\n  actual:   ").append(actual);
        if (test.has("intermediates")) sb.append("\n  intermediates: ").append(clip(test.get("intermediates").toString()));
        return sb.toString();
    }

    /**
     * Names the first layer whose bytes differ from the test's intermediates, through the
     * implementation's lower-layer ops (specs/harness.md) when it has them: the binding (AAD or
     * context info) and the canonical JSON. Returns null when nothing differs or cannot be asked.
     */
    static String replayLayers(String op, JsonObject test) {
        if (!test.has("intermediates") || !test.has("input")) return null;
        JsonObject inter = test.getAsJsonObject("intermediates"), input = test.getAsJsonObject("input");
        String kind = op.startsWith("enc.") ? "enc" : op.startsWith("sealed.") ? "sealed" : op.startsWith("keybox.") ? "keybox" : null;
        String bindingName = inter.has("aad") ? "aad" : inter.has("contextInfo") ? "contextInfo" : null;
        if (kind != null && bindingName != null) {
            JsonObject request = new JsonObject();
            request.addProperty("op", "binding.aad");
            request.addProperty("kind", kind);
            for (String id : new String[] {"coupleId", "questionId", "userId", "senderUserId", "recipientUserId"})
                if (input.has(id)) request.add(id, input.get(id));
            JsonObject r = JsonParser.parseString(HANDLER.apply(GSON.toJson(request))).getAsJsonObject();
            if (r.get("ok").getAsBoolean() && !r.get("aad").equals(inter.get(bindingName))) return "binding (" + bindingName + " " + r.get("aad") + " but vectors say " + inter.get(bindingName) + ")";
        }
        if (inter.has("canonical") && input.has("payload")) {
            JsonObject request = new JsonObject();
            request.addProperty("op", "canonicalize");
            request.add("json", input.get("payload"));
            JsonObject r = JsonParser.parseString(HANDLER.apply(GSON.toJson(request))).getAsJsonObject();
            if (r.get("ok").getAsBoolean() && !r.get("canonical").equals(inter.get("canonical"))) return "canonicalization";
        }
        return null;
    }

    static String clip(String s) { return s.length() <= 600 ? s : s.substring(0, 600) + "…"; }
}
