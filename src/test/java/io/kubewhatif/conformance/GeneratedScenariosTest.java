package io.kubewhatif.conformance;

import io.kubewhatif.engine.version.Release;
import io.kubewhatif.testing.CiRequirements;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scenarios the conformance suite does not contain, made by ../shared/tools/gen_scenarios.py with other seeds, sizes
 * past the 100-node early stop, overcommitted nodes and JSON input. There is no oracle for them; the properties
 * checked are the ones every kube-scheduler answer has: no crash, internal consistency, determinism, under every
 * supported release.
 */
class GeneratedScenariosTest {
    static final Path GENERATOR = Path.of("../shared/tools/gen_scenarios.py");
    private static final ObjectMapper M = new ObjectMapper();

    @TempDir
    static Path out;

    record Batch(String profile, int seed, int count, int nodesMin, int nodesMax, boolean overcommit, String format) {
    }

    static List<Batch> batches() {
        List<Batch> b = new ArrayList<>();
        String[] profiles = {"mixed", "resources", "affinity", "spread", "taints", "preemption"};
        for (int i = 0; i < profiles.length; i++) {
            b.add(new Batch(profiles[i], 9000 + i, 12, 2, 12, false, "yaml"));
            b.add(new Batch(profiles[i], 9100 + i, 4, 101, 160, i % 2 == 0, i % 2 == 0 ? "json" : "yaml"));
        }
        return b;
    }

    @TestFactory
    Stream<DynamicTest> generatedScenariosHoldTheInvariants() throws Exception {
        CiRequirements.require(Files.exists(GENERATOR), "gen_scenarios.py is not beside the repo");
        List<Path> dirs = new ArrayList<>();
        for (Batch b : batches()) {
            Path dir = out.resolve(b.profile() + "-" + b.seed());
            List<String> cmd = new ArrayList<>(List.of("python3", GENERATOR.toString(), "--seed", String.valueOf(b.seed()), "--count", String.valueOf(b.count()),
                    "--out", dir.toString(), "--profile", b.profile(), "--nodes-min", String.valueOf(b.nodesMin()), "--nodes-max", String.valueOf(b.nodesMax()),
                    "--format", b.format(), "--config-prob", "0.3"));
            if (b.overcommit()) {
                cmd.add("--allow-overcommit");
            }
            Process p;
            try {
                p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            } catch (java.io.IOException e) {
                CiRequirements.require(false, "python3 is not available: " + e.getMessage());
                return Stream.empty();
            }
            String log = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), "generator failed: " + log);
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(Files::isDirectory).sorted().forEach(dirs::add);
            }
        }
        // every scenario under every release: the whole set takes about half a minute per release on 2 cores
        List<DynamicTest> tests = new ArrayList<>();
        for (Release r : Release.supported()) {
            for (Path d : dirs) {
                tests.add(DynamicTest.dynamicTest(r.label() + " " + d.getParent().getFileName() + "/" + d.getFileName(), () -> check(d, r.label())));
            }
        }
        return tests.stream();
    }

    private static void check(Path dir, String version) throws Exception {
        JsonNode first = ConformanceTest.run(dir, version);
        JsonNode second = ConformanceTest.run(dir, version);
        assertEquals(first, second, "the answer must be deterministic");
        if (first.has("configError")) {
            return;
        }
        JsonNode steps = first.has("steps") ? first.get("steps") : M.createArrayNode().add(first);
        for (JsonNode s : steps) {
            step(s);
        }
    }

    private static void step(JsonNode s) {
        if (s.has("error") || s.has("preEnqueue")) {
            return;
        }
        int feasible = s.get("feasibleNodes").size();
        int failed = s.get("filter").size();
        assertEquals(s.get("evaluatedNodes").asInt(), feasible + failed, "evaluatedNodes = feasible + failed");
        for (Iterator<Map.Entry<String, JsonNode>> it = s.get("filter").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode all = s.get("filterAll").get(e.getKey());
            assertTrue(all != null && all.has(e.getValue().get("plugin").asText()), "filter status must be among filterAll for " + e.getKey());
        }
        if (s.has("selected")) {
            String sel = s.get("selected").asText();
            assertTrue(contains(s.get("feasibleNodes"), sel), "selected must be feasible");
            assertTrue(contains(s.get("topNodes"), sel), "selected must be a top node");
            if (s.has("scores")) {
                long best = Long.MIN_VALUE;
                for (Iterator<Map.Entry<String, JsonNode>> it = s.get("scores").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    long sum = 0;
                    for (Iterator<Map.Entry<String, JsonNode>> p = e.getValue().fields(); p.hasNext(); ) {
                        Map.Entry<String, JsonNode> pe = p.next();
                        if (!pe.getKey().equals("total")) {
                            sum += pe.getValue().asLong();
                        }
                    }
                    assertEquals(e.getValue().get("total").asLong(), sum, "total = sum of weighted scores on " + e.getKey());
                    best = Math.max(best, sum);
                }
                assertEquals(best, s.get("scores").get(sel).get("total").asLong(), "the selected node has the best total");
            }
        } else if (!s.has("scheduleError")) {
            assertTrue(s.get("fitError").asText().startsWith("0/" + s.get("numAllNodes").asInt() + " nodes are available"), s.get("fitError").asText());
            assertEquals(0, feasible);
        }
    }

    private static boolean contains(JsonNode arr, String v) {
        for (JsonNode n : arr) {
            if (n.asText().equals(v)) {
                return true;
            }
        }
        return false;
    }
}
