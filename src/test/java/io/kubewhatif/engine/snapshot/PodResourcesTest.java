package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PodResourcesTest {
    private static Container c(String name, String cpu, String restartPolicy) {
        Container c = new Container();
        c.setName(name);
        c.setResources(new ResourceRequirements());
        if (cpu != null) {
            c.getResources().setRequests(Map.of("cpu", new Quantity(cpu)));
        }
        c.setRestartPolicy(restartPolicy);
        return c;
    }

    @Test
    void initContainersTakeTheMaxAndSidecarsAdd() {
        Pod p = Fixtures.pod("p").req("cpu", "500m").build();
        p.getSpec().setInitContainers(new ArrayList<>(java.util.List.of(c("sidecar", "200m", "Always"), c("init", "1", null))));
        PodResources.Result r = PodResources.compute(p);
        // containers 500m + sidecar 200m = 700m; init 1 + sidecar 200m = 1200m → max 1200m
        assertEquals(1200, r.requests().milliCpu);
    }

    @Test
    void nonZeroDefaultsApplyPerContainerWithoutRequest() {
        Pod p = Fixtures.pod("p").build();
        PodResources.Result r = PodResources.compute(p);
        assertEquals(0, r.requests().milliCpu);
        assertEquals(100, r.nonZeroMilliCpu());
        assertEquals(200L * 1024 * 1024, r.nonZeroMemory());
    }

    @Test
    void overheadIsAdded() {
        Pod p = Fixtures.pod("p").req("cpu", "1").build();
        p.getSpec().setOverhead(Map.of("cpu", new Quantity("250m")));
        assertEquals(1250, PodResources.compute(p).requests().milliCpu);
    }

    @Test
    void sumsExactlyBeforeRoundingUp() {
        Pod p = Fixtures.pod("p").build();
        p.getSpec().setContainers(new ArrayList<>(java.util.List.of(c("a", "0.0005", null), c("b", "0.0005", null))));
        assertEquals(1, PodResources.compute(p).requests().milliCpu);
    }
}
