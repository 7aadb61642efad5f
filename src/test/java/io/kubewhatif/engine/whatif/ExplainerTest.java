package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static io.kubewhatif.engine.whatif.Scenario.node;
import static io.kubewhatif.engine.whatif.Scenario.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counterfactual search: every suggestion is re-applied from its published changes alone to fresh copies and
 * re-run from scratch; the pod must then schedule, on exactly the nodes the suggestion says it opens.
 */
class ExplainerTest {
    @TempDir
    Path dir;

    static final Configuration DEFAULTS = ConfigLoader.defaults();

    record Case(String name, String cluster, String pods, String verdict, Set<Kind> mustSuggest, String summaryContains, boolean onlyNewNodes) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default, labels: {app: p}}\nspec:\n";
    static final String C1 = "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"1\", memory: 1Gi}}}\n";

    static Stream<Case> cases() {
        return Stream.of(
                new Case("taints: a toleration per taint set",
                        node("n1", "4", "8Gi", "", "  taints: [{key: a, value: b, effect: NoSchedule}]\n")
                                + node("n2", "4", "8Gi", "", "  taints: [{key: c, effect: NoExecute}]\n"),
                        POD + C1, "Unschedulable", EnumSet.of(Kind.TOLERATIONS), "tolerate a=b:NoSchedule", false),
                new Case("nodeSelector and required affinity: drop the failing entries",
                        node("n1", "4", "8Gi", "disk: ssd, zone: a", "") + node("n2", "4", "8Gi", "disk: hdd, zone: b", ""),
                        POD + "  nodeSelector: {disk: nvme}\n  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
                                + "        nodeSelectorTerms:\n        - matchExpressions:\n          - {key: zone, operator: In, values: [a]}\n"
                                + "          - {key: tier, operator: In, values: [gold]}\n" + C1,
                        "Unschedulable", EnumSet.of(Kind.NODE_AFFINITY), "drop nodeSelector disk=nvme", false),
                new Case("a selector no node matches: a new node is labelled as it asks",
                        node("n1", "4", "8Gi", "pool: cpu", "") + node("n2", "2", "8Gi", "pool: cpu", ""),
                        POD + "  nodeSelector: {pool: gpu}\n" + C1, "Unschedulable", EnumSet.of(Kind.NEW_NODE, Kind.NODE_AFFINITY),
                        "add a node like n1 labelled pool=gpu (its other labels and its taints, no pods)", false),
                new Case("requests: several containers and an init container scaled together",
                        node("n1", "2", "8Gi", "", "") + running("default", "r1", "n1", "1500m", "app: r", "")
                                + node("n2", "2", "8Gi", "", "") + running("default", "r2", "n2", "1", "app: r", ""),
                        POD + "  initContainers:\n  - {name: init, image: x, resources: {requests: {cpu: \"2\"}}}\n"
                                + "  containers:\n  - {name: a, image: x, resources: {requests: {cpu: \"1\"}}}\n"
                                + "  - {name: b, image: x, resources: {requests: {cpu: 500m}}}\n",
                        "Unschedulable", EnumSet.of(Kind.REQUESTS), "lower the pod's request: cpu to 500m (now 2)", false),
                new Case("host ports: drop the port, or evict its holder",
                        node("n1", "4", "8Gi", "", "")
                                + "apiVersion: v1\nkind: Pod\nmetadata: {name: holder, namespace: default}\nspec:\n  nodeName: n1\n"
                                + "  containers:\n  - {name: c, image: x, ports: [{containerPort: 80, hostPort: 8080}]}\n---\n",
                        POD + "  containers:\n  - {name: web, image: x, ports: [{containerPort: 80, hostPort: 8080}]}\n",
                        "Unschedulable", EnumSet.of(Kind.HOST_PORTS, Kind.EVICTION), "drop hostPort 8080", false),
                new Case("topology spread: raise maxSkew or drop the constraint",
                        node("n1", "4", "8Gi", "zone: a", "") + running("default", "s1", "n1", "100m", "app: s", "")
                                + running("default", "s2", "n1", "100m", "app: s", "")
                                + node("n2", "4", "8Gi", "zone: b", "  taints: [{key: t, effect: NoSchedule}]\n"),
                        POD.replace("labels: {app: p}", "labels: {app: s}") + "  topologySpreadConstraints:\n"
                                + "  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: s}}}\n" + C1,
                        "Unschedulable", EnumSet.of(Kind.TOPOLOGY_SPREAD, Kind.TOLERATIONS), "raise maxSkew of topology spread constraint 0", false),
                new Case("pod affinity with no match anywhere: drop the term",
                        node("n1", "4", "8Gi", "", "") + node("n2", "4", "8Gi", "", ""),
                        POD + "  affinity:\n    podAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
                                + "      - labelSelector: {matchLabels: {app: db}}\n        topologyKey: kubernetes.io/hostname\n" + C1,
                        "Unschedulable", EnumSet.of(Kind.POD_AFFINITY), "drop required pod affinity term 0 (app=db per kubernetes.io/hostname)", false),
                new Case("pod anti-affinity: drop the term, or evict a matching pod",
                        node("n1", "4", "8Gi", "", "") + running("default", "w1", "n1", "100m", "app: web", "")
                                + node("n2", "4", "8Gi", "", "") + running("default", "w2", "n2", "100m", "app: web", ""),
                        POD + "  affinity:\n    podAntiAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
                                + "      - labelSelector: {matchLabels: {app: web}}\n        topologyKey: kubernetes.io/hostname\n" + C1,
                        "Unschedulable", EnumSet.of(Kind.POD_ANTI_AFFINITY, Kind.EVICTION), "drop required pod anti-affinity term 0", false),
                new Case("only a new node: the pod limit is reached and the pods there are system-critical",
                        node("n1", "4", "8Gi", "", "").replace("pods: \"110\"", "pods: \"1\"")
                                + running("kube-system", "critical", "n1", "100m", "app: c", "  priorityClassName: system-node-critical\n"),
                        POD + C1, "Unschedulable", EnumSet.of(Kind.NEW_NODE), "add a node like n1", true),
                new Case("bigger than every node: lower the request, or a bigger node",
                        node("n1", "8", "8Gi", "", "") + node("n2", "4", "8Gi", "", ""),
                        POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"64\", memory: 1Gi}}}\n",
                        "Unschedulable", EnumSet.of(Kind.REQUESTS, Kind.NEW_NODE), "with allocatable", false),
                new Case("cordoned node: uncordon",
                        node("n1", "4", "8Gi", "", "  unschedulable: true\n  taints: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]\n"),
                        POD + C1, "Unschedulable", EnumSet.of(Kind.UNCORDON), "uncordon n1", false),
                new Case("a cordoned node outside the pod's pool: label it and uncordon it, as a pair",
                        node("n1", "4", "8Gi", "", "  unschedulable: true\n  taints: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]\n")
                                + node("n2", "4", "8Gi", "pool: b", ""),
                        POD + "  nodeSelector: {pool: a}\n" + C1, "Unschedulable", EnumSet.of(Kind.COMBINED),
                        "label node n1 pool=a (kubectl label node n1 pool=a) and uncordon it", false),
                new Case("a tainted node outside the pod's pool: label it and tolerate its taint, as a pair",
                        node("n1", "4", "8Gi", "", "  taints: [{key: team, value: x, effect: NoSchedule}]\n"),
                        POD + "  nodeSelector: {pool: a}\n" + C1, "Unschedulable", EnumSet.of(Kind.COMBINED),
                        "label node n1 pool=a (kubectl label node n1 pool=a) and tolerate team=x:NoSchedule", false),
                new Case("a sequence: the pods before it fill the node",
                        node("n1", "4", "8Gi", "", ""),
                        (POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: 1500m}}}\n").replace("name: p,", "name: p1,") + "---\n"
                                + (POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: 1500m}}}\n").replace("name: p,", "name: p2,") + "---\n"
                                + POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: 1500m}}}\n",
                        "Unschedulable", EnumSet.of(Kind.REQUESTS, Kind.EVICTION), "lower the pod's request: cpu to 1 (now 1500m)", false),
                new Case("gated: removing the gates lets it schedule",
                        node("n1", "4", "8Gi", "", ""),
                        POD + "  schedulingGates: [{name: example.com/wait}]\n" + C1,
                        "Gated", EnumSet.of(Kind.SCHEDULING_GATES), "remove the scheduling gates", false),
                new Case("scheduled: nothing to suggest",
                        node("n1", "4", "8Gi", "", ""), POD + C1, "Scheduled", EnumSet.noneOf(Kind.class), null, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everySuggestionIsVerifiedFromItsPublishedChanges(Case c) throws Exception {
        Scenario s = Scenario.of(dir, c.cluster(), c.pods());
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        assertEquals(c.verdict(), e.verdict(), () -> describe(e));
        Set<Kind> kinds = new HashSet<>();
        for (Suggestion x : e.suggestions()) {
            kinds.add(x.kind());
        }
        assertTrue(kinds.containsAll(c.mustSuggest()), () -> "expected " + c.mustSuggest() + "\n" + describe(e));
        if (c.summaryContains() != null) {
            assertTrue(e.suggestions().stream().anyMatch(x -> x.summary().contains(c.summaryContains())),
                    () -> "no suggestion says \"" + c.summaryContains() + "\"\n" + describe(e));
        }
        assertEquals(c.onlyNewNodes(), e.onlyNewNodes(), () -> describe(e));
        if ("Scheduled".equals(c.verdict())) {
            assertTrue(e.suggestions().isEmpty());
        }
        for (int i = 1; i < e.suggestions().size(); i++) {
            assertTrue(e.suggestions().get(i - 1).rank().compareTo(e.suggestions().get(i).rank()) <= 0, () -> "ranked by the size of the change\n" + describe(e));
        }
        for (Suggestion x : e.suggestions()) {
            verify(x, s.cluster(), s.before(), s.last());
        }
    }

    /** Re-applies the suggestion from its changes and re-runs the whole sequence on fresh copies. */
    static void verify(Suggestion x, List<io.fabric8.kubernetes.api.model.HasMetadata> cluster, List<Pod> before, Pod pod) {
        // Each alternative is the same edit with its own amounts: applied from its changes, it opens what it says.
        for (Explanation.Alternative alt : x.alternatives()) {
            List<Explanation.Change> changes = new ArrayList<>();
            int next = 0;
            for (Explanation.Change c : x.changes()) {
                changes.add(Ranking.isAmount(c) ? alt.changes().get(next++) : c);
            }
            assertEquals(alt.changes().size(), next, () -> "the amounts of an alternative of: " + x.summary());
            verify(new Suggestion(x.kind(), x.rank(), x.summary() + " (alternative " + alt.amounts() + ")", changes, x.evictions(), x.newNode(),
                    x.creates(), alt.opens(), alt.selected(), x.preempts(), null, List.of(), ""), cluster, before, pod);
        }
        SuggestionApplier.Applied a = SuggestionApplier.apply(x, cluster, before, pod);
        List<Pod> seq = new ArrayList<>(a.before());
        seq.add(a.pod());
        if (!x.preempts().isEmpty()) {
            // kube-scheduler preempts: the re-run nominates the node with exactly these victims.
            RunReport first = Engine.run(DEFAULTS, a.cluster(), seq, new SchedulerOptions(true, false));
            CycleReport c = first.steps.get(first.steps.size() - 1);
            assertNotNull(c.postFilter, () -> "no preemption after: " + x.summary());
            assertEquals(x.selected(), c.postFilter.nominatedNodeName(), () -> "nominated node after: " + x.summary());
            assertEquals(x.preempts().stream().map(Explanation.Eviction::pod).toList(), c.postFilter.victims());
            return;
        }
        RunReport r = Engine.run(DEFAULTS, a.cluster(), seq, new SchedulerOptions(true, false));
        CycleReport last = r.steps.get(r.steps.size() - 1);
        assertNotNull(last.selected, () -> "suggestion does not make the pod fit: " + x.summary() + "\n" + last.fitError);
        assertEquals(x.opens(), last.feasibleNodes, () -> "nodes opened by: " + x.summary());
        assertEquals(x.selected(), last.selected, () -> "node chosen after: " + x.summary());
    }

    @Test
    void theSampleExplainsEveryKindOfChange() throws Exception {
        Scenario s = Scenario.of(dir, Files.readString(Path.of("samples/explain/cluster.yaml")), "apiVersion: v1\nkind: Namespace\nmetadata: {name: unused}\n---\n"
                + "apiVersion: v1\nkind: Pod\nmetadata: {name: unused-placeholder, namespace: unused}\nspec:\n  containers: [{name: c, image: x}]\n");
        Pod target = null;
        List<io.fabric8.kubernetes.api.model.HasMetadata> cluster = new ArrayList<>();
        for (var o : s.cluster()) {
            if (o instanceof Pod p && p.getMetadata().getName().equals("web-big")) {
                target = p;
            } else {
                cluster.add(o);
            }
        }
        assertNotNull(target);
        Explanation e = Explainer.explain(DEFAULTS, cluster, List.of(), target);
        assertEquals("Unschedulable", e.verdict());
        Set<Kind> kinds = new HashSet<>();
        for (Suggestion x : e.suggestions()) {
            kinds.add(x.kind());
            verify(x, cluster, List.of(), target);
        }
        assertEquals(EnumSet.of(Kind.REQUESTS, Kind.TOLERATIONS, Kind.COMBINED, Kind.PREEMPTION, Kind.EVICTION, Kind.UNCORDON, Kind.NEW_NODE), kinds,
                () -> describe(e));
        Suggestion preempt = e.suggestions().stream().filter(x -> x.kind() == Kind.PREEMPTION).findFirst().orElseThrow();
        assertEquals(List.of("shop/batch-1"), preempt.evictions().stream().map(Explanation.Eviction::pod).toList());
        assertTrue(preempt.evictions().get(0).pdbViolating(), "batch-1 is protected by the PDB");
        assertFalse(e.onlyNewNodes());
    }

    @Test
    void podsOfItsOwnWorkloadAreNeverEvictedAndOthersNameTheirController() throws Exception {
        String owned = "  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: RS, uid: uid-RS, controller: true}]\n";
        String rs = "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: RS, namespace: default, uid: uid-RS}\nspec:\n  replicas: 1\n"
                + "  selector: {matchLabels: {app: RS}}\n  template:\n    metadata: {labels: {app: RS}}\n    spec:\n      containers: [{name: c, image: x}]\n---\n";
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: NAME\n  namespace: default\n  labels: {app: RS}\n" + owned
                + "spec:\n  nodeName: NODE\n  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"3\", memory: 1Gi}}}\n---\n";
        String running = pod.replace("NAME", "mine-1").replace("NODE", "n1").replace("RS", "mine")
                + pod.replace("NAME", "other-1").replace("NODE", "n2").replace("RS", "other");
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + node("n2", "4", "8Gi", "", "") + node("n3", "4", "8Gi", "", "")
                        + running("default", "filler", "n3", "2500m", "app: filler", "") + rs.replace("RS", "mine") + rs.replace("RS", "other") + running,
                ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: mine-2\n  namespace: default\n  labels: {app: mine}\n" + owned.replace("RS", "mine")
                        + "spec:\n  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"2\", memory: 1Gi}}}\n"));
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        assertEquals("ReplicaSet default/mine", e.workload().describe());
        List<Suggestion> ev = e.suggestions().stream().filter(x -> x.kind() == Kind.EVICTION).toList();
        assertFalse(ev.isEmpty(), () -> describe(e));
        boolean other = false;
        for (Suggestion x : ev) {
            for (Explanation.Eviction v : x.evictions()) {
                assertFalse(v.pod().startsWith("default/mine-"), () -> "its own controller would put " + v.pod() + " back: " + describe(e));
                if (v.pod().equals("default/other-1")) {
                    other = true;
                    assertEquals("ReplicaSet default/other", v.controller());
                    assertEquals("", v.replacement(), "no node has room for the recreated pod");
                    assertTrue(x.summary().contains("ReplicaSet default/other recreates default/other-1 (the new pod stays Pending)"), x.summary());
                } else {
                    assertEquals(null, v.controller(), "a bare pod has no controller");
                }
            }
        }
        assertTrue(other, () -> describe(e));
    }

    @Test
    void reasonsGroupEveryFailingFilterOfEveryNode() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "1", "8Gi", "", "  taints: [{key: a, effect: NoSchedule}]\n") + node("n2", "4", "8Gi", "", ""),
                POD + "  nodeSelector: {x: y}\n" + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"2\"}}}\n");
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        Map<String, Map<String, StatusView>> all = e.report().filterAll;
        for (Explanation.ReasonGroup g : e.reasons()) {
            for (String n : g.nodes()) {
                assertTrue(all.get(n).get(g.plugin()).reasons().contains(g.reason()), g + " on " + n);
            }
        }
        // n1 fails three filters: taint, node selector and cpu; each reason lists it.
        long n1 = e.reasons().stream().filter(g -> g.nodes().contains("n1")).count();
        assertEquals(3, n1, e.reasons().toString());
    }

    @Test
    void aPodNothingHelpsSaysSo() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", ""),
                POD + "  volumes: [{name: v, persistentVolumeClaim: {claimName: missing}}]\n" + C1);
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        assertEquals("Unschedulable", e.verdict());
        // No StorageClass to provision a created claim: nothing verified, and the headline names the missing claim.
        assertTrue(e.suggestions().isEmpty(), () -> describe(e));
        assertFalse(e.onlyNewNodes(), "no false \"only new nodes\" headline");
        assertEquals(new Explanation.Headline(Explanation.Headline.Kind.MISSING_OBJECT, "PersistentVolumeClaim default/missing",
                List.of(new Explanation.Missing("PersistentVolumeClaim default/missing", "the pod"))), e.headline());
        assertNotNull(e.report().preFilter, "PreFilter rejects the pod: its claim does not exist");
        assertEquals(List.of(e.report().preFilter.plugin()), e.unresolved());
    }

    @Test
    void aMissingStorageClassIsNamedByTheClaimsThatNameItOnce() throws Exception {
        String pvc = "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: %s, namespace: default}\n"
                + "spec: {storageClassName: fast, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n---\n";
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + pvc.formatted("a") + pvc.formatted("b"),
                POD + "  volumes: [{name: a, persistentVolumeClaim: {claimName: a}}, {name: b, persistentVolumeClaim: {claimName: b}},"
                        + " {name: c, persistentVolumeClaim: {claimName: c}}]\n" + C1);
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        assertEquals(List.of(new Explanation.Missing("StorageClass fast", "PersistentVolumeClaim default/a and PersistentVolumeClaim default/b"),
                new Explanation.Missing("PersistentVolumeClaim default/c", "the pod")), e.headline().missing(), () -> describe(e));
        assertEquals("StorageClass fast, PersistentVolumeClaim default/c", e.headline().detail(), "each missing object once");
    }

    @Test
    void aMissingClaimTwoVolumesNameIsCreatedOnce() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "")
                        + "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: std, annotations: "
                        + "{storageclass.kubernetes.io/is-default-class: \"true\"}}\nprovisioner: ebs.csi.aws.com\n"
                        + "volumeBindingMode: WaitForFirstConsumer\n---\n",
                POD + "  volumes: [{name: a, persistentVolumeClaim: {claimName: data}}, {name: b, persistentVolumeClaim: {claimName: data}}]\n" + C1);
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        Suggestion create = e.suggestions().get(0);
        assertEquals(Kind.CREATE, create.kind(), () -> describe(e));
        assertEquals("create PersistentVolumeClaim default/data", create.summary());
        assertEquals(1, create.creates().size());
        assertEquals(List.of(new Explanation.Missing("PersistentVolumeClaim default/data", "the pod")), e.headline().missing());
    }

    static final String SLICE = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: n1-gpu}\nspec:\n  driver: gpu.example.com\n"
            + "  nodeName: n1\n  pool: {name: n1, generation: 1, resourceSliceCount: 1}\n  devices:\n  - {name: gpu-0}\n  - {name: gpu-1}\n---\n";
    static final String GPU_CLASS = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu.example.com}\nspec:\n  selectors:\n"
            + "  - cel: {expression: 'device.driver == \"gpu.example.com\"'}\n---\n";

    @Test
    void aMissingDeviceClassIsCreatedByNameSelectingItsDriversDevices() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + node("n2", "4", "8Gi", "", "") + SLICE
                        + "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: gpu, namespace: default}\nspec:\n  devices:\n"
                        + "    requests:\n    - name: g\n      exactly: {deviceClassName: gpu.example.com}\n---\n",
                POD + "  resourceClaims: [{name: g, resourceClaimName: gpu}]\n"
                        + "  containers:\n  - {name: c, image: x, resources: {claims: [{name: g}], requests: {cpu: \"1\"}}}\n");
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        Suggestion create = e.suggestions().get(0);
        assertEquals(Kind.CREATE, create.kind(), () -> describe(e));
        assertEquals(List.of("n1"), create.opens(), "only the node whose slice offers the devices");
        var dc = (io.fabric8.kubernetes.api.model.resource.v1.DeviceClass) create.creates().get(0);
        assertEquals("gpu.example.com", dc.getMetadata().getName());
        assertEquals("device.driver == \"gpu.example.com\"", dc.getSpec().getSelectors().get(0).getCel().getExpression());
    }

    @Test
    void aMissingClaimGetsTheRequestsTheClustersOneDeviceClassImplies() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + SLICE + GPU_CLASS,
                POD + "  resourceClaims: [{name: g, resourceClaimName: gpu}]\n"
                        + "  containers:\n  - {name: c, image: x, resources: {claims: [{name: g, request: accel}], requests: {cpu: \"1\"}}}\n");
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        Suggestion create = e.suggestions().get(0);
        assertEquals(Kind.CREATE, create.kind(), () -> describe(e));
        assertEquals("create ResourceClaim default/gpu (requesting 1 device(s) of gpu.example.com)", create.summary());
        var claim = (io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim) create.creates().get(0);
        var request = claim.getSpec().getDevices().getRequests().get(0);
        assertEquals("accel", request.getName(), "the request the container names");
        assertEquals("gpu.example.com", request.getExactly().getDeviceClassName());
        assertEquals("n1", create.selected());
    }

    @Test
    void aMissingTemplateCopiesTheRequestsOfThePodsOtherClaimAndIsVerifiedAsTheControllerWouldInstantiateIt() throws Exception {
        // Two classes: nothing to choose between, but the pod's other claim says what it asks for.
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + SLICE + GPU_CLASS
                        + "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: other.example.com}\n---\n"
                        + "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: first, namespace: default}\nspec:\n  devices:\n"
                        + "    requests:\n    - name: g\n      exactly: {deviceClassName: gpu.example.com}\n---\n",
                POD + "  resourceClaims: [{name: a, resourceClaimName: first}, {name: b, resourceClaimTemplateName: second}]\n"
                        + "  containers:\n  - {name: c, image: x, resources: {claims: [{name: a}, {name: b}], requests: {cpu: \"1\"}}}\n");
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        assertEquals("Gated", e.verdict(), "DynamicResources holds the pod until its claim exists");
        Suggestion create = e.suggestions().get(0);
        assertEquals(Kind.CREATE, create.kind(), () -> describe(e));
        var t = (io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate) create.creates().get(0);
        assertEquals("second", t.getMetadata().getName());
        assertEquals("gpu.example.com", t.getSpec().getSpec().getDevices().getRequests().get(0).getExactly().getDeviceClassName());
        assertEquals("n1", create.selected(), "both claims allocated on n1's two devices");

        // Nothing implies the requests: the template is named with what to write, and nothing is guessed.
        Scenario none = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + SLICE,
                POD + "  resourceClaims: [{name: b, resourceClaimTemplateName: second}]\n" + C1);
        Explanation n = Explainer.explain(DEFAULTS, none.cluster(), none.before(), none.last());
        assertTrue(n.suggestions().isEmpty(), () -> describe(n));
        String second = "ResourceClaimTemplate default/second (write its devices.requests: nothing in the snapshot implies them)";
        assertEquals(new Explanation.Headline(Explanation.Headline.Kind.MISSING_OBJECT, second,
                List.of(new Explanation.Missing(second, "the pod"))), n.headline());
    }

    @Test
    void aMissingDeviceClassIsNotSuggestedWhereNoNodeOffersDevices() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "")
                        + "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: gpu, namespace: default}\nspec:\n  devices:\n"
                        + "    requests:\n    - name: g\n      exactly: {deviceClassName: gpu.example.com}\n---\n",
                POD + "  resourceClaims: [{name: g, resourceClaimName: gpu}]\n"
                        + "  containers:\n  - {name: c, image: x, resources: {claims: [{name: g}], requests: {cpu: \"1\"}}}\n");
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        assertEquals("Unschedulable", e.verdict(), () -> describe(e));
        assertEquals(new Explanation.Headline(Explanation.Headline.Kind.MISSING_OBJECT, "DeviceClass gpu.example.com",
                List.of(new Explanation.Missing("DeviceClass gpu.example.com", "ResourceClaim default/gpu"))), e.headline(), () -> describe(e));
        assertTrue(e.suggestions().stream().noneMatch(x -> x.kind() == Kind.CREATE), "no node has devices: creating the class does not verify");
    }

    static String nominated(String name, int priority, String cpu) {
        return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: batch}\nspec:\n  priority: " + priority
                + "\n  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"" + cpu + "\"}}}\nstatus: {phase: Pending, nominatedNodeName: n1}\n---\n";
    }

    @Test
    void aPodThatOnlyANominatedPodKeepsOutWaits() throws Exception {
        // etl preempted v1 on n1 (v1 is terminating) and is nominated there; the pod fits n1 once v1 is gone and etl runs.
        String victim = running("default", "v1", "n1", "2500m", "app: v", "").replace("labels: {app: v}}",
                "labels: {app: v}, deletionTimestamp: \"2026-11-25T10:00:00Z\"}");
        String pod = POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"1\"}}}\n";
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + victim + nominated("etl", 10, "2"), pod);
        Explanation e = Explainer.explain(DEFAULTS, s.cluster(), s.before(), s.last());
        assertEquals("Unschedulable", e.verdict(), () -> describe(e));
        Suggestion first = e.suggestions().get(0);
        assertEquals(Kind.WAITS, first.kind(), () -> describe(e));
        assertEquals(Explanation.Rank.AS_IS, first.rank());
        assertEquals("nothing to change: the pod waits for batch/etl (priority 10), nominated to n1, which holds room there until it is"
                + " bound; once it runs there and the pods terminating on n1 are gone, the pod fits n1", first.summary());
        assertEquals("n1", first.selected());
        assertTrue(first.changes().isEmpty() && first.patch() == null, "nothing to change");
        assertFalse(e.unresolved().contains("NodeResourcesFit"), () -> describe(e));

        // A nominated pod of lower priority holds no room: the pod simply fits, and nothing waits.
        Scenario lower = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + victim + nominated("etl", -1, "2"), pod);
        assertEquals("Scheduled", Explainer.explain(DEFAULTS, lower.cluster(), lower.before(), lower.last()).verdict());

        // The pod fits only without the nomination, and once etl runs on n1 there is no room left: not a wait.
        String running = running("default", "r1", "n1", "1", "app: r", "");
        Scenario taken = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + running + nominated("etl", 10, "2"),
                POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"2\"}}}\n");
        Explanation t = Explainer.explain(DEFAULTS, taken.cluster(), taken.before(), taken.last());
        assertEquals("Unschedulable", t.verdict(), () -> describe(t));
        assertTrue(t.suggestions().stream().noneMatch(x -> x.kind() == Kind.WAITS), () -> describe(t));

        // Without the nominated pod the pod still does not fit: no wait is suggested.
        Scenario full = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + running + nominated("etl", 10, "2"),
                POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"3500m\"}}}\n");
        Explanation f = Explainer.explain(DEFAULTS, full.cluster(), full.before(), full.last());
        assertTrue(f.suggestions().stream().noneMatch(x -> x.kind() == Kind.WAITS), () -> describe(f));
    }

    static String describe(Explanation e) {
        StringBuilder sb = new StringBuilder(e.verdict() + ": " + e.report().fitError + "\n");
        for (Suggestion s : e.suggestions()) {
            sb.append("  ").append(s.kind()).append(' ').append(s.summary()).append(" -> ").append(s.opens()).append('\n');
        }
        return sb.toString();
    }
}
