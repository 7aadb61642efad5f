package io.kubewhatif.load;

import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pod's group field and the pod-group kinds. The field is in the Pod API from 1.35 ({@code workloadRef}; 1.36
 * replaced it with {@code schedulingGroup}) behind the GenericWorkload gate, which is off: the API server accepts it
 * even under strict field validation, drops it, and the scheduler schedules the pod alone. Where the release's API
 * does not have the field it stays an unknown field.
 */
class PodGroupFieldsTest {
    @TempDir
    Path dir;

    private static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {capacity: {cpu: "2", pods: "10"}}
            """;

    private static final String WORKLOAD_REF = "  workloadRef: {name: training, podGroup: workers}\n";
    private static final String SCHEDULING_GROUP = "  schedulingGroup: {podGroupName: workers}\n";

    private static String pods(String field) {
        StringBuilder b = new StringBuilder();
        for (String name : List.of("worker-0", "worker-1")) {
            b.append("""
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: %s}
                    spec:
                      containers:
                      - {name: c, image: x}
                    """.formatted(name)).append(field).append("---\n");
        }
        return b.toString();
    }

    private ClusterLoader.Loaded load(String version, Validation v, String cluster, String pods) throws Exception {
        Path c = dir.resolve("cluster.yaml");
        Files.writeString(c, cluster);
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, pods);
        Features f = Features.of(KubeVersion.parse(version), Map.of());
        return new ClusterLoader(new ManifestReader(InputStream.nullInputStream()), v, f).load(List.of(c.toString()), List.of(p.toString()));
    }

    private List<String> warnings(ClusterLoader.Loaded l) {
        return l.warnings().stream().map(w -> w.replace(dir + "/", "")).toList();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1.35 | workloadRef     | v1.35.4",
            "1.36 | schedulingGroup | v1.36.2",
            "1.37 | schedulingGroup | v1.37.0 (experimental)"})
    void theReleasesFieldIsDroppedWithOneWarning(String version, String field, String label) throws Exception {
        String spec = field.equals("workloadRef") ? WORKLOAD_REF : SCHEDULING_GROUP;
        for (Validation v : List.of(Validation.STRICT, Validation.WARN)) {
            ClusterLoader.Loaded l = load(version, v, NODE, pods(spec));
            assertEquals(List.of("pod.yaml: document 1 (Pod worker-0): spec." + field + ": needs the GenericWorkload feature gate, "
                    + "off by default in " + label + " and not modeled, so the API server drops the field and the pod is scheduled "
                    + "alone, not with its pod group; ignored (and 1 more like it)"), warnings(l), v.name());
            assertEquals(2, l.podsToSchedule().size());
        }
        assertEquals(List.of(), load(version, Validation.IGNORE, NODE, pods(spec)).warnings());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1.34 | workloadRef",
            "1.34 | schedulingGroup",
            "1.35 | schedulingGroup",
            "1.36 | workloadRef",
            "1.37 | workloadRef"})
    void elsewhereAnUnknownField(String version, String field) {
        String spec = field.equals("workloadRef") ? WORKLOAD_REF : SCHEDULING_GROUP;
        InputException e = assertThrows(InputException.class, () -> load(version, Validation.STRICT, NODE, pods(spec)));
        assertEquals("pod.yaml: document 1 (Pod worker-0): spec." + field + ": strict decoding error: unknown field \"spec."
                + field + "\"", e.getMessage().replace(dir + "/", ""));
    }

    /** The field's name alone is not enough: it must sit in a PodSpec. */
    @Test
    void onlyInAPodSpec() {
        InputException e = assertThrows(InputException.class,
                () -> load("1.36", Validation.STRICT, NODE + "spec: {schedulingGroup: {}}\n", pods("")));
        assertTrue(e.getMessage().endsWith("(Node n1): spec.schedulingGroup: strict decoding error: unknown field \"spec.schedulingGroup\""),
                e.getMessage());
    }

    /** Another unknown field beside it is still refused. */
    @Test
    void otherUnknownFieldsStillCount() {
        InputException e = assertThrows(InputException.class,
                () -> load("1.36", Validation.STRICT, NODE, pods(SCHEDULING_GROUP + "  nodeselector: {a: b}\n")));
        assertTrue(e.getMessage().endsWith("spec.nodeselector: strict decoding error: unknown field \"spec.nodeselector\"; did you mean \"nodeSelector\"?"),
                e.getMessage());
    }

    @Test
    void inAWorkloadsTemplate() throws Exception {
        String deployment = """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web}
                spec:
                  replicas: 2
                  selector: {matchLabels: {app: web}}
                  template:
                    metadata: {labels: {app: web}}
                    spec:
                      schedulingGroup: {podGroupName: workers}
                      containers: [{name: c, image: x}]
                """;
        ClusterLoader.Loaded l = load("1.36", Validation.STRICT, NODE, deployment);
        assertEquals(List.of("pod.yaml: document 1 (Deployment web): spec.template.spec.schedulingGroup: needs the GenericWorkload "
                + "feature gate, off by default in v1.36.2 and not modeled, so the API server drops the field and the pod is scheduled "
                + "alone, not with its pod group; ignored"), warnings(l));
        assertEquals(2, l.podsToSchedule().size());
    }

    /** A live cluster kept the field: its gate is on there, which kube-whatif does not model. */
    @Test
    void aLiveClusterThatKeptTheField() throws Exception {
        ManifestReader reader = new ManifestReader(InputStream.nullInputStream());
        String running = """
                apiVersion: v1
                kind: Pod
                metadata: {name: worker-0, namespace: default}
                spec:
                  nodeName: n1
                  schedulingGroup: {podGroupName: workers}
                  containers: [{name: c, image: x}]
                """;
        List<Document> docs = reader.parse(KubectlSnapshot.SOURCE, (NODE + "---\n" + running).getBytes());
        var l = new ClusterLoader(reader, Validation.STRICT, Features.of(KubeVersion.parse("1.36"), Map.of()))
                .load(docs, List.of(), ClusterLoader.PodOptions.DEFAULT);
        assertEquals(List.of(KubectlSnapshot.SOURCE + ": document 2 (Pod worker-0): spec.schedulingGroup: the cluster has the "
                + "GenericWorkload feature gate on, but kube-whatif does not model pod groups and schedules the pod alone; ignored"),
                l.warnings());
    }

    @Test
    void podGroupKindsSayWhyTheyAreSkipped() throws Exception {
        String cluster = NODE + """
                ---
                apiVersion: scheduling.k8s.io/v1alpha1
                kind: Workload
                metadata: {name: training}
                spec:
                  podGroups: [{name: workers, policy: {gang: {minCount: 2}}}]
                ---
                apiVersion: scheduling.k8s.io/v1alpha2
                kind: PodGroup
                metadata: {name: workers}
                spec: {schedulingPolicy: {gang: {minCount: 2}}}
                ---
                apiVersion: scheduling.k8s.io/v1alpha2
                kind: PodGroup
                metadata: {name: others}
                ---
                apiVersion: example.com/v1
                kind: PodGroup
                metadata: {name: elsewhere}
                """;
        ClusterLoader.Loaded l = load("1.36", Validation.STRICT, cluster, pods(""));
        assertEquals(List.of(
                "cluster.yaml: document 2 (Workload training): kind Workload (scheduling.k8s.io/v1alpha1) is read only with the "
                        + "GenericWorkload feature gate, off by default and not modeled, so pods are scheduled alone; skipped",
                "cluster.yaml: document 3 (PodGroup workers): kind PodGroup (scheduling.k8s.io/v1alpha2) is read only with the "
                        + "GenericWorkload feature gate, off by default and not modeled, so pods are scheduled alone; skipped "
                        + "(and 1 more object(s) of this kind)",
                "cluster.yaml: document 5 (PodGroup elsewhere): kind PodGroup (example.com/v1) is not read by the scheduler; skipped"),
                warnings(l));
    }
}
