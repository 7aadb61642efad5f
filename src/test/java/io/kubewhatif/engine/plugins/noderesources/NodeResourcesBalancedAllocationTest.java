package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.node;
import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.pod;
import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** NodeResourcesBalancedAllocation, after upstream's TestNodeResourcesBalancedAllocation and the score-balanced-* scenarios. */
class NodeResourcesBalancedAllocationTest {
    private static final List<ResourceSpec> WITH_GPU = List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1), new ResourceSpec("nvidia.com/gpu", 1));

    record Case(String name, List<ResourceSpec> resources, PodInfo pod, List<NodeInfo> nodes, List<Long> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case c(String name, List<ResourceSpec> resources, PodInfo pod, List<NodeInfo> nodes, long... want) {
        List<Long> w = new ArrayList<>();
        for (long x : want) {
            w.add(x);
        }
        return new Case(name, resources, pod, nodes, w);
    }

    private static PodInfo cpuAndMemory(String name, String node) {
        return pod(name).c("cpu=1000m,memory=2000").c("cpu=2000m,memory=3000").on(node).info();
    }

    private static PodInfo cpuOnly(String name, String node) {
        return pod(name).c("cpu=1000m,memory=0").c("cpu=2000m,memory=0").on(node).info();
    }

    private static PodInfo cpuAndMemoryAndGpu(String name, String node) {
        return pod(name).c("cpu=1000m,memory=2000").c("cpu=2000m,memory=3000,nvidia.com/gpu=3").on(node).info();
    }

    static Stream<Case> cases() {
        return Stream.of(
                c("nothing scheduled, resources requested, differently sized nodes", null, cpuAndMemory("p", null),
                        List.of(node("node1", "cpu=4000m,memory=10000"), node("node2", "cpu=6000m,memory=10000")), 87, 100),
                c("resources requested, pods scheduled with resources", null, cpuAndMemory("p", null),
                        List.of(node("node1", "cpu=10000m,memory=20000", cpuOnly("a", "node1")), node("node2", "cpu=10000m,memory=20000", cpuAndMemory("b", "node2"))),
                        82, 95),
                c("resources requested, pods scheduled with resources, differently sized nodes", null, cpuAndMemory("p", null),
                        List.of(node("node1", "cpu=10000m,memory=20000", cpuOnly("a", "node1")), node("node2", "cpu=10000m,memory=50000", cpuAndMemory("b", "node2"))),
                        82, 80),
                c("requested resources at node capacity", null, cpuOnly("p", null),
                        List.of(node("node1", "cpu=6000m,memory=10000", cpuOnly("a", "node1")), node("node2", "cpu=6000m,memory=10000", cpuAndMemory("b", "node2"))),
                        50, 75),
                c("include scalar resource on a node (standard deviation of three fractions)", WITH_GPU, pod("p").c("memory=0,nvidia.com/gpu=1").info(),
                        List.of(node("node1", "cpu=3500m,memory=40000,nvidia.com/gpu=8", cpuAndMemoryAndGpu("a", "node1")),
                                node("node2", "cpu=3500m,memory=40000,nvidia.com/gpu=8", cpuAndMemory("b", "node2"))), 70, 65),
                c("node without the scalar resource skips it", WITH_GPU, cpuAndMemory("p", null),
                        List.of(node("node1", "cpu=3500m,memory=40000,nvidia.com/gpu=8"), node("node2", "cpu=3500m,memory=40000")), 63, 63),
                c("missing requests are not defaulted", null, ResourcePods.req("p", "cpu=1"),
                        List.of(node("node1", "cpu=4,memory=8Gi")), 87),
                c("best-effort pods on the node do not count", null, ResourcePods.req("p", "cpu=1"),
                        List.of(node("node1", "cpu=4,memory=8Gi", running("a", "node1", ""), running("b", "node1", ""))), 87),
                c("fractions are capped at 1", null, ResourcePods.req("p", "cpu=8,memory=4Gi"),
                        List.of(node("node1", "cpu=4,memory=8Gi")), 75),
                c("a single resource has no deviation", List.of(new ResourceSpec("cpu", 1)), ResourcePods.req("p", "cpu=1"),
                        List.of(node("node1", "cpu=4,memory=8Gi")), 100),
                c("score-balanced-allocation-only", null, ResourcePods.req("p", "cpu=1,memory=2Gi"),
                        List.of(node("node-a", "cpu=4,memory=8Gi,ephemeral-storage=100Gi", running("used-a", "node-a", "cpu=2,memory=1Gi")),
                                node("node-b", "cpu=4,memory=8Gi,ephemeral-storage=100Gi", running("used-b", "node-b", "cpu=1,memory=4Gi")),
                                node("node-c", "cpu=4,memory=8Gi,ephemeral-storage=100Gi", running("used-c", "node-c", "cpu=1,memory=2Gi"))), 81, 87, 100));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void score(Case c) throws Exception {
        NodeResourcesBalancedAllocation ba = new NodeResourcesBalancedAllocation(c.resources());
        CycleState state = new CycleState();
        assertEquals(Status.SUCCESS, ba.preScore(state, c.pod(), c.nodes()));

        List<Long> got = new ArrayList<>();
        for (NodeInfo n : c.nodes()) {
            got.add(ba.score(state, c.pod(), n));
        }

        assertEquals(c.want(), got);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void scoreWithoutPreScore(Case c) throws Exception {
        NodeResourcesBalancedAllocation ba = new NodeResourcesBalancedAllocation(c.resources());
        List<Long> got = new ArrayList<>();
        for (NodeInfo n : c.nodes()) {
            got.add(ba.score(new CycleState(), c.pod(), n));
        }
        assertEquals(c.want(), got);
    }

    record SkipCase(String name, PodInfo pod, boolean skip) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<SkipCase> skipCases() {
        return Stream.of(
                new SkipCase("a pod without containers", pod("p").info(), true),
                new SkipCase("a container without requests", ResourcePods.req("p", ""), true),
                new SkipCase("zero requests", ResourcePods.req("p", "cpu=0,memory=0"), true),
                new SkipCase("only resources the plugin does not score", ResourcePods.req("p", "nvidia.com/gpu=1,ephemeral-storage=1Gi"), true),
                new SkipCase("a cpu request", ResourcePods.req("p", "cpu=1m"), false),
                new SkipCase("a memory request", ResourcePods.req("p", "memory=1"), false),
                new SkipCase("overhead only", pod("p").c("").overhead("cpu=10m").info(), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("skipCases")
    void preScoreSkipsBestEffortPods(SkipCase c) {
        NodeResourcesBalancedAllocation ba = NodeResourcesBalancedAllocation.withDefaults();
        CycleState state = new CycleState();

        Status s = ba.preScore(state, c.pod(), List.of());

        assertEquals(c.skip() ? Status.SKIP : Status.SUCCESS, s);
        if (c.skip()) {
            assertNull(state.read(NodeResourcesBalancedAllocation.PRE_SCORE_KEY));
            assertEquals(0, ba.score(new CycleState(), c.pod(), node("n", "cpu=4,memory=8Gi")), "Score without PreScore gives 0 to best-effort pods");
        }
    }

    @Test
    void gpuRequestCountsWhenConfigured() throws Exception {
        NodeResourcesBalancedAllocation ba = new NodeResourcesBalancedAllocation(WITH_GPU);

        assertEquals(Status.SUCCESS, ba.preScore(new CycleState(), ResourcePods.req("p", "nvidia.com/gpu=1"), List.of()));
    }
}
