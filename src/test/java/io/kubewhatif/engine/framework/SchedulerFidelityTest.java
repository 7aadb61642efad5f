package io.kubewhatif.engine.framework;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.app.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scheduling cycle against schedule_one.go, through the whole pipeline (load, engine, JSON contract): the cases
 * below are the ones where kube-whatif once disagreed with kube-scheduler v1.34.1.
 */
class SchedulerFidelityTest {
    private static final ObjectMapper M = new ObjectMapper();

    @TempDir
    Path dir;

    private JsonNode run(String cluster, String pods, String config) throws Exception {
        Files.writeString(dir.resolve("cluster.yaml"), cluster);
        Files.writeString(dir.resolve("pod.yaml"), pods);
        String cfg = null;
        if (config != null) {
            Files.writeString(dir.resolve("config.yaml"), config);
            cfg = dir.resolve("config.yaml").toString();
        }
        return M.readTree(Simulation.scheduleJson(List.of(dir.resolve("cluster.yaml").toString()), List.of(dir.resolve("pod.yaml").toString()), cfg));
    }

    private static String node(String name, String extra) {
        return """
                apiVersion: v1
                kind: Node
                metadata: {name: %s, labels: {kubernetes.io/hostname: %s}}
                %s
                status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
                ---
                """.formatted(name, name, extra);
    }

    private static final String TAINTED = "spec: {taints: [{key: dedicated, value: infra, effect: NoSchedule}]}";

    /** NodePorts' Filter without its PreFilter state is an Error on every node that reaches it. */
    private static final String BROKEN_PROFILE = """
            - schedulerName: broken
              plugins:
                preFilter:
                  disabled: [{name: NodePorts}]
            """;

