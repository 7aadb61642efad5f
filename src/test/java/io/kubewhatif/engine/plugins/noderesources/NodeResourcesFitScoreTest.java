package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.config.UtilizationShapePoint;
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

/**
 * NodeResourcesFit PreScore + Score for the three strategies, after upstream's least_allocated, most_allocated and
 * requested_to_capacity_ratio tests (cpu "4000" is 4000 cores there too) and the score-* scenarios.
 */
class NodeResourcesFitScoreTest {
    private static final List<ResourceSpec> DEFAULT = NodeResourcesFit.DEFAULT_RESOURCES;
    private static final String EXT = "abc.com/xyz";
    private static final List<ResourceSpec> WITH_EXT = List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1), new ResourceSpec(EXT, 1));
    private static final List<UtilizationShapePoint> DESCENDING = List.of(new UtilizationShapePoint(0, 10), new UtilizationShapePoint(100, 0));

    record Case(String name, String strategy, List<ResourceSpec> resources, List<UtilizationShapePoint> shape, PodInfo pod, List<NodeInfo> nodes, List<Long> want) {
        @Override
        public String toString() {
            return strategy + ": " + name;
        }
    }

    private static Case least(String name, List<ResourceSpec> resources, PodInfo pod, List<NodeInfo> nodes, long... want) {
        return new Case(name, "LeastAllocated", resources, null, pod, nodes, boxed(want));
    }

    private static Case most(String name, List<ResourceSpec> resources, PodInfo pod, List<NodeInfo> nodes, long... want) {
        return new Case(name, "MostAllocated", resources, null, pod, nodes, boxed(want));
    }

    private static Case rtc(String name, List<ResourceSpec> resources, List<UtilizationShapePoint> shape, PodInfo pod, List<NodeInfo> nodes, long... want) {
        return new Case(name, "RequestedToCapacityRatio", resources, shape, pod, nodes, boxed(want));
    }

    private static List<Long> boxed(long[] v) {
        List<Long> l = new ArrayList<>();
        for (long x : v) {
            l.add(x);
        }
        return l;
    }

    /** A pod with two containers, 3000 cpu and 5000 bytes in all. */
    private static PodInfo twoContainers() {
        return pod("p").c("cpu=1000,memory=2000").c("cpu=2000,memory=3000").info();
    }

    static Stream<Case> cases() {
        PodInfo none = pod("p").info();
        return Stream.of(
                // LeastAllocated
                least("nothing scheduled, nothing requested", DEFAULT, none,
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=4000,memory=10000")), 100, 100),
                least("nothing scheduled, resources requested, differently sized nodes", DEFAULT, twoContainers(),
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=6000,memory=10000")), 37, 50),
                least("no resources requested, pods scheduled", DEFAULT, none,
                        List.of(node("node1", "cpu=4000,memory=10000", pod("a").on("node1").info(), pod("b").on("node1").info()),
                                node("node2", "cpu=4000,memory=10000", pod("c").on("node2").info(), pod("d").on("node2").info())), 100, 100),
                least("no resources requested, pods scheduled with resources", DEFAULT, none,
                        List.of(node("node1", "cpu=10000,memory=20000", running("a", "node1", "cpu=3000,memory=0"), running("b", "node1", "cpu=3000,memory=0")),
                                node("node2", "cpu=10000,memory=20000", running("c", "node2", "cpu=3000,memory=0"), running("d", "node2", "cpu=3000,memory=5000"))),
                        70, 57),
                least("resources requested, pods scheduled with resources", DEFAULT, twoContainers(),
                        List.of(node("node1", "cpu=10000,memory=20000", running("a", "node1", "cpu=3000,memory=0")),
                                node("node2", "cpu=10000,memory=20000", running("b", "node2", "cpu=3000,memory=5000"))), 57, 45),
                least("resources requested, pods scheduled with resources, differently sized nodes", DEFAULT, twoContainers(),
                        List.of(node("node1", "cpu=10000,memory=20000", running("a", "node1", "cpu=3000,memory=0")),
                                node("node2", "cpu=10000,memory=50000", running("b", "node2", "cpu=3000,memory=5000"))), 57, 60),
                least("requested resources exceed node capacity", DEFAULT, pod("p").c("cpu=3000,memory=0").info(),
                        List.of(node("node1", "cpu=4000,memory=10000", running("a", "node1", "cpu=3000,memory=0")),
                                node("node2", "cpu=4000,memory=10000", running("b", "node2", "cpu=3000,memory=5000"))), 50, 25),
                least("zero node resources, pods scheduled with resources", DEFAULT, none,
                        List.of(node("node1", "", running("a", "node1", "cpu=3000,memory=0")), node("node2", "", running("b", "node2", "cpu=3000,memory=5000"))), 0, 0),
                least("different weights on cpu and memory", List.of(new ResourceSpec("memory", 2), new ResourceSpec("cpu", 1)), twoContainers(),
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=6000,memory=10000")), 41, 50),
                least("a weight of 0 defaults to 1", List.of(new ResourceSpec("memory", 2), new ResourceSpec("cpu", 0)), twoContainers(),
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=6000,memory=10000")), 41, 50),
                least("bypass extended resource if the pod does not request it", WITH_EXT, twoContainers(),
                        List.of(node("node1", "cpu=6000,memory=10000"), node("node2", "cpu=6000,memory=10000," + EXT + "=4")), 50, 50),
                least("honor extended resource if the pod requests it", WITH_EXT, pod("p").c("cpu=1000,memory=2000").c("cpu=2000,memory=3000," + EXT + "=2").info(),
                        List.of(node("node1", "cpu=6000,memory=10000," + EXT + "=4"), node("node2", "cpu=6000,memory=10000," + EXT + "=10")), 50, 60),
                least("a resource the node does not have is left out", List.of(new ResourceSpec(EXT, 2), new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1)),
                        pod("p").c("cpu=3000,memory=4000").info(),
                        List.of(node("node1", "cpu=6000,memory=10000"), node("node2", "cpu=6000,memory=10000," + EXT + "=4")), 55, 55),
                least("containers without requests count 100m and 200Mi", DEFAULT, pod("p").c("").c("").info(),
                        List.of(node("node1", "cpu=1,memory=1Gi"), node("node2", "cpu=2,memory=2Gi", running("a", "node2", ""))), 70, 77),
                least("a pod-level request is ignored by the scorer", DEFAULT, pod("p").c("").podLevel("cpu=1,memory=1Gi").info(),
                        List.of(node("node1", "cpu=1,memory=1Gi")), 85),
                least("ephemeral-storage uses the plain requests", List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1), new ResourceSpec("ephemeral-storage", 2)),
                        pod("p").c("cpu=0,memory=0,ephemeral-storage=1Gi").info(),
                        List.of(node("node1", "cpu=4,memory=4Gi,ephemeral-storage=4Gi", running("a", "node1", "cpu=0,memory=0,ephemeral-storage=1Gi"))), 75),
                least("pods is never a scoring resource", List.of(new ResourceSpec("pods", 1), new ResourceSpec("cpu", 1)), pod("p").c("cpu=1,memory=0").info(),
                        List.of(node("node1", "cpu=4,memory=4Gi,pods=10")), 75),
                // MostAllocated
                most("nothing scheduled, nothing requested", DEFAULT, none,
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=4000,memory=10000")), 0, 0),
                most("nothing scheduled, resources requested, differently sized nodes", DEFAULT, twoContainers(),
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=6000,memory=10000")), 62, 50),
                most("resources requested, pods scheduled with resources", DEFAULT, pod("p").c("cpu=1000,memory=2000").c("cpu=2000,memory=3000").info(),
                        List.of(node("node1", "cpu=10000,memory=20000", running("a", "node1", "cpu=3000,memory=0"), running("b", "node1", "cpu=3000,memory=0")),
                                node("node2", "cpu=10000,memory=20000", running("c", "node2", "cpu=3000,memory=0"), running("d", "node2", "cpu=3000,memory=5000"))),
                        57, 70),
                most("requested over capacity is capped", DEFAULT, pod("p").c("cpu=5000,memory=10000").info(),
                        List.of(node("node1", "cpu=4000,memory=10000")), 100),
                most("different weights", List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 3)), twoContainers(),
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=6000,memory=10000")), 56, 50),
                most("gpu weighted 5 packs onto used gpus",
                        List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1), new ResourceSpec("nvidia.com/gpu", 5)),
                        pod("p").c("cpu=1,memory=1Gi,nvidia.com/gpu=1").info(),
                        List.of(node("node1", "cpu=8,memory=16Gi,nvidia.com/gpu=4", running("a", "node1", "cpu=2,memory=4Gi,nvidia.com/gpu=2")),
                                node("node2", "cpu=8,memory=16Gi,nvidia.com/gpu=4")), 63, 20),
                // RequestedToCapacityRatio
                rtc("nothing scheduled, nothing requested", DEFAULT, DESCENDING, none,
                        List.of(node("node1", "cpu=4000,memory=10000", pod("a").on("node1").info(), pod("b").on("node1").info()),
                                node("node2", "cpu=4000,memory=10000")), 100, 100),
                rtc("resources requested, differently sized nodes (rounded half up)", DEFAULT, DESCENDING, twoContainers(),
                        List.of(node("node1", "cpu=4000,memory=10000"), node("node2", "cpu=6000,memory=10000")), 38, 50),
                rtc("no resources requested, pods scheduled with resources", DEFAULT, DESCENDING, none,
                        List.of(node("node1", "cpu=4000,memory=10000", running("a", "node1", "cpu=3000,memory=5000")),
                                node("node2", "cpu=6000,memory=10000", running("b", "node2", "cpu=3000,memory=5000"))), 38, 50),
                rtc("single extended resource, nothing requested", List.of(new ResourceSpec("intel.com/foo", 1)), List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 1)),
                        none, List.of(node("node1", "cpu=4,memory=10000Mi,intel.com/foo=8"), node("node2", "cpu=4,memory=10000Mi,intel.com/foo=4")), 0, 0),
                rtc("single extended resource requested", List.of(new ResourceSpec("intel.com/foo", 1)), List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 1)),
                        pod("p").c("intel.com/foo=2").info(),
                        List.of(node("node1", "cpu=4,memory=10000Mi,intel.com/foo=8"), node("node2", "cpu=4,memory=10000Mi,intel.com/foo=4")), 2, 5),
                rtc("single extended resource, existing pod uses it", List.of(new ResourceSpec("intel.com/foo", 1)), List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 1)),
                        pod("p").c("intel.com/foo=2").info(),
                        List.of(node("node1", "cpu=4,memory=10000Mi,intel.com/foo=8"),
                                node("node2", "cpu=4,memory=10000Mi,intel.com/foo=4", running("a", "node2", "intel.com/foo=2"))), 2, 10),
                rtc("multiple extended resources with weights", List.of(new ResourceSpec("intel.com/foo", 3), new ResourceSpec("intel.com/bar", 5)),
                        List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 1)), pod("p").c("intel.com/foo=2,intel.com/bar=2").info(),
                        List.of(node("node1", "cpu=4,memory=10000Mi,intel.com/foo=8,intel.com/bar=4"),
                                node("node2", "cpu=4,memory=10000Mi,intel.com/foo=4,intel.com/bar=8")), 4, 3),
                rtc("resources scoring 0 leave the mean", DEFAULT, List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 10)),
                        pod("p").c("cpu=0,memory=5000").info(), List.of(node("node1", "cpu=4000,memory=10000")), 50),
                rtc("peaked shape (score-requested-to-capacity-ratio-peak)", DEFAULT,
                        List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(50, 10), new UtilizationShapePoint(100, 0)), pod("p").c("cpu=1,memory=2Gi").info(),
                        List.of(node("node1", "cpu=8,memory=16Gi"), node("node2", "cpu=4,memory=8Gi", running("a", "node2", "cpu=1,memory=2Gi"))), 24, 100));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void score(Case c) throws Exception {
        NodeResourcesFit fit = new NodeResourcesFit(null, null, c.strategy(), c.resources(), c.shape());
        CycleState state = new CycleState();
        assertEquals(Status.SUCCESS, fit.preScore(state, c.pod(), c.nodes()), "NodeResourcesFit never skips");

        List<Long> got = new ArrayList<>();
        for (NodeInfo n : c.nodes()) {
            got.add(fit.score(state, c.pod(), n));
        }

        assertEquals(c.want(), got);
        assertEquals(false, fit.hasNormalizeScore());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void scoreWithoutPreScoreComputesTheRequests(Case c) throws Exception {
        NodeResourcesFit fit = new NodeResourcesFit(null, null, c.strategy(), c.resources(), c.shape());
        List<Long> got = new ArrayList<>();
        for (NodeInfo n : c.nodes()) {
            got.add(fit.score(new CycleState(), c.pod(), n));
        }
        assertEquals(c.want(), got);
    }

    record Point(long p, long want) {
    }

    record Shape(String name, long[] util, long[] score, List<Point> points) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Shape> shapes() {
        return Stream.of(
                new Shape("two points", new long[] {10, 90}, new long[] {1, 9},
                        List.of(new Point(-10, 1), new Point(0, 1), new Point(9, 1), new Point(10, 1), new Point(15, 1), new Point(19, 1),
                                new Point(20, 2), new Point(89, 8), new Point(90, 9), new Point(99, 9), new Point(100, 9), new Point(110, 9))),
                new Shape("peak", new long[] {0, 40, 100}, new long[] {2, 10, 0},
                        List.of(new Point(-10, 2), new Point(0, 2), new Point(20, 6), new Point(30, 8), new Point(40, 10), new Point(70, 5),
                                new Point(100, 0), new Point(110, 0))),
                new Shape("flat", new long[] {0, 40, 100}, new long[] {2, 2, 2},
                        List.of(new Point(-10, 2), new Point(0, 2), new Point(20, 2), new Point(40, 2), new Point(100, 2), new Point(110, 2))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void brokenLinearFunction(Shape s) {
        for (Point p : s.points()) {
            assertEquals(p.want(), io.kubewhatif.engine.plugins.helper.ShapeScore.brokenLinear(s.util(), s.score(), p.p()), "p=" + p.p());
        }
    }

    @Test
    void nonZeroRequestsOfExistingPodsCountForCpuAndMemory() throws Exception {
        NodeResourcesFit fit = NodeResourcesFit.withDefaults();
        PodInfo p = ResourcePods.req("p", "cpu=0,memory=0");
        // Ten best-effort pods count 1 cpu and 2000Mi between them.
        PodInfo[] existing = new PodInfo[10];
        for (int i = 0; i < existing.length; i++) {
            existing[i] = running("e" + i, "n", "");
        }
        NodeInfo n = node("n", "cpu=2,memory=4000Mi", existing);
        CycleState state = new CycleState();
        fit.preScore(state, p, List.of(n));

        assertEquals(50, fit.score(state, p, n));
    }
}
