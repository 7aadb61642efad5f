package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.diagnostics.NodeFill;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.load.PodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

import static io.kubewhatif.engine.whatif.Scenario.node;
import static io.kubewhatif.engine.whatif.Scenario.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** capacity: replicas one after another on one snapshot, until the limit or the first that does not fit. */
class CapacityTest {
    @TempDir
    Path dir;

    static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: w, namespace: default}\nspec:\n"
            + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"1\", memory: 1Gi}}}\n";

    static IntFunction<Capacity.Replica> replicas(Scenario s) {
        PodSource src = s.loaded().sources().get(0);
        return k -> {
            PodSource.Replica r = src.replica(k, s.loaded().conventions());
            return new Capacity.Replica(r.pod(), r.objects());
        };
    }

    @Test
    void countsPlacementsAndStopsWhereTheSchedulerWould() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + running("default", "busy", "n1", "1", "app: b", "")
                + node("n2", "4", "8Gi", "", ""), POD);
        Capacity.Result r = Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), null, null);
        assertEquals(7, r.replicas());
        Map<String, Integer> on = new TreeMap<>();
        r.replicasOnNodes().forEach(c -> on.put(c.node(), c.replicas()));
        assertEquals(Map.of("n1", 3, "n2", 4), on);
        assertEquals("Unschedulable", r.stop().type());
        assertEquals("default/w-7", r.lastPlaced());
        // The same copies scheduled as a sequence: the eighth fails with the same message.
        List<Pod> seq = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            seq.add(replicas(s).apply(k).pod());
        }
        RunReport run = Engine.run(ConfigLoader.defaults(), s.cluster(), seq, SchedulerOptions.DEFAULT);
        assertEquals(run.steps.get(7).fitError, r.stop().message());
        // The placement order is the sequence's: replica k on the node the k-th cycle selected.
        List<Capacity.Placement> order = new ArrayList<>();
        for (int k = 0; k < 7; k++) {
            order.add(new Capacity.Placement(run.steps.get(k).pod, run.steps.get(k).selected, run.steps.get(k).fill.get(0)));
        }
        assertEquals(order, r.placements());
        assertEquals(List.of(new Capacity.ReasonCount("Insufficient cpu", 2)), r.failSummary());
        // Each node's fill after its last replica, by hand: n1 runs busy (1 CPU, 1Gi) and 3 replicas (1 CPU, 1Gi
        // each) of 4 CPU, 8Gi, 110 pods; n2 runs 4 replicas.
        long gi = 1L << 30;
        Map<String, NodeFill> last = new TreeMap<>();
        r.placements().forEach(p -> last.put(p.node(), p.fill()));
        assertEquals(new NodeFill("n1", 4000, 4 * gi, 4, 4000, 8 * gi, 110, 0, 0, Map.of()), last.get("n1"));
        assertEquals(new NodeFill("n2", 4000, 4 * gi, 4, 4000, 8 * gi, 110, 0, 0, Map.of()), last.get("n2"));
        // and after the first replica that went to n1, busy and it
        Capacity.Placement firstOnN1 = r.placements().stream().filter(p -> p.node().equals("n1")).findFirst().orElseThrow();
        assertEquals(new NodeFill("n1", 2000, 2 * gi, 2, 4000, 8 * gi, 110, 0, 0, Map.of()), firstOnN1.fill());
        assertEquals("default/w-8", r.stopReport().pod);
    }

    @Test
    void stopsAtTheLimit() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", ""), POD);
        Capacity.Result r = Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), 3, null);
        assertEquals(3, r.replicas());
        assertEquals(new Capacity.StopReason("LimitReached", "Maximum number of pods simulated: 3"), r.stop());
        assertNull(r.stopReport());
        assertEquals(List.of("n1", "n1", "n1"), r.placements().stream().map(Capacity.Placement::node).toList());
        assertEquals(0, Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), 0, null).replicas());
    }

    @Test
    void aStopRequestEndsTheRunBetweenPlacementsWithAPartialResult() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + node("n2", "4", "8Gi", "", ""), POD);
        IntFunction<Capacity.Replica> all = replicas(s);
        int[] asked = new int[1];
        int[] placed = new int[1];
        Capacity.Result r = Capacity.run(ConfigLoader.defaults(), s.cluster(), k -> {
            asked[0]++;
            return all.apply(k);
        }, null, c -> placed[0] = c, () -> placed[0] >= 3);
        assertTrue(r.partial());
        assertEquals(3, r.replicas(), "8 would fit; the run stopped after the third");
        assertEquals(3, asked[0], "no replica is built or scheduled after the stop request");
        assertEquals(new Capacity.StopReason(Capacity.INTERRUPTED, "stopped on request after 3 replica(s); more may fit"), r.stop());
        assertEquals("default/w-3", r.lastPlaced());
        assertEquals(3, r.replicasOnNodes().stream().mapToInt(Capacity.NodeCount::replicas).sum());
        assertEquals(List.of(), r.failSummary());
        assertNull(r.stopReport(), "no replica failed");

        Capacity.Result before = Capacity.run(ConfigLoader.defaults(), s.cluster(), all, null, null, () -> true);
        assertTrue(before.partial());
        assertEquals(0, before.replicas());
        assertNull(before.lastPlaced());

        Capacity.Result whole = Capacity.run(ConfigLoader.defaults(), s.cluster(), all, null, null, () -> false);
        assertFalse(whole.partial());
        assertEquals(8, whole.replicas());
    }

    @Test
    void theLimitReachedIsACompleteAnswerEvenWithAStopRequest() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", ""), POD);
        int[] placed = new int[1];
        Capacity.Result r = Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), 2, c -> placed[0] = c, () -> placed[0] >= 2);
        assertFalse(r.partial());
        assertEquals("LimitReached", r.stop().type());
        assertEquals(2, r.replicas());
    }

    @Test
    void aGatedTemplateStopsAtOnce() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", ""), POD.replace("spec:\n", "spec:\n  schedulingGates: [{name: g}]\n"));
        Capacity.Result r = Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), null, null);
        assertEquals(0, r.replicas());
        assertEquals("Gated", r.stop().type());
    }

    @Test
    void statefulSetReplicasBringTheirClaims() throws Exception {
        String cluster = node("n1", "4", "8Gi", "", "") + "apiVersion: storage.k8s.io/v1\nkind: StorageClass\n"
                + "metadata: {name: local, annotations: {storageclass.kubernetes.io/is-default-class: \"true\"}}\n"
                + "provisioner: example.com/csi\nvolumeBindingMode: WaitForFirstConsumer\n";
        String ss = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: db}}\n"
                + "  template:\n    metadata: {labels: {app: db}}\n    spec:\n      containers:\n"
                + "      - {name: db, image: x, resources: {requests: {cpu: \"1\"}}}\n"
                + "  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n";
        Scenario s = Scenario.of(dir, cluster, ss);
        Capacity.Result r = Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), null, null);
        assertEquals(4, r.replicas(), r.stop().message());
        assertEquals("default/db-3", r.lastPlaced());
    }

    @Test
    void oneSchedulerForAllReplicas() throws Exception {
        // 1,000 nodes: rebuilding the snapshot per replica would take seconds; incremental assume keeps it fast.
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            nodes.append(node(String.format("n%04d", i), "4", "8Gi", "topology.kubernetes.io/zone: z" + (i % 3), ""));
        }
        Scenario s = Scenario.of(dir, nodes.toString(), POD.replace("cpu: \"1\"", "cpu: 100m").replace("memory: 1Gi", "memory: 64Mi"));
        Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), 200, null);
        long start = System.nanoTime();
        int[] seen = new int[1];
        Capacity.Result r = Capacity.run(ConfigLoader.defaults(), s.cluster(), replicas(s), 600, c -> seen[0] = c);
        double secs = (System.nanoTime() - start) / 1e9;
        assertEquals(600, r.replicas());
        assertEquals(600, seen[0], "progress reported every placement");
        double rate = 600 / secs;
        System.out.printf("capacity: %.0f pods/s on 1,000 nodes%n", rate);
        assertTrue(rate > 40, "capacity placed only " + rate + " pods/s");
    }
}
