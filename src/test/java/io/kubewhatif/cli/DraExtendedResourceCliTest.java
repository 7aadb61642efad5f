package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.engine.testing.DraObjects;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DRAExtendedResource through the default profile: v1.35 (gate off) rejects the nodes without the extended resource
 * in allocatable; v1.36 (on) places the pod where a DeviceClass's devices provide it, and the next pod sees the
 * device taken. The public corpus does not exercise it.
 */
class DraExtendedResourceCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    String cluster;
    String pods;

    @BeforeEach
    void files() throws Exception {
        Path c = dir.resolve("cluster.yaml");
        Files.writeString(c, DraObjects.GPU_CLUSTER);
        Path p = dir.resolve("pods.yaml");
        Files.writeString(p, DraObjects.GPU_PODS);
        cluster = c.toString();
        pods = p.toString();
    }

    private JsonNode schedule(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("schedule", "--cluster", cluster, "-f", pods, "-o", "json"));
        args.addAll(List.of(extra));
        CliTest.Result r = CliTest.run(null, args.toArray(String[]::new));
        return JSON.readTree(r.out());
    }

    @Test
    void v1_36AllocatesDevicesForTheExtendedResource() throws Exception {
        JsonNode r = schedule("--kube-version", "1.36");
        JsonNode first = r.get("steps").get(0);
        assertEquals("node-b", first.get("selected").asText(), first.toString());
        assertEquals("DynamicResources", first.get("filter").get("node-a").get("plugin").asText(), first.toString());
        assertEquals("cannot allocate all claims", first.get("filter").get("node-a").get("reasons").get(0).asText());
        JsonNode second = r.get("steps").get(1);
        assertTrue(second.get("selected") == null || second.get("selected").isNull(), second.toString());
        assertEquals("cannot allocate all claims", second.get("filter").get("node-b").get("reasons").get(0).asText(), second.toString());
    }

    @Test
    void v1_35LeavesItToNodeResourcesFit() throws Exception {
        JsonNode first = schedule("--kube-version", "1.35").get("steps").get(0);
        assertEquals("NodeResourcesFit", first.get("filter").get("node-b").get("plugin").asText(), first.toString());
        assertEquals("Insufficient example.com/gpu", first.get("filter").get("node-b").get("reasons").get(0).asText());
        JsonNode gateOff = schedule("--kube-version", "1.36", "--feature-gates", "DRAExtendedResource=false").get("steps").get(0);
        assertEquals("Insufficient example.com/gpu", gateOff.get("filter").get("node-b").get("reasons").get(0).asText(), gateOff.toString());
        CliTest.Result locked = CliTest.run(null, "schedule", "--cluster", cluster, "-f", pods, "--kube-version", "1.37",
                "--feature-gates", "DRAExtendedResource=false");
        assertTrue(locked.err().contains("cannot set feature gate DRAExtendedResource to false, feature is locked to true"), locked.err());
    }
}