    @Test
    void aFilterErrorEndsTheCycleWithoutPostFilterOrFitError() throws Exception {
        JsonNode r = run(node("node-a", TAINTED) + node("node-b", "") + node("node-c", ""), """
                apiVersion: v1
                kind: Pod
                metadata: {name: p}
                spec:
                  schedulerName: broken
                  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
                """, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                """ + BROKEN_PROFILE);
        assertEquals("running \"NodePorts\" filter plugin: reading \"PreFilterNodePorts\" from cycleState: not found", r.path("scheduleError").asText());
        assertFalse(r.has("fitError"), r.toString());
        assertFalse(r.has("postFilter"), r.toString());
        assertFalse(r.has("selected"), r.toString());
        // The node that errored is not in the diagnosis; the one rejected before it is.
        assertEquals(List.of("node-a"), names(r.get("filter")));
        assertEquals(1, r.path("evaluatedNodes").asInt());
        assertEquals(0, r.path("feasibleNodes").size());
    }

    @Test
    void theNodesCheckedBeforeAFilterErrorMoveTheNextStartIndex() throws Exception {
        // broken: node-a fails TaintToleration, node-b errors -> 1 node processed (the error is not counted).
        // default-scheduler has no Score plugins, so it takes the first feasible node from the start index.
        JsonNode r = run(node("node-a", TAINTED) + node("node-b", "") + node("node-c", "") + node("node-d", ""), """
                apiVersion: v1
                kind: Pod
                metadata: {name: p1}
                spec:
                  schedulerName: broken
                  containers: [{name: c, image: x}]
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p2}
                spec:
                  containers: [{name: c, image: x}]
                """, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  plugins:
                    score:
                      disabled: [{name: "*"}]
                """ + BROKEN_PROFILE);
        JsonNode steps = r.get("steps");
        assertTrue(steps.get(0).has("scheduleError"), steps.get(0).toString());
        assertEquals(1, steps.get(1).path("startNodeIndex").asInt());
        assertEquals("node-b", steps.get(1).path("selected").asText());
    }

    @Test
    void filtersRunOnlyForTheDiagnosisDoNotChangeWhatPostFilterSees() throws Exception {
        // The claim is allocated on node-b. Upstream never runs DynamicResources' Filter here (node-a fails
        // TaintToleration, node-b NodeResourcesFit), so no claim is "unavailable" and nothing is deallocated.
        String cluster = node("node-a", TAINTED) + node("node-b", "") + """
                apiVersion: resource.k8s.io/v1
                kind: DeviceClass
                metadata: {name: gpu.example.com}
                spec:
                  selectors:
                  - cel: {expression: 'device.driver == "gpu.example.com"'}
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
                ---
                apiVersion: resource.k8s.io/v1
                kind: ResourceClaim
                metadata: {name: my-gpu}
                spec:
                  devices:
                    requests:
                    - name: gpu
                      exactly: {deviceClassName: gpu.example.com}
                status:
                  allocation:
                    devices:
                      results:
                      - {request: gpu, driver: gpu.example.com, pool: node-b, device: gpu-0}
                    nodeSelector:
                      nodeSelectorTerms:
                      - matchFields:
                        - {key: metadata.name, operator: In, values: [node-b]}
                """;
        JsonNode r = run(cluster, """
                apiVersion: v1
                kind: Pod
                metadata: {name: gpu-user}
                spec:
                  resourceClaims: [{name: gpu, resourceClaimName: my-gpu}]
                  containers: [{name: c, image: x, resources: {requests: {cpu: "5"}, claims: [{name: gpu}]}}]
                """, null);
        assertEquals("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: infra}. still not schedulable, "
                + "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.", r.path("fitError").asText());
        // The diagnosis itself still shows every failing filter.
        assertTrue(r.path("filterAll").path("node-a").has("DynamicResources"), r.path("filterAll").toString());
    }

    record NominatorCase(String name, String pendingPod, String expectedSelected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<NominatorCase> nominatorCases() {
        String pending = """
                apiVersion: v1
                kind: Pod
                metadata: {name: waiting}
                spec:
                  priority: 100
                  %s
                  containers: [{name: c, image: x, resources: {requests: {cpu: "3"}}}]
                status: {phase: Pending, nominatedNodeName: node-a}
                ---
                """;
        return Stream.of(
                new NominatorCase("a pod of this scheduler holds its nomination", pending.formatted("schedulerName: default-scheduler"), "node-b"),
                new NominatorCase("a pod of another scheduler is not queued", pending.formatted("schedulerName: someone-else"), "node-a"),
                new NominatorCase("a gated pod stays out of the nominator", pending.formatted("schedulingGates: [{name: example.com/wait}]"), "node-a"));
    }

    @ParameterizedTest
    @MethodSource("nominatorCases")
    void theNominatorHoldsOnlyPodsThisSchedulerQueued(NominatorCase c) throws Exception {
        // node-a has more free cpu (scores higher) unless the nominated pod's 3 cpu are counted against it.
        JsonNode r = run(node("node-a", "") + node("node-b", "").replace("cpu: \"4\"", "cpu: \"3\"") + c.pendingPod(), """
                apiVersion: v1
                kind: Pod
                metadata: {name: p}
                spec:
                  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
                """, null);
        assertEquals(c.expectedSelected(), r.path("selected").asText(), r.toString());
    }

    @Test
    void aFailedPodWithoutANewNominationKeepsTheOneItHad() throws Exception {
        // "first" cannot preempt (preemptionPolicy Never): PostFilter gives no NominatingInfo (ModeNoop), so
        // AddNominatedPod re-adds it with its own status.nominatedNodeName and "second" must leave it room on node-a.
        JsonNode r = run(node("node-a", "") + node("node-b", "").replace("cpu: \"4\"", "cpu: \"3\""), """
                apiVersion: v1
                kind: Pod
                metadata: {name: first}
                spec:
                  priority: 100
                  preemptionPolicy: Never
                  containers: [{name: c, image: x, resources: {requests: {cpu: "5"}}}]
                status: {nominatedNodeName: node-a}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: second}
                spec:
                  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
                """, null);
        JsonNode steps = r.get("steps");
        assertTrue(steps.get(0).has("fitError"), steps.get(0).toString());
        assertEquals("node-b", steps.get(1).path("selected").asText(), steps.get(1).toString());
    }

    @Test
    void theEventMessageIsCutOnBytesAsGoDoes() {
        // Go slices the string at byte 1020; encoding/json then writes one U+FFFD per byte of the cut character.
        String msg = "x".repeat(1019) + "\u20ac" + "y".repeat(10);
        String cut = Scheduler.truncate(msg);
        assertEquals("x".repeat(1019) + "\ufffd ...", cut);
        String msg2 = "x".repeat(1018) + "\u20ac" + "y".repeat(10);
        assertEquals("x".repeat(1018) + "\ufffd\ufffd ...", Scheduler.truncate(msg2));
        String ascii = "z".repeat(2000);
        assertEquals("z".repeat(1020) + " ...", Scheduler.truncate(ascii));
        assertEquals(1024, Scheduler.truncate(ascii).getBytes(StandardCharsets.UTF_8).length);
    }

    private static List<String> names(JsonNode obj) {
        List<String> out = new java.util.ArrayList<>();
        obj.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
