package io.kubewhatif.engine.plugins.noderesources;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * resource_allocation_test.go TestResourceAllocationScorerCalculateRequests: the scorer's pod requests (no pod-level
 * resources, every container and init container lacking cpu or memory gets the scheduler's defaults, overhead added).
 */
class ResourceAllocationUpstreamCasesTest {
    private static final long ONE_MI = 1048576;
    private static final long DEFAULT_CPU = 100;
    private static final long DEFAULT_MEM = 200L * 1024 * 1024;

    record Case(String name, Pod pod, long cpu, long memory) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Container c(String... kv) {
        Map<String, Quantity> req = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            req.put(kv[i], new Quantity(kv[i + 1]));
        }
        ContainerBuilder b = new ContainerBuilder().withName("c").withImage("x");
        if (!req.isEmpty()) {
            b.withNewResources().withRequests(req).endResources();
        }
        return b.build();
    }

    static Pod pod(Map<String, String> overhead, List<Container> inits, List<Container> containers) {
        PodBuilder b = new PodBuilder().withNewMetadata().withName("p").withNamespace("default").endMetadata().withNewSpec()
                .withInitContainers(new ArrayList<>(inits)).withContainers(new ArrayList<>(containers)).endSpec();
        Pod p = b.build();
        if (overhead != null) {
            Map<String, Quantity> o = new LinkedHashMap<>();
            overhead.forEach((k, v) -> o.put(k, new Quantity(v)));
            p.getSpec().setOverhead(o);
        }
        return p;
    }

    static final Map<String, String> OVERHEAD = Map.of("cpu", "1", "memory", "1Mi");

    static Stream<Case> cases() {
        return Stream.of(
                new Case("overhead only", pod(OVERHEAD, List.of(), List.of()), 1000, ONE_MI),
                new Case("1x requestless container", pod(null, List.of(), List.of(c())), DEFAULT_CPU, DEFAULT_MEM),
                new Case("2x requestless container", pod(null, List.of(), List.of(c(), c())), 2 * DEFAULT_CPU, 2 * DEFAULT_MEM),
                new Case("request container + requestless container", pod(null, List.of(), List.of(c("cpu", "1", "memory", "1Mi"), c())),
                        1000 + DEFAULT_CPU, ONE_MI + DEFAULT_MEM),
                new Case("container + requestless container + overhead", pod(OVERHEAD, List.of(), List.of(c("cpu", "1", "memory", "1Mi"), c())),
                        2000 + DEFAULT_CPU, 2 * ONE_MI + DEFAULT_MEM),
                new Case("init container + container + requestless container + overhead",
                        pod(OVERHEAD, List.of(c("cpu", "3")), List.of(c("cpu", "1", "memory", "1Mi"), c())), 4000, 2 * ONE_MI + DEFAULT_MEM),
                new Case("requestless init container + small init container + small container",
                        pod(null, List.of(c(), c("cpu", "1m", "memory", "1")), List.of(c("cpu", "3m", "memory", "3"))), DEFAULT_CPU, DEFAULT_MEM),
                new Case("requestless init container + small init container + small container + requestless container",
                        pod(null, List.of(c(), c("cpu", "1m", "memory", "1")), List.of(c("cpu", "3m", "memory", "3"), c())),
                        3 + DEFAULT_CPU, 3 + DEFAULT_MEM));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void calculatePodResourceRequest(Case c) {
        assertArrayEquals(new long[] {c.cpu(), c.memory()}, FitScoringRequests.of(c.pod(), new String[] {"cpu", "memory"}));
    }
}
