package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** NodeInfo's per-label-set pod counts stay equal to a recount of its pods through adds, removes and copies. */
class LabelGroupsTest {
    @Test
    void labelSetsAreInternedByNamespaceAndLabels() {
        LabelSet a = LabelSet.of("default", Map.of("app", "web"));
        assertSame(a, LabelSet.of("default", new HashMap<>(Map.of("app", "web"))));
        assertNotSame(a, LabelSet.of("other", Map.of("app", "web")));
        assertNotSame(a, LabelSet.of("default", Map.of("app", "db")));
        assertSame(a, LabelSet.byId(a.id()));
        assertTrue(a.id() < LabelSet.count());
    }

    @Test
    void podsOfOneWorkloadShareTheirSet() {
        PodInfo p1 = pod("web-1").label("app", "web").info();
        PodInfo p2 = pod("web-2").label("app", "web").info();
        assertSame(p1.labelSet(), p2.labelSet());
        assertEquals(Map.of("app", "web"), p1.labels());
    }

    @Test
    void matcherEvaluatesEachSetOnce() {
        int[] calls = {0};
        LabelSetMatcher m = new LabelSetMatcher(s -> {
            calls[0]++;
            return "web".equals(s.labels().get("app"));
        });
        LabelSet web = LabelSet.of("default", Map.of("app", "web"));
        LabelSet db = LabelSet.of("default", Map.of("app", "db"));
        for (int i = 0; i < 5; i++) {
            assertTrue(m.matches(web));
            assertTrue(!m.matches(db.id()));
        }
        assertEquals(2, calls[0]);
        // A set interned after the matcher was made is still answered, without the memo.
        LabelSet later = LabelSet.of("default", Map.of("app", "web", "new", String.valueOf(System.nanoTime())));
        assertTrue(m.matches(later));
    }

    /** Recount: label set id → {pods, non-terminating pods}. */
    private static Map<Integer, List<Integer>> recount(NodeInfo n) {
        Map<Integer, List<Integer>> m = new HashMap<>();
        for (PodInfo p : n.pods()) {
            List<Integer> c = m.computeIfAbsent(p.labelSet().id(), k -> new ArrayList<>(List.of(0, 0)));
            c.set(0, c.get(0) + 1);
            c.set(1, c.get(1) + (p.terminating() ? 0 : 1));
        }
        return m;
    }

