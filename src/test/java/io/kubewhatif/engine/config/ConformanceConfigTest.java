package io.kubewhatif.engine.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every conformance scenario's configuration (the bundled copy, equal to ../shared/conformance), under every modeled
 * version: the exact configError for invalid ones, the effective plugins of the pod's profile for the others.
 * Disagreements must be listed in config/known-gaps.txt, which may only shrink.
 */
class ConformanceConfigTest {
    private static final Path SCENARIOS = Path.of("src/test/resources/conformance/scenarios");

    /** Each version's answers. */
    private static final Map<String, Features> VERSIONS = new LinkedHashMap<>();

    static {
        VERSIONS.put("expected.json", Features.of(KubeVersion.parse("1.34"), Map.of()));
        VERSIONS.put("expected-v1.35.json", Features.of(KubeVersion.parse("1.35"), Map.of()));
        VERSIONS.put("expected-v1.36.json", Features.of(KubeVersion.parse("1.36"), Map.of()));
    }
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final YAMLFactory YAML = new YAMLFactory();

    @Test
    void allScenarios() throws IOException {
        List<Path> dirs;
        try (Stream<Path> s = Files.list(SCENARIOS)) {
            dirs = s.filter(Files::isDirectory).sorted().toList();
        }
        assertTrue(dirs.size() >= 650, "the bundled conformance copy holds " + dirs.size() + " scenarios");
        Set<String> knownGaps = knownGaps();
        List<String> failures = new ArrayList<>();
        Set<String> failedNames = new TreeSet<>();
        int agreed = 0;
        for (Path dir : dirs) {
            String problem = null;
            for (Map.Entry<String, Features> v : VERSIONS.entrySet()) {
                String p = check(dir, v.getKey(), v.getValue());
                if (p != null && problem == null) {
                    problem = v.getValue().label() + ": " + p;
                }
            }
            if (problem == null) {
                agreed++;
            } else {
                failedNames.add(dir.getFileName().toString());
                failures.add(dir.getFileName() + ": " + problem);
            }
        }
        System.out.printf("config conformance: %d/%d scenarios agree under every version%n", agreed, dirs.size());
        List<String> unexpected = failures.stream()
                .filter(f -> !knownGaps.contains(f.substring(0, f.indexOf(':'))))
                .toList();
        List<String> fixed = knownGaps.stream().filter(g -> !failedNames.contains(g)).toList();
        if (!unexpected.isEmpty() || !fixed.isEmpty()) {
            fail("disagreements:\n  " + String.join("\n  ", unexpected)
                    + "\nknown gaps now passing (remove them from config/known-gaps.txt): " + fixed);
        }
    }

    private static Set<String> knownGaps() throws IOException {
        Set<String> gaps = new TreeSet<>();
        try (InputStream in = ConformanceConfigTest.class.getResourceAsStream("/config/known-gaps.txt")) {
            if (in == null) {
                return gaps;
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String l = line.strip();
                if (!l.isEmpty() && !l.startsWith("#")) {
                    gaps.add(l);
                }
            }
        }
        return gaps;
    }

    /** Null when the scenario agrees, else what differs. */
    static String check(Path dir, String expectedFile, Features features) throws IOException {
        JsonNode expected = JSON.readTree(dir.resolve(expectedFile).toFile());
        Path configFile = dir.resolve("config.yaml");
        Configuration config;
        try {
            config = Files.exists(configFile)
                    ? ConfigLoader.parse(Files.readString(configFile), configFile.toString(), features)
                    : ConfigLoader.defaults(features);
        } catch (ConfigException e) {
            if (expected.has("configError")) {
                String want = expected.get("configError").asText();
                return want.equals(e.getMessage()) ? null : "configError\n    want: " + want + "\n    got:  " + e.getMessage();
            }
            return "unexpected config error: " + e.getMessage();
        }
        if (expected.has("configError")) {
            return "expected configError " + expected.get("configError").asText() + " but the config loaded";
        }
        List<String> schedulerNames = schedulerNames(dir.resolve("pod.yaml"));
        if (expected.has("steps")) {
            JsonNode steps = expected.get("steps");
            for (int i = 0; i < steps.size(); i++) {
                String name = i < schedulerNames.size() ? schedulerNames.get(i) : Configuration.DEFAULT_SCHEDULER_NAME;
                String problem = checkPod(config, name, steps.get(i));
                if (problem != null) {
                    return "step " + i + ": " + problem;
                }
            }
            return null;
        }
        return checkPod(config, schedulerNames.isEmpty() ? Configuration.DEFAULT_SCHEDULER_NAME : schedulerNames.get(0),
                expected);
    }

    private static String checkPod(Configuration config, String schedulerName, JsonNode expected) {
        Optional<Profile> profile = config.profile(schedulerName);
        if (expected.has("error") && expected.get("error").asText().startsWith("no profile for scheduler name")) {
            return profile.isEmpty() ? null : "expected no profile for " + schedulerName;
        }
        if (profile.isEmpty()) {
            return "no profile for " + schedulerName;
        }
        JsonNode plugins = expected.get("plugins");
        if (plugins == null) {
            return null;
        }
        for (ExtensionPoint p : ExtensionPoint.values()) {
            String want = render(plugins.get(p.jsonName()), p);
            String got = render(profile.get().at(p), p);
            if (!want.equals(got)) {
                return p.jsonName() + "\n    want: " + want + "\n    got:  " + got;
            }
        }
        return null;
    }

    private static String render(JsonNode list, ExtensionPoint p) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            for (JsonNode n : list) {
                out.add(n.get("name").asText() + (p == ExtensionPoint.SCORE ? "=" + n.path("weight").asInt() : ""));
            }
        }
        return out.toString();
    }

    private static String render(List<PluginRef> refs, ExtensionPoint p) {
        List<String> out = new ArrayList<>();
        refs.forEach(r -> out.add(r.name() + (p == ExtensionPoint.SCORE ? "=" + r.weight() : "")));
        return out.toString();
    }

    /** spec.schedulerName of each document of pod.yaml (default-scheduler when unset). */
    private static List<String> schedulerNames(Path podFile) throws IOException {
        List<String> names = new ArrayList<>();
        if (!Files.exists(podFile)) {
            return names;
        }
        ObjectMapper mapper = new ObjectMapper(YAML);
        try (YAMLParser parser = YAML.createParser(podFile.toFile())) {
            for (JsonNode doc : (Iterable<JsonNode>) () -> {
                try {
                    return mapper.readValues(parser, JsonNode.class);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }) {
                if (doc == null || doc instanceof NullNode) {
                    continue;
                }
                String name = doc.path("spec").path("schedulerName").asText("");
                names.add(name.isEmpty() ? Configuration.DEFAULT_SCHEDULER_NAME : name);
            }
        }
        return names;
    }

    @Test
    void sampleDirectoryAgrees() throws IOException {
        Path dir = SCENARIOS.resolve("basic-10-custom-config");
        for (Map.Entry<String, Features> v : VERSIONS.entrySet()) {
            assertEquals(null, check(dir, v.getKey(), v.getValue()));
        }
    }
}
