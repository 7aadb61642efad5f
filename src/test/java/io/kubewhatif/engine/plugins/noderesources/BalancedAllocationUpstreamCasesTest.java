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
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * v1.36's balanced_allocation_test.go TestNodeResourcesBalancedAllocation (non-DRA cases): the score of the change in
 * balance, {@code 50 + (50 + with - without) / 2}. The 1.34/1.35 formula's table is NodeResourcesBalancedAllocationTest.
 */
class BalancedAllocationUpstreamCasesTest {
    private static final List<ResourceSpec> WITH_GPU = List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1), new ResourceSpec("nvidia.com/gpu", 1));

    record Case(String name, List<ResourceSpec> resources, PodInfo pod, List<NodeInfo> nodes, boolean runPreScore, List<Long> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case c(String name, List<ResourceSpec> resources, PodInfo pod, List<NodeInfo> nodes, boolean runPreScore, long... want) {
        List<Long> w = new ArrayList<>();
        for (long x : want) {
            w.add(x);
        }
        return new Case(name, resources, pod, nodes, runPreScore, w);
    }

    private static PodInfo cpuAndMemory(String name, String node) {
        return pod(name).c("cpu=1000m,memory=2000").c("cpu=2000m,memory=3000").on(node).info();
    }

    private static PodInfo cpuOnly(String name, String node) {
        return pod(name).c("cpu=1000m,memory=0").c("cpu=2000m,memory=0").on(node).info();
    }

    static Stream<Case> cases() {
        List<NodeInfo> scheduled = List.of(node("node1", "cpu=10000m,memory=20000", cpuOnly("a", "node1")),
                node("node2", "cpu=10000m,memory=20000", cpuAndMemory("b", "node2")));
        return Stream.of(
                c("nothing scheduled, resources requested, differently sized nodes", null, cpuAndMemory("p", null),
                        List.of(node("node1", "cpu=4000m,memory=10000"), node("node2", "cpu=6000m,memory=10000")), true, 68, 75),
                c("resources requested, pods scheduled with resources", null, cpuAndMemory("p", null), scheduled, true, 73, 74),
                c("resources requested, pods scheduled with resources, differently sized nodes", null, cpuAndMemory("p", null),
                        List.of(node("node1", "cpu=10000m,memory=20000", cpuOnly("a", "node1")), node("node2", "cpu=10000m,memory=50000", cpuAndMemory("b", "node2"))),
                        true, 73, 70),
                c("resources requested, pods scheduled with resources, nodes to reach min/max score", null,
                        pod("p").c("memory=2000").c("memory=3000").info(),
                        List.of(node("node1", "cpu=3000m,memory=5000", cpuOnly("a", "node1")), node("node2", "cpu=3000m,memory=5000")), true, 100, 50),
                c("requested resources at node capacity", null, cpuOnly("p", null),
                        List.of(node("node1", "cpu=6000m,memory=10000", cpuOnly("a", "node1")), node("node2", "cpu=6000m,memory=10000", cpuAndMemory("b", "node2"))),
                        true, 62, 62),
                c("scalar resource is included in the score computation if pod requests the scalar resource", WITH_GPU,
                        pod("p").c("cpu=0,memory=0,nvidia.com/gpu=1").info(),
                        List.of(node("node1", "cpu=3500m,memory=40000,nvidia.com/gpu=8",
                                        pod("a").c("cpu=1000m,memory=2000").c("cpu=2000m,memory=3000,nvidia.com/gpu=3").on("node1").info()),
                                node("node2", "cpu=3500m,memory=40000,nvidia.com/gpu=8", cpuAndMemory("b", "node2"))), true, 75, 76),
                c("scalar resource is not included in the score computation if pod doesn't request the scalar resource", WITH_GPU,
                        cpuAndMemory("p", null),
                        List.of(node("node1", "cpu=3500m,memory=40000,nvidia.com/gpu=8"), node("node2", "cpu=3500m,memory=40000")), true, 56, 56),
                c("resources requested, pods scheduled with resources if PreScore not called", null, cpuAndMemory("p", null), scheduled, false, 73, 74));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void score(Case c) throws Exception {
        NodeResourcesBalancedAllocation ba = new NodeResourcesBalancedAllocation(c.resources(), true);
        CycleState state = new CycleState();
        if (c.runPreScore()) {
            assertEquals(Status.SUCCESS, ba.preScore(state, c.pod(), c.nodes()));
        }
        List<Long> got = new ArrayList<>();
        for (NodeInfo n : c.nodes()) {
            got.add(ba.score(state, c.pod(), n));
        }
        assertEquals(c.want(), got);
    }

    @Test
    void nothingRequestedSkipsInPreScore() throws Exception {
        NodeResourcesBalancedAllocation ba = new NodeResourcesBalancedAllocation(null, true);
        List<NodeInfo> nodes = List.of(node("node1", "cpu=4000m,memory=10000"), node("node2", "cpu=4000m,memory=10000"));
        assertEquals(Status.SKIP, ba.preScore(new CycleState(), pod("p").c("").info(), nodes));
    }
}
