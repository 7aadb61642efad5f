package io.kubewhatif.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.kubewhatif.engine.version.Release;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Kubernetes 1.37 has no reference answers yet (it is experimental), so every public scenario runs under it through the
 * command line and is checked against what is established about 1.37: the 1.36 answers where 1.37 is known to behave
 * as 1.36.
 *
 * <p>What 1.37 changes for the scenarios' inputs is StorageCapacityScoring (beta and on): VolumeBinding no longer
 * skips at PreScore, so every cycle that scores carries a VolumeBinding score, 0 on every node for a pod without
 * claims; pods with PersistentVolumeClaims (or generic ephemeral volumes) are scored by storage room and may land
 * elsewhere. The locked gates (DRAPrioritizedList, DRAResourceClaimDeviceStatus, NodeDeclaredFeatures) keep the
 * values the scenarios ran with. Hence:
 * <ul>
 * <li>a scenario must agree with {@code expected-v1.36.json} once VolumeBinding's all-zero scores are read as 1.36's
 * skip (removed from the score maps, listed in {@code skippedScorePlugins}) — unless VolumeBinding scored some node
 * above 0, which only a pod with claims (a static binding, or provisioning from a driver that tracks capacity) can
 * make it do;</li>
 * <li>then scores, and with them the choice, may differ: a single pod must still find the same feasible nodes,
 * Filter statuses and failure message (sequences are not compared: an earlier pod may land elsewhere).</li>
 * </ul>
 * Every scenario must produce JSON marked {@code kubernetesVersionExperimental}. {@code -Dconformance.only=REGEX}
 * restricts the run.
 */
class ExperimentalReleaseTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String VB = "VolumeBinding";
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final AtomicInteger SAME_AS_1_36 = new AtomicInteger();
    private static final AtomicInteger FILTER_ONLY = new AtomicInteger();

    @TestFactory
    Stream<DynamicNode> scenariosUnder1_37() throws IOException {
        Release experimental = Release.V1_37;
        assertTrue(experimental.experimental(), "a confirmed release belongs in ConformanceTest.VERSIONS");
        String only = System.getProperty("conformance.only", "");
        Pattern filter = only.isEmpty() ? null : Pattern.compile(only);
        List<Path> all = ConformanceTest.scenarioDirs();
        List<DynamicNode> tests = new ArrayList<>();
        for (Path dir : all) {
            if (filter == null || filter.matcher(dir.getFileName().toString()).find()) {
                tests.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir, experimental.label())));
            }
        }
        if (filter == null) {
            tests.add(DynamicTest.dynamicTest("most scenarios are compared whole", () -> {
                assertEquals(all.size(), SAME_AS_1_36.get() + FILTER_ONLY.get(), "scenarios run");
                // 41 of the 650 public scenarios schedule a pod with claims; were far more exempted, the check would be hollow
                assertTrue(SAME_AS_1_36.get() >= 609, SAME_AS_1_36 + " scenarios compared whole");
                assertTrue(FILTER_ONLY.get() > 0, "no scenario is scored by storage room: the 1.37 change is not exercised");
            }));
        }
        return tests.stream();
    }

    private static void check(Path dir, String version) throws Exception {
        JsonNode expected = M.readTree(dir.resolve("expected-v1.36.json").toFile());
        JsonNode actual = ConformanceTest.run(dir, version);
        assertEquals("v1.37.0", actual.path("kubernetesVersion").asText(), "kubernetesVersion");
        assertTrue(actual.path("kubernetesVersionExperimental").asBoolean(false), "kubernetesVersionExperimental");
        JsonNode as136 = withoutZeroVolumeBindingScores(actual);
        if (!hasClaims(dir) || !scoredByStorage(as136)) {
            SAME_AS_1_36.incrementAndGet();
            List<String> diffs = Agreement.compare(expected, as136);
            if (!diffs.isEmpty()) {
                fail("differs from 1.36 where 1.37 is established to behave as 1.36:\n  " + String.join("\n  ", diffs));
            }
            return;
        }
        assertTrue(hasClaims(dir), "only a pod with claims is scored by storage room");
        FILTER_ONLY.incrementAndGet();
        if (!expected.has("steps")) {
            for (String field : List.of("feasibleNodes", "filter", "fitError", "preFilter", "configError", "error")) {
                assertEquals(expected.get(field), actual.get(field), field);
            }
        }
    }

    /** Whether VolumeBinding scored some node above 0 in some step (what {@link #unscore} leaves in place). */
    private static boolean scoredByStorage(JsonNode answer) {
        List<JsonNode> steps = new ArrayList<>();
        if (answer.has("steps")) {
            answer.get("steps").forEach(steps::add);
        } else {
            steps.add(answer);
        }
        return steps.stream().anyMatch(st -> st.path("rawScores").has(VB));
    }

    /** Whether a pod of the scenario mounts a PersistentVolumeClaim or a generic ephemeral volume. */
    static boolean hasClaims(Path dir) throws IOException {
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(dir.resolve("pod.yaml").toFile())) {
            while (docs.hasNext()) {
                for (JsonNode v : docs.next().path("spec").path("volumes")) {
                    if (v.hasNonNull("persistentVolumeClaim") || v.hasNonNull("ephemeral")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** 1.36's view of a 1.37 answer: a VolumeBinding that scored 0 on every node is a VolumeBinding that skipped. */
    static JsonNode withoutZeroVolumeBindingScores(JsonNode answer) {
        JsonNode copy = answer.deepCopy();
        if (copy.has("steps")) {
            copy.get("steps").forEach(ExperimentalReleaseTest::unscore);
        } else {
            unscore(copy);
        }
        return copy;
    }

    private static void unscore(JsonNode step) {
        JsonNode raw = step.path("rawScores").get(VB);
        if (raw == null) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = raw.fields(); it.hasNext(); ) {
            if (it.next().getValue().asLong() != 0) {
                return;
            }
        }
        ((ObjectNode) step.get("rawScores")).remove(VB);
        if (step.get("normalizedScores") instanceof ObjectNode n) {
            n.remove(VB);
        }
        if (step.get("scores") instanceof ObjectNode scores) {
            scores.forEach(perNode -> ((ObjectNode) perNode).remove(VB));
        }
        ArrayNode skipped = step.get("skippedScorePlugins") instanceof ArrayNode a ? a : ((ObjectNode) step).putArray("skippedScorePlugins");
        skipped.add(VB);
    }

    @AfterAll
    static void summary() {
        System.out.println("experimental v1.37: " + SAME_AS_1_36 + " scenarios compared with the 1.36 answers, " + FILTER_ONLY
                + " scored by storage room compared up to Filter");
    }
}
