package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the API server would have done to the manifests before kube-scheduler sees them (pkg/apis/core/v1/defaults.go
 * with the v1.34 default feature gates, and the Priority admission plugin).
 */
class ApiDefaultingTest {
    @TempDir
    Path dir;

    private ClusterLoader.Loaded load(String cluster, String pods) throws Exception {
        Path c = dir.resolve("cluster.yaml");
        Files.writeString(c, cluster);
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, pods);
        return new ClusterLoader(new ManifestReader(new ByteArrayInputStream(new byte[0]))).load(List.of(c.toString()), List.of(p.toString()));
    }

    private static final String NODE = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {capacity: {cpu: \"4\", memory: 8Gi}}\n";

    private static String pod(String spec) {
        return "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n" + spec.indent(2);
    }

    /** A pod's spec, what defaulting makes of spec.resources.requests, and the requests the scheduler then uses. */
    record Case(String name, String spec, String podCpuRequest, String podMemoryRequest, long milliCpu, long memory) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> podLevelCases() {
        return Stream.of(
                // defaultPodRequests: cpu from the containers' effective requests, memory (no container asks) from the limit.
                new Case("pod limits, container requests", """
                        resources: {limits: {cpu: "2", memory: 1Gi}}
                        initContainers: [{name: i, image: x, resources: {requests: {cpu: 700m}}}]
                        containers:
                        - {name: a, image: x, resources: {requests: {cpu: 500m}}}
                        - {name: b, image: x, resources: {requests: {cpu: 500m}}}
                        """, "1", "1Gi", 1000, 1024L * 1024 * 1024),
                // Container requests defaulted from container limits count as container requests.
                new Case("pod limits, container limits only", """
                        resources: {limits: {cpu: "2"}}
                        containers: [{name: a, image: x, resources: {limits: {cpu: 300m}}}]
                        """, "300m", null, 300, 0),
                // Explicit pod-level requests are kept.
                new Case("pod requests given", """
                        resources: {requests: {cpu: 1500m}, limits: {cpu: "2"}}
                        containers: [{name: a, image: x, resources: {requests: {cpu: 500m}}}]
                        """, "1500m", null, 1500, 0),
                // Without pod-level limits nothing is defaulted at pod level.
                new Case("no pod limits", """
                        containers: [{name: a, image: x, resources: {requests: {cpu: 500m}}}]
                        """, null, null, 500, 0));
    }

    @ParameterizedTest
    @MethodSource("podLevelCases")
    void podLevelRequestsAreDefaultedAsTheApiServerDoes(Case c) throws Exception {
        Pod p = load(NODE, pod(c.spec())).podsToSchedule().get(0);
        var req = p.getSpec().getResources() == null ? null : p.getSpec().getResources().getRequests();
        assertEquals(c.podCpuRequest(), req == null || req.get("cpu") == null ? null : req.get("cpu").toString());
        assertEquals(c.podMemoryRequest(), req == null || req.get("memory") == null ? null : req.get("memory").toString());
        PodInfo info = PodInfo.of(p);
        assertEquals(c.milliCpu(), info.requests().milliCpu);
        assertEquals(c.memory(), info.requests().memory);
    }

    @Test
    void resourceQuantitiesAreRoundedUpToMilliUnitsBeforeTheyAreSummed() throws Exception {
        // SetDefaults_ResourceList: 100u becomes 1m in every container, so three containers request 3m (not 1m).
        Pod p = load(NODE, pod("""
                containers:
                - {name: a, image: x, resources: {requests: {cpu: 100u}}}
                - {name: b, image: x, resources: {requests: {cpu: 100u}}}
                - {name: c, image: x, resources: {limits: {cpu: 100u}}}
                """)).podsToSchedule().get(0);
        assertEquals(3, PodInfo.of(p).requests().milliCpu);
        assertEquals("1m", p.getSpec().getContainers().get(2).getResources().getRequests().get("cpu").toString());
    }

    @Test
    void anEmptyAllocatableIsKeptAndOnlyAMissingOneComesFromCapacity() throws Exception {
        var l = load(NODE + """
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: n2}
                status: {capacity: {cpu: "4"}, allocatable: {}}
                """, pod("containers: [{name: a, image: x}]"));
        assertEquals("4", only(l.cluster(), "n1").getStatus().getAllocatable().get("cpu").toString());
        assertTrue(only(l.cluster(), "n2").getStatus().getAllocatable().isEmpty());
    }

    @Test
    void theGlobalDefaultWithTheLowestValueWins() throws Exception {
        // Priority admission (getDefaultPriorityClass): with several globalDefault classes the lowest value is used.
        Pod p = load(NODE + """
                ---
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: low}
                value: 50
                globalDefault: true
                preemptionPolicy: Never
                ---
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 100
                globalDefault: true
                """, pod("containers: [{name: a, image: x}]")).podsToSchedule().get(0);
        assertEquals(50, p.getSpec().getPriority());
        assertEquals("Never", p.getSpec().getPreemptionPolicy());
    }

    @Test
    void aTrailingDocumentSeparatorIsAnEmptyDocument() throws Exception {
        var l = load(NODE + "---\n", pod("containers: [{name: a, image: x}]") + "---\n");
        assertEquals(1, l.podsToSchedule().size());
        assertNull(l.warnings().stream().filter(w -> w.contains("document")).findFirst().orElse(null), l.warnings().toString());
    }

    @Test
    void anUnreadableTimestampIsAnInputErrorNamingTheField() {
        InputException e = org.junit.jupiter.api.Assertions.assertThrows(InputException.class, () -> load(NODE + """
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: r, creationTimestamp: yesterday}
                spec: {nodeName: n1, containers: [{name: a, image: x}]}
                """, pod("containers: [{name: a, image: x}]")));
        assertTrue(e.getMessage().contains("metadata.creationTimestamp: Invalid value: \"yesterday\""), e.getMessage());
        assertTrue(e.getMessage().contains("cluster.yaml"), e.getMessage());
    }

    @Test
    void anUnreadableStatusQuantityIsAnInputErrorNamingTheField() {
        InputException e = org.junit.jupiter.api.Assertions.assertThrows(InputException.class, () -> load(NODE + """
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: r}
                spec: {nodeName: n1, containers: [{name: a, image: x}]}
                status:
                  containerStatuses: [{name: a, allocatedResources: {cpu: lots}}]
                """, pod("containers: [{name: a, image: x}]")));
        assertTrue(e.getMessage().contains("status.containerStatuses[0].allocatedResources.cpu: cannot parse quantity \"lots\""), e.getMessage());
    }

    @Test
    void aNullLabelValueIsTheEmptyLabelAsGoDecodesIt() throws Exception {
        ClusterLoader.Loaded l = load("""
                apiVersion: v1
                kind: Node
                metadata:
                  name: n1
                  labels:
                    zone:
                    rack: r1
                status: {capacity: {cpu: "4", memory: 8Gi}}
                """, pod("containers: [{name: a, image: x}]"));
        assertEquals(java.util.Map.of("zone", "", "rack", "r1"), only(l.cluster(), "n1").getMetadata().getLabels());
    }

    private static Node only(List<HasMetadata> objs, String name) {
        return objs.stream().filter(Node.class::isInstance).map(Node.class::cast)
                .filter(n -> n.getMetadata().getName().equals(name)).findFirst().orElseThrow();
    }
}
