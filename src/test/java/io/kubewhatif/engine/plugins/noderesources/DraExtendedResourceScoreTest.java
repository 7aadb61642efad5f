package io.kubewhatif.engine.plugins.noderesources;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.NodeResourcesBalancedAllocationArgs;
import io.kubewhatif.engine.config.NodeResourcesFitArgs;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.config.ScoringStrategy;
import io.kubewhatif.engine.config.UtilizationShapePoint;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.DraObjects;
import io.kubewhatif.engine.testing.SnapshotHandle;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.node;
import static io.kubewhatif.engine.testing.DraObjects.allocatedClaim;
import static io.kubewhatif.engine.testing.DraObjects.slice;
import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DRAExtendedResource scoring: NodeResourcesFit and NodeResourcesBalancedAllocation count a DRA-backed extended
 * resource on a node that does not advertise it by the node's devices of the backing class, after upstream's
 * fit_test.go (TestFitScore), balanced_allocation_test.go and resource_allocation_test.go
 * (TestCalculateResourceAllocatableRequest) cases.
 */
class DraExtendedResourceScoreTest {
    private static final String DRA = "extended.resource.dra.io/something";
    private static final String CLASS = "device-class-name";
    private static final String IMPLICIT = "deviceclass.resource.kubernetes.io/" + CLASS;
    private static final List<ResourceSpec> ONLY_DRA = List.of(new ResourceSpec(DRA, 1));
    private static final List<ResourceSpec> CPU_MEMORY_DRA = List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1), new ResourceSpec(DRA, 1));

    private static HasMetadata deviceClass(String extendedResourceName, String... cel) {
        StringBuilder b = new StringBuilder("apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: " + CLASS + "}\nspec:\n");
        if (extendedResourceName != null) {
            b.append("  extendedResourceName: ").append(extendedResourceName).append('\n');
        }
        if (cel.length > 0) {
            b.append("  selectors:\n");
            for (String c : cel) {
                b.append("  - cel: {expression: '").append(c.replace("'", "''")).append("'}\n");
            }
        }
        return DraObjects.yaml(DeviceClass.class, b.toString());
    }

    private static List<HasMetadata> objects(HasMetadata... os) {
        return new ArrayList<>(List.of(os));
    }

    private static SnapshotHandle handle(List<NodeInfo> nodes, List<HasMetadata> objects, Release release) {
        Features f = Features.of(release.reference(), Map.of());
        return new SnapshotHandle(nodes, objects) {
            @Override
            public Features features() {
                return f;
            }
        };
    }

    private static NodeResourcesFitArgs fitArgs(String strategy, List<ResourceSpec> resources, List<UtilizationShapePoint> shape) {
        return new NodeResourcesFitArgs(null, null, new ScoringStrategy(strategy, resources, shape));
    }

    /** Scores every node, with PreScore first or (as upstream's "if PreScore is not called" cases) without it. */
    private static List<Long> scores(ScorePlugin pl, PodInfo pod, List<NodeInfo> nodes, boolean runPreScore) {
        CycleState state = new CycleState();
        if (runPreScore) {
            Status s = ((PreScorePlugin) pl).preScore(state, pod, nodes);
            assertTrue(s.isSuccess(), s.toString());
        }
        List<Long> out = new ArrayList<>();
        for (NodeInfo n : nodes) {
            out.add(pl.score(state, pod, n));
        }
        return out;
    }

    record Case(String name, Object args, PodInfo pod, List<NodeInfo> nodes, List<HasMetadata> objects, Release release, List<Long> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        PodInfo wantsOne = pod("p").c(DRA + "=1").info();
        List<NodeInfo> twoBare = List.of(node("node1", ""), node("node2", ""));
        List<HasMetadata> threeAndTwo = objects(deviceClass(DRA), slice("node1", "device-1", "device-2", "device-3"), slice("node2", "device-1", "device-2"));
        // balanced_allocation_test.go: node1 runs cpu-only pods, node2 cpu and memory; node1 has 8 devices
        List<NodeInfo> balancedNodes = List.of(
                node("node1", "cpu=3500m,memory=40000", pod("a").c("cpu=1000m").c("cpu=2000m").on("node1").info()),
                node("node2", "cpu=3500m,memory=40000", pod("b").c("cpu=1000m,memory=2000").c("cpu=2000m,memory=3000").on("node2").info()));
        List<HasMetadata> eight = objects(deviceClass(DRA),
                slice("node1", "device-1", "device-2", "device-3", "device-4", "device-5", "device-6", "device-7", "device-8"));
        return Stream.of(
                new Case("LeastAllocated with Extended resources", fitArgs("LeastAllocated", ONLY_DRA, null), wantsOne, twoBare, threeAndTwo,
                        Release.V1_36, List.of(66L, 50L)),
                new Case("MostAllocated with Extended resources", fitArgs("MostAllocated", ONLY_DRA, null), wantsOne, twoBare, threeAndTwo,
                        Release.V1_36, List.of(33L, 50L)),
                new Case("RequestedToCapacityRatio with Extended resources",
                        fitArgs("RequestedToCapacityRatio", ONLY_DRA, List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 10))),
                        wantsOne, twoBare, threeAndTwo, Release.V1_36, List.of(33L, 50L)),
                new Case("a device taken by a claim counts as requested", fitArgs("LeastAllocated", ONLY_DRA, null), wantsOne, twoBare,
                        objects(deviceClass(DRA), slice("node1", "device-1", "device-2", "device-3"), slice("node2", "device-1", "device-2"),
                                allocatedClaim("taken", CLASS, "node1", "device-1", null)),
                        Release.V1_36, List.of(33L, 50L)),
                new Case("the implicit name deviceclass.resource.kubernetes.io/CLASS", fitArgs("LeastAllocated", List.of(new ResourceSpec(IMPLICIT, 1)), null),
                        pod("p").c(IMPLICIT + "=1").info(), twoBare,
                        objects(deviceClass(null), slice("node1", "device-1", "device-2", "device-3"), slice("node2", "device-1", "device-2")),
                        Release.V1_36, List.of(66L, 50L)),
                new Case("a node advertising the resource (device plugin) is scored from its allocatable", fitArgs("LeastAllocated", ONLY_DRA, null),
                        wantsOne, List.of(node("node1", DRA + "=4"), node("node2", "")), threeAndTwo, Release.V1_36, List.of(75L, 50L)),
                new Case("a node without devices of the class does not count the resource", fitArgs("LeastAllocated", CPU_MEMORY_DRA, null),
                        pod("p").c("cpu=1,memory=1000," + DRA + "=1").info(),
                        List.of(node("node1", "cpu=4,memory=4000"), node("node2", "cpu=4,memory=4000")),
                        objects(deviceClass(DRA), slice("node1", "device-1", "device-2")), Release.V1_36, List.of(66L, 75L)),
                new Case("before v1.36 (gate off) the resource is one the node lacks", fitArgs("LeastAllocated", ONLY_DRA, null), wantsOne, twoBare,
                        threeAndTwo, Release.V1_35, List.of(0L, 0L)),
                new Case("BalancedAllocation: include DRA resource on a node", new NodeResourcesBalancedAllocationArgs(CPU_MEMORY_DRA), wantsOne,
                        balancedNodes, eight, Release.V1_36, List.of(76L, 75L)));
    }

    private static ScorePlugin plugin(Object args, SnapshotHandle h) throws Exception {
        return (ScorePlugin) (args instanceof NodeResourcesFitArgs ? NodeResourcesFit.create(args, h) : NodeResourcesBalancedAllocation.create(args, h));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void scoresWithPreScore(Case c) throws Exception {
        ScorePlugin pl = plugin(c.args(), handle(c.nodes(), c.objects(), c.release()));
        assertEquals(c.want(), scores(pl, c.pod(), c.nodes(), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void scoresWithoutPreScore(Case c) throws Exception {
        ScorePlugin pl = plugin(c.args(), handle(c.nodes(), c.objects(), c.release()));
        assertEquals(c.want(), scores(pl, c.pod(), c.nodes(), false));
    }

    /**
     * v1.36 builds NodeResourcesBalancedAllocation without the CEL cache NodeResourcesFit gets, and dereferences it
     * on the first device it checks against a class selector: kube-scheduler crashes; kube-whatif reports an error.
     */
    @Test
    void balancedAllocationCannotEvaluateClassSelectors() throws Exception {
        List<NodeInfo> nodes = List.of(node("node1", "cpu=4,memory=4000"));
        List<HasMetadata> objects = objects(deviceClass(DRA, "device.driver == \"test-driver\""), slice("node1", "device-1"));
        SnapshotHandle h = handle(nodes, objects, Release.V1_36);
        ScorePlugin ba = plugin(new NodeResourcesBalancedAllocationArgs(CPU_MEMORY_DRA), h);
        PluginException e = assertThrows(PluginException.class, () -> scores(ba, pod("p").c("cpu=1," + DRA + "=1").info(), nodes, true));
        assertEquals(Code.ERROR, e.status().code());
        assertTrue(e.getMessage().startsWith("NodeResourcesBalancedAllocation cannot evaluate the selectors of device class device-class-name"), e.getMessage());
        // NodeResourcesFit has its cache: 1 of 1 device requested
        ScorePlugin fit = plugin(fitArgs("LeastAllocated", ONLY_DRA, null), h);
        assertEquals(List.of(0L), scores(fit, pod("p").c(DRA + "=1").info(), nodes, true));
        // no device reaching the node, nothing evaluated: no crash, the resource is left out
        List<NodeInfo> other = List.of(node("node2", "cpu=4,memory=4000"));
        ScorePlugin ba2 = plugin(new NodeResourcesBalancedAllocationArgs(CPU_MEMORY_DRA), handle(other, objects, Release.V1_36));
        assertEquals(List.of(75L), scores(ba2, pod("p").c("cpu=1,memory=1000," + DRA + "=1").info(), other, true));
    }
}
