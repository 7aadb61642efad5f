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
 * device taken, also when scoring by devices. The public corpus does not exercise it.
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

    /**
     * Scoring by devices through a sequence: MostAllocated over example.com/gpu counts each node's GPUs of the class
     * as allocatable and those claims hold as requested, including the special claims earlier pods' PreBind created.
     */
    @Test
    void mostAllocatedScoresTheDevicesClaimsHold() throws Exception {
        // node-b: gpu-0 (GPU_CLUSTER) and gpu-1, free; node-c: three GPUs, one held by a claim
        Path c = dir.resolve("scored.yaml");
        Files.writeString(c, DraObjects.GPU_CLUSTER + """
                ---
                apiVersion: resource.k8s.io/v1
                kind: ResourceSlice
                metadata: {name: node-b-more}
                spec:
                  driver: gpu.example.com
                  nodeName: node-b
                  pool: {name: node-b-more, generation: 1, resourceSliceCount: 1}
                  devices:
                  - name: gpu-1
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: node-c}
                status:
                  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
                ---
                apiVersion: resource.k8s.io/v1
                kind: ResourceSlice
                metadata: {name: node-c-gpus}
                spec:
                  driver: gpu.example.com
                  nodeName: node-c
                  pool: {name: node-c, generation: 1, resourceSliceCount: 1}
                  devices:
                  - name: gpu-0
                  - name: gpu-1
                  - name: gpu-2
                ---
                apiVersion: resource.k8s.io/v1
                kind: ResourceClaim
                metadata: {name: taken, namespace: default}
                spec:
                  devices:
                    requests:
                    - name: gpu
                      exactly: {deviceClassName: gpu.example.com}
                status:
                  allocation:
                    devices:
                      results:
                      - {request: gpu, driver: gpu.example.com, pool: node-c, device: gpu-1}
                """);
        Path cfg = dir.resolve("most.yaml");
        Files.writeString(cfg, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  pluginConfig:
                  - name: NodeResourcesFit
                    args:
                      scoringStrategy:
                        type: MostAllocated
                        resources:
                        - {name: example.com/gpu, weight: 1}
                """);
        CliTest.Result r = CliTest.run(null, "schedule", "--kube-version", "1.36", "--cluster", c.toString(), "-f", pods,
                "--config", cfg.toString(), "-o", "json");
        JsonNode steps = JSON.readTree(r.out()).get("steps");
        // trainer-1: node-b 1 of 2, node-c 2 of 3 (one held by the claim)
        JsonNode first = steps.get(0).get("rawScores").get("NodeResourcesFit");
        assertEquals(50, first.get("node-b").asInt(), r.out());
        assertEquals(66, first.get("node-c").asInt(), r.out());
        assertEquals("node-c", steps.get(0).get("selected").asText());
        // trainer-2: node-c 3 of 3, trainer-1's special claim (created by PreBind) holding the second
        JsonNode second = steps.get(1).get("rawScores").get("NodeResourcesFit");
        assertEquals(50, second.get("node-b").asInt(), r.out());
        assertEquals(100, second.get("node-c").asInt(), r.out());
        assertEquals("node-c", steps.get(1).get("selected").asText(), r.out());
    }
}
