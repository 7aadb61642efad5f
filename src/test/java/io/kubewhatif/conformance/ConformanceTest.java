package io.kubewhatif.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.app.Simulation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs every scenario of the conformance suite (answered by the real kube-scheduler v1.34.1) through kube-whatif
 * and compares with the rules of compare.py. A disagreement fails unless the scenario is listed in
 * {@code conformance-known-gaps.txt}; a listed scenario that now agrees fails too, so the list only shrinks.
 * {@code -Dconformance.only=REGEX} restricts the run.
 */
class ConformanceTest {
    static final Path SCENARIOS = Path.of("src/test/resources/conformance/scenarios");
    static final Path GAPS = Path.of("src/test/resources/conformance-known-gaps.txt");
    private static final ObjectMapper M = new ObjectMapper();
    private static final AtomicInteger AGREED = new AtomicInteger();
    private static final AtomicInteger TOTAL = new AtomicInteger();
    private static final List<String> DISAGREED = java.util.Collections.synchronizedList(new ArrayList<>());

    static Map<String, String> knownGaps() throws IOException {
        Map<String, String> gaps = new LinkedHashMap<>();
        if (!Files.exists(GAPS)) {
            return gaps;
        }
        for (String line : Files.readAllLines(GAPS)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int sp = l.indexOf(' ');
            gaps.put(sp < 0 ? l : l.substring(0, sp), sp < 0 ? "" : l.substring(sp + 1).strip());
        }
        return gaps;
    }

    /** Runs one scenario through the same path as `schedule -o json` and returns its JSON. */
    static JsonNode run(Path dir) throws Exception {
        Path config = dir.resolve("config.yaml");
        String json = Simulation.scheduleJson(List.of(dir.resolve("cluster.yaml").toString()), List.of(dir.resolve("pod.yaml").toString()),
                Files.exists(config) ? config.toString() : null);
        return M.readTree(json);
    }

    @TestFactory
    Stream<DynamicTest> scenarios() throws IOException {
        Map<String, String> gaps = knownGaps();
        String only = System.getProperty("conformance.only", "");
        Pattern filter = only.isEmpty() ? null : Pattern.compile(only);
        List<Path> dirs;
        try (Stream<Path> s = Files.list(SCENARIOS)) {
            dirs = s.filter(Files::isDirectory).filter(d -> Files.exists(d.resolve("expected.json")))
                    .filter(d -> filter == null || filter.matcher(d.getFileName().toString()).find()).sorted().toList();
        }
        return dirs.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> {
            String name = dir.getFileName().toString();
            JsonNode expected = M.readTree(dir.resolve("expected.json").toFile());
            List<String> diffs;
            try {
                diffs = Agreement.compare(expected, run(dir));
            } catch (Exception | AssertionError e) {
                diffs = List.of("crashed: " + e);
            }
            TOTAL.incrementAndGet();
            if (diffs.isEmpty()) {
                AGREED.incrementAndGet();
                if (gaps.containsKey(name)) {
                    fail(name + " now agrees with kube-scheduler: remove it from " + GAPS);
                }
                return;
            }
            DISAGREED.add(name + ": " + diffs.get(0));
            if (!gaps.containsKey(name)) {
                fail(name + " disagrees with kube-scheduler (" + diffs.size() + " difference(s)):\n  " + String.join("\n  ", diffs));
            }
        }));
    }

    @AfterAll
    static void summary() {
        System.out.println("conformance: " + AGREED.get() + " passed, " + (TOTAL.get() - AGREED.get()) + " failed (of " + TOTAL.get()
                + " scenarios run; failures listed as known gaps are allowed)");
        if (Boolean.getBoolean("conformance.verbose")) {
            DISAGREED.stream().sorted().forEach(d -> System.out.println("  DISAGREE " + d));
        }
    }
}
