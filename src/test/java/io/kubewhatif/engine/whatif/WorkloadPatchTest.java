package io.kubewhatif.engine.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.ManifestReader;
import io.kubewhatif.load.PodSource;
import io.kubewhatif.load.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every published patch is applied to the workload it names, the workload's pod is derived again from the patched
 * template, and the cycle is re-run: the pod must land where the suggestion says (or be nominated there, with the same
 * victims, when kube-scheduler then preempts).
 */
class WorkloadPatchTest {
    static final Configuration DEFAULTS = ConfigLoader.defaults();
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aSnapshotDeploymentsPatchesReplayOnItsTemplate() throws Exception {
        ClusterLoader.Loaded l = new ClusterLoader(new ManifestReader(InputStream.nullInputStream()))
                .load(List.of("samples/explain/highmem.yaml"), List.of());
        Pod target = null;
        Deployment deployment = null;
        List<HasMetadata> rest = new ArrayList<>();
        for (HasMetadata o : l.cluster()) {
            if (o instanceof Pod p && p.getMetadata().getName().equals("reports-6d8f7b9c5-x2k4q")) {
                target = p;
                continue;
            }
            if (o instanceof Deployment d) {
                deployment = d;
            }
            rest.add(o);
        }
        assertNotNull(target);
        assertNotNull(deployment);
        Explanation e = Explainer.explain(DEFAULTS, rest, List.of(), target);
        assertEquals("Deployment data/reports", e.workload().describe());
        Suggestion first = e.suggestions().get(0);
        assertEquals(Explanation.Rank.ADDITIVE, first.rank(), "the toleration comes first");
        assertEquals(List.of("data/analytics-1"), first.preempts().stream().map(Explanation.Eviction::pod).toList());
        assertEquals("highmem-2", first.selected());
        int patched = 0;
        for (Suggestion s : e.suggestions()) {
            if (s.patch() == null) {
                continue;
            }
            assertEquals("deployment/reports", s.patch().resource());
            assertEquals("data", s.patch().namespace());
            JsonNode applied = JsonPatch.apply(JSON.valueToTree(deployment), s.patch());
            Pod again = PodEdits.copy(target);
            again.setSpec(JSON.treeToValue(applied.path("spec").path("template").path("spec"), PodSpec.class));
            rerun(s, rest, again);
            patched++;
        }
        assertTrue(patched >= 2, "the toleration and the request patches: " + patched);
    }

    @Test
    void aDeploymentOfFilesIsPatchedAndItsPodDerivedAgain() throws Exception {
        String nodes = Files.readString(Path.of("samples/explain/highmem.yaml")).split("\n---\napiVersion: apps/v1\nkind: Deployment")[0];
        Path cluster = dir.resolve("cluster.yaml");
        Files.writeString(cluster, nodes);
        String deploymentYaml = """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: reports, namespace: data}
                spec:
                  replicas: 1
                  selector: {matchLabels: {app: reports}}
                  template:
                    metadata: {labels: {app: reports}}
                    spec:
                      nodeSelector: {kubernetes.io/os: linux, pool: highmem}
                      containers:
                      - {name: reports, image: registry.example.com/reports:3, resources: {requests: {cpu: "4", memory: 64Gi}}}
                """;
        Files.writeString(cluster, nodes.replace("pool: general}", "pool: general, kubernetes.io/os: linux}")
                .replace("pool: highmem}", "pool: highmem, kubernetes.io/os: linux}"));
        Path file = dir.resolve("deployment.yaml");
        Files.writeString(file, deploymentYaml);
        ClusterLoader.Loaded l = new ClusterLoader(new ManifestReader(InputStream.nullInputStream())).load(List.of(cluster.toString()), List.of(file.toString()));
        Workloads.Workload w = null;
        for (PodSource s : l.sources()) {
            w = (Workloads.Workload) s;
        }
        assertNotNull(w);
        Pod target = l.podsToSchedule().get(0);
        Explanation e = Explainer.explain(DEFAULTS, l.cluster(), List.of(), target,
                new Explanation.Workload(w.kind(), w.namespace(), w.name(), w.templatePath(), "-f"), w.templateSpec(), Inventory.UNKNOWN);
        assertFalse(e.suggestions().isEmpty());
        JsonNode original = new YAMLMapper().readTree(deploymentYaml);
        for (Suggestion s : e.suggestions()) {
            if (s.patch() == null) {
                continue;
            }
            for (Explanation.PatchOp op : s.patch().ops()) {
                assertTrue(op.path().startsWith("/spec/template/spec/"), op.path());
                // RFC 6901: the "/" of a label key is escaped.
                assertFalse(op.path().contains("kubernetes.io/os"), op.path());
            }
            JsonNode applied = JsonPatch.apply(original, s.patch());
            Path again = dir.resolve("patched-" + Math.abs(s.summary().hashCode()) + ".yaml");
            Files.writeString(again, new YAMLMapper().writeValueAsString(applied));
            ClusterLoader.Loaded l2 = new ClusterLoader(new ManifestReader(InputStream.nullInputStream()))
                    .load(List.of(cluster.toString()), List.of(again.toString()));
            rerun(s, l2.cluster(), l2.podsToSchedule().get(0));
        }
    }

    @Test
    void patchPathsEscapeKeysAndAppendToExistingLists() {
        ObjectNode a = JSON.createObjectNode();
        a.putObject("nodeSelector").put("kubernetes.io/os", "linux").put("pool", "x");
        a.putArray("tolerations").addObject().put("key", "a");
        ObjectNode b = a.deepCopy();
        ((ObjectNode) b.get("nodeSelector")).remove("kubernetes.io/os");
        b.withArray("tolerations").addObject().put("key", "b");
        List<Explanation.PatchOp> ops = new ArrayList<>();
        Subject.diff(a, b, "/spec/template/spec", ops);
        assertEquals(List.of(new Explanation.PatchOp("remove", "/spec/template/spec/nodeSelector/kubernetes.io~1os", null),
                new Explanation.PatchOp("add", "/spec/template/spec/tolerations/-", JSON.createObjectNode().put("key", "b"))), ops);
    }

    private static void rerun(Suggestion s, List<HasMetadata> cluster, Pod pod) {
        CycleReport r = Engine.run(DEFAULTS, cluster, List.of(pod), new SchedulerOptions(true, false)).steps.get(0);
        if (s.preempts().isEmpty()) {
            assertEquals(s.selected(), r.selected, () -> s.summary() + ": " + r.fitError);
        } else {
            assertNotNull(r.postFilter, s.summary());
            assertEquals(s.selected(), r.postFilter.nominatedNodeName(), s.summary());
            assertEquals(s.preempts().stream().map(Explanation.Eviction::pod).toList(), r.postFilter.victims(), s.summary());
        }
    }
}
