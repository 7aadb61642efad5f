package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.noderesources.ResourcePods.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * fit_test.go TestEnoughRequests, its PodLevelResources cases (the gate is beta and on in 1.34, 1.35 and 1.36): pod-level
 * cpu, memory and hugepages requests replace the containers' aggregate in Filter, init containers included.
 */
class FitPodLevelUpstreamCasesTest {
    /** Upstream's makeAllocatableResources(10, 20, 32, 5, 20, 5). */
    private static final String NODE = "cpu=10m,memory=20,pods=32,example.com/aaa=5,ephemeral-storage=20,hugepages-2Mi=5";

    record Case(String name, PodInfo pod, String used, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("both pod-level and container-level resources fit",
                        pod("p").c("cpu=1m,memory=1").podLevel("cpu=1m,memory=2").info(), "cpu=5m,memory=5", Status.SUCCESS),
                new Case("pod-level cpu resource not fit",
                        pod("p").c("cpu=1m,memory=1").podLevel("cpu=7m,memory=2").info(), "cpu=5m,memory=5", Status.unschedulable("Insufficient cpu")),
                new Case("pod-level memory resource not fit",
                        pod("p").c("cpu=1m,memory=1").podLevel("cpu=3m,memory=2").info(), "cpu=5m,memory=19", Status.unschedulable("Insufficient memory")),
                new Case("pod-level hugepages resource fit",
                        pod("p").c("").podLevel("cpu=3m,memory=2,hugepages-2Mi=5").info(), null, Status.SUCCESS),
                new Case("both pod-level and container-level hugepages resource fit",
                        pod("p").c("cpu=1m,memory=1,hugepages-2Mi=3").podLevel("cpu=3m,memory=2,hugepages-2Mi=5").info(), null, Status.SUCCESS),
                new Case("pod-level hugepages resource not fit",
                        pod("p").c("").podLevel("cpu=3m,memory=2,hugepages-2Mi=10").info(), null, Status.unresolvable("Insufficient hugepages-2Mi")),
                new Case("one pod-level cpu resource fits and all init and non-init containers resources fit",
                        pod("p").c("cpu=1m,memory=1").init("cpu=1m,memory=1").podLevel("cpu=3m,memory=2").info(), "cpu=5m,memory=19",
                        Status.unschedulable("Insufficient memory")),
                // skip checking resource request with quantity zero
                new Case("a pod requesting only an extended resource skips cpu and memory",
                        pod("p").c("example.com/aaa=1").info(), "cpu=20m,memory=30,example.com/aaa=1", Status.SUCCESS));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void filter(Case c) {
        NodeResourcesFit fit = NodeResourcesFit.withDefaults();
        NodeInfo node = c.used() == null ? ResourcePods.node("n", NODE) : ResourcePods.node("n", NODE, ResourcePods.running("existing", "n", c.used()));
        CycleState state = new CycleState();
        fit.preFilter(state, c.pod(), List.of(node));
        assertEquals(c.want(), fit.filter(state, c.pod(), node));
    }
}
