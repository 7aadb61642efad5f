package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NodeDeclaredFeatures through the command line: not in 1.34, registered but off in 1.35 (on with --feature-gates,
 * naming the missing features), on in 1.36. The public corpus does not exercise it.
 */
class KubeVersionsCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    String cluster;
    String pod;

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
                metadata: {name: node-b}
                status:
                  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
                  declaredFeatures: [RestartAllContainersOnContainerExits, SomethingNewer]
                """);
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, """
                apiVersion: v1
                kind: Pod
                metadata: {name: restarter, namespace: default}
                spec:
                  containers:
                  - name: main
                    image: busybox
                    restartPolicy: Always
                    restartPolicyRules:
                    - action: RestartAllContainers
                      exitCodes: {operator: In, values: [42]}
                """);
        cluster = c.toString();
        pod = p.toString();
    }

    private JsonNode schedule(String... extra) throws Exception {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("schedule", "--cluster", cluster, "-f", pod, "-o", "json"));
        args.addAll(java.util.List.of(extra));
        CliTest.Result r = CliTest.run(null, args.toArray(String[]::new));
        return JSON.readTree(r.out());
    }

    @Test
    void v1_36FiltersNodesWithoutTheDeclaredFeature() throws Exception {
        JsonNode r = schedule("--kube-version", "1.36");
        assertEquals("node-b", r.get("selected").asText());
        assertEquals("NodeDeclaredFeatures", r.get("filter").get("node-a").get("plugin").asText());
        assertEquals("node(s) didn't match Pod's required features", r.get("filter").get("node-a").get("reasons").get(0).asText());
        assertEquals("UnschedulableAndUnresolvable", r.get("filter").get("node-a").get("code").asText());
    }

    @Test
    void v1_35HasThePluginBehindItsGate() throws Exception {
        JsonNode off = schedule("--kube-version", "1.35");
        assertEquals(2, off.get("feasibleNodes").size(), off.toString());
        assertFalse(off.get("plugins").get("filter").toString().contains("NodeDeclaredFeatures"));
        JsonNode on = schedule("--kube-version", "1.35", "--feature-gates", "NodeDeclaredFeatures=true");
        assertEquals("node declared features check failed - unsatisfied requirements: RestartAllContainersOnContainerExits",
                on.get("filter").get("node-a").get("reasons").get(0).asText());
        assertEquals(true, on.get("featureGates").get("NodeDeclaredFeatures").asBoolean());
    }

    @Test
    void v1_34HasNoSuchPlugin() throws Exception {
        // Nor the field: its API refuses node-b's status.declaredFeatures (1.35) as unknown, or drops it when told to.
        CliTest.Result strict = CliTest.run(null, "schedule", "--cluster", cluster, "-f", pod, "--kube-version", "1.34");
        assertEquals(3, strict.code(), strict.err());
        assertTrue(strict.err().contains("status.declaredFeatures: strict decoding error: unknown field \"status.declaredFeatures\""), strict.err());
        JsonNode r = schedule("--kube-version", "1.34", "--validate", "warn");
        assertEquals(2, r.get("feasibleNodes").size());
        assertEquals("v1.34.1", r.get("kubernetesVersion").asText());
        CliTest.Result cfg = CliTest.run(null, "validate", "--kube-version", "1.34", writeConfig());
        assertTrue(cfg.err().contains("PreFilterPlugin \"NodeDeclaredFeatures\" does not exist"), cfg.err());
        assertEquals(0, CliTest.run(null, "validate", "--kube-version", "1.35", writeConfig()).code());
    }

    @Test
    void configurationApiFollowsTheVersion() throws Exception {
        Path bt = dir.resolve("binding-timeout.yaml");
        Files.writeString(bt, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  pluginConfig:
                  - name: DynamicResources
                    args:
                      bindingTimeout: 500ms
                """);
        assertTrue(CliTest.run(null, "validate", "--kube-version", "1.34", bt.toString()).err()
                .contains("decoding args for plugin DynamicResources: strict decoding error: unknown field \"bindingTimeout\""));
        assertTrue(CliTest.run(null, "validate", "--kube-version", "1.35", bt.toString()).err()
                .contains("profiles[0].pluginConfig[0].args.bindingTimeout: Forbidden: DRADeviceBindingConditions or DRAResourceClaimDeviceStatus"
                        + " feature gate is disabled"));
        assertTrue(CliTest.run(null, "validate", "--kube-version", "1.36", bt.toString()).err()
                .contains("profiles[0].pluginConfig[0].args.bindingTimeout: Invalid value: \"500ms\": must be at least 1 second"));
        Path rtcr = dir.resolve("rtcr.yaml");
        Files.writeString(rtcr, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  pluginConfig:
                  - name: NodeResourcesFit
                    args:
                      scoringStrategy:
                        type: LeastAllocated
                        resources: [{name: cpu, weight: 1}]
                        requestedToCapacityRatio:
                          shape: [{utilization: 50, score: 11}]
                """);
        assertTrue(CliTest.run(null, "validate", "--kube-version", "1.35", rtcr.toString()).err()
                .contains("initializing plugin \"NodeResourcesFit\": scoringStrategy.shape[0].score: Invalid value: 11: not in valid range [0, 10]"));
        assertTrue(CliTest.run(null, "validate", "--kube-version", "1.36", rtcr.toString()).err()
                .contains("initializing plugin \"NodeResourcesFit\": scoringStrategy.requestedToCapacityRatio: Forbidden: must be nil when type"
                        + " is not RequestedToCapacityRatio"));
    }

    /** 1.36 added the placement plugin sets to the configuration API; 1.35 strictly refuses them. */
    @Test
    void placementScoreFrom1_36() throws Exception {
        Path f = dir.resolve("placement.yaml");
        Files.writeString(f, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  plugins:
                    placementScore: {enabled: [{name: NodeResourcesFit, weight: 2}]}
                """);
        CliTest.Result v135 = CliTest.run(null, "validate", "--kube-version", "1.35", f.toString());
        assertEquals(ExitCodes.INVALID_CONFIG, v135.code(), v135.err());
        assertEquals("error: " + f + ": invalid configuration: strict decoding error: unknown field \"profiles[0].plugins.placementScore\"\n", v135.err());
        CliTest.Result v136 = CliTest.run(null, "validate", "--kube-version", "1.36", f.toString());
        assertEquals(0, v136.code(), v136.err());
        CliTest.Result cfg = CliTest.run(null, "config", "--kube-version", "1.36", "--config", f.toString());
        assertEquals(0, cfg.code(), cfg.err());
        assertTrue(cfg.out().contains("""
                    placementGenerate: {}
                    placementScore:
                      enabled:
                      - name: NodeResourcesFit
                        weight: 2
                """), cfg.out());
    }

    private String writeConfig() throws Exception {
        Path f = dir.resolve("config.yaml");
        Files.writeString(f, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  plugins:
                    preFilter:
                      enabled: [{name: NodeDeclaredFeatures}]
                """);
        return f.toString();
    }
}
