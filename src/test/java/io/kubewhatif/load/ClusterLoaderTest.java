package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ClusterLoaderTest {
    @TempDir
    Path dir;

    private ClusterLoader.Loaded load(String cluster, String pods) throws Exception {
        Path c = dir.resolve("cluster.yaml");
        Files.writeString(c, cluster);
        List<String> podPaths = List.of();
        if (pods != null) {
            Path p = dir.resolve("pod.yaml");
            Files.writeString(p, pods);
            podPaths = List.of(p.toString());
        }
        return new ClusterLoader(new ManifestReader(new ByteArrayInputStream(new byte[0]))).load(List.of(c.toString()), podPaths);
    }

    private static <T> T only(List<HasMetadata> objs, Class<T> type, String name) {
        return objs.stream().filter(type::isInstance).map(type::cast)
                .filter(o -> ((HasMetadata) o).getMetadata().getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void appliesApiDefaultingAndClusterConventions() throws Exception {
        var l = load("""
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {capacity: {cpu: "2"}}
                ---
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 1000
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: running, namespace: team, creationTimestamp: "2024-05-01T00:00:00Z"}
                spec:
                  nodeName: n1
                  priorityClassName: high
                  hostNetwork: true
                  containers:
                  - name: c
                    image: x
                    ports: [{containerPort: 8080}]
                    resources: {limits: {cpu: "1", memory: 1Gi}, requests: {memory: 512Mi}}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: done}
                spec: {nodeName: n1, containers: [{name: c, image: x}]}
                status: {phase: Succeeded}
                ---
                apiVersion: v1
                kind: PersistentVolume
                metadata: {name: pv1}
                spec: {capacity: {storage: 1Gi}}
                ---
                apiVersion: v1
                kind: PersistentVolumeClaim
                metadata: {name: claim}
                spec: {volumeName: pv1}
                """, null);
        Node n = only(l.cluster(), Node.class, "n1");
        assertEquals("2", n.getStatus().getAllocatable().get("cpu").toString());
        Pod p = only(l.cluster(), Pod.class, "running");
        assertEquals("team/running", p.getMetadata().getUid());
        assertEquals(1000, p.getSpec().getPriority());
        assertEquals("default-scheduler", p.getSpec().getSchedulerName());
        assertEquals("PreemptLowerPriority", p.getSpec().getPreemptionPolicy());
        assertEquals("1", p.getSpec().getContainers().get(0).getResources().getRequests().get("cpu").toString());
        assertEquals("512Mi", p.getSpec().getContainers().get(0).getResources().getRequests().get("memory").toString());
        assertEquals(8080, p.getSpec().getContainers().get(0).getPorts().get(0).getHostPort());
        assertEquals("TCP", p.getSpec().getContainers().get(0).getPorts().get(0).getProtocol());
        assertEquals("2024-05-01T00:00:00Z", p.getStatus().getStartTime());
        assertTrue(l.cluster().stream().noneMatch(o -> o.getMetadata().getName().equals("done")), "terminal pods are ignored");
        assertEquals("Available", only(l.cluster(), PersistentVolume.class, "pv1").getStatus().getPhase());
        PersistentVolumeClaim pvc = only(l.cluster(), PersistentVolumeClaim.class, "claim");
        assertEquals("Bound", pvc.getStatus().getPhase());
        assertEquals("yes", pvc.getMetadata().getAnnotations().get("pv.kubernetes.io/bind-completed"));
        Namespace team = only(l.cluster(), Namespace.class, "team");
        assertEquals("team", team.getMetadata().getLabels().get("kubernetes.io/metadata.name"));
    }

    @Test
    void listsAreFlattenedAndUnknownKindsWarned() throws Exception {
        var l = load("""
                apiVersion: v1
                kind: List
                items:
                - {apiVersion: v1, kind: Node, metadata: {name: a}}
                - {apiVersion: example.com/v1, kind: Widget, metadata: {name: w}}
                """, """
                {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "image": "x"}]}}
                """);
        assertEquals(1, l.podsToSchedule().size());
        assertTrue(l.warnings().stream().anyMatch(w -> w.contains("Widget")), l.warnings().toString());
    }

    @Test
    void matchLabelKeysAreMergedIntoTheSelector() throws Exception {
        var l = load("apiVersion: v1\nkind: Node\nmetadata: {name: a}\n", """
                apiVersion: v1
                kind: Pod
                metadata: {name: p, labels: {app: web, rev: "7"}}
                spec:
                  containers: [{name: c, image: x}]
                  affinity:
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - labelSelector: {matchLabels: {app: web}}
                        topologyKey: kubernetes.io/hostname
                        matchLabelKeys: [rev]
                        mismatchLabelKeys: [missing]
                """);
        var sel = l.podsToSchedule().get(0).getSpec().getAffinity().getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution().get(0).getLabelSelector();
        assertEquals(1, sel.getMatchExpressions().size());
        assertEquals("rev", sel.getMatchExpressions().get(0).getKey());
        assertEquals(List.of("7"), sel.getMatchExpressions().get(0).getValues());
    }

    @Test
    void badQuantityNamesFileDocumentObjectAndField() {
        InputException e = assertThrows(InputException.class, () -> load("""
                apiVersion: v1
                kind: Node
                metadata: {name: ok}
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: node-a}
                status: {capacity: {cpu: 2x}}
                """, null));
        assertEquals(dir.resolve("cluster.yaml") + ": document 2 (Node node-a): status.capacity.cpu: cannot parse quantity \"2x\"", e.getMessage());
    }

    @Test
    void podFileWithoutPodIsAnError() {
        InputException e = assertThrows(InputException.class, () -> load("apiVersion: v1\nkind: Node\nmetadata: {name: a}\n",
                "apiVersion: v1\nkind: Node\nmetadata: {name: b}\n"));
        assertTrue(e.getMessage().contains("no Pod found"), e.getMessage());
    }

    @Test
    void stdinIsReadForDash() throws Exception {
        ManifestReader r = new ManifestReader(new ByteArrayInputStream("apiVersion: v1\nkind: Node\nmetadata: {name: s}\n".getBytes(StandardCharsets.UTF_8)));
        var l = new ClusterLoader(r).load(List.of("-"), List.of());
        assertTrue(l.cluster().stream().anyMatch(o -> o instanceof Node));
    }

    @Test
    void extendAppliesConventionsToNewObjectsOnlyWithEverythingAsContext() throws Exception {
        var base = load("""
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 1000
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {capacity: {cpu: "2"}}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: old, namespace: team, labels: {app: a}}
                spec:
                  nodeName: n1
                  containers: [{name: c, image: x}]
                  affinity:
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - topologyKey: kubernetes.io/hostname
                        labelSelector: {matchLabels: {app: a}}
                        matchLabelKeys: [app]
                """, null);
        String before = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(base.cluster());
        Path more = dir.resolve("more.yaml");
        Files.writeString(more, """
                apiVersion: v1
                kind: Pod
                metadata: {name: new, namespace: team}
                spec: {nodeName: n1, priorityClassName: high, containers: [{name: c, image: x}]}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: other, namespace: fresh}
                spec: {nodeName: gone, containers: [{name: c, image: x}]}
                """);
        var l = new ClusterLoader(new ManifestReader(new ByteArrayInputStream(new byte[0])))
                .extend(base.cluster(), List.of(more.toString()), List.of());
        assertEquals(before, new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(base.cluster()), "existing objects untouched");
        assertEquals(1000, only(l.cluster(), Pod.class, "new").getSpec().getPriority(), "PriorityClass from the existing objects");
        assertEquals(List.of("Pod/new", "Pod/other", "Namespace/fresh"),
                l.cluster().stream().map(o -> o.getKind() + "/" + o.getMetadata().getName()).toList(), "team exists already; fresh is created");
        assertEquals(List.of(dir.resolve("more.yaml") + ": document 2 (Pod other): spec.nodeName: node \"gone\" is not in the cluster; the pod is ignored"), l.warnings());
    }
}
