package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.kubewhatif.engine.snapshot.PodResources;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** API defaulting of pod-level resources (SetDefaults_Pod: defaultHugePagePodLimits, defaultPodRequests). */
class PodLevelDefaultsTest {
    @TempDir
    Path dir;

    /** spec: the pod's spec in YAML flow style; want: pod-level requests (and limits) after defaulting as plain values, "-" for none. */
    record Case(String name, String spec, String wantRequests, String wantLimits, long wantMilliCpu) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("pod-level limits, containers without requests: requests are the limits",
                        "{resources: {limits: {cpu: '2', memory: 2Gi}}, containers: [{name: a, image: x}]}",
                        "cpu=2 memory=2147483648", "cpu=2 memory=2147483648", 2000),
                new Case("containers request cpu: the pod-level cpu request is their sum, not the pod-level limit",
                        "{resources: {limits: {cpu: '2', memory: 2Gi}}, containers: [{name: a, image: x, resources: {requests: {cpu: 300m}}},"
                                + " {name: b, image: x, resources: {requests: {cpu: 200m}}}]}",
                        "cpu=0.5 memory=2147483648", "cpu=2 memory=2147483648", 500),
                new Case("an init container larger than the containers sets the aggregate",
                        "{resources: {limits: {cpu: '4'}}, initContainers: [{name: i, image: x, resources: {requests: {cpu: '1'}}}],"
                                + " containers: [{name: a, image: x, resources: {requests: {cpu: 300m}}}]}",
                        "cpu=1", "cpu=4", 1000),
                new Case("container limits become container requests first, then count for the pod",
                        "{resources: {limits: {cpu: '2'}}, containers: [{name: a, image: x, resources: {limits: {cpu: 700m}}}]}",
                        "cpu=0.7", "cpu=2", 700),
                new Case("explicit pod-level requests are kept",
                        "{resources: {requests: {cpu: '1'}, limits: {cpu: '2', memory: 1Gi}}, containers: [{name: a, image: x, resources: {requests: {cpu: 300m, memory: 100Mi}}}]}",
                        "cpu=1 memory=104857600", "cpu=2 memory=1073741824", 1000),
                new Case("hugepages are not overcommittable: their request defaults to the pod-level limit",
                        "{resources: {limits: {cpu: '1', hugepages-2Mi: 100Mi}}, containers: [{name: a, image: x, resources: {requests: {hugepages-2Mi: 10Mi}, limits: {hugepages-2Mi: 10Mi}}}]}",
                        "cpu=1 hugepages-2Mi=104857600", "cpu=1 hugepages-2Mi=104857600", 1000),
                new Case("pod-level hugepage limit defaults to the containers', then the request to that limit",
                        "{resources: {requests: {cpu: '1'}}, containers: [{name: a, image: x, resources: {limits: {hugepages-1Gi: 2Gi}}}]}",
                        "cpu=1 hugepages-1Gi=2147483648", "hugepages-1Gi=2147483648", 1000),
                new Case("no pod-level limits: nothing is defaulted",
                        "{resources: {requests: {memory: 1Gi}}, containers: [{name: a, image: x, resources: {requests: {cpu: 300m}}}]}",
                        "memory=1073741824", "-", 300));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void podLevelResourcesAreDefaultedAsTheApiServerDoes(Case c) throws Exception {
        Path cluster = dir.resolve("cluster.yaml");
        Files.writeString(cluster, "apiVersion: v1\nkind: Node\nmetadata: {name: n}\n");
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: " + c.spec() + "\n");
        var loaded = new ClusterLoader(new ManifestReader(new ByteArrayInputStream(new byte[0]))).load(List.of(cluster.toString()), List.of(pod.toString()));
        Pod p = loaded.podsToSchedule().get(0);
        var r = p.getSpec().getResources();
        assertEquals(c.wantRequests(), render(r.getRequests()), "requests");
        assertEquals(c.wantLimits(), render(r.getLimits()), "limits");
        assertEquals(c.wantMilliCpu(), PodResources.compute(p).requests().milliCpu, "the scheduler's cpu request");
    }

    private static String render(Map<String, Quantity> m) {
        if (m == null || m.isEmpty()) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Quantity> e : new TreeMap<>(m).entrySet()) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(e.getKey()).append('=').append(PodResources.parse(e.getValue()).stripTrailingZeros().toPlainString());
        }
        return sb.toString();
    }
}
