package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.pod;
import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.req;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** NodeResourcesFit PreFilter + Filter, after upstream's TestEnoughRequests and the fit-* scenarios. */
class NodeResourcesFitFilterTest {
    /** Upstream's test node: 10m cpu, 20 bytes, 32 pods, 5 example.com/aaa, 20 bytes of storage, 5 hugepages. */
    private static final String NODE = "cpu=10m,memory=20,pods=32,example.com/aaa=5,ephemeral-storage=20,hugepages-2Mi=5";
    private static final String CPU = "Insufficient cpu";
    private static final String MEM = "Insufficient memory";
    private static final Code UNSCHED = Code.UNSCHEDULABLE;
    private static final Code UNRES = Code.UNSCHEDULABLE_AND_UNRESOLVABLE;

    record Case(String name, PodInfo pod, String node, String used, List<String> ignored, List<String> groups, Code code, List<String> reasons) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case fits(String name, PodInfo pod, String used) {
        return new Case(name, pod, NODE, used, List.of(), List.of(), Code.SUCCESS, List.of());
    }

    private static Case fails(String name, PodInfo pod, String used, Code code, String... reasons) {
        return new Case(name, pod, NODE, used, List.of(), List.of(), code, List.of(reasons));
    }

    static Stream<Case> cases() {
        return Stream.of(
                fits("no resources requested always fits", req("p", ""), "cpu=10m,memory=20"),
                fails("too many resources fails", req("p", "cpu=1m,memory=1"), "cpu=10m,memory=20", UNSCHED, CPU, MEM),
                fails("too many resources fails due to init container cpu",
                        pod("p").c("cpu=1m,memory=1").init("cpu=3m,memory=1").info(), "cpu=8m,memory=19", UNSCHED, CPU),
                fails("too many resources fails due to highest init container cpu",
                        pod("p").c("cpu=1m,memory=1").init("cpu=3m,memory=1").init("cpu=2m,memory=1").info(), "cpu=8m,memory=19", UNSCHED, CPU),
                fails("too many resources fails due to init container memory",
                        pod("p").c("cpu=1m,memory=1").init("cpu=1m,memory=3").info(), "cpu=9m,memory=19", UNSCHED, MEM),
                fits("init container fits because it's the max, not sum, of containers and init containers",
                        pod("p").c("cpu=1m,memory=1").init("cpu=1m,memory=1").init("cpu=1m,memory=1").info(), "cpu=9m,memory=19"),
                fits("both resources fit", req("p", "cpu=1m,memory=1"), "cpu=5m,memory=5"),
                fails("one resource memory fits", req("p", "cpu=2m,memory=1"), "cpu=9m,memory=5", UNSCHED, CPU),
                fails("one resource cpu fits", req("p", "cpu=1m,memory=2"), "cpu=5m,memory=19", UNSCHED, MEM),
                fits("equal edge case", req("p", "cpu=5m,memory=1"), "cpu=5m,memory=19"),
                fits("equal edge case for init container", pod("p").c("cpu=4m,memory=1").init("cpu=5m,memory=1").info(), "cpu=5m,memory=19"),
                fits("extended resource fits", req("p", "example.com/aaa=1"), ""),
                fits("extended resource fits for init container", pod("p").c("").init("example.com/aaa=1").info(), ""),
                fails("extended resource capacity enforced: more than the node has is unresolvable",
                        req("p", "cpu=1m,memory=1,example.com/aaa=10"), "", UNRES, "Insufficient example.com/aaa"),
                fails("extended resource allocatable enforced: used up is resolvable",
                        req("p", "cpu=1m,memory=1,example.com/aaa=1"), "example.com/aaa=5", UNSCHED, "Insufficient example.com/aaa"),
                fails("extended resource allocatable enforced for multiple containers",
                        pod("p").c("cpu=1m,memory=1,example.com/aaa=3").c("cpu=1m,memory=1,example.com/aaa=3").info(), "example.com/aaa=2",
                        UNRES, "Insufficient example.com/aaa"),
                fits("extended resource allocatable admits multiple init containers",
                        pod("p").c("").init("cpu=1m,memory=1,example.com/aaa=3").init("cpu=1m,memory=1,example.com/aaa=3").info(), "example.com/aaa=2"),
                fails("extended resource allocatable enforced for multiple init containers",
                        pod("p").c("").init("cpu=1m,memory=1,example.com/aaa=6").init("cpu=1m,memory=1,example.com/aaa=3").info(), "example.com/aaa=2",
                        UNRES, "Insufficient example.com/aaa"),
                fails("extended resource the node does not have", req("p", "cpu=1m,memory=1,example.com/bbb=1"), "", UNRES, "Insufficient example.com/bbb"),
                fails("kubernetes.io resource the node does not have", req("p", "cpu=1m,memory=1,kubernetes.io/something=1"), "",
                        UNRES, "Insufficient kubernetes.io/something"),
                fails("hugepages capacity enforced", req("p", "cpu=1m,memory=1,hugepages-2Mi=10"), "", UNRES, "Insufficient hugepages-2Mi"),
                fails("hugepages allocatable enforced", req("p", "cpu=1m,memory=1,hugepages-2Mi=3"), "hugepages-2Mi=3", UNSCHED, "Insufficient hugepages-2Mi"),
                new Case("ignored extended resource is not checked", req("p", "cpu=1m,memory=1,example.com/bbb=1"), NODE, "",
                        List.of("example.com/bbb"), List.of(), Code.SUCCESS, List.of()),
                new Case("ignored resource group is not checked", req("p", "cpu=1m,memory=1,example.com/bbb=1"), NODE, "",
                        List.of(), List.of("example.com"), Code.SUCCESS, List.of()),
                new Case("another group is still checked", req("p", "cpu=1m,memory=1,example.com/bbb=1,nvidia.com/gpu=1"), NODE, "",
                        List.of(), List.of("example.com"), UNRES, List.of("Insufficient nvidia.com/gpu")),
                new Case("only extended resources can be ignored", req("p", "cpu=1m,memory=1,kubernetes.io/something=1"), NODE, "",
                        List.of("kubernetes.io/something"), List.of("kubernetes.io"), UNRES, List.of("Insufficient kubernetes.io/something")),
                fails("ephemeral storage over capacity", req("p", "ephemeral-storage=25"), "", UNRES, "Insufficient ephemeral-storage"),
                fails("ephemeral storage used up", req("p", "ephemeral-storage=10"), "ephemeral-storage=15", UNSCHED, "Insufficient ephemeral-storage"),
                fits("ephemeral storage fits", req("p", "ephemeral-storage=10"), "ephemeral-storage=10"),
                new Case("too many pods", req("p", "cpu=1m"), "cpu=10m,memory=20,pods=1", "", List.of(), List.of(), UNSCHED, List.of("Too many pods")),
                new Case("too many pods is resolvable, a request over capacity is not", req("p", "cpu=20m"), "cpu=10m,memory=20,pods=1", "",
                        List.of(), List.of(), UNRES, List.of("Too many pods", CPU)),
                new Case("a node without a pods allocatable has no room", req("p", ""), "cpu=10m,memory=20,pods=0", null,
                        List.of(), List.of(), UNSCHED, List.of("Too many pods")),
                fails("reasons in upstream order, scalars by name",
                        req("p", "hugepages-2Mi=6,example.com/bbb=1,ephemeral-storage=30,memory=30,cpu=20m,example.com/aaa=6"), "", UNRES,
                        CPU, MEM, "Insufficient ephemeral-storage", "Insufficient example.com/aaa", "Insufficient example.com/bbb", "Insufficient hugepages-2Mi"),
                fails("one unresolvable resource makes the status unresolvable", req("p", "cpu=6m,memory=25"), "cpu=5m", UNRES, CPU, MEM),
                fails("overhead counts", pod("p").c("cpu=5m").overhead("cpu=6m").info(), "", UNRES, CPU),
                fails("sidecar runs with the containers and later init containers",
                        pod("p").c("cpu=4m").sidecar("cpu=3m").init("cpu=5m").info(), "cpu=3m", UNSCHED, CPU),
                fits("sidecar sum fits", pod("p").c("cpu=4m").sidecar("cpu=3m").init("cpu=5m").info(), "cpu=2m"),
                fits("a zero scalar request is not checked", req("p", "cpu=1m,example.com/bbb=0"), ""),
                fails("pod-level requests replace the containers' sum", pod("p").c("cpu=1m").c("cpu=1m").podLevel("cpu=9m").info(), "cpu=2m", UNSCHED, CPU),
                fails("memory rounds up to whole bytes", req("p", "memory=1500m"), "memory=19", UNSCHED, MEM));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void filter(Case c) throws Exception {
        NodeResourcesFit fit = new NodeResourcesFit(c.ignored(), c.groups(), null, null, null);
        NodeInfo node = c.used() == null
                ? ResourcePods.node("n", c.node())
                : ResourcePods.node("n", c.node(), ResourcePods.running("existing", "n", c.used()));
        CycleState state = new CycleState();
        PreFilterResult pre = fit.preFilter(state, c.pod(), List.of(node));
        assertSame(PreFilterResult.SUCCESS, pre);

        Status s = fit.filter(state, c.pod(), node);

        assertEquals(c.code(), s.code(), s.toString());
        assertEquals(c.reasons(), s.reasons());
        assertEquals("", s.plugin(), "the runner stamps the plugin name");
    }

    @Test
    void filterWithoutPreFilterIsAnError() {
        NodeResourcesFit fit = NodeResourcesFit.withDefaults();
        PodInfo p = req("p", "cpu=1m");

        Status s = fit.filter(new CycleState(), p, ResourcePods.node("n", NODE));

        assertEquals(Status.error("error reading \"PreFilterNodeResourcesFit\" from cycleState: not found"), s);
    }

    @Test
    void stateSurvivesCycleStateCopy() {
        NodeResourcesFit fit = NodeResourcesFit.withDefaults();
        PodInfo p = req("p", "cpu=20m");
        CycleState state = new CycleState();
        fit.preFilter(state, p, List.of());

        Status s = fit.filter(state.copy(), p, ResourcePods.node("n", NODE));

        assertEquals(Status.unresolvable(CPU), s);
    }

    @Test
    void fitsRequestReportsAmounts() {
        NodeInfo node = ResourcePods.node("n", NODE, ResourcePods.running("e", "n", "cpu=8m,example.com/aaa=2"));
        PodInfo p = req("p", "cpu=3m,example.com/aaa=4");

        List<NodeResourcesFit.InsufficientResource> got = NodeResourcesFit.fitsRequest(p.requests(), node, java.util.Set.of(), java.util.Set.of());

        assertEquals(List.of(
                new NodeResourcesFit.InsufficientResource("cpu", CPU, 3, 8, 10, false),
                new NodeResourcesFit.InsufficientResource("example.com/aaa", "Insufficient example.com/aaa", 4, 2, 5, false)), got);
    }
}
