package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.incoming;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.on;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.running;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.terminating;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.tsc;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.withConstraints;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PreScore + Score + NormalizeScore over soft constraints, after upstream's TestPodTopologySpreadScore. */
class PodTopologySpreadScoreTest {
    private static final String HOST = "kubernetes.io/hostname";
    private static final String SA = "ScheduleAnyway";

    /** {@code candidates} passed the filters; {@code failed} did not; both are in the cluster. */
    record Case(String name, PodInfo pod, List<NodeInfo> candidates, List<NodeInfo> failed, List<HasMetadata> objects, Map<String, Long> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static NodeInfo n(String name, String zone, PodInfo... pods) {
        Fixtures.NodeFixture f = node(name);
        if (zone != null) {
            f.label("zone", zone);
        }
        return f.info(on(name, pods));
    }

    static Map<String, Long> want(Object... nodeAndScore) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < nodeAndScore.length; i += 2) {
            m.put((String) nodeAndScore[i], ((Integer) nodeAndScore[i + 1]).longValue());
        }
        return m;
    }

    static Stream<Case> cases() {
        List<Case> cs = new ArrayList<>();
        PodInfo[] p2103 = {running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("b1", "node-b", "foo"),
                running("d1", "node-d", "foo"), running("d2", "node-d", "foo"), running("d3", "node-d", "foo")};
        cs.add(new Case("one constraint on node, no existing pods",
                withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", null), n("node-b", null)), List.of(), List.of(),
                want("node-a", 100, "node-b", 100)));
        cs.add(new Case("one constraint on node, only one node is candidate",
                withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", null, running("a1", "node-a", "foo"), running("a2", "node-a", "foo"))),
                List.of(n("node-b", null, running("b1", "node-b", "foo"))), List.of(),
                want("node-a", 100)));
        cs.add(new Case("one constraint on node, all 4 nodes are candidates",
                withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", null, p2103), n("node-b", null, p2103), n("node-c", null, p2103), n("node-d", null, p2103)), List.of(), List.of(),
                want("node-a", 20, "node-b", 60, "node-c", 100, "node-d", 0)));
        cs.add(new Case("one constraint on node, null selector",
                withConstraints(incoming("foo"), tsc(1, HOST, SA).withLabelSelector(null).build()),
                List.of(n("node-a", null, p2103), n("node-b", null, p2103), n("node-c", null, p2103), n("node-d", null, p2103)), List.of(), List.of(),
                want("node-a", 100, "node-b", 100, "node-c", 100, "node-d", 100)));
        cs.add(new Case("one constraint on node, all 4 nodes are candidates, maxSkew=2",
                withConstraints(incoming("foo"), tsc(2, HOST, SA, "foo").build()),
                List.of(n("node-a", null, p2103), n("node-b", null, p2103), n("node-c", null, p2103), n("node-d", null, p2103)), List.of(), List.of(),
                want("node-a", 33, "node-b", 66, "node-c", 100, "node-d", 16)));
        PodInfo[] p4321 = {running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("a3", "node-a", "foo"), running("a4", "node-a", "foo"),
                running("b1", "node-b", "foo"), running("b2", "node-b", "foo"), running("b3", "node-b", "foo"),
                running("c1", "node-c", "foo"), running("c2", "node-c", "foo"), running("d1", "node-d", "foo")};
        cs.add(new Case("one constraint on node, all 4 nodes are candidates, maxSkew=3",
                withConstraints(incoming("foo"), tsc(3, HOST, SA, "foo").build()),
                List.of(n("node-a", null, p4321), n("node-b", null, p4321), n("node-c", null, p4321), n("node-d", null, p4321)), List.of(), List.of(),
                want("node-a", 44, "node-b", 66, "node-c", 77, "node-d", 100)));
        cs.add(new Case("system defaulting, nodes don't have zone, pods match service",
                incoming("foo").info(),
                List.of(n("node-a", null, p4321), n("node-b", null, p4321), n("node-c", null, p4321), n("node-d", null, p4321)), List.of(),
                List.of(new ServiceBuilder().withNewMetadata().withName("svc").endMetadata().withNewSpec().withSelector(Map.of("foo", "")).endSpec().build()),
                want("node-a", 44, "node-b", 66, "node-c", 77, "node-d", 100)));
        PodInfo[] p4213 = {running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("a3", "node-a", "foo"), running("a4", "node-a", "foo"),
                running("b1", "node-b", "foo"), running("b2", "node-b", "foo"), running("x1", "node-x", "foo"),
                running("y1", "node-y", "foo"), running("y2", "node-y", "foo"), running("y3", "node-y", "foo")};
        cs.add(new Case("one constraint on node, 3 out of 4 nodes are candidates",
                withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", null, p4213), n("node-b", null, p4213), n("node-x", null, p4213)), List.of(n("node-y", null, p4213)), List.of(),
                want("node-a", 33, "node-b", 83, "node-x", 100)));
        cs.add(new Case("one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key",
                withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", null, p4213), noHostname("node-b", p4213), n("node-x", null, p4213)),
                List.of(n("node-y", null, p4213)), List.of(),
                want("node-a", 16, "node-b", 0, "node-x", 100)));
        cs.add(new Case("one constraint on zone, 3 out of 4 nodes are candidates",
                withConstraints(incoming("foo"), tsc(1, "zone", SA, "foo").build()),
                List.of(n("node-a", "zone1", p4213), n("node-b", "zone1", p4213), n("node-x", "zone2", p4213)), List.of(n("node-y", "zone2", p4213)), List.of(),
                want("node-a", 75, "node-b", 75, "node-x", 100)));
        PodInfo[] p2124 = {running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("b1", "node-b", "foo"),
                running("x1", "node-x", "foo"), running("x2", "node-x", "foo"),
                running("y1", "node-y", "foo"), running("y2", "node-y", "foo"), running("y3", "node-y", "foo"), running("y4", "node-y", "foo")};
        cs.add(new Case("two constraints on zone and node, 2 out of 4 nodes are candidates",
                withConstraints(incoming("foo"), tsc(1, "zone", SA, "foo").build(), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", "zone1", p2124), n("node-x", "zone2", p2124)), List.of(n("node-b", "zone1", p2124), n("node-y", "zone2", p2124)), List.of(),
                want("node-a", 100, "node-x", 63)));
        PodInfo[] fooBar = {running("a1", "node-a", "foo", "bar"), running("a2", "node-a", "foo"), running("b1", "node-b", "foo", "bar"),
                running("y1", "node-y", "foo"), running("y2", "node-y", "foo", "bar"), running("y3", "node-y", "foo")};
        cs.add(new Case("two constraints on zone, 2 out of 4 nodes are candidates",
                withConstraints(incoming("foo", "bar"), tsc(1, "zone", SA, "foo").build(), tsc(1, "zone", SA, "bar").build()),
                List.of(n("node-a", "zone1", fooBar), n("node-x", "zone2", fooBar)), List.of(n("node-b", "zone1", fooBar), n("node-y", "zone2", fooBar)), List.of(),
                want("node-a", 85, "node-x", 100)));
        PodInfo[] diffSel = {running("a1", "node-a", "foo"), running("b1", "node-b", "foo", "bar"), running("y1", "node-y", "foo"), running("y2", "node-y", "bar")};
        cs.add(new Case("two constraints on zone and node, with different labelSelectors",
                withConstraints(incoming("foo", "bar"), tsc(1, "zone", SA, "foo").build(), tsc(1, HOST, SA, "bar").build()),
                List.of(n("node-a", "zone1", diffSel), n("node-b", "zone1", diffSel), n("node-x", "zone2", diffSel), n("node-y", "zone2", diffSel)), List.of(), List.of(),
                want("node-a", 60, "node-b", 20, "node-x", 100, "node-y", 60)));
        PodInfo[] someZero = {running("b1", "node-b", "bar"), running("x1", "node-x", "foo"), running("y1", "node-y", "foo", "bar")};
        cs.add(new Case("two constraints on zone and node, with different labelSelectors, some nodes have 0 pods",
                withConstraints(incoming("foo", "bar"), tsc(1, "zone", SA, "foo").build(), tsc(1, HOST, SA, "bar").build()),
                List.of(n("node-a", "zone1", someZero), n("node-b", "zone1", someZero), n("node-x", "zone2", someZero), n("node-y", "zone2", someZero)), List.of(), List.of(),
                want("node-a", 100, "node-b", 60, "node-x", 40, "node-y", 0)));
        cs.add(new Case("two constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates",
                withConstraints(incoming("foo", "bar"), tsc(1, "zone", SA, "foo").build(), tsc(1, HOST, SA, "bar").build()),
                List.of(n("node-a", "zone1", diffSel), n("node-b", "zone1", diffSel), n("node-x", "zone2", diffSel)), List.of(n("node-y", "zone2", diffSel)), List.of(),
                want("node-a", 50, "node-b", 25, "node-x", 100)));
        PodInfo[] otherNs = {pod("a1").ns("ns1").label("foo", "").nodeName("node-a").info(), running("a2", "node-a", "foo"),
                running("b1", "node-b", "foo"), running("b2", "node-b", "foo")};
        cs.add(new Case("existing pods in a different namespace do not count",
                withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", null, otherNs), n("node-b", null, otherNs)), List.of(), List.of(),
                want("node-a", 100, "node-b", 33)));
        PodInfo[] term = {terminating(pod("a").label("foo", "").nodeName("node-a")), running("b", "node-b", "foo")};
        cs.add(new Case("terminating Pods should be excluded",
                withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build()),
                List.of(n("node-a", null, term), n("node-b", null, term)), List.of(), List.of(),
                want("node-a", 100, "node-b", 0)));
        return cs.stream();
    }

    static NodeInfo noHostname(String name, PodInfo... pods) {
        Fixtures.NodeFixture f = node(name);
        NodeInfo template = f.info();
        template.node().getMetadata().setLabels(Map.of("n", name));
        NodeInfo ni = new NodeInfo(template.node(), template.allocatable(), Map.of());
        for (PodInfo p : on(name, pods)) {
            ni.addPod(p);
        }
        return ni;
    }

    static Map<String, Long> run(PodTopologySpread pl, PodInfo pod, List<NodeInfo> candidates) {
        CycleState state = new CycleState();
        Status s = pl.preScore(state, pod, candidates);
        assertEquals(Status.SUCCESS, s);
        NodeScore[] scores = new NodeScore[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = new NodeScore(candidates.get(i).name(), pl.score(state, pod, candidates.get(i)));
        }
        assertTrue(pl.hasNormalizeScore());
        assertEquals(Status.SUCCESS, pl.normalizeScore(state, pod, scores));
        Map<String, Long> got = new LinkedHashMap<>();
        for (NodeScore ns : scores) {
            got.put(ns.name(), ns.score());
        }
        return got;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void score(Case c) {
        List<NodeInfo> all = new ArrayList<>(c.candidates());
        all.addAll(c.failed());
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(all, c.objects().toArray(HasMetadata[]::new)));
        assertEquals(c.want(), run(pl, c.pod(), c.candidates()));
    }

    @Test
    void preScoreSkipsWithoutSoftConstraints() {
        List<NodeInfo> nodes = List.of(n("node-a", "zone1"));
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(nodes));
        PodInfo hardOnly = withConstraints(incoming("foo"), tsc(1, "zone", "DoNotSchedule", "foo").build());
        assertEquals(Status.SKIP, pl.preScore(new CycleState(), hardOnly, nodes));
        // No constraints and nothing selecting the pod: system defaults do not apply.
        assertEquals(Status.SKIP, pl.preScore(new CycleState(), incoming("foo").info(), nodes));
    }

    @Test
    void preScoreSkipsWithoutNodes() {
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(List.of()));
        PodInfo soft = withConstraints(incoming("foo"), tsc(1, "zone", SA, "foo").build());
        assertEquals(Status.SKIP, pl.preScore(new CycleState(), soft, List.of()));
    }

    @Test
    void scoreWithoutPreScoreIsAnError() {
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(List.of()));
        NodeInfo node = n("node-a", "zone1");
        PodInfo pod = incoming("foo").info();
        io.kubewhatif.engine.api.PluginException e = org.junit.jupiter.api.Assertions.assertThrows(io.kubewhatif.engine.api.PluginException.class,
                () -> pl.score(new CycleState(), pod, node));
        assertEquals("error reading \"PreScorePodTopologySpread\" from cycleState: not found", e.status().message());
    }

    @Test
    void rawScoresAreRoundedWeightedCounts() {
        // 2/1/0/3 on hostname, weight ln(6): round(2*1.79)=4, round(1.79)=2, 0, round(3*1.79)=5.
        PodInfo[] pods = {running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("b1", "node-b", "foo"),
                running("d1", "node-d", "foo"), running("d2", "node-d", "foo"), running("d3", "node-d", "foo")};
        List<NodeInfo> nodes = List.of(n("node-a", null, pods), n("node-b", null, pods), n("node-c", null, pods), n("node-d", null, pods));
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(nodes));
        PodInfo pod = withConstraints(incoming("foo"), tsc(1, HOST, SA, "foo").build());
        CycleState state = new CycleState();
        assertEquals(Status.SUCCESS, pl.preScore(state, pod, nodes));
        List<Long> raw = new ArrayList<>();
        for (NodeInfo node : nodes) {
            raw.add(pl.score(state, pod, node));
        }
        assertEquals(List.of(4L, 2L, 0L, 5L), raw);
    }
}
