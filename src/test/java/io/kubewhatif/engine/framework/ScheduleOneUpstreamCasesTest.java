package io.kubewhatif.engine.framework;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.engine.testing.UpstreamScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Cases of schedule_one.go (schedulingCycle, findNodesThatFitPod, handleSchedulingFailure) that the public
 * conformance scenarios do not reach, each under the versions whose source it was read from.
 */
class ScheduleOneUpstreamCasesTest {
    @TempDir
    Path dir;

    private static final String ONE_NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
            status: {capacity: {cpu: "2", memory: 8Gi, pods: "110"}}
            """;

    private static final String NO_POST_FILTER = """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            profiles:
            - schedulerName: default-scheduler
              plugins:
                postFilter:
                  disabled: [{name: "*"}]
            """;

    /**
     * schedulingCycle without PostFilter plugins: v1.34.1 returns an empty ScheduleResult (ModeNoop, so the failed pod
     * is nominated again from its status), v1.35.4 and v1.36.2 return clearNominatedNode. The nomination of the
     * high-priority pod {@code a} then blocks or frees n1 for the next pod.
     */
    @ParameterizedTest
    @CsvSource({"1.34, false", "1.35, true", "1.36, true"})
    void aFitErrorWithoutPostFilterPluginsClearsTheNominationFrom135(String version, boolean cleared) throws Exception {
        JsonNode r = UpstreamScenario.run(dir, version, ONE_NODE, """
                apiVersion: v1
                kind: Pod
                metadata: {name: a}
                spec:
                  priority: 100
                  containers: [{name: c, image: x, resources: {requests: {cpu: "3"}}}]
                status: {nominatedNodeName: n1}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: b}
                spec:
                  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
                """, NO_POST_FILTER);
        JsonNode a = r.path("steps").path(0);
        JsonNode b = r.path("steps").path(1);
        assertEquals("0/1 nodes are available: 1 Insufficient cpu.", a.path("fitError").asText(), r.toString());
        if (cleared) {
            assertEquals("n1", b.path("selected").asText(), r.toString());
        } else {
            assertEquals("0/1 nodes are available: 1 Insufficient cpu.", b.path("fitError").asText(), r.toString());
        }
    }

    private static Scheduler scheduler(int numNodes, String config) throws Exception {
        List<HasMetadata> nodes = new ArrayList<>(numNodes);
        for (int i = 0; i < numNodes; i++) {
            nodes.add(node("node-" + i).cap("cpu", "4").cap("memory", "8Gi").cap("pods", "110").build());
        }
        return Scheduler.create(config == null ? ConfigLoader.defaults() : ConfigLoader.parse(config), SnapshotBuilder.build(nodes),
                InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
    }

    private static String percentages(Integer global, Integer profile) {
        return "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                + (global == null ? "" : "percentageOfNodesToScore: " + global + "\n")
                + "profiles:\n- schedulerName: default-scheduler\n" + (profile == null ? "" : "  percentageOfNodesToScore: " + profile + "\n");
    }

    /** TestNumFeasibleNodesToFind: the global and profile percentages, the adaptive default, the 100-node floor. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(nullValues = "-", value = {
            "not set percentageOfNodesToScore and nodes number not more than 50, -, -, 10, 10",
            "set profile percentageOfNodesToScore and nodes number not more than 50, -, 40, 10, 10",
            "not set percentageOfNodesToScore and nodes number more than 50, -, -, 1000, 420",
            "set profile percentageOfNodesToScore and nodes number more than 50, -, 40, 1000, 400",
            "set global and profile percentageOfNodesToScore and nodes number more than 50, 100, 40, 1000, 400",
            "set global percentageOfNodesToScore and nodes number more than 50, 40, -, 1000, 400",
            "not set profile percentageOfNodesToScore and nodes number more than 50*125, -, -, 6000, 300",
            "set profile percentageOfNodesToScore and nodes number more than 50*125, -, 40, 6000, 2400",
            "the 100-node floor, 1, -, 1000, 100"})
    void numFeasibleNodesToFind(String name, Integer global, Integer profile, int numAllNodes, int want) throws Exception {
        Scheduler s = scheduler(1, percentages(global, profile));
        assertEquals(want, s.numFeasibleNodesToFind(s.framework("default-scheduler"), numAllNodes));
    }

    /**
     * TestFairEvaluationForNodes: with 500 nodes that all fit and 30 percent, each cycle finds 150 nodes and the next
     * one starts where it stopped, wrapping around the node list.
     */
    @Test
    void fairEvaluationForNodes() throws Exception {
        int numAllNodes = 500;
        Scheduler s = scheduler(numAllNodes, percentages(30, null));
        int nodesToFind = s.numFeasibleNodesToFind(s.framework("default-scheduler"), numAllNodes);
        assertEquals(150, nodesToFind);
        for (int i = 0; i < 2 * (numAllNodes / nodesToFind + 1); i++) {
            CycleReport r = s.evaluate(pod("p" + i).info());
            assertEquals(i * nodesToFind % numAllNodes, r.startNodeIndex);
            assertEquals(nodesToFind, r.feasibleNodes.size());
            assertEquals(nodesToFind, r.evaluatedNodes);
        }
        assertEquals(2 * (numAllNodes / nodesToFind + 1) * nodesToFind % numAllNodes, s.evaluate(pod("last").info()).startNodeIndex);
    }

    /**
     * TestSchedulerFailedSchedulingReasons: 100 nodes too small for the pod roll up into one short histogram. The
     * requests exceed every node's allocatable, so the statuses are UnschedulableAndUnresolvable and preemption is
     * not tried on any node.
     */
    @Test
    void failedSchedulingReasonsRollUp() throws Exception {
        List<HasMetadata> nodes = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            nodes.add(node("node" + i).cap("cpu", "2").cap("memory", "100").cap("pods", "10").build());
        }
        Scheduler s = Scheduler.create(ConfigLoader.defaults(), SnapshotBuilder.build(nodes), InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
        CycleReport r = s.evaluate(pod("bar").req("cpu", "4").req("memory", "500").info());
        assertEquals("0/100 nodes are available: 100 Insufficient cpu, 100 Insufficient memory. no new claims to deallocate, "
                + "preemption: 0/100 nodes are available: 100 Preemption is not helpful for scheduling.", r.fitError);
        assertEquals(100, r.evaluatedNodes);
        assertEquals(List.of("NodeResourcesFit"), r.unschedulablePlugins);
        assertEquals("UnschedulableAndUnresolvable", r.filter.get("node42").code());
    }
}
