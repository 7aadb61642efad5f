package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Toleration;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.ERR_REASON_CONSTRAINTS_NOT_MATCH;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.ERR_REASON_NODE_LABEL_NOT_MATCH;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.terminating;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.tsc;
import static io.kubewhatif.engine.plugins.podtopologyspread.TestCluster.withConstraints;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** PreFilter + Filter over hard constraints, after upstream's TestSingleConstraint / TestMultipleConstraints. */
class PodTopologySpreadFilterTest {
    private static final String HOST = "kubernetes.io/hostname";
    private static final String DNS = "DoNotSchedule";
    private static final String OK = "Success";
    private static final String U = "Unschedulable";
    private static final String UU = "UnschedulableAndUnresolvable";

    record Case(String name, PodInfo pod, List<NodeInfo> nodes, Map<String, String> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A running pod on a node with labels key="" (or key=value for "key=value"). */
    static PodInfo running(String name, String nodeName, String... labels) {
        Fixtures.PodFixture f = pod(name).nodeName(nodeName);
        for (String l : labels) {
            int eq = l.indexOf('=');
            f.label(eq < 0 ? l : l.substring(0, eq), eq < 0 ? "" : l.substring(eq + 1));
        }
        return f.info();
    }

    static Fixtures.PodFixture incoming(String... labelKeys) {
        Fixtures.PodFixture f = pod("p");
        for (String l : labelKeys) {
            int eq = l.indexOf('=');
            f.label(eq < 0 ? l : l.substring(0, eq), eq < 0 ? "" : l.substring(eq + 1));
        }
        return f;
    }

    /** node-a, node-b in zone1 and node-x, node-y in zone2, with the given pods placed by their nodeName. */
    static List<NodeInfo> fourNodes(PodInfo... pods) {
        return List.of(zoned("node-a", "zone1", pods), zoned("node-b", "zone1", pods), zoned("node-x", "zone2", pods), zoned("node-y", "zone2", pods));
    }

    static NodeInfo zoned(String name, String zone, PodInfo... pods) {
        Fixtures.NodeFixture n = node(name);
        if (zone != null) {
            n.label("zone", zone);
        }
        return n.info(on(name, pods));
    }

    static PodInfo[] on(String nodeName, PodInfo... pods) {
        List<PodInfo> out = new ArrayList<>();
        for (PodInfo p : pods) {
            if (nodeName.equals(p.nodeName())) {
                out.add(p);
            }
        }
        return out.toArray(PodInfo[]::new);
    }

    static Map<String, String> want(String... nodeAndCode) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nodeAndCode.length; i += 2) {
            m.put(nodeAndCode[i], nodeAndCode[i + 1]);
        }
        return m;
    }

    static Stream<Case> cases() {
        List<Case> cs = new ArrayList<>();
        cs.add(new Case("no existing pods",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build()),
                fourNodes(),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        cs.add(new Case("no existing pods, incoming pod doesn't match itself",
                withConstraints(incoming("bar"), tsc(1, "zone", DNS, "foo").build()),
                fourNodes(),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        cs.add(new Case("existing pods in a different namespace do not count",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build()),
                fourNodes(pod("o1").ns("other").label("foo", "").nodeName("node-a").info(), pod("o2").ns("other").label("foo", "").nodeName("node-b").info(),
                        running("x1", "node-x", "foo")),
                want("node-a", OK, "node-b", OK, "node-x", U, "node-y", U)));
        cs.add(new Case("pods spread across zones as 3/3, all nodes fit",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build()),
                fourNodes(running("a1", "node-a", "foo"), running("b1", "node-b", "foo"), running("b2", "node-b", "foo"),
                        running("x1", "node-x", "foo"), running("y1", "node-y", "foo"), running("y2", "node-y", "foo")),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        cs.add(new Case("pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build()),
                List.of(zoned("node-a", "zone1", running("a1", "node-a", "foo")), zoned("node-b", null, running("b1", "node-b", "foo")),
                        zoned("node-x", "zone2", running("x1", "node-x", "foo")), zoned("node-y", "zone2", running("y1", "node-y", "foo"))),
                want("node-a", OK, "node-b", UU, "node-x", U, "node-y", U)));
        cs.add(new Case("pod cannot be scheduled as all nodes don't have label 'rack'",
                withConstraints(incoming("foo"), tsc(1, "rack", DNS, "foo").build()),
                fourNodes(),
                want("node-a", UU, "node-b", UU, "node-x", UU, "node-y", UU)));
        PodInfo[] spread2103 = {running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("b1", "node-b", "foo"),
                running("y1", "node-y", "foo"), running("y2", "node-y", "foo"), running("y3", "node-y", "foo")};
        cs.add(new Case("pods spread across nodes as 2/1/0/3, only node-x fits",
                withConstraints(incoming("foo"), tsc(1, HOST, DNS, "foo").build()),
                fourNodes(spread2103),
                want("node-a", U, "node-b", U, "node-x", OK, "node-y", U)));
        cs.add(new Case("pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit",
                withConstraints(incoming("foo"), tsc(2, HOST, DNS, "foo").build()),
                fourNodes(spread2103),
                want("node-a", U, "node-b", OK, "node-x", OK, "node-y", U)));
        cs.add(new Case("pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
                withConstraints(incoming("bar"), tsc(1, HOST, DNS, "foo").build()),
                fourNodes(spread2103),
                want("node-a", U, "node-b", OK, "node-x", OK, "node-y", U)));
        Fixtures.PodFixture affine = incoming("foo");
        affine.edit().editSpec().withNewAffinity().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm().addNewMatchExpression().withKey(HOST).withOperator("In").withValues("node-a", "node-y").endMatchExpression()
                .endNodeSelectorTerm().endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().endAffinity().endSpec();
        cs.add(new Case("incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits",
                withConstraints(affine, tsc(1, HOST, DNS, "foo").build()),
                fourNodes(spread2103),
                // node-b and node-x are no domain at all: their skew is negative, NodeAffinity rejects them instead.
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", U)));
        cs.add(new Case("terminating Pods should be excluded",
                withConstraints(incoming("foo"), tsc(1, HOST, DNS, "foo").build()),
                fourNodes(terminating(pod("a1").label("foo", "").nodeName("node-a")), running("b1", "node-b", "foo"),
                        running("x1", "node-x", "foo"), running("y1", "node-y", "foo")),
                want("node-a", OK, "node-b", U, "node-x", U, "node-y", U)));
        cs.add(new Case("minDomains not met: global minimum is 0",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").withMinDomains(3).build()),
                fourNodes(running("a1", "node-a", "foo"), running("x1", "node-x", "foo")),
                want("node-a", U, "node-b", U, "node-x", U, "node-y", U)));
        cs.add(new Case("minDomains met: global minimum is the smallest count",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").withMinDomains(2).build()),
                fourNodes(running("a1", "node-a", "foo"), running("x1", "node-x", "foo")),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        Fixtures.PodFixture zone1Only = incoming("foo");
        zone1Only.edit().editSpec().withNodeSelector(Map.of("zone", "zone1")).endSpec();
        PodInfo[] oneInZone1 = {running("a1", "node-a", "foo")};
        cs.add(new Case("nodeAffinityPolicy Honor (default): zone2 is not selectable and not a domain",
                withConstraints(zone1Only, tsc(1, "zone", DNS, "foo").build()),
                fourNodes(oneInZone1),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        Fixtures.PodFixture zone1OnlyIgnore = incoming("foo");
        zone1OnlyIgnore.edit().editSpec().withNodeSelector(Map.of("zone", "zone1")).endSpec();
        cs.add(new Case("nodeAffinityPolicy Ignore: the empty zone2 counts",
                withConstraints(zone1OnlyIgnore, tsc(1, "zone", DNS, "foo").withNodeAffinityPolicy("Ignore").build()),
                fourNodes(oneInZone1),
                want("node-a", U, "node-b", U, "node-x", OK, "node-y", OK)));
        cs.add(new Case("nodeTaintsPolicy Ignore (default): tainted zone2 counts",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build()),
                taintedZone2(oneInZone1),
                want("node-a", U, "node-b", U, "node-x", OK, "node-y", OK)));
        cs.add(new Case("nodeTaintsPolicy Honor: untolerated tainted zone2 is no domain",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").withNodeTaintsPolicy("Honor").build()),
                taintedZone2(oneInZone1),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        Fixtures.PodFixture tolerant = incoming("foo");
        tolerant.edit().editSpec().withTolerations(new Toleration("NoSchedule", "dedicated", "Equal", null, "infra")).endSpec();
        cs.add(new Case("nodeTaintsPolicy Honor: a tolerated taint keeps zone2 a domain",
                withConstraints(tolerant, tsc(1, "zone", DNS, "foo").withNodeTaintsPolicy("Honor").build()),
                taintedZone2(oneInZone1),
                want("node-a", U, "node-b", U, "node-x", OK, "node-y", OK)));
        PodInfo[] revisions = {running("a1", "node-a", "foo", "rev=v1"), running("b1", "node-b", "foo", "rev=v1"), running("x1", "node-x", "foo", "rev=v2")};
        cs.add(new Case("matchLabelKeys: only pods of the same revision count",
                withConstraints(incoming("foo", "rev=v2"), tsc(1, "zone", DNS, "foo").withMatchLabelKeys("rev").build()),
                fourNodes(revisions),
                want("node-a", OK, "node-b", OK, "node-x", U, "node-y", U)));
        cs.add(new Case("without matchLabelKeys every revision counts",
                withConstraints(incoming("foo", "rev=v2"), tsc(1, "zone", DNS, "foo").build()),
                fourNodes(revisions),
                want("node-a", U, "node-b", U, "node-x", OK, "node-y", OK)));
        cs.add(new Case("matchLabelKeys absent from the pod's labels are ignored",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").withMatchLabelKeys("rev").build()),
                fourNodes(revisions),
                want("node-a", U, "node-b", U, "node-x", OK, "node-y", OK)));
        PodInfo[] threeInZone1 = {running("a1", "node-a", "foo"), running("a2", "node-a", "foo"), running("b1", "node-b", "foo")};
        cs.add(new Case("empty selector: counts nothing, the pod matches itself",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS).withLabelSelector(new LabelSelector()).build()),
                fourNodes(threeInZone1),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        cs.add(new Case("nil selector: matches nothing, not even the pod",
                withConstraints(incoming("foo"), tsc(0, "zone", DNS).withLabelSelector(null).build()),
                fourNodes(threeInZone1),
                want("node-a", OK, "node-b", OK, "node-x", OK, "node-y", OK)));
        cs.add(new Case("two constraints: zone and hostname",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build(), tsc(1, HOST, DNS, "foo").build()),
                fourNodes(running("a1", "node-a", "foo"), running("x1", "node-x", "foo"), running("y1", "node-y", "foo")),
                // zone1=1, zone2=2: only zone1 passes; hosts a=1, b=0: only node-b passes.
                want("node-a", U, "node-b", OK, "node-x", U, "node-y", U)));
        cs.add(new Case("two constraints: a node missing the second key is unresolvable",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build(), tsc(1, "rack", DNS, "foo").build()),
                List.of(node("node-a").label("zone", "zone1").label("rack", "r1").info(), node("node-b").label("zone", "zone1").info()),
                want("node-a", OK, "node-b", UU)));
        cs.add(new Case("two constraints: the first failing constraint decides before a missing second key",
                withConstraints(incoming("foo"), tsc(1, "zone", DNS, "foo").build(), tsc(1, "rack", DNS, "foo").build()),
                List.of(node("node-a").label("zone", "zone1").label("rack", "r1").info(), node("node-b").label("zone", "zone1").info(),
                        node("node-x").label("zone", "zone2").label("rack", "r2").info(running("x1", "node-x", "foo"), running("x2", "node-x", "foo"))),
                want("node-a", OK, "node-b", UU, "node-x", U)));
        return cs.stream();
    }

    static List<NodeInfo> taintedZone2(PodInfo... pods) {
        return List.of(zoned("node-a", "zone1", pods), zoned("node-b", "zone1", pods),
                node("node-x").label("zone", "zone2").taint("dedicated", "infra", "NoSchedule").info(on("node-x", pods)),
                node("node-y").label("zone", "zone2").taint("dedicated", "infra", "NoExecute").info(on("node-y", pods)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void filter(Case c) {
        PodTopologySpread pl = new PodTopologySpread(new TestCluster(c.nodes()));
        CycleState state = new CycleState();
        PreFilterResult r = pl.preFilter(state, c.pod(), c.nodes());
        assertEquals(Status.SUCCESS, r.status());
        assertEquals(null, r.nodeNames());
        Map<String, String> got = new LinkedHashMap<>();
        for (NodeInfo n : c.nodes()) {
            Status s = pl.filter(state, c.pod(), n);
            got.put(n.name(), s.code().label());
            if (s.code() == Code.UNSCHEDULABLE) {
                assertEquals(List.of(ERR_REASON_CONSTRAINTS_NOT_MATCH), s.reasons());
            } else if (s.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE) {
                assertEquals(List.of(ERR_REASON_NODE_LABEL_NOT_MATCH), s.reasons());
            }
        }
        assertEquals(c.want(), got);
    }
}
