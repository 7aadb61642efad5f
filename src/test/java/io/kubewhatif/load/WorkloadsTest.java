package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Workload manifests in -f become the pods (names, labels, owners, spec changes) their controllers would create. */
class WorkloadsTest {
    @TempDir
    Path dir;

    static final String NODES = """
            apiVersion: v1
            kind: Node
            metadata: {name: a, labels: {kubernetes.io/hostname: a, topology.kubernetes.io/zone: z1, disk: ssd}}
            status: {capacity: {cpu: "8", memory: 16Gi, pods: "110"}}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: b, labels: {kubernetes.io/hostname: b, topology.kubernetes.io/zone: z2}}
            status: {capacity: {cpu: "8", memory: 16Gi, pods: "110"}}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: c, labels: {kubernetes.io/hostname: c, topology.kubernetes.io/zone: z2, disk: ssd}}
            spec: {taints: [{key: dedicated, value: infra, effect: NoSchedule}]}
            status: {capacity: {cpu: "8", memory: 16Gi, pods: "110"}}
            ---
            apiVersion: storage.k8s.io/v1
            kind: StorageClass
            metadata: {name: standard, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}
            provisioner: example.com/csi
            volumeBindingMode: WaitForFirstConsumer
            """;

    static final String TEMPLATE = "  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n"
            + "      - {name: web, image: x, resources: {requests: {cpu: 500m, memory: 512Mi}}}\n";

    ClusterLoader.Loaded load(String cluster, String pods, ClusterLoader.PodOptions opts) throws Exception {
        Path c = dir.resolve("cluster.yaml");
        Files.writeString(c, cluster);
        Path p = dir.resolve("pods.yaml");
        Files.writeString(p, pods);
        ManifestReader r = new ManifestReader(InputStream.nullInputStream());
        return new ClusterLoader(r).load(r.read(List.of(c.toString())), List.of(p.toString()), opts);
    }

    ClusterLoader.Loaded load(String pods) throws Exception {
        return load(NODES, pods, ClusterLoader.PodOptions.DEFAULT);
    }

    static OwnerReference owner(Pod p) {
        assertEquals(1, p.getMetadata().getOwnerReferences().size());
        OwnerReference r = p.getMetadata().getOwnerReferences().get(0);
        assertTrue(r.getController());
        return r;
    }

