package io.kubewhatif.engine.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.kubewhatif.conformance.ConformanceTest;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A case ported from kube-scheduler's unit tests, written as a conformance scenario (cluster.yaml, pod.yaml, optional
 * config.yaml) and run as the conformance suite runs one: {@code schedule … -o json --kube-version V}.
 */
public final class UpstreamScenario {
    private UpstreamScenario() {
    }

    /** The JSON report for the scenario under {@code version} ("1.34", "1.35", "1.36"); {@code config} may be null. */
    public static JsonNode run(Path dir, String version, String cluster, String pods, String config) throws Exception {
        Files.writeString(dir.resolve("cluster.yaml"), cluster);
        Files.writeString(dir.resolve("pod.yaml"), pods);
        Path cfg = dir.resolve("config.yaml");
        if (config != null) {
            Files.writeString(cfg, config);
        } else {
            Files.deleteIfExists(cfg);
        }
        return ConformanceTest.run(dir, version);
    }
}
