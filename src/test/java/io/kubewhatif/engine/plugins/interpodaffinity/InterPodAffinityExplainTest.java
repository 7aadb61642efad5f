package io.kubewhatif.engine.plugins.interpodaffinity;

import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.plugins.interpodaffinity.AffinityExplanation.Rule;
import io.kubewhatif.engine.plugins.interpodaffinity.AffinityExplanation.TermMatch;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.aff;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.expr;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.namespace;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.node;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.pod;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.term;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InterPodAffinityExplainTest {
    private static final List<AffinityFixtures.NodeSpec> NODES = List.of(
            node("a1", "kubernetes.io/hostname=a1", "zone=a"), node("a2", "kubernetes.io/hostname=a2", "zone=a"),
            node("b1", "kubernetes.io/hostname=b1", "zone=b"), node("x1", "kubernetes.io/hostname=x1"));

    record Case(String name, PodInfo pod, List<PodInfo> pods, String node, List<TermMatch> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        PodInfo aff = pod("p", null, aff().required(term("zone", expr("app", "In", "db"))), "app=web");
        PodInfo anti = pod("p", null, aff().requiredAnti(term("zone", expr("app", "In", "web"))), "app=web");
        PodInfo hater = pod("h", "a2", aff().requiredAnti(term("zone", expr("app", "In", "web"))), "app=db");
        return Stream.of(
                new Case("affinity satisfied lists the matching pods of the domain", aff,
                        List.of(pod("db1", "a1", null, "app=db"), pod("db2", "a2", null, "app=db"), pod("db3", "b1", null, "app=db")), "a2",
                        List.of(new TermMatch(Rule.POD_AFFINITY, "default/p", 0, "zone", "a", List.of("default/db1", "default/db2"), false))),
                new Case("affinity violated in a domain without matching pods", aff,
                        List.of(pod("db1", "a1", null, "app=db")), "b1",
                        List.of(new TermMatch(Rule.POD_AFFINITY, "default/p", 0, "zone", "b", List.of(), true))),
                new Case("affinity violated on a node without the topology key", aff,
                        List.of(pod("db1", "a1", null, "app=db")), "x1",
                        List.of(new TermMatch(Rule.POD_AFFINITY, "default/p", 0, "zone", null, List.of(), true))),
                new Case("first pod of its group: not violated", pod("p", null, aff().required(term("zone", expr("app", "In", "web"))), "app=web"),
                        List.of(), "b1",
                        List.of(new TermMatch(Rule.POD_AFFINITY, "default/p", 0, "zone", "b", List.of(), false))),
                new Case("anti-affinity lists the pods it hates in the domain", anti,
                        List.of(pod("w1", "a1", null, "app=web"), pod("w2", "b1", null, "app=web")), "a2",
                        List.of(new TermMatch(Rule.POD_ANTI_AFFINITY, "default/p", 0, "zone", "a", List.of("default/w1"), true))),
                new Case("existing pods' anti-affinity names the pod that rejects", pod("p", null, null, "app=web"),
                        List.of(hater), "a1",
                        List.of(new TermMatch(Rule.EXISTING_POD_ANTI_AFFINITY, "default/h", 0, "zone", "a", List.of("default/h"), true))),
                new Case("existing pods' anti-affinity outside the domain is not listed", pod("p", null, null, "app=web"),
                        List.of(hater), "b1", List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void explain(Case c) throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(NODES, c.pods(), List.of(namespace("default")));
        InterPodAffinity pl = new InterPodAffinity(cluster, 1, false);
        assertEquals(c.want(), pl.explain(c.pod(), cluster.node(c.node())));
    }

    @Test
    void factoryDefaultsAndArgs() throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(NODES, List.of(), List.of());
        InterPodAffinity d = (InterPodAffinity) InterPodAffinity.create(null, cluster);
        assertEquals(1, d.hardPodAffinityWeight());
        assertFalse(d.ignorePreferredTermsOfExistingPods());
        assertEquals("InterPodAffinity", d.name());
        InterPodAffinity m = new InterPodAffinity(cluster, 100, true);
        assertEquals(100, m.hardPodAffinityWeight());
        assertTrue(m.ignorePreferredTermsOfExistingPods());
        assertThrows(PluginInitException.class, () -> InterPodAffinity.create("not args", cluster));
        PluginInitException e = assertThrows(PluginInitException.class, () -> new InterPodAffinity(cluster, 101, false));
        assertEquals("hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]", e.getMessage());
        assertThrows(PluginInitException.class, () -> new InterPodAffinity(cluster, -1, false));
    }
}
