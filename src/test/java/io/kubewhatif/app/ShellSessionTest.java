package io.kubewhatif.app;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import io.kubewhatif.load.InputException;
import io.kubewhatif.render.SnapshotRenderer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shell's in-memory edits: kubectl and API-server semantics, configuration edits through the loader, undo. */
class ShellSessionTest {
    static final String QUICKSTART = "samples/quickstart/cluster.yaml";
    static final String POD = "samples/quickstart/pod.yaml";

    @TempDir
    Path dir;

    ShellSession session;

    @BeforeEach
    void open() throws Exception {
        session = ShellSession.open(InputStream.nullInputStream(), List.of(QUICKSTART), null);
    }

    private Path file(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private Node node(String name) throws InputException {
        return session.node(name);
    }

    private RunReport schedule() throws InputException {
        return Simulation.schedule(session, InputStream.nullInputStream(), List.of(POD), null, SchedulerOptions.DEFAULT);
    }

    // ---- cordon, taint, label -----------------------------------------------------------------------------------

    @Test
    void cordonSetsUnschedulableAndTheControllersTaintAndUndoRestoresTheSameObject() throws Exception {
        Node before = node("node-c");
        assertTrue(session.cordon("node-c", true));
        Node after = node("node-c");
        assertNotSame(before, after);
        assertEquals(Boolean.TRUE, after.getSpec().getUnschedulable());
        assertEquals(List.of("node.kubernetes.io/unschedulable:NoSchedule"), taints(after));
        assertEquals(null, before.getSpec() == null ? null : before.getSpec().getUnschedulable(), "the earlier state is untouched");
        assertFalse(session.cordon("node-c", true), "already cordoned");
        assertEquals("node-d", schedule().steps.get(0).selected, "node-c no longer feasible");
        assertTrue(session.cordon("node-c", false));
        assertEquals(List.of(), taints(node("node-c")));
        assertEquals(Optional.of("node/node-c uncordoned"), session.undo());
        assertEquals(Optional.of("node/node-c cordoned"), session.undo());
        assertSame(before, node("node-c"));
        assertEquals(Optional.empty(), session.undo());
    }

    private static List<String> taints(Node n) {
        List<Taint> t = n.getSpec() == null || n.getSpec().getTaints() == null ? List.of() : n.getSpec().getTaints();
        return t.stream().map(x -> x.getKey() + (x.getValue() == null ? "" : "=" + x.getValue()) + ":" + x.getEffect()).toList();
    }

    record TaintCase(String name, List<ShellSession.TaintSpec> add, List<ShellSession.TaintSpec> remove, boolean overwrite,
                     List<String> expected, String error) {
    }

    static Stream<TaintCase> taintCases() {
        var gpu = new ShellSession.TaintSpec("dedicated", "gpu", "NoSchedule");
        var db = new ShellSession.TaintSpec("dedicated", "db", "NoSchedule");
        return Stream.of(
                new TaintCase("add to node-a", List.of(new ShellSession.TaintSpec("k", "", "PreferNoSchedule")), List.of(), false,
                        List.of("k:PreferNoSchedule"), null),
                new TaintCase("same key and effect needs --overwrite", List.of(db), List.of(), false, null,
                        "node node-b already has dedicated taint(s) with same effect(s) and --overwrite is false"),
                new TaintCase("overwrite replaces the value", List.of(db), List.of(), true, List.of("dedicated=db:NoSchedule"), null),
                new TaintCase("same key, other effect is another taint", List.of(new ShellSession.TaintSpec("dedicated", "gpu", "NoExecute")),
                        List.of(), false, List.of("dedicated=gpu:NoSchedule", "dedicated=gpu:NoExecute"), null),
                new TaintCase("remove by key", List.of(), List.of(new ShellSession.TaintSpec("dedicated", "", null)), false, List.of(), null),
                new TaintCase("remove by key and effect", List.of(), List.of(gpu), false, List.of(), null),
                new TaintCase("remove a missing taint", List.of(), List.of(new ShellSession.TaintSpec("dedicated", "", "NoExecute")), false, null,
                        "taint \"dedicated:NoExecute\" not found on node \"node-b\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("taintCases")
    void taintFollowsKubectl(TaintCase c) throws Exception {
        String target = c.name().equals("add to node-a") ? "node-a" : "node-b";
        if (c.error() != null) {
            InputException e = assertThrows(InputException.class, () -> session.taint(target, c.add(), c.remove(), c.overwrite()));
            assertEquals(c.error(), e.getMessage());
            assertEquals(List.of(), session.changes(), "a failed edit records nothing");
            return;
        }
        session.taint(target, c.add(), c.remove(), c.overwrite());
        assertEquals(c.expected(), taints(node(target)));
    }

    @Test
    void noExecuteTaintListsThePodsARealClusterWouldEvict() throws Exception {
        ShellSession.TaintResult r = session.taint("node-a", List.of(new ShellSession.TaintSpec("maintenance", "", "NoExecute")), List.of(), false);
        assertEquals(List.of("shop/api-0"), r.wouldBeEvicted());
        assertTrue(session.pods().stream().anyMatch(p -> p.getMetadata().getName().equals("api-0")), "not evicted by the taint itself");
    }

    @Test
    void labelsNeedOverwriteToChangeAndMissingRemovalsWarn() throws Exception {
        var node = new ShellSession.Target("node", "node-b", null);
        ShellSession.LabelResult r = session.label(node, Map.of("disktype", "ssd"), List.of(), false);
        assertTrue(r.changed());
        assertEquals("ssd", node("node-b").getMetadata().getLabels().get("disktype"));
        InputException e = assertThrows(InputException.class, () -> session.label(node, Map.of("disktype", "hdd"), List.of(), false));
        assertEquals("'disktype' already has a value (ssd), and --overwrite is false", e.getMessage());
        assertTrue(session.label(node, Map.of("disktype", "hdd"), List.of(), true).changed());
        ShellSession.LabelResult none = session.label(node, Map.of(), List.of("nope"), false);
        assertFalse(none.changed());
        assertEquals(List.of("label \"nope\" not found."), none.warnings());
        var pod = new ShellSession.Target("pod", "cache-0", null);
        session.label(pod, Map.of(), List.of("app"), false);
        assertEquals(null, session.pod("shop/cache-0", null).getMetadata().getLabels());
    }

    // ---- evict ------------------------------------------------------------------------------------------------

    static final String PDB = """
            apiVersion: policy/v1
            kind: PodDisruptionBudget
            metadata: {name: api-pdb, namespace: shop}
            spec:
              minAvailable: 1
              selector: {matchLabels: {app: api}}
            status: {disruptionsAllowed: %d, currentHealthy: %d, desiredHealthy: 1, expectedPods: 1}
            """;

    record EvictCase(String name, String objects, String pod, String error, Integer allowedAfter) {
    }

    static Stream<EvictCase> evictCases() {
        String ready = """
                apiVersion: v1
                kind: Pod
                metadata: {name: api-1, namespace: shop, labels: {app: api}}
                spec: {nodeName: node-c, containers: [{name: c, image: x}]}
                status:
                  phase: Running
                  conditions: [{type: Ready, status: "True"}]
                """;
        String unready = ready.replace("api-1", "api-2").replace("\"True\"", "\"False\"");
        return Stream.of(
                new EvictCase("no budget: deleted", "", "shop/batch-0", null, null),
                new EvictCase("budget allows one: spent", ready + "---\n" + PDB.formatted(1, 1), "api-1", null, 0),
                new EvictCase("budget allows none: refused with the API server's message", ready + "---\n" + PDB.formatted(0, 1), "api-1",
                        "cannot evict pod shop/api-1: Cannot evict pod as it would violate the pod's disruption budget. "
                                + "The disruption budget api-pdb needs 1 healthy pods and has 1 currently", null),
                new EvictCase("unready pod of a healthy budget: deleted without spending", unready + "---\n" + PDB.formatted(0, 1), "api-2", null, 0),
                new EvictCase("unready pod of an unhealthy budget: refused", unready + "---\n" + PDB.formatted(0, 0), "api-2",
                        "cannot evict pod shop/api-2: Cannot evict pod as it would violate the pod's disruption budget. "
                                + "The disruption budget api-pdb needs 1 healthy pods and has 0 currently", null),
                new EvictCase("two budgets: refused", PDB.formatted(1, 1) + "---\n" + PDB.formatted(1, 1).replace("api-pdb", "other"),
                        "api-0", "cannot evict pod shop/api-0: This pod has more than one PodDisruptionBudget, which the eviction "
                        + "subresource does not support.", null),
                new EvictCase("empty selector covers nothing", PDB.formatted(0, 0).replace("selector: {matchLabels: {app: api}}", "selector: {}"),
                        "api-0", null, 0),
                new EvictCase("pending phase ignores the budget", ready.replace("Running", "Pending") + "---\n" + PDB.formatted(0, 1), "api-1", null, 0));
    }

    /** A budget written without a status: the controller's status, recomputed after each eviction. */
    @Test
    void aBudgetWithoutStatusAllowsWhatTheDisruptionControllerWould() throws Exception {
        String owner = "ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: store, uid: shop/store, controller: true}]";
        StringBuilder more = new StringBuilder("""
                apiVersion: apps/v1
                kind: ReplicaSet
                metadata: {name: store, namespace: shop}
                spec:
                  replicas: 3
                  selector: {matchLabels: {app: store}}
                  template: {metadata: {labels: {app: store}}, spec: {containers: [{name: c, image: x}]}}
                ---
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: store, namespace: shop}
                spec: {maxUnavailable: 1, selector: {matchLabels: {app: store}}}
                """);
        for (int i = 0; i < 3; i++) {
            more.append("""
                    ---
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: store-%d, namespace: shop, labels: {app: store}, %s}
                    spec: {nodeName: node-c, containers: [{name: c, image: x}]}
                    """.formatted(i, owner));
        }
        session.add(InputStream.nullInputStream(), List.of(file("extra.yaml", more.toString()).toString()));
        // three healthy pods of a 3-replica ReplicaSet, one may be unavailable
        assertEquals(java.util.Optional.of("shop/store"), session.evict("store-0", null));
        PodDisruptionBudget pdb = session.list(PodDisruptionBudget.class).get(0);
        assertEquals(null, pdb.getStatus(), "a computed status is not written back");
        InputException e = assertThrows(InputException.class, () -> session.evict("store-1", null));
        assertEquals("cannot evict pod shop/store-1: Cannot evict pod as it would violate the pod's disruption budget. "
                + "The disruption budget store needs 2 healthy pods and has 2 currently", e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("evictCases")
    void evictionFollowsTheEvictionApi(EvictCase c) throws Exception {
        if (!c.objects().isEmpty()) {
            session.add(InputStream.nullInputStream(), List.of(file("extra.yaml", c.objects()).toString()));
        }
        int before = session.pods().size();
        if (c.error() != null) {
            InputException e = assertThrows(InputException.class, () -> session.evict(c.pod(), null));
            assertEquals(c.error(), e.getMessage());
            assertEquals(before, session.pods().size());
            return;
        }
        session.evict(c.pod(), null);
        assertEquals(before - 1, session.pods().size());
        if (c.allowedAfter() != null) {
            PodDisruptionBudget pdb = session.list(PodDisruptionBudget.class).stream()
                    .filter(p -> p.getMetadata().getName().equals("api-pdb")).findFirst().orElseThrow();
            assertEquals(c.allowedAfter(), pdb.getStatus().getDisruptionsAllowed());
            boolean spent = c.name().contains("spent");
            assertEquals(spent, pdb.getStatus().getDisruptedPods() != null && pdb.getStatus().getDisruptedPods().containsKey("api-1"));
        }
    }

    // ---- lookups, delete, add ----------------------------------------------------------------------------------

    @Test
    void lookupsSuggestAndRefuseAmbiguousNames() throws Exception {
        assertEquals("node \"node-x\" not found (did you mean \"node-a\"?)", assertThrows(InputException.class, () -> session.node("node-x")).getMessage());
        session.add(InputStream.nullInputStream(), List.of(file("dup.yaml", """
                apiVersion: v1
                kind: Pod
                metadata: {name: api-0, namespace: other}
                spec: {nodeName: node-d, containers: [{name: c, image: x}]}
                """).toString()));
        InputException e = assertThrows(InputException.class, () -> session.pod("api-0", null));
        assertEquals("pod \"api-0\" exists in several namespaces; which one? other/api-0, shop/api-0 (give NAMESPACE/NAME or -n NAMESPACE)",
                e.getMessage());
        assertEquals("other", session.pod("api-0", "other").getMetadata().getNamespace());
        assertEquals("shop", session.pod("shop/api-0", null).getMetadata().getNamespace());
        assertEquals("pod \"api-0\" not found in namespace \"nope\" (it is in: shop, other)", assertThrows(InputException.class, () -> session.pod("api-0", "nope")).getMessage());
    }

    @Test
    void deletingANodeDeletesItsPodsAndResourceNamesAreKubectls() throws Exception {
        ShellSession.Deleted d = session.delete("no", "node-a", null);
        assertEquals("node/node-a", d.object());
        assertEquals(List.of("pod/shop/api-0"), d.alsoDeleted());
        assertEquals(3, session.nodes().size());
        session.delete("pods", "cache-0", "shop");
        assertEquals(1, session.pods().size());
        ShellSession.Deleted ns = session.delete("ns", "shop", null);
        assertEquals(List.of("pod/shop/batch-0"), ns.alsoDeleted());
        InputException e = assertThrows(InputException.class, () -> session.delete("gadget", "x", null));
        assertTrue(e.getMessage().startsWith("the server doesn't have a resource type \"gadget\""), e.getMessage());
        session.reset();
        assertEquals(3, session.pods().size());
        assertEquals(Optional.of("reset"), session.undo());
        assertEquals(0, session.pods().size());
    }

    @Test
    void addAppliesConventionsWithTheCurrentPriorityClassesAndReplacesSameNamedObjects() throws Exception {
        ShellSession.Added r = session.add(InputStream.nullInputStream(), List.of(file("more.yaml", """
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 1000
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: urgent, namespace: jobs}
                spec: {nodeName: node-d, priorityClassName: high, containers: [{name: c, image: x}]}
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: node-d, labels: {topology.kubernetes.io/zone: zone-2}}
                status: {capacity: {cpu: "2", memory: 4Gi, pods: "10"}}
                """).toString()));
        assertEquals(List.of("priorityclass/high", "pod/jobs/urgent", "namespace/jobs"), r.added());
        assertEquals(List.of("node/node-d"), r.replaced());
        Pod urgent = session.pod("jobs/urgent", null);
        assertEquals(1000, urgent.getSpec().getPriority());
        assertEquals("2000-01-01T00:00:00Z", urgent.getStatus().getStartTime());
        assertEquals("2", node("node-d").getStatus().getAllocatable().get("cpu").toString());
        InputException e = assertThrows(InputException.class, () -> session.add(InputStream.nullInputStream(), List.of(dir.resolve("none.yaml").toString())));
        assertTrue(e.getMessage().endsWith("none.yaml: no such file or directory"), e.getMessage());
    }

    @Test
    void savedSnapshotLoadsBackToTheSameObjects() throws Exception {
        session.cordon("node-a", true);
        session.evict("batch-0", null);
        Path saved = file("saved.yaml", SnapshotRenderer.yaml(session.objects()));
        ShellSession again = ShellSession.open(InputStream.nullInputStream(), List.of(saved.toString()), null);
        assertEquals(json(session.objects()), json(again.objects()));
    }

    private static String json(List<HasMetadata> objects) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(objects);
    }

    // ---- configuration ------------------------------------------------------------------------------------------

    private static List<String> names(Profile p, ExtensionPoint ep) {
        return p.at(ep).stream().map(PluginRef::name).toList();
    }

    @Test
    void setWeightKeepsTheScoreOrderAndChangesTheTotals() throws Exception {
        List<String> order = names(session.config().profiles().get(0), ExtensionPoint.SCORE);
        ConfigEdits.Result r = session.setWeight(null, "NodeAffinity", 10);
        assertEquals(2, r.before().scoreWeight("NodeAffinity"));
        assertEquals(10, r.after().scoreWeight("NodeAffinity"));
        assertEquals(order, names(session.config().profiles().get(0), ExtensionPoint.SCORE), "a multiPoint entry keeps its place");
        assertEquals(1, session.setWeight(null, "NodeAffinity", 0).after().scoreWeight("NodeAffinity"), "0 becomes 1, as upstream");
        // Upstream's overflow check trips on the plugin after a negative weight (so not after the last one).
        ConfigException e = assertThrows(ConfigException.class, () -> session.setWeight(null, "TaintToleration", -1));
        assertTrue(e.getMessage().endsWith("total score of Score plugins could overflow"), e.getMessage());
        InputException notScoring = assertThrows(InputException.class, () -> session.setWeight(null, "NodeName", 3));
        assertTrue(notScoring.getMessage().startsWith("NodeName does not score in profile default-scheduler"), notScoring.getMessage());
        assertEquals(1, session.config().profiles().get(0).scoreWeight("NodeAffinity"), "the failed edit changed nothing");
    }

    /** A plugin that runs only at a placement point (1.36) is enabled, found and disabled there, as a pod-point plugin. */
    @Test
    void placementPointsCountAsPointsThePluginRunsAt() throws Exception {
        ShellSession v136 = ShellSession.open(InputStream.nullInputStream(), List.of(QUICKSTART), null,
                Features.of(KubeVersion.parse("1.36"), Map.of()));
        Profile defaults = v136.config().profiles().get(0);
        ConfigEdits.Result on = v136.enable(null, "PodGroupPodsCount", null);
        assertEquals(List.of("placementScore"), ConfigEdits.pointsOf(on.after(), "PodGroupPodsCount"));
        assertEquals(defaults.plugins(), on.after().plugins(), "the pod's points are untouched");
        assertEquals("PodGroupPodsCount already runs at placementScore in profile default-scheduler",
                assertThrows(InputException.class, () -> v136.enable(null, "PodGroupPodsCount", null)).getMessage());
        assertEquals(List.of(), ConfigEdits.pointsOf(v136.disable(null, "PodGroupPodsCount", null).after(), "PodGroupPodsCount"));
        assertEquals(List.of("preFilter", "filter", "preScore", "score", "placementScore"), ConfigEdits.pointsOf(defaults, "NodeResourcesFit"));
    }

    @Test
    void disableAndEnableEverywhereOrAtOnePoint() throws Exception {
        Profile defaults = session.config().profiles().get(0);
        ConfigEdits.Result off = session.disable(null, "NodeResourcesFit", null);
        assertEquals(List.of(), ConfigEdits.pointsOf(off.after(), "NodeResourcesFit"));
        ConfigEdits.Result on = session.enable(null, "NodeResourcesFit", null);
        assertEquals(defaults, on.after(), "a default plugin comes back in its place and weight");
        session.disable(null, "NodeResourcesFit", "filter");
        Profile p = session.config().profiles().get(0);
        assertFalse(names(p, ExtensionPoint.FILTER).contains("NodeResourcesFit"));
        assertTrue(names(p, ExtensionPoint.PRE_FILTER).contains("NodeResourcesFit"), "only the filter point is off");
        RunReport report = Simulation.schedule(session, InputStream.nullInputStream(), List.of(POD), null, SchedulerOptions.DEFAULT);
        assertTrue(report.steps.get(0).feasibleNodes.contains("node-a"), "without the filter node-a's CPU shortage is not seen");
        session.enable(null, "NodeResourcesFit", "filter");
        assertEquals(defaults, session.config().profiles().get(0));
        assertEquals("NodeResourcesFit already runs at filter in profile default-scheduler",
                assertThrows(InputException.class, () -> session.enable(null, "NodeResourcesFit", "filter")).getMessage());
        assertEquals("NodeName does not run at score in profile default-scheduler (it runs at: filter)",
                assertThrows(InputException.class, () -> session.disable(null, "NodeName", "score")).getMessage());
        assertTrue(assertThrows(InputException.class, () -> session.disable(null, "NodeName", "nowhere")).getMessage()
                .startsWith("unknown extension point \"nowhere\""));
        // enable without --point undoes a disable at one point, though the plugin still runs at its others.
        session.disable(null, "TaintToleration", "score");
        assertEquals(List.of("filter", "preScore"), ConfigEdits.pointsOf(session.config().profiles().get(0), "TaintToleration"));
        ConfigEdits.Result back = session.enable(null, "TaintToleration", null);
        assertEquals(defaults, back.after(), "back in its place and weight");
        assertEquals("TaintToleration already runs at filter, preScore, score in profile default-scheduler",
                assertThrows(InputException.class, () -> session.enable(null, "TaintToleration", null)).getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> session.enable(null, "NoSuchPlugin", null));
        assertTrue(unknown.getMessage().contains("\"NoSuchPlugin\" does not exist"), unknown.getMessage());
    }

    @Test
    void profilesAreChosenByName() throws Exception {
        Path two = file("two.yaml", """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: a
                - schedulerName: b
                """);
        ShellSession s = ShellSession.open(InputStream.nullInputStream(), List.of(QUICKSTART), two.toString());
        assertEquals("several profiles (a, b); choose one with --profile",
                assertThrows(InputException.class, () -> s.setWeight(null, "NodeAffinity", 5)).getMessage());
        s.setWeight("b", "NodeAffinity", 5);
        assertEquals(2, s.config().profiles().get(0).scoreWeight("NodeAffinity"));
        assertEquals(5, s.config().profiles().get(1).scoreWeight("NodeAffinity"));
        assertEquals("no profile \"c\" (profiles: a, b)",
                assertThrows(InputException.class, () -> s.setWeight("c", "NodeAffinity", 5)).getMessage());
    }
}
