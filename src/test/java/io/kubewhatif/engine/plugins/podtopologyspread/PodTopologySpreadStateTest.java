package io.kubewhatif.engine.plugins.podtopologyspread;

import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.fourNodes;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.incoming;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.running;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.tsc;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.withConstraints;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The PreFilter state: counts, critical paths, AddPod/RemovePod on copies, and the wide explanation. */
class PodTopologySpreadStateTest {
    private static final String DNS = "DoNotSchedule";

    static Filtering.PreFilterState preFilter(PodTopologySpread pl, CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        assertEquals(PreFilterResult.SUCCESS, pl.preFilter(state, pod, nodes));
        return state.read(PodTopologySpread.PRE_FILTER_KEY);
    }

    @Test
    void preFilterCountsEveryEligibleDomain() {
        PodInfo pod = withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build(), tsc(1, "kubernetes.io/hostname", DNS, "foo").build());
        List<NodeInfo> nodes = fourNodes(running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("x1", "node-x", "foo"), running("y1", "node-y", "bar"));
        CycleState state = new CycleState();
        Filtering.PreFilterState s = preFilter(new PodTopologySpread(new TestCluster(nodes)), state, pod, nodes);
        assertEquals(Map.of("zone1", 2, "zone2", 1), s.tpValueToMatchNum.get(0));
        assertEquals(Map.of("node-a", 2, "node-b", 0, "node-x", 1, "node-y", 0), s.tpValueToMatchNum.get(1));
        assertEquals(1, s.criticalPaths[0].num0);
        assertEquals("zone2", s.criticalPaths[0].value0);
        assertEquals(0, s.criticalPaths[1].num0);
    }

    @Test
    void preFilterSkipsWithoutHardConstraints() {
        List<NodeInfo> nodes = fourNodes();
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(nodes));
        CycleState state = new CycleState();
        assertEquals(PreFilterResult.SKIP, pl.preFilter(state, withConstraints(incoming("foo"), tsc(1, "zone", "ScheduleAnyway", "foo").build()), nodes));
        assertEquals(PreFilterResult.SKIP, pl.preFilter(state, incoming("foo").info(), nodes));
        assertEquals(null, state.read(PodTopologySpread.PRE_FILTER_KEY));
    }

    @Test
    void invalidSelectorIsAnError() {
        List<NodeInfo> nodes = fourNodes();
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(nodes));
        PodInfo pod = withConstraints(incoming("foo"), tsc(1, "zone", DNS).withNewLabelSelector().addNewMatchExpression().withKey("foo")
                .withOperator("Bogus").endMatchExpression().endLabelSelector().build());
        PreFilterResult r = pl.preFilter(new CycleState(), pod, nodes);
        assertEquals(Status.error("get constraints from pod: obtaining pod's hard topology spread constraints: \"Bogus\" is not a valid label selector operator"),
                r.status());
    }

    @Test
    void filterWithoutPreFilterIsAnError() {
        List<NodeInfo> nodes = fourNodes();
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(nodes));
        Status s = pl.filter(new CycleState(), incoming("foo").info(), nodes.get(0));
        assertEquals(Status.error("reading \"PreFilterPodTopologySpread\" from cycleState: not found"), s);
        assertEquals(Code.ERROR, pl.addPod(new CycleState(), incoming("foo").info(), running("z", "node-a", "foo"), nodes.get(0)).code());
    }

    /** A pod added to or removed from a node, and the zone/host counts and critical-path minimum afterwards. */
    record UpdateCase(String name, PodInfo pod, PodInfo changed, String nodeName, int delta, Map<String, Integer> wantZones, int wantMin) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<UpdateCase> updates() {
        PodInfo zoneSpread = withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build());
        List<UpdateCase> cs = new ArrayList<>();
        cs.add(new UpdateCase("add a matching pod to the emptier zone", zoneSpread, running("new", "node-x", "foo"), "node-x", 1,
                Map.of("zone1", 2, "zone2", 2), 2));
        cs.add(new UpdateCase("add a matching pod to the fuller zone", zoneSpread, running("new", "node-a", "foo"), "node-a", 1,
                Map.of("zone1", 3, "zone2", 1), 1));
        cs.add(new UpdateCase("add a pod that does not match", zoneSpread, running("new", "node-x", "bar"), "node-x", 1,
                Map.of("zone1", 2, "zone2", 1), 1));
        cs.add(new UpdateCase("add a pod of another namespace", zoneSpread, pod("new").ns("other").label("foo", "").nodeName("node-x").info(), "node-x", 1,
                Map.of("zone1", 2, "zone2", 1), 1));
        cs.add(new UpdateCase("remove a matching pod from the emptier zone", zoneSpread, running("x1", "node-x", "foo"), "node-x", -1,
                Map.of("zone1", 2, "zone2", 0), 0));
        cs.add(new UpdateCase("remove a matching pod from the fuller zone", zoneSpread, running("a1", "node-a", "foo"), "node-a", -1,
                Map.of("zone1", 1, "zone2", 1), 1));
        cs.add(new UpdateCase("add to a node missing the topology key", zoneSpread, running("new", "node-z", "foo"), "node-z", 1,
                Map.of("zone1", 2, "zone2", 1), 1));
        return cs.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("updates")
    void addAndRemovePodUpdateOnlyTheCopy(UpdateCase c) {
        List<NodeInfo> nodes = new ArrayList<>(fourNodes(running("a1", "node-a", "foo"), running("b1", "node-b", "foo"), running("x1", "node-x", "foo")));
        nodes.add(node("node-z").info());
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(nodes));
        CycleState state = new CycleState();
        Filtering.PreFilterState original = preFilter(pl, state, c.pod(), nodes);
        CycleState copy = state.copy();
        NodeInfo target = nodes.stream().filter(n -> n.name().equals(c.nodeName())).findFirst().orElseThrow();
        Status s = c.delta() > 0 ? pl.addPod(copy, c.pod(), c.changed(), target) : pl.removePod(copy, c.pod(), c.changed(), target);
        assertEquals(Status.SUCCESS, s);
        Filtering.PreFilterState updated = copy.read(PodTopologySpread.PRE_FILTER_KEY);
        assertEquals(c.wantZones(), updated.tpValueToMatchNum.get(0));
        assertEquals(c.wantMin(), updated.criticalPaths[0].num0);
        assertEquals(Map.of("zone1", 2, "zone2", 1), original.tpValueToMatchNum.get(0));
        assertEquals(1, original.criticalPaths[0].num0);
    }

    @Test
    void criticalPathsKeepTheMinimum() {
        Filtering.CriticalPaths p = new Filtering.CriticalPaths();
        p.update("a", 3);
        p.update("b", 1);
        p.update("c", 2);
        assertEquals("b", p.value0);
        assertEquals(1, p.num0);
        assertEquals("c", p.value1);
        p.update("b", 4);
        assertEquals("c", p.value0);
        assertEquals(2, p.num0);
        p.update("a", 0);
        assertEquals("a", p.value0);
        assertEquals(0, p.num0);
    }

    @Test
    void explainShowsDomainsAndSkew() {
        PodInfo pod = withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build());
        List<NodeInfo> nodes = new ArrayList<>(fourNodes(running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("b1", "node-b", "foo"),
                running("x1", "node-x", "foo")));
        nodes.add(node("node-z").info());
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(nodes));
        CycleState state = new CycleState();
        preFilter(pl, state, pod, nodes);

        SpreadExplanation a = pl.explain(state, nodes.get(0)).get(0);
        assertEquals(SpreadExplanation.Verdict.SKEW_EXCEEDED, a.verdict());
        assertEquals("zone1", a.nodeDomain());
        assertEquals(List.of(new SpreadExplanation.DomainCount("zone1", 3), new SpreadExplanation.DomainCount("zone2", 1)), a.domains());
        assertEquals(3, a.skew());
        assertEquals("zone=zone1: 3, zone=zone2: 1, skew 3 > maxSkew 1", a.summary());

        SpreadExplanation x = pl.explain(state, nodes.get(2)).get(0);
        assertTrue(x.satisfied());
        assertEquals("zone=zone1: 3, zone=zone2: 1, skew 1 <= maxSkew 1", x.summary());

        SpreadExplanation z = pl.explain(state, nodes.get(4)).get(0);
        assertEquals(SpreadExplanation.Verdict.MISSING_LABEL, z.verdict());
        assertEquals("node has no label zone", z.summary());

        PodInfo withMinDomains = withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").withMinDomains(3).build());
        CycleState s2 = new CycleState();
        preFilter(pl, s2, withMinDomains, nodes);
        assertEquals("zone=zone1: 3, zone=zone2: 1, skew 2 > maxSkew 1 (2 domains < minDomains 3: global minimum 0)",
                pl.explain(s2, nodes.get(2)).get(0).summary());
        assertEquals(List.of(), pl.explain(new CycleState(), nodes.get(0)));
    }
}
