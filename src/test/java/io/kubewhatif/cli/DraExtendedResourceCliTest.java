package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
        Files.writeString(c, """
                apiVersion: v1
                kind: Node
                metadata: {name: node-a}
                status:
                  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: node-b, labels: {kubernetes.io/hostname: node-b}}
                status:
                  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
                ---
                apiVersion: resource.k8s.io/v1
                kind: DeviceClass
                metadata: {name: gpu.example.com}
                spec:
                  selectors:
                  - cel: {expression: 'device.driver == "gpu.example.com"'}
                  extendedResourceName: example.com/gpu
                ---
                apiVersion: resource.k8s.io/v1
                kind: ResourceSlice
                metadata: {name: node-b-gpus}
                spec:
                  driver: gpu.example.com
                  nodeName: node-b
                  pool: {name: node-b, generation: 1, resourceSliceCount: 1}
                  devices:
                  - name: gpu-0
                """);
        Path p = dir.resolve("pods.yaml");
        Files.writeString(p, """
                apiVersion: v1
                kind: Pod
                metadata: {name: trainer-1, namespace: default}
                spec:
                  containers:
                  - name: main
                    image: busybox
                    resources: {requests: {example.com/gpu: "1"}, limits: {example.com/gpu: "1"}}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: trainer-2, namespace: default}
                spec:
                  containers:
                  - name: main
                    image: busybox
                    resources: {requests: {example.com/gpu: "1"}, limits: {example.com/gpu: "1"}}
                """);
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
