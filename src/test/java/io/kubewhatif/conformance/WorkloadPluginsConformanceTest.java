package io.kubewhatif.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A profile that adds the workload plugins upstream always registers to the default multiPoint (GangScheduling from
 * 1.35; TopologyPlacementGenerator and PodGroupPodsCount from 1.36, as the TopologyAwareWorkloadScheduling gate would)
 * schedules every default-profile scenario of the conformance suite exactly as the real scheduler did with the
 * default profile: every field agrees with that version's answer, whose effective plugins gain GangScheduling last at
 * PreEnqueue and Permit (and Reserve in 1.35), where multiPoint expansion appends it. No pod of the suite belongs to a
 * pod group (the API server drops the field while GenericWorkload is off), so nothing else may change.
 * 1.36 runs them all; 1.35, which differs only by GangScheduling's Reserve point, the hand-written ones and the
 * random sequences. {@code -Dconformance.only=REGEX} restricts the run.
 */
class WorkloadPluginsConformanceTest {
    private static final ObjectMapper M = new ObjectMapper();

    /**
     * @param all whether every default-profile scenario runs, or (to keep the shared suite short) the hand-written ones
     *            and the random sequences, where pods go through Reserve and Permit and later pods see them
     */
    private record Version(String flag, String expectedFile, List<String> gangPoints, boolean all) {
        /** The default profile plus this release's workload plugins in multiPoint. */
        Path config() {
            return CONFIGS.resolve("v" + flag + ".yaml");
        }

        boolean runs(Path dir) {
            String name = dir.getFileName().toString();
            return all || !name.startsWith("rand-") || name.startsWith("rand-sequence-");
        }
    }

    private static final List<Version> VERSIONS = List.of(
            new Version("1.35", "expected-v1.35.json", List.of("preEnqueue", "reserve", "permit"), false),
            new Version("1.36", "expected-v1.36.json", List.of("preEnqueue", "permit"), true));

    static final Path CONFIGS = Path.of("src/test/resources/workload-plugins");

    @TestFactory
    Stream<DynamicNode> defaultProfileScenarios() throws IOException {
        String only = System.getProperty("conformance.only", "");
        Pattern filter = only.isEmpty() ? null : Pattern.compile(only);
        List<Path> dirs = ConformanceTest.scenarioDirs().stream()
                .filter(d -> !Files.exists(d.resolve("config.yaml")))
                .filter(d -> filter == null || filter.matcher(d.getFileName().toString()).find()).toList();
        if (filter == null) {
            assertTrue(dirs.size() >= 400, dirs.size() + " scenarios run with the default profile");
        }
        List<DynamicNode> tests = new ArrayList<>();
        for (Version v : VERSIONS) {
            for (Path dir : dirs.stream().filter(v::runs).toList()) {
                tests.add(DynamicTest.dynamicTest(v.flag() + " " + dir.getFileName(), () -> check(v, dir, v.config())));
            }
        }
        return tests.stream();
    }

    private static void check(Version v, Path dir, Path config) throws Exception {
        JsonNode expected = withGangScheduling(M.readTree(dir.resolve(v.expectedFile()).toFile()), v.gangPoints());
        JsonNode actual = ConformanceTest.run(dir, v.flag(), config);
        List<String> diffs = Agreement.compare(expected, actual);
        if (!diffs.isEmpty()) {
            fail("differs from the default profile's answer:\n  " + String.join("\n  ", diffs));
        }
    }

    /** The answer's effective plugins with GangScheduling appended at the points it implements. */
    private static JsonNode withGangScheduling(JsonNode answer, List<String> points) {
        JsonNode copy = answer.deepCopy();
        List<JsonNode> steps = new ArrayList<>();
        steps.add(copy);
        copy.path("steps").forEach(steps::add);
        for (JsonNode step : steps) {
            if (step.get("plugins") instanceof ObjectNode plugins) {
                for (String p : points) {
                    ArrayNode list = plugins.get(p) instanceof ArrayNode a ? a : plugins.putArray(p);
                    list.addObject().put("name", "GangScheduling");
                }
            }
        }
        return copy;
    }
}
