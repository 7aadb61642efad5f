package io.kubewhatif.engine.plugins.interpodaffinity;

import io.fabric8.kubernetes.api.model.Namespace;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.aff;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.expr;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.inNamespaces;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.namespace;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.node;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.pod;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.podIn;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.selector;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.term;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.weighted;
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.withNamespaceSelector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InterPodAffinityScoreTest {
    private static final List<Namespace> NAMESPACES = List.of(namespace("default"),
            namespace("subteam1.team1", "team=team1"), namespace("subteam2.team1", "team=team1"),
            namespace("subteam1.team2", "team=team2"), namespace("subteam2.team2", "team=team2"));

    private static final String[] S1 = {"security=S1"};
    private static final String[] S2 = {"security=S2"};

    private static AffinityFixtures.NodeSpec china(String n) {
        return node(n, "region=China");
    }

    private static AffinityFixtures.NodeSpec india(String n) {
        return node(n, "region=India");
    }

    private static AffinityFixtures.NodeSpec az1(String n) {
        return node(n, "az=az1");
    }

    private static AffinityFixtures.NodeSpec az2(String n) {
        return node(n, "az=az2");
    }

    private static AffinityFixtures.NodeSpec chinaAz1(String n) {
        return node(n, "region=China", "az=az1");
    }

    private static AffinityFixtures.Aff stayWithS1InRegion() {
        return aff().preferred(weighted(5, term("region", expr("security", "In", "S1"))));
    }

    private static AffinityFixtures.Aff stayWithS2InRegion() {
        return aff().preferred(weighted(6, term("region", expr("security", "In", "S2"))));
    }

    private static AffinityFixtures.Aff affinity3() {
        return aff().preferred(
                weighted(8, term("region", expr("security", "NotIn", "S1"), expr("security", "In", "S2"))),
                weighted(2, term("region", expr("security", "Exists"), expr("wrongkey", "DoesNotExist"))));
    }

    private static AffinityFixtures.Aff hardAffinity() {
        return aff().required(
                term("region", expr("security", "In", "S1", "value2")),
                term("region", expr("security", "Exists"), expr("wrongkey", "DoesNotExist")));
    }

    private static AffinityFixtures.Aff awayFromS1InAz() {
        return aff().preferredAnti(weighted(5, term("az", expr("security", "In", "S1"))));
    }

    private static AffinityFixtures.Aff awayFromS2InAz() {
        return aff().preferredAnti(weighted(5, term("az", expr("security", "In", "S2"))));
    }

    private static AffinityFixtures.Aff stayWithS1InRegionAwayFromS2InAz() {
        return aff().preferred(weighted(8, term("region", expr("security", "In", "S1"))))
                .preferredAnti(weighted(5, term("az", expr("security", "In", "S2"))));
    }

    private static AffinityFixtures.Aff affinityNamespaceSelector() {
        return aff().preferred(weighted(5, withNamespaceSelector(inNamespaces(term("region", expr("security", "In", "S1")), "subteam2.team2"),
                selector(expr("team", "In", "team1")))));
    }

    private static AffinityFixtures.Aff antiAffinityNamespaceSelector() {
        return aff().preferredAnti(weighted(5, withNamespaceSelector(inNamespaces(term("region", expr("security", "In", "S1")), "subteam2.team2"),
                selector(expr("team", "In", "team1")))));
    }

    private static AffinityFixtures.Aff hardPodAffinity() {
        return aff().required(withNamespaceSelector(inNamespaces(term("region", expr("service", "In", "S1")), "default", "subteam2.team2"),
                selector(expr("team", "In", "team1"))));
    }

    /**
     * wantRaw null: raw scores not checked; wantNormalized null: PreScore must Skip. feasible: the nodes scored (all when
     * null).
     */
    record Case(String name, PodInfo pod, List<PodInfo> pods, List<AffinityFixtures.NodeSpec> nodes, int hardWeight, boolean ignoreExisting,
                List<String> feasible, long[] wantRaw, long[] wantNormalized) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case c(String name, PodInfo pod, List<PodInfo> pods, List<AffinityFixtures.NodeSpec> nodes, long... normalized) {
        return new Case(name, pod, pods, nodes, 1, false, null, null, normalized);
    }

    private static Case skip(String name, PodInfo pod, List<PodInfo> pods, List<AffinityFixtures.NodeSpec> nodes, int hardWeight, boolean ignore) {
        return new Case(name, pod, pods, nodes, hardWeight, ignore, null, null, null);
    }

    static Stream<Case> preferredAffinity() {
        return Stream.of(
                skip("no affinity anywhere: Skip", pod("p", null, null, S1), List.of(), List.of(china("n1"), india("n2"), az1("n3")), 1, false),
                c("affinity: matching pod in the topology scores high", pod("p", null, stayWithS1InRegion(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n2", null, S2), pod("c", "n3", null, S1)),
                        List.of(china("n1"), india("n2"), az1("n3")), 100, 0, 0),
                c("affinity: every node with the same topology value scores the same", pod("p", null, stayWithS1InRegion()),
                        List.of(pod("a", "n1", null, S1)),
                        List.of(china("n1"), chinaAz1("n2"), india("n3")), 100, 100, 0),
                c("affinity: the region with more matching pods wins", pod("p", null, stayWithS2InRegion(), S1),
                        List.of(pod("a", "n1", null, S2), pod("b", "n1", null, S2), pod("c", "n2", null, S2), pod("d", "n3", null, S2),
                                pod("e", "n4", null, S2), pod("f", "n5", null, S2)),
                        List.of(china("n1"), india("n2"), china("n3"), china("n4"), india("n5")), 100, 0, 100, 100, 0),
                c("affinity: several operators, some terms failing", pod("p", null, affinity3(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n2", null, S2), pod("c", "n3", null, S1)),
                        List.of(china("n1"), india("n2"), az1("n3")), 20, 100, 0),
                c("symmetry: existing pods' preferred affinity", pod("p", null, null, S2),
                        List.of(pod("a", "n1", stayWithS1InRegion(), S1), pod("b", "n2", stayWithS2InRegion(), S2)),
                        List.of(china("n1"), india("n2"), az1("n3")), 0, 100, 0),
                c("symmetry with namespace selector", podIn("subteam1.team1", "p", null, null, S1),
                        List.of(pod("a", "n1", affinityNamespaceSelector(), S1), pod("b", "n2", stayWithS2InRegion(), S2)),
                        List.of(china("n1"), india("n2"), az1("n3")), 100, 0, 0),
                c("anti-affinity symmetry with namespace selector", podIn("subteam1.team1", "p", null, null, S1),
                        List.of(pod("a", "n1", antiAffinityNamespaceSelector(), S1), pod("b", "n2", stayWithS2InRegion(), S2)),
                        List.of(china("n1"), india("n2"), az1("n3")), 0, 100, 100),
                c("symmetry: existing pods' required affinity counts with the hard weight", pod("p", null, null, S1),
                        List.of(pod("a", "n1", hardAffinity(), S1), pod("b", "n2", hardAffinity(), S2)),
                        List.of(china("n1"), india("n2"), az1("n3")), 100, 100, 0),
                c("anti-affinity: the node with a matching pod scores low", pod("p", null, awayFromS1InAz(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n2", null, S2)),
                        List.of(az1("n1"), china("n2")), 0, 100),
                c("anti-affinity: a node without the topology key scores high", pod("p", null, awayFromS1InAz(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n2", null, S1)),
                        List.of(az1("n1"), china("n2")), 0, 100),
                c("anti-affinity: more matching pods, lower score", pod("p", null, awayFromS1InAz(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n1", null, S1), pod("c", "n2", null, S2)),
                        List.of(az1("n1"), india("n2")), 0, 100),
                c("anti-affinity symmetry", pod("p", null, null, S2),
                        List.of(pod("a", "n1", awayFromS2InAz(), S1), pod("b", "n2", awayFromS1InAz(), S2)),
                        List.of(az1("n1"), az2("n2")), 0, 100),
                c("affinity and anti-affinity", pod("p", null, stayWithS1InRegionAwayFromS2InAz(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n2", null, S1)),
                        List.of(china("n1"), az1("n2")), 100, 0),
                c("affinity and anti-affinity with pods of the same labels", pod("p", null, stayWithS1InRegionAwayFromS2InAz(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n1", null, S1), pod("c", "n2", null, S1), pod("d", "n3", null, S1),
                                pod("e", "n3", null, S1), pod("f", "n4", null, S1), pod("g", "n5", null, S1)),
                        List.of(chinaAz1("n1"), india("n2"), china("n3"), china("n4"), india("n5")), 100, 0, 100, 100, 0),
                c("affinity, anti-affinity and symmetry together", pod("p", null, stayWithS1InRegionAwayFromS2InAz(), S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n2", null, S2), pod("c", "n3", stayWithS1InRegionAwayFromS2InAz()),
                                pod("d", "n4", awayFromS1InAz())),
                        List.of(china("n1"), az1("n2"), india("n3"), az2("n4")), 100, 0, 100, 0),
                c("nodes of a topology without pods with affinity still share its score", pod("p", null, null, S1),
                        List.of(pod("a", "n1", null, S1), pod("b", "n2", stayWithS1InRegionAwayFromS2InAz())),
                        List.of(china("n1"), china("n2")), 0, 0),
                c("affinity with pods matching the namespace selector", podIn("subteam1.team1", "p", null, affinityNamespaceSelector(), S1),
                        List.of(podIn("subteam1.team1", "a", "n1", null, S1), podIn("subteam1.team1", "b", "n1", null, S1),
                                podIn("subteam1.team2", "c", "n1", null, S1), podIn("subteam2.team1", "d", "n2", null, S1)),
                        List.of(china("n1"), india("n2")), 100, 0),
                c("affinity with pods matching namespace selector and namespaces", podIn("subteam1.team1", "p", null, affinityNamespaceSelector(), S1),
                        List.of(podIn("subteam1.team1", "a", "n1", null, S1), podIn("subteam1.team1", "b", "n1", null, S1),
                                podIn("subteam2.team2", "c", "n1", null, S1), podIn("subteam2.team1", "d", "n2", null, S1)),
                        List.of(china("n1"), india("n2")), 100, 0),
                c("anti-affinity with pods matching the namespace selector", podIn("subteam1.team1", "p", null, antiAffinityNamespaceSelector(), S1),
                        List.of(podIn("subteam1.team1", "a", "n1", null, S1), podIn("subteam1.team1", "b", "n1", null, S1),
                                podIn("subteam1.team2", "c", "n1", null, S1), podIn("subteam2.team1", "d", "n2", null, S1)),
                        List.of(china("n1"), india("n2")), 0, 100),
                c("anti-affinity with pods matching namespace selector and namespaces", podIn("subteam1.team1", "p", null, antiAffinityNamespaceSelector(), S1),
                        List.of(podIn("subteam1.team1", "a", "n1", null, S1), podIn("subteam1.team1", "b", "n1", null, S1),
                                podIn("subteam2.team2", "c", "n1", null, S1), podIn("subteam2.team1", "d", "n2", null, S1)),
                        List.of(china("n1"), india("n2")), 0, 100),
                skip("ignorePreferredTermsOfExistingPods: Skip when the pod has no preferred terms", pod("p", null, null, S2),
                        List.of(pod("a", "n1", stayWithS1InRegionAwayFromS2InAz(), S1), pod("b", "n2", stayWithS2InRegion(), S2)),
                        List.of(china("n1"), india("n2")), 1, true),
                c("existing pods' preferred terms count by default", pod("p", null, null, S2),
                        List.of(pod("a", "n1", stayWithS1InRegionAwayFromS2InAz(), S1), pod("b", "n2", stayWithS2InRegion(), S2)),
                        List.of(china("n1"), india("n2")), 0, 100),
                new Case("ignorePreferredTermsOfExistingPods still scores a pod with preferred terms", pod("p", null, stayWithS2InRegion(), S1),
                        List.of(pod("a", "n1", stayWithS1InRegion(), S2), pod("b", "n2", stayWithS1InRegion(), S1)),
                        List.of(china("n1"), india("n2")), 1, true, null, new long[] {11, 5}, new long[] {100, 0}),
                skip("no nodes: Skip", pod("p", null, null, S2), List.of(), List.of(), 1, false),
                // A weighted term without podAffinityTerm is Go's zero value: a nil selector that matches nothing.
                skip("a preferred term without podAffinityTerm matches nothing", pod("p", null, aff().preferred(weighted(5, null)), S1),
                        List.of(pod("a", "n1", null, S1)), List.of(china("n1"), india("n2")), 1, false),
                c("an existing pod's preferred term without podAffinityTerm adds nothing", pod("p", null, stayWithS1InRegion(), S1),
                        List.of(pod("a", "n1", aff().preferredAnti(weighted(7, null)), S1)), List.of(china("n1"), india("n2")), 100, 0));
    }

    static Stream<Case> hardPodAffinityWeight() {
        var nodes = List.of(china("n1"), india("n2"), az1("n3"));
        var pods = List.of(pod("a", "n1", hardPodAffinity()), pod("b", "n2", hardPodAffinity()));
        return Stream.of(
                c("default weight", pod("p", null, null, "service=S1"), pods, nodes, 100, 100, 0),
                skip("zero weight: Skip", pod("p", null, null, "service=S1"), pods, nodes, 0, false),
                skip("no matching namespace: Skip", podIn("subteam1.team2", "p", null, null, "service=S1"), pods, nodes, 1, false),
                c("matching namespace selector", podIn("subteam1.team1", "p", null, null, "service=S1"), pods, nodes, 100, 100, 0),
                c("matching namespaces", podIn("subteam2.team2", "p", null, null, "service=S1"), pods, nodes, 100, 100, 0));
    }

    static Stream<Case> rawAndNormalized() {
        var hostNodes = List.of(node("a1", "kubernetes.io/hostname=a1"), node("b1", "kubernetes.io/hostname=b1"), node("c1", "kubernetes.io/hostname=c1"));
        return Stream.of(
                new Case("hard weight 100 outweighs a preferred term of 50",
                        pod("p", null, aff().preferred(weighted(50, term("kubernetes.io/hostname", expr("app", "In", "cache")))), "app=web"),
                        List.of(pod("cache", "a1", null, "app=cache"),
                                pod("fan", "c1", aff().required(term("kubernetes.io/hostname", expr("app", "In", "web"))), "app=fan")),
                        hostNodes, 100, false, null, new long[] {50, 0, 100}, new long[] {50, 0, 100}),
                new Case("negative totals are shifted by the minimum",
                        pod("p", null, aff().preferredAnti(weighted(5, term("kubernetes.io/hostname", expr("app", "In", "web")))), "app=x"),
                        List.of(pod("w1", "a1", null, "app=web"), pod("w2", "c1", null, "app=web"), pod("w3", "c1", null, "app=web")),
                        hostNodes, 1, false, null, new long[] {-5, 0, -10}, new long[] {50, 100, 0}),
                new Case("weights that cancel out still score: all zero",
                        pod("p", null, aff().preferred(weighted(5, term("kubernetes.io/hostname", expr("app", "In", "web"))))
                                .preferredAnti(weighted(5, term("kubernetes.io/hostname", expr("app", "In", "web")))), "app=x"),
                        List.of(pod("w1", "a1", null, "app=web")),
                        hostNodes, 1, false, null, new long[] {0, 0, 0}, new long[] {0, 0, 0}),
                new Case("pods on infeasible nodes still count for their topology",
                        pod("p", null, aff().preferred(weighted(10, term("zone", expr("app", "In", "db")))), "app=x"),
                        List.of(pod("db", "a1", null, "app=db")),
                        List.of(node("a1", "zone=a"), node("a2", "zone=a"), node("b1", "zone=b")), 1, false, List.of("a2", "b1"),
                        new long[] {10, 0}, new long[] {100, 0}),
                new Case("a preferred term's NotIn namespaceSelector matches pods of every namespace (upstream keeps the selector)",
                        podIn("subteam1.team1", "p", null, aff().preferred(weighted(10, withNamespaceSelector(
                                term("kubernetes.io/hostname", expr("app", "In", "db")), selector(expr("team", "NotIn", "team2"))))), "app=x"),
                        List.of(podIn("subteam1.team2", "d1", "a1", null, "app=db"), podIn("subteam1.team1", "d2", "b1", null, "app=db")),
                        hostNodes, 1, false, null, new long[] {10, 10, 0}, new long[] {100, 100, 0}),
                new Case("integer scaling truncates",
                        pod("p", null, aff().preferred(weighted(1, term("kubernetes.io/hostname", expr("app", "In", "db")))), "app=x"),
                        List.of(pod("d1", "a1", null, "app=db"), pod("d2", "b1", null, "app=db"), pod("d3", "b1", null, "app=db")),
                        hostNodes, 1, false, null, new long[] {1, 2, 0}, new long[] {50, 100, 0}),
                new Case("three-way split rounds down",
                        pod("p", null, aff().preferred(weighted(1, term("kubernetes.io/hostname", expr("app", "In", "db")))), "app=x"),
                        List.of(pod("d1", "a1", null, "app=db"), pod("d2", "b1", null, "app=db"), pod("d3", "b1", null, "app=db"),
                                pod("d4", "b1", null, "app=db")),
                        hostNodes, 1, false, null, new long[] {1, 3, 0}, new long[] {33, 100, 0}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"preferredAffinity", "hardPodAffinityWeight", "rawAndNormalized"})
    void score(Case c) throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(c.nodes(), c.pods(), NAMESPACES);
        InterPodAffinity pl = new InterPodAffinity(cluster, c.hardWeight(), c.ignoreExisting());
        List<NodeInfo> feasible = new ArrayList<>();
        for (NodeInfo n : cluster.nodes) {
            if (c.feasible() == null || c.feasible().contains(n.name())) {
                feasible.add(n);
            }
        }
        CycleState state = new CycleState();
        Status s = pl.preScore(state, c.pod(), feasible);
        if (c.wantNormalized() == null) {
            assertEquals(Status.SKIP, s);
            return;
        }
        assertEquals(Status.SUCCESS, s);
        NodeScore[] scores = new NodeScore[feasible.size()];
        long[] raw = new long[feasible.size()];
        for (int i = 0; i < scores.length; i++) {
            raw[i] = pl.score(state, c.pod(), feasible.get(i));
            scores[i] = new NodeScore(feasible.get(i).name(), raw[i]);
        }
        if (c.wantRaw() != null) {
            assertEquals(List.of(box(c.wantRaw())), List.of(box(raw)), "raw");
        }
        assertTrue(pl.hasNormalizeScore());
        assertEquals(Status.SUCCESS, pl.normalizeScore(state, c.pod(), scores));
        long[] got = new long[scores.length];
        for (int i = 0; i < scores.length; i++) {
            got[i] = scores[i].score();
        }
        assertEquals(List.of(box(c.wantNormalized())), List.of(box(got)), "normalized");
    }

    private static Long[] box(long[] a) {
        Long[] b = new Long[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i];
        }
        return b;
    }

    @Test
    void preScoreRejectsUnparsableTerms() throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(List.of(china("n1")), List.of(), NAMESPACES);
        InterPodAffinity pl = new InterPodAffinity(cluster, 1, false);
        PodInfo bad = pod("p", null, aff().preferred(weighted(8, term("region", expr("security", "Foo", "x")))));
        assertEquals(Status.error("failed to parse pod: preferredAffinityTerms: \"Foo\" is not a valid label selector operator"),
                pl.preScore(new CycleState(), bad, cluster.nodes));
    }

    @Test
    void scoreWithoutPreScoreStateIsAnError() throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(List.of(china("n1")), List.of(), NAMESPACES);
        InterPodAffinity pl = new InterPodAffinity(cluster, 1, false);
        PluginException e = assertThrows(PluginException.class, () -> pl.score(new CycleState(), pod("p", null, null), cluster.node("n1")));
        Status want = Status.error("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found");
        assertEquals(want, e.status());
        assertEquals(want, pl.normalizeScore(new CycleState(), pod("p", null, null), new NodeScore[0]));
    }
}
