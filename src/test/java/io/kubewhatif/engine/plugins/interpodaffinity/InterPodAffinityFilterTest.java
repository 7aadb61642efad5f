package io.kubewhatif.engine.plugins.interpodaffinity;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Namespace;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import static io.kubewhatif.engine.plugins.interpodaffinity.AffinityFixtures.withNamespaceSelector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InterPodAffinityFilterTest {
    private static final String OK = "ok";
    private static final String AFF = "aff";
    private static final String ANTI = "anti";
    private static final String EXISTING = "existing";

    private static final Status AFF_STATUS = Status.unresolvable("node(s) didn't match pod affinity rules");
    private static final Status ANTI_STATUS = Status.unschedulable("node(s) didn't match pod anti-affinity rules");
    private static final Status EXISTING_STATUS = Status.unschedulable("node(s) didn't satisfy existing pods anti-affinity rules");

    /** want: node → ok | aff | anti | existing; skip: PreFilter is expected to return Skip. */
    record Case(String name, PodInfo pod, List<PodInfo> pods, List<AffinityFixtures.NodeSpec> nodes, List<Namespace> namespaces,
                Map<String, String> want, boolean skip) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Map<String, String> want(String... nodeVerdicts) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String nv : nodeVerdicts) {
            String[] p = nv.split("=", 2);
            m.put(p[0], p[1]);
        }
        return m;
    }

    private static final List<Namespace> DEFAULT_NS = List.of(namespace("default"));
    private static final List<AffinityFixtures.NodeSpec> MACHINE1 = List.of(node("machine1", "region=r1", "zone=z11"));

    private static Case single(String name, PodInfo pod, List<PodInfo> pods, String verdict) {
        return new Case(name, pod, pods, MACHINE1, DEFAULT_NS, want("machine1=" + verdict), false);
    }

    static Stream<Case> singleNode() {
        String[] scan = {"service=securityscan"};
        String[] s1 = {"security=S1"};
        return Stream.of(
                new Case("no required affinity and no existing pods: PreFilter skips", pod("p", null, null), List.of(), MACHINE1, DEFAULT_NS,
                        want("machine1=ok"), true),
                single("affinity In operator matches the existing pod",
                        pod("p", null, aff().required(term("region", expr("service", "In", "securityscan", "value2"))), s1),
                        List.of(pod("e", "machine1", null, scan)), OK),
                single("affinity NotIn operator matches the existing pod",
                        pod("p", null, aff().required(term("region", expr("service", "NotIn", "securityscan3", "value3"))), s1),
                        List.of(pod("e", "machine1", null, scan)), OK),
                single("affinity limited to another namespace does not match",
                        pod("p", null, aff().required(inNamespaces(term("region", expr("service", "In", "securityscan", "value2")), "DiffNameSpace")), s1),
                        List.of(podIn("ns", "e", "machine1", null, scan)), AFF),
                single("affinity label selector does not match the existing pod",
                        pod("p", null, aff().required(term("region", expr("service", "In", "antivirusscan", "value2"))), scan),
                        List.of(pod("e", "machine1", null, scan)), AFF),
                single("several affinity terms, each matched by the existing pod",
                        pod("p", null, aff().required(
                                term("region", expr("service", "Exists"), expr("wrongkey", "DoesNotExist")),
                                term("region", expr("service", "In", "securityscan"), expr("service", "NotIn", "WrongValue"))), s1),
                        List.of(pod("e", "machine1", null, scan)), OK),
                single("requirements of a selector are ANDed: one fails",
                        pod("p", null, aff().required(
                                term("region", expr("service", "Exists"), expr("wrongkey", "DoesNotExist")),
                                term("region", expr("service", "In", "securityscan2"), expr("service", "NotIn", "WrongValue"))), s1),
                        List.of(pod("e", "machine1", null, scan)), AFF),
                single("affinity satisfied, anti-affinity on a key the node lacks",
                        pod("p", null, aff().required(term("region", expr("service", "In", "securityscan", "value2")))
                                .requiredAnti(term("node", expr("service", "In", "antivirusscan", "value2"))), s1),
                        List.of(pod("e", "machine1", null, scan)), OK),
                single("affinity, anti-affinity and the existing pod's anti-affinity all satisfied",
                        pod("p", null, aff().required(term("region", expr("service", "In", "securityscan", "value2")))
                                .requiredAnti(term("node", expr("service", "In", "antivirusscan", "value2"))), s1),
                        List.of(pod("e", "machine1", aff().requiredAnti(term("node", expr("service", "In", "antivirusscan", "value2"))), scan)), OK),
                single("affinity satisfied but anti-affinity violated in the zone",
                        pod("p", null, aff().required(term("region", expr("service", "In", "securityscan", "value2")))
                                .requiredAnti(term("zone", expr("service", "In", "securityscan", "value2"))), s1),
                        List.of(pod("e", "machine1", null, scan)), ANTI),
                single("the existing pod's anti-affinity rejects the incoming pod",
                        pod("p", null, aff().required(term("region", expr("service", "In", "securityscan", "value2")))
                                .requiredAnti(term("node", expr("service", "In", "antivirusscan", "value2"))), scan),
                        List.of(pod("e", "machine1", aff().requiredAnti(term("zone", expr("service", "In", "securityscan", "value2"))), scan)), EXISTING),
                single("pod's own labels do not match its NotIn term; the matching pod is on an unknown node",
                        pod("p", null, aff().required(term("region", expr("service", "NotIn", "securityscan", "value2"))), scan),
                        List.of(pod("e", "machine2", null, scan)), AFF),
                single("existing anti-affinity is enforced when the incoming pod has no affinity",
                        pod("p", null, null, scan),
                        List.of(pod("e", "machine1", aff().requiredAnti(term("zone", expr("service", "In", "securityscan", "value2"))), scan)), EXISTING),
                new Case("existing anti-affinity that does not match the incoming pod: PreFilter skips",
                        pod("p", null, null, scan),
                        List.of(pod("e", "machine1", aff().requiredAnti(term("zone", expr("service", "NotIn", "securityscan", "value2"))), scan)),
                        MACHINE1, DEFAULT_NS, want("machine1=ok"), true),
                single("anti-affinity terms are checked one by one: the second matches",
                        pod("p", null, aff().requiredAnti(
                                term("region", expr("service", "In", "nothing")),
                                term("zone", expr("security", "Exists"))), scan),
                        List.of(pod("e", "machine1", null, s1)), ANTI),
                new Case("existing pod's anti-affinity on a key its node lacks does not count: PreFilter skips",
                        pod("p", null, null, scan),
                        List.of(pod("e", "machine1", aff().requiredAnti(term("rack", expr("service", "Exists"))), s1)),
                        MACHINE1, DEFAULT_NS, want("machine1=ok"), true),
                single("affinity is checked before anti-affinity",
                        pod("p", null, aff().required(term("region", expr("service", "In", "nothing")))
                                .requiredAnti(term("zone", expr("service", "Exists"))), s1),
                        List.of(pod("e", "machine1", null, scan)), AFF));
    }

    static Stream<Case> multipleNodes() {
        var zoneNodes = List.of(node("a1", "kubernetes.io/hostname=a1", "zone=a", "rack=r1"), node("a2", "kubernetes.io/hostname=a2", "zone=a"),
                node("b1", "kubernetes.io/hostname=b1", "zone=b", "rack=r2"), node("b2", "kubernetes.io/hostname=b2", "zone=b"));
        var nss = List.of(namespace("default"), namespace("data", "team=storage"), namespace("other", "team=web"));
        return Stream.of(
                new Case("first pod of a self-affine group passes where the topology key exists",
                        pod("p", null, aff().required(term("rack", expr("app", "In", "cluster"))), "app=cluster"),
                        List.of(), zoneNodes, nss, want("a1=ok", "a2=aff", "b1=ok", "b2=aff"), false),
                new Case("no first-pod exception once a matching pod exists elsewhere",
                        pod("p", null, aff().required(term("rack", expr("app", "In", "cluster"))), "app=cluster"),
                        List.of(pod("e", "a1", null, "app=cluster")), zoneNodes, nss, want("a1=ok", "a2=aff", "b1=aff", "b2=aff"), false),
                new Case("a matching pod on a node without the key is not counted, so the exception holds",
                        pod("p", null, aff().required(term("rack", expr("app", "In", "cluster"))), "app=cluster"),
                        List.of(pod("e", "a2", null, "app=cluster")), zoneNodes, nss, want("a1=ok", "a2=aff", "b1=ok", "b2=aff"), false),
                new Case("no exception when the pod does not match its own terms",
                        pod("p", null, aff().required(term("zone", expr("app", "In", "db"))), "app=web"),
                        List.of(), zoneNodes, nss, want("a1=aff", "a2=aff", "b1=aff", "b2=aff"), false),
                new Case("a term without label selector matches no pod, not even the pod itself",
                        pod("p", null, aff().required(term("zone")), "app=web"),
                        List.of(pod("e", "a1", null, "app=web")), zoneNodes, nss, want("a1=aff", "a2=aff", "b1=aff", "b2=aff"), false),
                new Case("affinity by zone: every node of the zone passes",
                        pod("p", null, aff().required(term("zone", expr("app", "In", "db"))), "app=web"),
                        List.of(pod("e", "b2", null, "app=db")), zoneNodes, nss, want("a1=aff", "a2=aff", "b1=ok", "b2=ok"), false),
                new Case("an existing pod must match all affinity terms to count",
                        pod("p", null, aff().required(term("zone", expr("app", "In", "db")), term("zone", expr("tier", "In", "cache"))), "app=web"),
                        List.of(pod("x", "a1", null, "app=db"), pod("y", "a2", null, "tier=cache"), pod("z", "b1", null, "app=db", "tier=cache")),
                        zoneNodes, nss, want("a1=aff", "a2=aff", "b1=ok", "b2=ok"), false),
                new Case("anti-affinity by hostname rejects only the node of the matching pod",
                        pod("p", null, aff().requiredAnti(term("kubernetes.io/hostname", expr("app", "In", "web"))), "app=web"),
                        List.of(pod("e", "a1", null, "app=web")), zoneNodes, nss, want("a1=anti", "a2=ok", "b1=ok", "b2=ok"), false),
                new Case("existing anti-affinity by zone rejects the whole zone",
                        pod("p", null, null, "app=web"),
                        List.of(pod("e", "a1", aff().requiredAnti(term("zone", expr("app", "In", "web"))), "app=db")),
                        zoneNodes, nss, want("a1=existing", "a2=existing", "b1=ok", "b2=ok"), false),
                new Case("empty namespaceSelector matches pods of every namespace",
                        pod("p", null, aff().required(withNamespaceSelector(term("kubernetes.io/hostname", expr("app", "In", "db")), new LabelSelector())), "app=api"),
                        List.of(podIn("other", "db1", "a1", null, "app=db"), podIn("data", "db2", "b1", null, "app=db")),
                        zoneNodes, nss, want("a1=ok", "a2=aff", "b1=ok", "b2=aff"), false),
                new Case("namespaceSelector picks namespaces by their labels",
                        pod("p", null, aff().required(withNamespaceSelector(term("kubernetes.io/hostname", expr("app", "In", "db")),
                                selector(expr("team", "In", "storage")))), "app=api"),
                        List.of(podIn("other", "db1", "a1", null, "app=db"), podIn("data", "db2", "b1", null, "app=db")),
                        zoneNodes, nss, want("a1=aff", "a2=aff", "b1=ok", "b2=aff"), false),
                new Case("namespaces and namespaceSelector are ORed",
                        pod("p", null, aff().requiredAnti(withNamespaceSelector(inNamespaces(term("kubernetes.io/hostname", expr("app", "In", "db")), "other"),
                                selector(expr("team", "In", "storage")))), "app=api"),
                        List.of(podIn("other", "db1", "a1", null, "app=db"), podIn("data", "db2", "b1", null, "app=db"), pod("db3", "b2", null, "app=db")),
                        zoneNodes, nss, want("a1=anti", "a2=ok", "b1=anti", "b2=ok"), false),
                new Case("a namespaceSelector only selects namespaces that exist",
                        pod("p", null, aff().requiredAnti(withNamespaceSelector(term("kubernetes.io/hostname", expr("app", "In", "db")),
                                selector(expr("team", "Exists")))), "app=api"),
                        List.of(podIn("ghost", "db1", "a1", null, "app=db"), podIn("data", "db2", "b1", null, "app=db")),
                        zoneNodes, nss, want("a1=ok", "a2=ok", "b1=anti", "b2=ok"), false),
                // Upstream keeps the incoming term's namespaceSelector after unrolling it (the term is passed by value)
                // and matches it against nil labels: a selector that accepts an empty label set matches every namespace.
                new Case("a NotIn namespaceSelector of the incoming pod matches pods of every namespace",
                        pod("p", null, aff().requiredAnti(withNamespaceSelector(term("kubernetes.io/hostname", expr("app", "In", "db")),
                                selector(expr("team", "NotIn", "web")))), "app=api"),
                        List.of(podIn("other", "db1", "a1", null, "app=db"), podIn("ghost", "db2", "b1", null, "app=db")),
                        zoneNodes, nss, want("a1=anti", "a2=ok", "b1=anti", "b2=ok"), false),
                new Case("a DoesNotExist namespaceSelector of the incoming pod's affinity matches pods of every namespace",
                        pod("p", null, aff().required(withNamespaceSelector(term("zone", expr("app", "In", "db")),
                                selector(expr("team", "DoesNotExist")))), "app=api"),
                        List.of(podIn("data", "db1", "b1", null, "app=db")),
                        zoneNodes, nss, want("a1=aff", "a2=aff", "b1=ok", "b2=ok"), false),
                new Case("an In namespaceSelector does not match an empty label set: only the selected namespaces",
                        pod("p", null, aff().required(withNamespaceSelector(term("zone", expr("app", "In", "db")),
                                selector(expr("team", "In", "web")))), "app=api"),
                        List.of(podIn("data", "db1", "b1", null, "app=db")),
                        zoneNodes, nss, want("a1=aff", "a2=aff", "b1=aff", "b2=aff"), false),
                new Case("an existing pod's namespaceSelector sees the incoming pod's namespace labels",
                        podIn("other", "p", null, null, "app=api"),
                        List.of(podIn("data", "e", "a1", aff().requiredAnti(withNamespaceSelector(term("zone", expr("app", "In", "api")),
                                selector(expr("team", "In", "web")))), "app=db")),
                        zoneNodes, nss, want("a1=existing", "a2=existing", "b1=ok", "b2=ok"), false),
                new Case("an existing pod's term defaults to its own namespace",
                        podIn("other", "p", null, null, "app=api"),
                        List.of(podIn("data", "e", "a1", aff().requiredAnti(term("zone", expr("app", "In", "api"))), "app=db")),
                        zoneNodes, nss, want("a1=ok", "a2=ok", "b1=ok", "b2=ok"), true),
                new Case("existing anti-affinity pairs are looked up through any node label",
                        pod("p", null, null, "app=web"),
                        List.of(pod("e", "a1", aff().requiredAnti(term("rack", expr("app", "In", "web"))), "app=db")),
                        zoneNodes, nss, want("a1=existing", "a2=ok", "b1=ok", "b2=ok"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"singleNode", "multipleNodes"})
    void filter(Case c) throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(c.nodes(), c.pods(), c.namespaces());
        InterPodAffinity pl = new InterPodAffinity(cluster, 1, false);
        CycleState state = new CycleState();
        PreFilterResult r = pl.preFilter(state, c.pod(), cluster.nodes);
        assertTrue(r.allNodes());
        assertEquals(c.skip() ? Code.SKIP : Code.SUCCESS, r.status().code(), "PreFilter");
        if (c.skip()) {
            return;
        }
        for (Map.Entry<String, String> e : c.want().entrySet()) {
            Status got = pl.filter(state, c.pod(), cluster.node(e.getKey()));
            assertEquals(expected(e.getValue()), got, "node " + e.getKey());
        }
    }

    private static Status expected(String verdict) {
        return switch (verdict) {
            case OK -> Status.SUCCESS;
            case AFF -> AFF_STATUS;
            case ANTI -> ANTI_STATUS;
            case EXISTING -> EXISTING_STATUS;
            default -> throw new IllegalArgumentException(verdict);
        };
    }

    record ParseCase(String name, AffinityFixtures.Aff affinity, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<ParseCase> parseErrors() {
        return Stream.of(
                new ParseCase("one invalid term", aff().required(term("zone", expr("app", "Foo", "x"))),
                        "parsing pod: requiredAffinityTerms: \"Foo\" is not a valid label selector operator"),
                new ParseCase("two invalid term lists are bracketed",
                        aff().required(term("zone", expr("app", "Foo", "x"))).requiredAnti(term("zone", expr("app", "Bar", "x"))),
                        "parsing pod: [requiredAffinityTerms: \"Foo\" is not a valid label selector operator, "
                                + "requiredAntiAffinityTerms: \"Bar\" is not a valid label selector operator]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parseErrors")
    void preFilterRejectsUnparsableTerms(ParseCase c) throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(MACHINE1, List.of(), DEFAULT_NS);
        InterPodAffinity pl = new InterPodAffinity(cluster, 1, false);
        PreFilterResult r = pl.preFilter(new CycleState(), pod("p", null, c.affinity(), "app=x"), cluster.nodes);
        assertEquals(Status.unresolvable(c.message()), r.status());
    }

    @Test
    void filterWithoutPreFilterStateIsAnError() throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(MACHINE1, List.of(), DEFAULT_NS);
        InterPodAffinity pl = new InterPodAffinity(cluster, 1, false);
        Status s = pl.filter(new CycleState(), pod("p", null, null), cluster.node("machine1"));
        assertEquals(Status.error("error reading \"PreFilterInterPodAffinity\" from cycleState: not found"), s);
        assertEquals(s, pl.addPod(new CycleState(), pod("p", null, null), pod("q", null, null), cluster.node("machine1")));
    }

    // ---- AddPod / RemovePod

    private static final List<AffinityFixtures.NodeSpec> TWO_ZONES = List.of(
            node("a1", "kubernetes.io/hostname=a1", "zone=a"), node("a2", "kubernetes.io/hostname=a2", "zone=a"),
            node("b1", "kubernetes.io/hostname=b1", "zone=b"));

    /** op: +pod or -pod on node; want: node verdicts after all ops. */
    record UpdateCase(String name, PodInfo pod, List<PodInfo> pods, List<Op> ops, Map<String, String> wantBefore, Map<String, String> wantAfter) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Op(boolean add, PodInfo pod, String node) {
    }

    static Stream<UpdateCase> updates() {
        PodInfo webOnA1 = pod("w", "a1", null, "app=web");
        PodInfo haterOnB1 = pod("h", "b1", aff().requiredAnti(term("zone", expr("app", "In", "web"))), "app=db");
        PodInfo dbOnA2 = pod("d", "a2", null, "app=db");
        return Stream.of(
                new UpdateCase("adding a pod that the incoming pod's anti-affinity matches",
                        pod("p", null, aff().requiredAnti(term("zone", expr("app", "In", "web"))), "app=web"),
                        List.of(), List.of(new Op(true, webOnA1, "a1")),
                        want("a1=ok", "a2=ok", "b1=ok"), want("a1=anti", "a2=anti", "b1=ok")),
                new UpdateCase("removing the pod the anti-affinity matched",
                        pod("p", null, aff().requiredAnti(term("zone", expr("app", "In", "web"))), "app=web"),
                        List.of(webOnA1), List.of(new Op(false, webOnA1, "a1")),
                        want("a1=anti", "a2=anti", "b1=ok"), want("a1=ok", "a2=ok", "b1=ok")),
                new UpdateCase("adding a pod whose anti-affinity matches the incoming pod",
                        pod("p", null, aff().requiredAnti(term("zone", expr("app", "In", "nothing"))), "app=web"),
                        List.of(), List.of(new Op(true, haterOnB1, "b1")),
                        want("a1=ok", "a2=ok", "b1=ok"), want("a1=ok", "a2=ok", "b1=existing")),
                new UpdateCase("removing the pod whose anti-affinity matched",
                        pod("p", null, null, "app=web"),
                        List.of(haterOnB1), List.of(new Op(false, haterOnB1, "b1")),
                        want("a1=ok", "a2=ok", "b1=existing"), want("a1=ok", "a2=ok", "b1=ok")),
                new UpdateCase("adding a pod that satisfies the affinity",
                        pod("p", null, aff().required(term("zone", expr("app", "In", "db"))), "app=web"),
                        List.of(), List.of(new Op(true, dbOnA2, "a2")),
                        want("a1=aff", "a2=aff", "b1=aff"), want("a1=ok", "a2=ok", "b1=aff")),
                new UpdateCase("removing the only matching pod re-enables the first-pod exception",
                        pod("p", null, aff().required(term("zone", expr("app", "In", "db"))), "app=db"),
                        List.of(dbOnA2), List.of(new Op(false, dbOnA2, "a2")),
                        want("a1=ok", "a2=ok", "b1=aff"), want("a1=ok", "a2=ok", "b1=ok")),
                new UpdateCase("removing a pod that was never counted leaves a negative count: no first-pod exception",
                        pod("p", null, aff().required(term("zone", expr("app", "In", "db"))), "app=db"),
                        List.of(), List.of(new Op(false, dbOnA2, "a2")),
                        want("a1=ok", "a2=ok", "b1=ok"), want("a1=aff", "a2=aff", "b1=aff")),
                new UpdateCase("add then remove restores the state",
                        pod("p", null, aff().requiredAnti(term("zone", expr("app", "In", "web"))), "app=web"),
                        List.of(), List.of(new Op(true, webOnA1, "a1"), new Op(false, webOnA1, "a1")),
                        want("a1=ok", "a2=ok", "b1=ok"), want("a1=ok", "a2=ok", "b1=ok")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("updates")
    void addAndRemovePod(UpdateCase c) throws Exception {
        AffinityFixtures.Cluster cluster = new AffinityFixtures.Cluster(TWO_ZONES, c.pods(), List.of(namespace("default")));
        InterPodAffinity pl = new InterPodAffinity(cluster, 1, false);
        CycleState state = new CycleState();
        assertEquals(Code.SUCCESS, pl.preFilter(state, c.pod(), cluster.nodes).status().code());
        assertVerdicts(pl, state, c.pod(), cluster, c.wantBefore());

        CycleState copy = state.copy();
        for (Op op : c.ops()) {
            NodeInfo n = cluster.node(op.node());
            Status s = op.add() ? pl.addPod(copy, c.pod(), op.pod(), n) : pl.removePod(copy, c.pod(), op.pod(), n);
            assertEquals(Status.SUCCESS, s);
        }
        assertVerdicts(pl, copy, c.pod(), cluster, c.wantAfter());
        // The original state is untouched by updates of its copy.
        assertVerdicts(pl, state, c.pod(), cluster, c.wantBefore());
    }

    private static void assertVerdicts(InterPodAffinity pl, CycleState state, PodInfo pod, AffinityFixtures.Cluster cluster, Map<String, String> want) {
        for (Map.Entry<String, String> e : want.entrySet()) {
            assertEquals(expected(e.getValue()), pl.filter(state, pod, cluster.node(e.getKey())), "node " + e.getKey());
        }
    }

    @Test
    void stateCopyIsDeep() {
        TopologyCounts counts = new TopologyCounts();
        counts.add(Map.of("zone", "a"), "zone", 1);
        TopologyCounts copy = counts.copy();
        copy.add(Map.of("zone", "a"), "zone", -1);
        copy.add(Map.of("zone", "b"), "zone", -1);
        assertEquals(Map.of("zone=a", 1L), counts.asMap());
        assertEquals(Map.of("zone=b", -1L), copy.asMap());
        assertEquals(1, copy.size());
        assertNotNull(copy);
    }
}
