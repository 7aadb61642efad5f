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

    /**
     * API defaulting (SetDefaults_ResourceList, applied by the reference harness: oracle.apiDefaults) rounds each
     * resource list value up to milli precision before the scheduler sums them.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} x{1} -> {2}m")
    @org.junit.jupiter.params.provider.CsvSource({"0.0005, 2, 2", "0.0001, 3, 3", "0.3333333333, 3, 1002", "0.25, 4, 1000", "1m, 3, 3", "0, 2, 0"})
    void eachValueIsRoundedUpToMilliBeforeSumming(String cpu, int containers, long wantMilli) {
        Pod p = Fixtures.pod("p").build();
        java.util.List<Container> cs = new ArrayList<>();
        for (int i = 0; i < containers; i++) {
            cs.add(c("c" + i, cpu, null));
        }
        p.getSpec().setContainers(cs);
        assertEquals(wantMilli, PodResources.compute(p).requests().milliCpu);
    }

    @Test
    void nodeAllocatableIsRoundedUpToMilliToo() {
        assertEquals(1001, PodResources.toResource(PodResources.exact(Map.of("cpu", new Quantity("1.0001")))).milliCpu);
        assertEquals(0, new java.math.BigDecimal("0.001").compareTo(PodResources.parse(new Quantity("0.0000001"))));
    }

    private static Container both(String name, String cpu, String memory, String restartPolicy) {
        Container c = c(name, null, restartPolicy);
        java.util.Map<String, Quantity> r = new java.util.HashMap<>();
        if (cpu != null) {
            r.put("cpu", new Quantity(cpu));
        }
        if (memory != null) {
            r.put("memory", new Quantity(memory));
        }
        c.getResources().setRequests(r);
        return c;
    }

    /**
     * The non-zero sums equal the requests when every container asks for cpu and memory (the aggregation with
     * defaults is skipped then), and take the defaults as soon as one container, init or not, misses either.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource({
            "all request both,            1Gi,   1Gi,  ,      2000, 2147483648",
            "init misses memory (max),    1Gi,   ,     ,      2000, 2147483648",
            "sidecar misses memory,       1Gi,   ,     Always, 2100, 2357198848",
            "container misses memory,     ,      1Gi,  ,      2000, 1283457024"})
    void nonZeroSumsWithAndWithoutMissingRequests(String name, String appMemory, String initMemory, String initRestart,
                                                  long wantCpu, long wantMemory) {
        Pod p = Fixtures.pod("p").build();
        p.getSpec().setContainers(new ArrayList<>(java.util.List.of(both("app", "1", appMemory, null), both("db", "1", "1Gi", null))));
        p.getSpec().setInitContainers(new ArrayList<>(java.util.List.of(both("init", "100m", initMemory, initRestart))));
        PodResources.Result r = PodResources.compute(p);
        assertEquals(wantCpu, r.nonZeroMilliCpu());
        assertEquals(wantMemory, r.nonZeroMemory());
    }

    @Test
    void infeasibleResizeTakesTheStatusRequestsAndTheDefaultsForWhatTheyMiss() {
        Pod p = Fixtures.pod("p").build();
        p.getSpec().setContainers(new ArrayList<>(java.util.List.of(both("app", "1", "1Gi", null))));
        p.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder()
                .addNewCondition().withType("PodResizePending").withReason("Infeasible").withStatus("True").endCondition()
                .addNewContainerStatus().withName("app").withNewResources().withRequests(Map.of("cpu", new Quantity("2"))).endResources().endContainerStatus()
                .build());
        PodResources.Result r = PodResources.compute(p);
        assertEquals(2000, r.requests().milliCpu);
        assertEquals(0, r.requests().memory);
        assertEquals(2000, r.nonZeroMilliCpu());
        assertEquals(200L * 1024 * 1024, r.nonZeroMemory());
    }
}