    private static Map<Integer, List<Integer>> groups(NodeInfo n) {
        Map<Integer, List<Integer>> m = new HashMap<>();
        for (int g = 0; g < n.labelGroupCount(); g++) {
            List<Integer> prev = m.put(n.labelGroupId(g), List.of(n.labelGroupPods(g), n.labelGroupLivePods(g)));
            assertEquals(null, prev, "one group per set");
            assertEquals(n.labelGroupId(g), n.labelGroup(g).id());
        }
        return m;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void groupsFollowAddsRemovesAndCopies(long seed) {
        Random r = new Random(seed);
        NodeInfo n = node("n1").cap("cpu", "100").cap("pods", "500").info();
        List<PodInfo> on = new ArrayList<>();
        for (int step = 0; step < 400; step++) {
            if (on.isEmpty() || r.nextInt(3) > 0) {
                Pod p = pod("p" + step).ns(r.nextBoolean() ? "default" : "team").label("app", "a" + r.nextInt(6)).build();
                if (r.nextInt(5) == 0) {
                    p = new PodBuilder(p).editMetadata().withDeletionTimestamp("2030-01-01T00:00:00Z").endMetadata().build();
                }
                PodInfo info = PodInfo.of(new PodBuilder(p).editSpec().withNodeName("n1").endSpec().build());
                n.addPod(info);
                on.add(info);
            } else {
                PodInfo gone = on.remove(r.nextInt(on.size()));
                assertTrue(n.removePod(gone));
            }
            assertEquals(recount(n), groups(n), "step " + step);
            if (step % 50 == 0) {
                NodeInfo copy = n.snapshot();
                assertEquals(groups(n), groups(copy));
                copy.addPod(pod("extra" + step).label("app", "extra").info());
                assertEquals(recount(n), groups(n), "a copy's changes stay in the copy");
            }
        }
    }

    /** The snapshot's index: set id → node position → {pods, non-terminating pods}. */
    private static Map<Integer, Map<Integer, List<Integer>>> index(ClusterSnapshot s) {
        Map<Integer, Map<Integer, List<Integer>>> m = new HashMap<>();
        LabelSetIndex idx = s.labelSetIndex();
        for (int k = 0; k < idx.setCount(); k++) {
            int set = idx.set(k);
            int[] e = idx.entries(set);
            for (int j = 0; j < idx.nodeCount(set); j++) {
                m.computeIfAbsent(set, x -> new HashMap<>()).put(e[3 * j], List.of(e[3 * j + 1], e[3 * j + 2]));
            }
        }
        return m;
    }

    private static Map<Integer, Map<Integer, List<Integer>>> recount(ClusterSnapshot s) {
        Map<Integer, Map<Integer, List<Integer>>> m = new HashMap<>();
        for (int pos = 0; pos < s.numNodes(); pos++) {
            for (Map.Entry<Integer, List<Integer>> e : recount(s.nodes().get(pos)).entrySet()) {
                m.computeIfAbsent(e.getKey(), x -> new HashMap<>()).put(pos, e.getValue());
            }
        }
        return m;
    }

    @ParameterizedTest
    @ValueSource(longs = {7, 8, 9})
    void snapshotIndexFollowsThePods(long seed) {
        Random r = new Random(seed);
        List<NodeInfo> nodes = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            NodeInfo n = node("n" + i).cap("cpu", "100").cap("pods", "500").info();
            n.addPod(pod("before-" + i).label("app", "a" + (i % 2)).info());
            nodes.add(n);
        }
        ClusterSnapshot s = new ClusterSnapshot(nodes, new java.util.LinkedHashMap<>(), List.of());
        assertEquals(recount(s), index(s));
        List<PodInfo> on = new ArrayList<>();
        for (int step = 0; step < 300; step++) {
            if (on.isEmpty() || r.nextInt(3) > 0) {
                String node = "n" + r.nextInt(4);
                Pod p = pod("p" + step).label("app", "a" + r.nextInt(5)).build();
                if (r.nextInt(4) == 0) {
                    p = new PodBuilder(p).editMetadata().withDeletionTimestamp("2030-01-01T00:00:00Z").endMetadata().build();
                }
                if (r.nextInt(5) == 0) {
                    p = new PodBuilder(p).editSpec().withNewAffinity().withNewPodAntiAffinity().addNewRequiredDuringSchedulingIgnoredDuringExecution()
                            .withTopologyKey("kubernetes.io/hostname").withNewLabelSelector().addToMatchLabels("app", "a1").endLabelSelector()
                            .endRequiredDuringSchedulingIgnoredDuringExecution().endPodAntiAffinity().endAffinity().endSpec().build();
                }
                PodInfo info = PodInfo.of(new PodBuilder(p).editSpec().withNodeName(node).endSpec().build());
                s.addPod(node, info);
                on.add(info);
            } else {
                assertTrue(s.removePod(on.remove(r.nextInt(on.size()))));
            }
            assertEquals(recount(s), index(s), "step " + step);
            assertEquals(s.nodes().stream().filter(n -> !n.podsWithRequiredAntiAffinity().isEmpty()).toList(), s.nodesWithRequiredAntiAffinity());
            assertEquals(s.nodes().stream().filter(n -> !n.podsWithAffinity().isEmpty()).toList(), s.nodesWithAffinity());
            // A copy of a node (preemption, nominated pods) changes on its own, not the index.
            s.nodes().get(r.nextInt(4)).snapshot().addPod(pod("copy" + step).label("app", "zz").info());
            assertEquals(recount(s), index(s), "step " + step + " after a copy changed");
        }
    }
}
