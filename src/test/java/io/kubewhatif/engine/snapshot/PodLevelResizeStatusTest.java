package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A running pod's pod-level requests with an in-place resize status (component-helpers PodRequests with
 * InPlacePodLevelResourcesVerticalScaling): the larger of spec, actuated ({@code status.resources.requests}) and
 * allocated ({@code status.allocatedResources}); an infeasible resize leaves the spec out.
 */
class PodLevelResizeStatusTest {
    private static Pod pod(String specCpu, String specMemory) {
        Pod p = Fixtures.pod("p").req("cpu", "100m").build();
        Map<String, Quantity> req = new HashMap<>();
        req.put("cpu", new Quantity(specCpu));
        if (specMemory != null) {
            req.put("memory", new Quantity(specMemory));
        }
        ResourceRequirements r = new ResourceRequirements();
        r.setRequests(req);
        p.getSpec().setResources(r);
        p.setStatus(new PodStatus());
        return p;
    }

    private static void status(Pod p, Map<String, String> actuated, Map<String, String> allocated) {
        ResourceRequirements r = new ResourceRequirements();
        Map<String, Quantity> a = new HashMap<>();
        actuated.forEach((k, v) -> a.put(k, new Quantity(v)));
        r.setRequests(a);
        p.getStatus().setAdditionalProperty(PodResources.POD_STATUS_RESOURCES, r);
        if (allocated != null) {
            Map<String, Quantity> al = new HashMap<>();
            allocated.forEach((k, v) -> al.put(k, new Quantity(v)));
            p.getStatus().setAdditionalProperty(PodResources.POD_STATUS_ALLOCATED_RESOURCES, al);
        }
    }

    private static void infeasible(Pod p) {
        PodCondition c = new PodCondition();
        c.setType("PodResizePending");
        c.setReason("Infeasible");
        c.setStatus("True");
        p.getStatus().setConditions(List.of(c));
    }

    @Test
    void withoutAResizeStatusTheSpecCounts() {
        assertEquals(1000, PodResources.compute(pod("1", null)).requests().milliCpu);
    }

    @Test
    void aDownsizeInProgressCountsWhatIsStillActuated() {
        Pod p = pod("1", "1Gi");
        status(p, Map.of("cpu", "3", "memory", "1Gi"), Map.of("cpu", "1", "memory", "1Gi"));
        PodResources.Result r = PodResources.compute(p);
        assertEquals(3000, r.requests().milliCpu);
        assertEquals(1L << 30, r.requests().memory);
        assertEquals(3000, r.nonZeroMilliCpu());
    }

    @Test
    void anAllocatedUpsizeCountsBeforeItIsActuated() {
        Pod p = pod("2", null);
        status(p, Map.of("cpu", "1"), Map.of("cpu", "2500m"));
        assertEquals(2500, PodResources.compute(p).requests().milliCpu);
    }

    @Test
    void anInfeasibleResizeCountsOnlyTheStatusAndZeroForWhatItLacks() {
        Pod p = pod("4", "2Gi");
        status(p, Map.of("cpu", "1"), null);
        infeasible(p);
        PodResources.Result r = PodResources.compute(p);
        assertEquals(1000, r.requests().milliCpu);
        assertEquals(0, r.requests().memory);
    }
}