    @Test
    void deploymentCreatesAReplicaSetAndItsPods() throws Exception {
        ClusterLoader.Loaded l = load("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 3\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE);
        List<Pod> pods = l.podsToSchedule();
        assertEquals(3, pods.size());
        ReplicaSet rs = (ReplicaSet) l.cluster().stream().filter(o -> o instanceof ReplicaSet).findFirst().orElseThrow();
        String hash = rs.getMetadata().getLabels().get("pod-template-hash");
        assertNotNull(hash);
        assertEquals("web-" + hash, rs.getMetadata().getName());
        assertEquals("Deployment", rs.getMetadata().getOwnerReferences().get(0).getKind());
        assertEquals(Map.of("app", "web", "pod-template-hash", hash), rs.getSpec().getSelector().getMatchLabels());
        List<String> names = new ArrayList<>();
        for (Pod p : pods) {
            assertTrue(p.getMetadata().getName().matches("web-" + hash + "-[bcdfghjklmnpqrstvwxz2456789]{5}"), p.getMetadata().getName());
            assertEquals("shop", p.getMetadata().getNamespace());
            assertEquals(Map.of("app", "web", "pod-template-hash", hash), p.getMetadata().getLabels());
            assertEquals("ReplicaSet", owner(p).getKind());
            assertEquals(rs.getMetadata().getName(), owner(p).getName());
            assertEquals("default-scheduler", p.getSpec().getSchedulerName());
            names.add(p.getMetadata().getName());
        }
        assertEquals(3, names.stream().distinct().count(), "distinct names");
        // Same input, same names: the random parts are deterministic.
        assertEquals(names, load("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 3\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE).podsToSchedule().stream().map(p -> p.getMetadata().getName()).toList());
    }

    @Test
    void defaultTopologySpreadSeesTheControllersSelector() throws Exception {
        ClusterLoader.Loaded l = load("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 2\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE + "---\n"
                + "apiVersion: v1\nkind: Pod\nmetadata: {name: bare, labels: {app: other}}\nspec:\n  containers: [{name: c, image: x}]\n");
        RunReport r = Engine.run(ConfigLoader.defaults(), l.cluster(), l.podsToSchedule(), SchedulerOptions.DEFAULT);
        assertFalse(r.steps.get(1).skippedScorePlugins.contains("PodTopologySpread"),
                "the generated ReplicaSet selects the pods: system default spreading scores them");
        assertTrue(r.steps.get(2).skippedScorePlugins.contains("PodTopologySpread"), "a bare pod nothing selects is not spread");
        assertFalse(r.steps.get(0).selected.equals(r.steps.get(1).selected), "two replicas spread over two nodes");
    }

    record Case(String name, String yaml, int pods, String firstName, String labelKey, String labelValue) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> kinds() {
        return Stream.of(
                new Case("ReplicaSet", "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: rs}\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n" + TEMPLATE,
                        2, "rs-", "app", "web"),
                new Case("ReplicationController", "apiVersion: v1\nkind: ReplicationController\nmetadata: {name: rc}\nspec:\n  replicas: 2\n  selector: {app: web}\n" + TEMPLATE,
                        2, "rc-", "app", "web"),
                new Case("StatefulSet", "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  replicas: 2\n  serviceName: db\n"
                        + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE, 2, "db-0", "statefulset.kubernetes.io/pod-name", "db-0"),
                new Case("StatefulSet ordinals.start", "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  replicas: 1\n  ordinals: {start: 5}\n"
                        + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE, 1, "db-5", "apps.kubernetes.io/pod-index", "5"),
                new Case("Job: min(parallelism, completions)", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  parallelism: 3\n  completions: 2\n" + TEMPLATE,
                        2, "j-", "batch.kubernetes.io/job-name", "j"),
                new Case("Indexed Job", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: ij}\nspec:\n  parallelism: 2\n  completionMode: Indexed\n" + TEMPLATE,
                        2, "ij-0-", "batch.kubernetes.io/job-completion-index", "0"),
                new Case("CronJob", "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: cj}\nspec:\n  schedule: \"*/5 * * * *\"\n  jobTemplate:\n    spec:\n"
                        + TEMPLATE.replace("\n", "\n    ").replace("  template:", "      template:").stripTrailing() + "\n", 1, "cj-", "app", "web"),
                new Case("DaemonSet: nodes matching the selector, taints tolerated", "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: ds}\nspec:\n"
                        + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE.replace("    spec:\n", "    spec:\n      nodeSelector: {disk: ssd}\n"),
                        1, "ds-", "controller-revision-hash", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void everyControllerKind(Case c) throws Exception {
        ClusterLoader.Loaded l = load(c.yaml());
        List<Pod> pods = l.podsToSchedule();
        assertEquals(c.pods(), pods.size(), () -> pods.stream().map(p -> p.getMetadata().getName()).toList().toString());
        Pod first = pods.get(0);
        assertTrue(first.getMetadata().getName().startsWith(c.firstName()), first.getMetadata().getName());
        assertTrue(first.getMetadata().getLabels().containsKey(c.labelKey()), first.getMetadata().getLabels().toString());
        if (c.labelValue() != null) {
            assertEquals(c.labelValue(), first.getMetadata().getLabels().get(c.labelKey()));
        }
        owner(first);
        assertEquals(1, l.sources().size());
    }

    @Test
    void daemonSetPodsArePinnedWithMatchFieldsAndTolerateNodeConditions() throws Exception {
        ClusterLoader.Loaded l = load("apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: kube-system}\nspec:\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE);
        List<Pod> pods = l.podsToSchedule();
        assertEquals(2, pods.size(), "node c's taint is not tolerated");
        List<String> pinned = new ArrayList<>();
        for (Pod p : pods) {
            var terms = p.getSpec().getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms();
            assertEquals(1, terms.size());
            assertEquals("metadata.name", terms.get(0).getMatchFields().get(0).getKey());
            pinned.add(terms.get(0).getMatchFields().get(0).getValues().get(0));
            assertTrue(p.getSpec().getTolerations().stream().anyMatch(t -> "node.kubernetes.io/unschedulable".equals(t.getKey())));
            assertEquals("DaemonSet", owner(p).getKind());
        }
        assertEquals(List.of("a", "b"), pinned);
        RunReport r = Engine.run(ConfigLoader.defaults(), l.cluster(), pods, SchedulerOptions.DEFAULT);
        assertEquals("a", r.steps.get(0).selected);
        assertEquals("b", r.steps.get(1).selected);
    }

    @Test
    void daemonSetSkipsNodesThatAlreadyRunItsPod() throws Exception {
        String running = "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: agent-old\n  namespace: kube-system\n"
                + "  ownerReferences: [{apiVersion: apps/v1, kind: DaemonSet, name: agent, uid: u, controller: true}]\n"
                + "spec: {nodeName: a, containers: [{name: c, image: x}]}\n";
        ClusterLoader.Loaded l = load(NODES + running, "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: kube-system}\nspec:\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE, ClusterLoader.PodOptions.DEFAULT);
        assertEquals(1, l.podsToSchedule().size());
        assertTrue(l.warnings().stream().anyMatch(w -> w.contains("already runs a pod on 1 node(s)")), l.warnings().toString());
    }

    @Test
    void statefulSetClaimsFromTemplatesWithTheDefaultStorageClass() throws Exception {
        ClusterLoader.Loaded l = load("apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, namespace: data}\nspec:\n  replicas: 2\n  serviceName: db\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE
                + "  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n");
        Pod p = l.podsToSchedule().get(1);
        assertEquals("db-1", p.getSpec().getHostname());
        assertEquals("db", p.getSpec().getSubdomain());
        assertEquals("data-db-1", p.getSpec().getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        for (HasMetadata o : l.cluster()) {
            if (o instanceof PersistentVolumeClaim c) {
                claims.add(c);
            }
        }
        assertEquals(List.of("data-db-0", "data-db-1"), claims.stream().map(c -> c.getMetadata().getName()).toList());
        assertEquals("standard", claims.get(0).getSpec().getStorageClassName());
        assertEquals("Pending", claims.get(0).getStatus().getPhase());
        assertEquals(Map.of("app", "web"), claims.get(0).getMetadata().getLabels());
        RunReport r = Engine.run(ConfigLoader.defaults(), l.cluster(), l.podsToSchedule(), SchedulerOptions.DEFAULT);
        assertNotNull(r.steps.get(0).selected, "a WaitForFirstConsumer claim is provisioned where the pod goes");
    }

    @Test
    void replicasAndNamespaceOverrides() throws Exception {
        ClusterLoader.Loaded l = load(NODES, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 3\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE + "---\n"
                + "apiVersion: v1\nkind: Pod\nmetadata: {name: kept, namespace: other}\nspec:\n  containers: [{name: c, image: x}]\n",
                new ClusterLoader.PodOptions("team", 5));
        List<Pod> pods = l.podsToSchedule();
        assertEquals(6, pods.size());
        assertEquals("team", pods.get(0).getMetadata().getNamespace());
        assertEquals("other", pods.get(5).getMetadata().getNamespace(), "an explicit namespace wins over -n");
    }

    @Test
    void replicasBuildMoreWithTheSameNamingRules() throws Exception {
        ClusterLoader.Loaded l = load("apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  replicas: 1\n"
                + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE
                + "  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n");
        PodSource s = l.sources().get(0);
        PodSource.Replica r = s.replica(3, l.conventions());
        assertEquals("db-3", r.pod().getMetadata().getName());
        assertEquals(1, r.objects().size(), "the claim of db-3");
        assertEquals("data-db-3", r.objects().get(0).getMetadata().getName());
        PodSource.Replica again = s.replica(0, l.conventions());
        assertTrue(again.objects().isEmpty(), "data-db-0 exists already");
    }

    record Bad(String name, String yaml, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Bad> errors() {
        String head = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n";
        return Stream.of(
                new Bad("no selector", head + TEMPLATE, "document 1 (Deployment web): spec.selector: Required value"),
                new Bad("selector does not match", head + "  selector: {matchLabels: {app: db}}\n" + TEMPLATE,
                        "document 1 (Deployment web): spec.template.metadata.labels: Invalid value: {app=web}: `selector` does not match template `labels`"),
                new Bad("no template", head + "  selector: {matchLabels: {app: web}}\n", "document 1 (Deployment web): spec.template: required field is missing"),
                new Bad("negative replicas", head + "  replicas: -1\n  selector: {matchLabels: {app: web}}\n" + TEMPLATE,
                        "document 1 (Deployment web): spec.replicas: Invalid value: -1: must be greater than or equal to 0"),
                new Bad("bad quantity in the template", head + "  selector: {matchLabels: {app: web}}\n" + TEMPLATE.replace("500m", "5x"),
                        "document 1 (Deployment web): spec.template.spec.containers[0].resources.requests.cpu: cannot parse quantity \"5x\""),
                new Bad("no containers", head + "  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: []}\n",
                        "document 1 (Deployment web): spec.template.spec.containers: at least one container is required"),
                new Bad("claim template without a name", "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  selector: {matchLabels: {app: web}}\n"
                        + TEMPLATE + "  volumeClaimTemplates:\n  - spec: {}\n", "document 1 (StatefulSet db): spec.volumeClaimTemplates[0].metadata.name: required field is missing"),
                new Bad("CronJob without a jobTemplate", "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: cj}\nspec: {schedule: x}\n",
                        "document 1 (CronJob cj): spec.jobTemplate: required field is missing"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void badWorkloadsNameFileDocumentObjectAndField(Bad b) {
        InputException e = assertThrows(InputException.class, () -> load(b.yaml()));
        assertEquals(dir.resolve("pods.yaml") + ": " + b.message(), e.getMessage());
    }
}
