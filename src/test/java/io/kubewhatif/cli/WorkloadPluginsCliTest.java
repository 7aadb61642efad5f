package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.kubewhatif.cli.OutputsCliTest.JSON;
import static io.kubewhatif.cli.OutputsCliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workload plugins through the command line: listed by {@code plugins} per release, accepted or refused by
 * {@code config} as upstream, GangScheduling's Permit shown with the other per-plugin statuses, and the gates that
 * would make them act refused.
 */
class WorkloadPluginsCliTest {
    @TempDir
    Path dir;

    /** The default profile plus the workload plugins of a release in multiPoint (shared with the conformance run). */
    private static Path config(String release) {
        return Path.of("src/test/resources/workload-plugins/v" + release + ".yaml");
    }

    @Test
    void pluginsListsThemPerRelease() {
        String v134 = run("plugins", "--kube-version", "1.34").out();
        assertFalse(v134.contains("GangScheduling") || v134.contains("PodGroupPodsCount"), v134);
        String v135 = run("plugins", "--kube-version", "1.35").out();
        assertTrue(v135.contains("\nGangScheduling                        -  (preEnqueue) (reserve) (permit)\n"), v135);
        assertFalse(v135.contains("TopologyPlacementGenerator") || v135.contains("placement"), v135);
        OutputsCliTest.Result v136 = run("plugins", "--kube-version", "1.36");
        assertEquals(0, v136.code(), v136.err());
        assertTrue(v136.out().contains("\nGangScheduling                        -  (preEnqueue) (permit)\n"
                + "TopologyPlacementGenerator            -  (placementGenerate)\n"
                + "PodGroupPodsCount                     -  (placementScore)\n"), v136.out());
        // The default multiPoint expands NodeResourcesFit into placementScore too.
        assertTrue(v136.out().contains("\nNodeResourcesFit                      1  preFilter filter preScore score placementScore\n"), v136.out());
    }

    @Test
    void pluginsJsonListsThePlacementPoints() throws Exception {
        JsonNode plugins = JSON.readTree(run("plugins", "-o", "json", "--kube-version", "1.36").out()).get("plugins");
        JsonNode gang = null;
        JsonNode count = null;
        for (JsonNode p : plugins) {
            gang = p.get("name").asText().equals("GangScheduling") ? p : gang;
            count = p.get("name").asText().equals("PodGroupPodsCount") ? p : count;
        }
        assertEquals("{\"name\":\"GangScheduling\",\"extensionPoints\":[\"preEnqueue\",\"permit\"],\"defaultProfile\":[]}", String.valueOf(gang));
        assertEquals("{\"name\":\"PodGroupPodsCount\",\"extensionPoints\":[\"placementScore\"],\"defaultProfile\":[]}", String.valueOf(count));
    }

    @Test
    void configAcceptsThemWhereRegistered() throws Exception {
        Path c = config("1.36");
        OutputsCliTest.Result ok = run("config", "--config", c.toString(), "--expand", "--kube-version", "1.36");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("    permit:\n      enabled:\n      - name: GangScheduling\n"), ok.out());
        // --expand writes the placement sets NewFramework built, multiPoint expanded into them.
        assertTrue(ok.out().contains("""
                    placementGenerate:
                      enabled:
                      - name: TopologyPlacementGenerator
                        weight: 0
                    placementScore:
                      enabled:
                      - name: NodeResourcesFit
                        weight: 1
                      - name: PodGroupPodsCount
                        weight: 1
                """), ok.out());
        OutputsCliTest.Result v135 = run("config", "--config", c.toString(), "--kube-version", "1.35");
        assertEquals(ExitCodes.INVALID_CONFIG, v135.code());
        assertEquals("error: invalid configuration: initializing profiles: creating profile for scheduler name default-scheduler: "
                + "PreFilterPlugin \"TopologyPlacementGenerator\" does not exist\n", v135.err());
        OutputsCliTest.Result v134 = run("config", "--config", config("1.35").toString(), "--kube-version", "1.34");
        assertEquals(ExitCodes.INVALID_CONFIG, v134.code());
        assertTrue(v134.err().endsWith("PreFilterPlugin \"GangScheduling\" does not exist\n"), v134.err());
    }

    @Test
    void permitIsShownWithTheOtherPerPluginStatuses() throws Exception {
        Path cluster = dir.resolve("cluster.yaml");
        Files.writeString(cluster, """
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
                """);
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, """
                apiVersion: v1
                kind: Pod
                metadata: {name: p}
                spec:
                  containers: [{name: c, image: x}]
                """);
        Path c = config("1.35");
        JsonNode r = JSON.readTree(run("schedule", "--cluster", cluster.toString(), "-f", pod.toString(), "--config", c.toString(),
                "-o", "json", "--kube-version", "1.35").out());
        assertEquals("n1", r.get("selected").asText());
        assertEquals("{\"GangScheduling\":{\"code\":\"Success\",\"reasons\":[]}}", r.get("permitPlugins").toString());
        assertTrue(r.get("reservePlugins").has("GangScheduling"), r.get("reservePlugins").toString());
        String annotations = run("schedule", "--cluster", cluster.toString(), "-f", pod.toString(), "--config", c.toString(),
                "-o", "annotations", "--kube-version", "1.36").out();
        assertTrue(annotations.contains("permit-result: '{\"GangScheduling\":\"success\"}'"), annotations);
        assertTrue(annotations.contains("permit-result-timeout: '{\"GangScheduling\":\"0s\"}'"), annotations);
    }

    /** Their gates would need the pod-group cycle, which is not modeled: refused as any unmodeled gate. */
    @Test
    void theirGatesAreRefused() {
        for (String gate : new String[] {"GangScheduling", "GenericWorkload", "TopologyAwareWorkloadScheduling"}) {
            OutputsCliTest.Result r = run("plugins", "--kube-version", "1.36", "--feature-gates", gate + "=true");
            assertEquals(ExitCodes.USAGE, r.code(), gate);
            assertTrue(r.err().contains("unrecognized feature gate: " + gate + " (kube-whatif models "), r.err());
        }
    }
}
