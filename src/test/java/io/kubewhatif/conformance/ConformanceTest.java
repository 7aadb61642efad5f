package io.kubewhatif.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.cli.Cli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs every scenario of the conformance suite under every modeled kube-scheduler version through the real command line
 * ({@code schedule … -o json --kube-version V}, parsed by picocli and printed by the JSON renderer) and compares with
 * the rules of compare.py against that version's answers: {@code expected.json} (v1.34.1), {@code expected-v1.35.json}
 * (v1.35.4), {@code expected-v1.36.json} (v1.36.2). A disagreement fails unless the scenario is listed in that version's
 * {@code conformance-known-gaps-vX.txt}; a listed scenario that now agrees fails, and so does an entry that names no
 * scenario (the lists only shrink). {@code -Dconformance.only=REGEX} restricts the run.
 */
public class ConformanceTest {
    static final Path SCENARIOS = Path.of("src/test/resources/conformance/scenarios");
    private static final ObjectMapper M = new ObjectMapper();

    /** A modeled version and where its answers and known gaps are. */
    record Version(String flag, String expectedFile) {
        Path gaps() {
            return Path.of("src/test/resources/conformance-known-gaps-v" + flag + ".txt");
        }
    }

    static final List<Version> VERSIONS = List.of(new Version("1.34", "expected.json"), new Version("1.35", "expected-v1.35.json"),
            new Version("1.36", "expected-v1.36.json"));

    private static final Map<String, AtomicInteger> AGREED = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> TOTAL = new ConcurrentHashMap<>();
    private static final List<String> DISAGREED = java.util.Collections.synchronizedList(new ArrayList<>());

    static Map<String, String> knownGaps(Path file) throws IOException {
        Map<String, String> gaps = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return gaps;
        }
        for (String line : Files.readAllLines(file)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int sp = l.indexOf(' ');
            gaps.put(sp < 0 ? l : l.substring(0, sp), sp < 0 ? "" : l.substring(sp + 1).strip());
        }
        return gaps;
    }

    /** Every scenario directory of the bundled copy (one with a pod.yaml). */
    static List<Path> scenarioDirs() throws IOException {
        try (Stream<Path> s = Files.list(SCENARIOS)) {
            return s.filter(Files::isDirectory).filter(d -> Files.exists(d.resolve("pod.yaml"))).sorted().toList();
        }
    }

    /** `kubectl-whatif schedule --cluster … -f … [--config …] -o json --kube-version V`, in-process. */
    public static JsonNode run(Path dir, String version) throws Exception {
        Path config = dir.resolve("config.yaml");
        return run(dir, version, Files.exists(config) ? config : null);
    }

    /** The same with another configuration (null: the v1 defaults). */
    static JsonNode run(Path dir, String version, Path config) throws Exception {
        List<String> args = new ArrayList<>(List.of("schedule", "--cluster", dir.resolve("cluster.yaml").toString(),
                "-f", dir.resolve("pod.yaml").toString()));
        if (config != null) {
            args.addAll(List.of("--config", config.toString()));
        }
        args.addAll(List.of("-o", "json", "--kube-version", version));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute(args.toArray(String[]::new));
        if (out.toString().isBlank()) {
            throw new AssertionError("exit " + code + " without output: " + err);
        }
        return M.readTree(out.toString());
    }

    @TestFactory
    Stream<DynamicNode> scenarios() throws IOException {
        String only = System.getProperty("conformance.only", "");
        Pattern filter = only.isEmpty() ? null : Pattern.compile(only);
        List<Path> all = scenarioDirs();
        List<Path> dirs = all.stream().filter(d -> filter == null || filter.matcher(d.getFileName().toString()).find()).toList();
        List<DynamicNode> nodes = new ArrayList<>();
        for (Version v : VERSIONS) {
            Map<String, String> gaps = knownGaps(v.gaps());
            List<DynamicNode> tests = new ArrayList<>();
            tests.add(DynamicTest.dynamicTest("every scenario has " + v.expectedFile() + " and every gap names one", () -> {
                List<String> missing = all.stream().filter(d -> !Files.exists(d.resolve(v.expectedFile())))
                        .map(d -> d.getFileName().toString()).toList();
                assertEquals(List.of(), missing, "scenarios without " + v.expectedFile());
                List<String> names = all.stream().map(d -> d.getFileName().toString()).toList();
                List<String> stale = gaps.keySet().stream().filter(g -> !names.contains(g)).toList();
                assertEquals(List.of(), stale, v.gaps() + " lists scenarios that do not exist");
                assertTrue(all.size() >= 650, "the bundled copy holds " + all.size() + " scenarios; it must not be pruned");
            }));
            for (Path dir : dirs) {
                String name = dir.getFileName().toString();
                tests.add(DynamicTest.dynamicTest(name, () -> check(v, dir, gaps)));
            }
            if (filter == null) {
                tests.add(DynamicTest.dynamicTest("ran every scenario", () ->
                        assertEquals(all.size(), TOTAL.getOrDefault(v.flag(), new AtomicInteger()).get(),
                                "scenarios run under " + v.flag() + " vs directories with a pod.yaml")));
            }
            nodes.add(DynamicContainer.dynamicContainer("v" + v.flag(), tests.stream()));
        }
        return nodes.stream();
    }

    private static void check(Version v, Path dir, Map<String, String> gaps) throws IOException {
        String name = dir.getFileName().toString();
        JsonNode expected = M.readTree(dir.resolve(v.expectedFile()).toFile());
        List<String> diffs;
        try {
            diffs = Agreement.compare(expected, run(dir, v.flag()));
        } catch (Exception | AssertionError e) {
            diffs = List.of("crashed: " + e);
        }
        TOTAL.computeIfAbsent(v.flag(), k -> new AtomicInteger()).incrementAndGet();
        if (diffs.isEmpty()) {
            AGREED.computeIfAbsent(v.flag(), k -> new AtomicInteger()).incrementAndGet();
            if (gaps.containsKey(name)) {
                fail(name + " now agrees with kube-scheduler v" + v.flag() + ": remove it from " + v.gaps());
            }
            return;
        }
        DISAGREED.add("v" + v.flag() + " " + name + ": " + diffs.get(0));
        if (!gaps.containsKey(name)) {
            fail(name + " disagrees with kube-scheduler v" + v.flag() + " (" + diffs.size() + " difference(s)):\n  " + String.join("\n  ", diffs));
        }
    }

    @AfterAll
    static void summary() {
        for (Version v : VERSIONS) {
            int total = TOTAL.getOrDefault(v.flag(), new AtomicInteger()).get();
            int agreed = AGREED.getOrDefault(v.flag(), new AtomicInteger()).get();
            System.out.println("conformance v" + v.flag() + ": " + agreed + " passed, " + (total - agreed) + " failed (of " + total
                    + " scenarios run; failures listed as known gaps are allowed)");
        }
        if (Boolean.getBoolean("conformance.verbose")) {
            DISAGREED.stream().sorted().forEach(d -> System.out.println("  DISAGREE " + d));
        }
    }
}
