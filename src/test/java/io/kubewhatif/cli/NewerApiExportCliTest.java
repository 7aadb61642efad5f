package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code kubectl get nodes,pods,csidrivers -o yaml} export of a 1.36 cluster, with the fields of the 1.35/1.36 API
 * that fabric8's model lacks: node-1 runs a pod being resized in place at pod level (spec 1 CPU, still actuated at
 * 3), so a 2-CPU pod fits node-1's 4 CPUs only where the scheduler ignores the resize status (1.35) and not where it
 * counts it (1.36). The 1.34 API has none of these fields: strict decoding refuses the first one.
 */
class NewerApiExportCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private String cluster;
    private String pod;

    private static final String EXPORT = """
            apiVersion: v1
            kind: List
            metadata: {resourceVersion: ""}
            items:
            - apiVersion: v1
              kind: Node
              metadata:
                name: node-1
                resourceVersion: "41023"
                uid: 6c2f8d0e-0d5e-4b43-9d0a-1a1f0c9b7e11
                creationTimestamp: "2026-05-02T09:14:03Z"
                labels: {kubernetes.io/hostname: node-1, kubernetes.io/os: linux}
              spec: {podCIDR: 10.244.1.0/24}
              status:
                capacity: {cpu: "4", memory: 16Gi, pods: "110"}
                allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
                declaredFeatures: [RestartAllContainersOnContainerExits]
                nodeInfo: {kubeletVersion: v1.36.2, architecture: amd64, operatingSystem: linux, bootID: "", containerRuntimeVersion: "containerd://2.1.0",
                  kernelVersion: "6.8", kubeProxyVersion: "", machineID: "", osImage: "Ubuntu", systemUUID: ""}
            - apiVersion: v1
              kind: Pod
              metadata:
                name: resized
                namespace: default
                uid: 0b8f2f0e-5c1e-4b8e-8f55-3c2d7e9a0c21
                resourceVersion: "40990"
                creationTimestamp: "2026-05-02T09:20:00Z"
              spec:
                nodeName: node-1
                resources:
                  requests: {cpu: "1", memory: 1Gi}
                containers:
                - name: app
                  image: registry.example.com/app:1.4
                  volumeMounts: [{name: data, mountPath: /data}]
                volumes: [{name: data, emptyDir: {}}]
              status:
                phase: Running
                startTime: "2026-05-02T09:20:02Z"
                conditions:
                - {type: PodResizeInProgress, status: "True", lastTransitionTime: "2026-05-02T10:00:00Z"}
                resources:
                  requests: {cpu: "3", memory: 1Gi}
                allocatedResources: {cpu: "1", memory: 1Gi}
                containerStatuses:
                - name: app
                  image: registry.example.com/app:1.4
                  imageID: registry.example.com/app@sha256:0f
                  containerID: containerd://4a
                  ready: true
                  started: true
                  restartCount: 0
                  state: {running: {startedAt: "2026-05-02T09:20:05Z"}}
                  volumeMounts:
                  - {name: data, mountPath: /data, volumeStatus: {}}
                  allocatedResourcesStatus:
                  - name: claim:gpu
                    resources: [{resourceID: gpu-0, health: Healthy, message: "device healthy"}]
            - apiVersion: storage.k8s.io/v1
              kind: CSIDriver
              metadata: {name: ebs.csi.aws.com}
              spec:
                attachRequired: true
                podInfoOnMount: false
                serviceAccountTokenInSecrets: false
                preventPodSchedulingIfMissing: false
            """;

    @BeforeEach
    void files() throws Exception {
        Path c = dir.resolve("export.yaml");
        Files.writeString(c, EXPORT);
        cluster = c.toString();
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, """
                apiVersion: v1
                kind: Pod
                metadata: {name: web}
                spec:
                  containers:
                  - {name: web, image: nginx, resources: {requests: {cpu: "2"}}}
                """);
        pod = p.toString();
    }

    private CliTest.Result schedule(String... extra) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("schedule", "--cluster", cluster, "-f", pod, "-o", "json"));
        args.addAll(java.util.List.of(extra));
        return CliTest.run(null, args.toArray(String[]::new));
    }

    @Test
    void v1_36LoadsTheExportAndCountsTheActuatedResize() throws Exception {
        CliTest.Result r = schedule("--kube-version", "1.36");
        assertEquals("", r.err().strip(), r.err());
        JsonNode out = JSON.readTree(r.out());
        assertEquals(0, out.get("feasibleNodes").size(), out.toString());
        assertEquals("Insufficient cpu", out.get("filter").get("node-1").get("reasons").get(0).asText());
    }

    @Test
    void v1_35KnowsTheResizeStatusButItsSchedulerCountsTheSpec() throws Exception {
        // serviceAccountTokenInSecrets and the pod-level status are 1.35 fields; the others are 1.36's.
        CliTest.Result strict = schedule("--kube-version", "1.35");
        assertEquals(3, strict.code(), strict.err());
        assertTrue(strict.err().contains("status.containerStatuses[0].volumeMounts[0].volumeStatus: strict decoding error: unknown field"),
                strict.err());
        CliTest.Result r = schedule("--kube-version", "1.35", "--validate", "warn");
        JsonNode out = JSON.readTree(r.out());
        assertEquals("node-1", out.get("selected").asText(), out.toString());
        assertTrue(r.err().contains("volumeStatus") && r.err().contains("preventPodSchedulingIfMissing") && r.err().contains("message"), r.err());
        assertTrue(!r.err().contains("status.resources") && !r.err().contains("declaredFeatures")
                && !r.err().contains("serviceAccountTokenInSecrets"), r.err());
    }

    @Test
    void aJsonLinesExportDecodedStraightFromTheParserGivesTheSameAnswers() throws Exception {
        // One JSON object per line: the Node and Pod take the streamed decoding path (StreamedJson).
        JsonNode items = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(EXPORT).get("items");
        StringBuilder lines = new StringBuilder();
        for (JsonNode item : items) {
            lines.append(JSON.writeValueAsString(item)).append('\n');
        }
        Path json = dir.resolve("export.json");
        Files.writeString(json, lines.toString());
        cluster = json.toString();
        JsonNode v136 = JSON.readTree(schedule("--kube-version", "1.36").out());
        assertEquals("Insufficient cpu", v136.get("filter").get("node-1").get("reasons").get(0).asText(), v136.toString());
        JsonNode v135 = JSON.readTree(schedule("--kube-version", "1.35", "--validate", "warn").out());
        assertEquals("node-1", v135.get("selected").asText(), v135.toString());
    }

    @Test
    void v1_34RefusesTheFieldsItsApiDoesNotHave() throws Exception {
        CliTest.Result strict = schedule("--kube-version", "1.34");
        assertEquals(3, strict.code(), strict.err());
        assertTrue(strict.err().contains("(Node node-1): status.declaredFeatures: strict decoding error: unknown field \"status.declaredFeatures\""),
                strict.err());
        CliTest.Result r = schedule("--kube-version", "1.34", "--validate", "warn");
        JsonNode out = JSON.readTree(r.out());
        assertEquals("node-1", out.get("selected").asText(), out.toString());
        for (String f : new String[] {"status.declaredFeatures", "status.resources", "status.allocatedResources", "serviceAccountTokenInSecrets"}) {
            assertTrue(r.err().contains(f), f + " in " + r.err());
        }
    }
}
