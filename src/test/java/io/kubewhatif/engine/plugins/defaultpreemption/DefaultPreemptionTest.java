package io.kubewhatif.engine.plugins.defaultpreemption;

import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PostFilterResult.NominatingMode;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.preemption.DisruptionBudgets;
import io.kubewhatif.engine.preemption.PreemptionDetails;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures.NodeFixture;
import io.kubewhatif.engine.testing.Fixtures.PodFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tables after upstream's default_preemption_test.go, with a resource-fit filter standing in for the framework. */
class DefaultPreemptionTest {
    static final int NEG = -100;
    static final int LOW = 0;
    static final int MID = 100;
    static final int HIGH = 1000;
    static final int VERY_HIGH = 10000;
    static final String EPOCH = "1970-01-01T00:00:00Z";
    static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);

    // Resource sizes of upstream's tests: cpu in milli-units, memory in bytes.
    static PodFixture small(PodFixture p) {
        return p.req("cpu", "100m").req("memory", "100");
    }

    static PodFixture medium(PodFixture p) {
        return p.req("cpu", "200m").req("memory", "200");
    }

    static PodFixture large(PodFixture p) {
        return p.req("cpu", "300m").req("memory", "300");
    }

    static PodFixture veryLarge(PodFixture p) {
        return p.req("cpu", "500m").req("memory", "500");
    }

    static PodFixture p(String name, int priority) {
        return pod(name).priority(priority);
    }

    static PodFixture on(String node, String name, int priority) {
        return pod(name).priority(priority).nodeName(node);
    }

    static NodeFixture veryLargeNode(String name) {
        return node(name).cap("cpu", "500m").cap("memory", "500");
    }

    static NodeFixture onePodNode(String name) {
        return node(name).cap("pods", "1");
    }

    static NodeFixture cpuNode(String name) {
        return node(name).cap("cpu", "200m").cap("memory", "400");
    }

    /** Nodes with the pods whose nodeName names them, in the given order. */
    static List<NodeInfo> cluster(List<NodeFixture> nodes, List<PodFixture> pods) {
        List<NodeInfo> out = new ArrayList<>();
        for (NodeFixture nf : nodes) {
            String name = nf.build().getMetadata().getName();
            List<PodInfo> mine = new ArrayList<>();
            for (PodFixture pf : pods) {
                PodInfo pi = pf.info();
                if (name.equals(pi.nodeName())) {
                    mine.add(pi);
                }
            }
            out.add(nf.info(mine.toArray(new PodInfo[0])));
        }
        return out;
    }

    static NodeToStatus statuses(Map<String, Code> explicit, Code absent) {
        NodeToStatus m = new NodeToStatus();
        explicit.forEach((n, c) -> m.set(n, Status.of(c)));
        m.setAbsentStatus(Status.of(absent));
        return m;
    }

    static NodeToStatus allUnschedulable(List<NodeInfo> nodes) {
        NodeToStatus m = new NodeToStatus();
        nodes.forEach(n -> m.set(n.name(), Status.unschedulable("Insufficient cpu")));
        return m;
    }

    static PodDisruptionBudget pdb(String name, String labelKey, String labelValue, int allowed, String... disrupted) {
        PodDisruptionBudgetBuilder b = new PodDisruptionBudgetBuilder().withNewMetadata().withName(name).withNamespace("default").endMetadata()
                .withNewSpec().withNewSelector().addToMatchLabels(labelKey, labelValue).endSelector().endSpec()
                .withNewStatus().withDisruptionsAllowed(allowed).endStatus();
        for (String d : disrupted) {
            b.editStatus().addToDisruptedPods(d, "2024-01-01T00:00:00Z").endStatus();
        }
        return b.build();
    }

    static PostFilterResult run(DefaultPreemption pl, PodInfo pod, NodeToStatus m) {
        return pl.postFilter(new CycleState(), pod, m);
    }

    // ---- PostFilter (TestPostFilter) ----

    record PostFilterCase(String name, PodInfo pod, List<NodeInfo> nodes, List<PodDisruptionBudget> pdbs, NodeToStatus statuses,
                          Code wantCode, String wantMessage, NominatingMode wantMode, String wantNode, List<String> wantVictims) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<PostFilterCase> postFilterCases() {
        Map<String, Code> node1Unsched = Map.of("node1", Code.UNSCHEDULABLE);
        Map<String, Code> twoUnsched = new TreeMap<>(Map.of("node1", Code.UNSCHEDULABLE, "node2", Code.UNSCHEDULABLE));
        Map<String, Code> threeUnsched = new TreeMap<>(Map.of("node1", Code.UNSCHEDULABLE, "node2", Code.UNSCHEDULABLE, "node3", Code.UNSCHEDULABLE));
        Map<String, Code> mixedFour = new LinkedHashMap<>();
        mixedFour.put("node1", Code.UNSCHEDULABLE);
        mixedFour.put("node2", Code.UNSCHEDULABLE);
        mixedFour.put("node4", Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
        Code unres = Code.UNSCHEDULABLE_AND_UNRESOLVABLE;
        return Stream.of(
                new PostFilterCase("pod with higher priority can be made schedulable", p("p", HIGH).info(),
                        cluster(List.of(onePodNode("node1")), List.of(on("node1", "p1", 0))), List.of(),
                        statuses(node1Unsched, unres), Code.SUCCESS, "", NominatingMode.OVERRIDE, "node1", List.of("default/p1")),
                new PostFilterCase("pod with tied priority is still unschedulable", p("p", 0).info(),
                        cluster(List.of(onePodNode("node1")), List.of(on("node1", "p1", 0))), List.of(),
                        statuses(node1Unsched, unres), Code.UNSCHEDULABLE,
                        "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
                        NominatingMode.OVERRIDE, "", List.of()),
                new PostFilterCase("preemption should respect filteredNodesStatuses", p("p", HIGH).info(),
                        cluster(List.of(onePodNode("node1")), List.of(on("node1", "p1", 0))), List.of(),
                        statuses(Map.of("node1", unres), unres), Code.UNSCHEDULABLE,
                        "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
                        NominatingMode.OVERRIDE, "", List.of()),
                new PostFilterCase("absent node status means UnschedulableAndUnresolvable", p("p", HIGH).info(),
                        cluster(List.of(onePodNode("node1")), List.of(on("node1", "p1", 0))), List.of(),
                        new NodeToStatus(), Code.UNSCHEDULABLE,
                        "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
                        NominatingMode.OVERRIDE, "", List.of()),
                new PostFilterCase("absent status Unschedulable makes every node a candidate", p("p", HIGH).info(),
                        cluster(List.of(onePodNode("node1"), onePodNode("node2")), List.of(on("node1", "p1", HIGH), on("node2", "p2", 0))),
                        List.of(), statuses(Map.of(), Code.UNSCHEDULABLE), Code.SUCCESS, "", NominatingMode.OVERRIDE, "node2",
                        List.of("default/p2")),
                new PostFilterCase("pod can be made schedulable on one node", p("p", MID).info(),
                        cluster(List.of(onePodNode("node1"), onePodNode("node2")), List.of(on("node1", "p1", HIGH), on("node2", "p2", LOW))),
                        List.of(), statuses(twoUnsched, unres), Code.SUCCESS, "", NominatingMode.OVERRIDE, "node2", List.of("default/p2")),
                new PostFilterCase("pod can be made schedulable on minHighestPriority node", p("p", VERY_HIGH).info(),
                        cluster(List.of(onePodNode("node1"), onePodNode("node2")), List.of(
                                on("node1", "p1", HIGH).label("pdb", "non-violating"),
                                on("node1", "p2", LOW).label("pdb", "violating"),
                                on("node2", "p3", MID).label("pdb", "violating"))),
                        List.of(pdb("violating-pdb", "pdb", "violating", 0), pdb("non-violating-pdb", "pdb", "non-violating", Integer.MAX_VALUE)),
                        statuses(twoUnsched, unres), Code.SUCCESS, "", NominatingMode.OVERRIDE, "node2", List.of("default/p3")),
                new PostFilterCase("no candidate nodes found, not enough resource after removing low priority pods",
                        large(p("p", HIGH)).info(),
                        cluster(List.of(cpuNode("node1"), cpuNode("node2")), List.of(on("node1", "p1", 0), on("node2", "p2", 0))),
                        List.of(), statuses(twoUnsched, unres), Code.UNSCHEDULABLE,
                        "preemption: 0/2 nodes are available: 2 Insufficient cpu.", NominatingMode.OVERRIDE, "", List.of()),
                new PostFilterCase("no candidate nodes found with mixed reasons", large(p("p", HIGH)).info(),
                        cluster(List.of(onePodNode("node1"), cpuNode("node2"), onePodNode("node3")),
                                List.of(on("node1", "p1", HIGH), on("node2", "p2", 0), on("node3", "p3", HIGH))),
                        List.of(), statuses(threeUnsched, unres), Code.UNSCHEDULABLE,
                        "preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod.",
                        NominatingMode.OVERRIDE, "", List.of()),
                new PostFilterCase("no candidate nodes found, 2 unresolvable nodes and 2 without enough cpu", large(p("p", HIGH)).info(),
                        cluster(List.of(cpuNode("node1"), cpuNode("node2"), cpuNode("node3"), cpuNode("node4")),
                                List.of(on("node1", "p1", 0), on("node2", "p2", 0))),
                        List.of(), statuses(mixedFour, unres), Code.UNSCHEDULABLE,
                        "preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling.",
                        NominatingMode.OVERRIDE, "", List.of()),
                new PostFilterCase("only one node but it fails in RemovePod", large(p("p", HIGH)).info(),
                        cluster(List.of(node("node1").cap("cpu", "300m").cap("memory", "300").label("error", "true")),
                                List.of(on("node1", "p1", 0))),
                        List.of(), statuses(node1Unsched, unres), Code.ERROR,
                        "preemption: running RemovePod on PreFilter plugin \"test-plugin\": failed to remove pod: p",
                        NominatingMode.NOOP, "", List.of()),
                new PostFilterCase("one node fails in RemovePod and the other can be nominated", large(p("p", HIGH)).info(),
                        cluster(List.of(node("node1").cap("cpu", "300m").cap("memory", "300").label("error", "true"),
                                        node("node2").cap("cpu", "300m").cap("memory", "300")),
                                List.of(on("node1", "p1", 0), medium(on("node2", "p2", 0)))),
                        List.of(), statuses(twoUnsched, unres), Code.SUCCESS, "", NominatingMode.OVERRIDE, "node2",
                        List.of("default/p2")),
                new PostFilterCase("preemptionPolicy Never", never(p("p", HIGH)),
                        cluster(List.of(onePodNode("node1")), List.of(on("node1", "p1", 0))), List.of(),
                        statuses(node1Unsched, unres), Code.UNSCHEDULABLE, "preemption: not eligible due to preemptionPolicy=Never.",
                        NominatingMode.NOOP, "", List.of()),
                // basic-09-preemption: the PDB-protected pod on node-a is reprieved first, so only a-mid is evicted there;
                // node-b would evict two PDB-protected pods.
                new PostFilterCase("basic-09: PDB-violating victims are reprieved first", p("important", 500).req("cpu", "2").info(),
                        cluster(List.of(node("node-a").cap("cpu", "4").cap("memory", "8Gi"), node("node-b").cap("cpu", "4").cap("memory", "8Gi"),
                                        node("node-c").cap("cpu", "4").cap("memory", "8Gi")),
                                List.of(on("node-a", "a-low", 10).label("app", "batch").req("cpu", "2").startTime("2024-01-01T00:00:00Z"),
                                        on("node-a", "a-mid", 100).req("cpu", "1500m").startTime("2024-01-01T00:00:00Z"),
                                        on("node-b", "b-low1", 10).label("app", "batch").req("cpu", "1").startTime("2024-01-02T00:00:00Z"),
                                        on("node-b", "b-low2", 10).label("app", "batch").req("cpu", "1").startTime("2024-01-03T00:00:00Z"),
                                        on("node-b", "b-high", 1000).req("cpu", "1500m").startTime("2024-01-01T00:00:00Z"))),
                        List.of(pdb("batch-pdb", "app", "batch", 0)),
                        statuses(new TreeMap<>(Map.of("node-a", Code.UNSCHEDULABLE, "node-b", Code.UNSCHEDULABLE, "node-c", unres)), unres),
                        Code.SUCCESS, "", NominatingMode.OVERRIDE, "node-a", List.of("default/a-mid")));
    }

    static PodInfo never(PodFixture f) {
        f.edit().editSpec().withPreemptionPolicy("Never").endSpec();
        return f.info();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("postFilterCases")
    void postFilter(PostFilterCase c) {
        DefaultPreemption pl = new DefaultPreemption(new FakeHandle(c.nodes(), c.pdbs(), List.of()), 10, 100, CLOCK);
        PostFilterResult r = run(pl, c.pod(), c.statuses());
        assertEquals(c.wantCode(), r.status().code());
        assertEquals(c.wantMessage(), r.status().message());
        assertEquals(c.wantMode(), r.mode());
        assertEquals(c.wantNode(), r.nominatedNodeName());
        assertEquals(c.wantVictims(), r.victims());
    }

    // ---- Dry run (TestDryRunPreemption), observed through the reported candidates ----

    record DryRunCase(String name, int percentage, int absolute, PodInfo pod, List<NodeInfo> nodes, List<PodDisruptionBudget> pdbs,
                      Map<String, String> wantCandidates, int wantFilterCalls) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Candidates as "node" → "victim,victim/numPDBViolations" with victims sorted by name. */
    static Map<String, String> candidates(String... nodeAndVictims) {
        Map<String, String> m = new TreeMap<>();
        for (int i = 0; i < nodeAndVictims.length; i += 2) {
            m.put(nodeAndVictims[i], nodeAndVictims[i + 1]);
        }
        return m;
    }

    static List<NodeFixture> veryLargeNodes(String... names) {
        List<NodeFixture> out = new ArrayList<>();
        for (String n : names) {
            out.add(veryLargeNode(n));
        }
        return out;
    }

    static Stream<DryRunCase> dryRunCases() {
        return Stream.of(
                new DryRunCase("a pod that fits on both nodes when lower priority pods are preempted", 10, 100, large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2"), List.of(large(on("node1", "p1", MID)), large(on("node2", "p2", MID)))),
                        List.of(), candidates("node1", "p1/0", "node2", "p2/0"), 4),
                new DryRunCase("other pods running are higher priority, no preemption would happen", 10, 100, large(p("p", LOW)).info(),
                        cluster(veryLargeNodes("node1", "node2"), List.of(large(on("node1", "p1", MID)), large(on("node2", "p2", MID)))),
                        List.of(), candidates(), 0),
                new DryRunCase("medium priority pod is preempted, but lower priority one stays as it is small", 10, 100,
                        large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2"), List.of(small(on("node1", "p1.1", LOW)), large(on("node1", "p1.2", MID)),
                                large(on("node2", "p2", MID)))),
                        List.of(), candidates("node1", "p1.2/0", "node2", "p2/0"), 5),
                new DryRunCase("mixed priority pods are preempted", 10, 100, large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2"), List.of(small(on("node1", "p1.1", MID)), small(on("node1", "p1.2", LOW)),
                                medium(on("node1", "p1.3", MID)), small(on("node1", "p1.4", HIGH)), large(on("node2", "p2", HIGH)))),
                        List.of(), candidates("node1", "p1.2,p1.3/0"), 4),
                new DryRunCase("mixed priority pods are preempted, pick later StartTime one when priorities are equal", 10, 100,
                        large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2"), List.of(
                                small(on("node1", "p1.1", LOW)).startTime("1970-01-01T00:00:05Z"),
                                small(on("node1", "p1.2", LOW)).startTime("1970-01-01T00:00:04Z"),
                                medium(on("node1", "p1.3", MID)).startTime("1970-01-01T00:00:03Z"),
                                small(on("node1", "p1.4", HIGH)).startTime("1970-01-01T00:00:02Z"),
                                large(on("node2", "p2", HIGH)).startTime("1970-01-01T00:00:01Z"))),
                        List.of(), candidates("node1", "p1.1,p1.3/0"), 4),
                new DryRunCase("preemption with violation of same pdb", 10, 100, veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1"), List.of(medium(on("node1", "p1.1", MID)).label("app", "foo"),
                                medium(on("node1", "p1.2", MID)).label("app", "foo"))),
                        List.of(pdb("pdb", "app", "foo", 1)), candidates("node1", "p1.1,p1.2/1"), 3),
                new DryRunCase("pdb with a processed eviction of another pod", 10, 100, veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1"), List.of(medium(on("node1", "p1.1", MID)).label("app", "foo"),
                                medium(on("node1", "p1.2", MID)).label("app", "foo"))),
                        List.of(pdb("pdb", "app", "foo", 1, "p2")), candidates("node1", "p1.1,p1.2/1"), 3),
                new DryRunCase("pdb with a processed eviction of a victim", 10, 100, veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1"), List.of(medium(on("node1", "p1.1", MID)).label("app", "foo"),
                                medium(on("node1", "p1.2", MID)).label("app", "foo"))),
                        List.of(pdb("pdb", "app", "foo", 1, "p1.2")), candidates("node1", "p1.1,p1.2/0"), 3),
                new DryRunCase("a victim in disruptedPods does not spend the budget", 10, 100, veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1"), List.of(medium(on("node1", "p1.1", MID)).label("app", "foo"),
                                medium(on("node1", "p1.2", MID)).label("app", "foo"), medium(on("node1", "p1.3", MID)).label("app", "foo"))),
                        List.of(pdb("pdb", "app", "foo", 1, "p1.3")), candidates("node1", "p1.1,p1.2,p1.3/1"), 4),
                new DryRunCase("all nodes are possible candidates, but the args limit them to 2", 40, 1, large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3", "node4", "node5"), List.of(large(on("node1", "p1", MID)),
                                large(on("node2", "p2", MID)), large(on("node3", "p3", MID)), large(on("node4", "p4", MID)),
                                large(on("node5", "p5", MID)))),
                        List.of(), candidates("node1", "p1/0", "node2", "p2/0"), 4),
                new DryRunCase("some nodes are not possible candidates, the args limit them to 2", 40, 1, large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3", "node4", "node5"), List.of(large(on("node1", "p1", MID)),
                                large(on("node2", "p2", VERY_HIGH)), large(on("node3", "p3", MID)), large(on("node4", "p4", MID)),
                                large(on("node5", "p5", VERY_HIGH)))),
                        List.of(), candidates("node1", "p1/0", "node3", "p3/0"), 4),
                new DryRunCase("the dry run looks past numCandidates until a candidate without PDB violation", 40, 2,
                        large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3", "node4", "node5"), List.of(
                                large(on("node1", "p1", MID)).label("app", "foo"), large(on("node2", "p2", MID)).label("app", "foo"),
                                large(on("node3", "p3", MID)), large(on("node4", "p4", MID)), large(on("node5", "p5", MID)).label("app", "foo"))),
                        List.of(pdb("pdb", "app", "foo", 0)), candidates("node1", "p1/1", "node2", "p2/1", "node3", "p3/0"), 6),
                new DryRunCase("every lower-priority pod among many is removed exactly once", 10, 100, p("p", HIGH).req("cpu", "1300m").info(),
                        cluster(List.of(node("node1").cap("cpu", "2")), interleaved()),
                        List.of(), candidates("node1", "v00,v02,v04,v06,v08,v10,v12/0"), 8),
                new DryRunCase("violating candidates are capped at numCandidates", 20, 1, large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                large(on("node1", "p1", MID)).label("app", "foo"), large(on("node2", "p2", MID)).label("app", "foo"),
                                large(on("node3", "p3", MID)))),
                        List.of(pdb("pdb", "app", "foo", 0)), candidates("node1", "p1/1", "node3", "p3/0"), 6));
    }

    /** 14 pods of 100m alternating between lower and higher priority than the preemptor. */
    static List<PodFixture> interleaved() {
        List<PodFixture> out = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            out.add(on("node1", String.format("v%02d", i), i % 2 == 0 ? LOW : VERY_HIGH).req("cpu", "100m"));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dryRunCases")
    void dryRun(DryRunCase c) {
        FakeHandle h = new FakeHandle(c.nodes(), c.pdbs(), List.of());
        DefaultPreemption pl = new DefaultPreemption(h, c.percentage(), c.absolute(), CLOCK);
        PostFilterResult r = run(pl, c.pod(), allUnschedulable(c.nodes()));
        Map<String, String> got = new TreeMap<>();
        if (r.details() instanceof PreemptionDetails d) {
            for (PreemptionDetails.Candidate cand : d.candidates()) {
                List<String> names = new ArrayList<>();
                for (String v : cand.victims()) {
                    names.add(v.substring(v.indexOf('/') + 1));
                }
                names.sort(null);
                got.put(cand.node(), String.join(",", names) + "/" + cand.numPDBViolations());
            }
        }
        assertEquals(c.wantCandidates(), got);
        assertEquals(c.wantFilterCalls(), h.filterCalls.get());
    }

    /**
     * v1.35 removed each eligible pod while walking the node's pod slice (a removal moves the slice's last pod into
     * the hole and shortens the slice, while the walk goes on over the original length of the same array); v1.36
     * collects them first and then removes them. For every pattern of eligible pods on nodes of up to 8 pods, both
     * remove the same pods in the same order (node order), so the change is internal and one code path serves both.
     */
    @Test
    void collectingVictimsFirstRemovesWhatTheInPlaceWalkRemoved() {
        for (int n = 1; n <= 8; n++) {
            for (int mask = 0; mask < 1 << n; mask++) {
                List<PodFixture> pods = new ArrayList<>();
                List<String> names = new ArrayList<>();
                boolean[] eligible = new boolean[n];
                for (int i = 0; i < n; i++) {
                    eligible[i] = (mask & 1 << i) != 0;
                    names.add("v" + i);
                    pods.add(on("node1", "v" + i, eligible[i] ? LOW : VERY_HIGH).req("cpu", "100m"));
                }
                List<NodeInfo> nodes = cluster(List.of(node("node1").cap("cpu", "1")), pods);
                FakeHandle h = new FakeHandle(nodes, List.of(), List.of());
                DefaultPreemption pl = new DefaultPreemption(h, 10, 100, CLOCK);
                // asks for more than the node has: the selection stops after the removals, before any reprieve
                PodInfo preemptor = p("p", HIGH).req("cpu", "2").info();
                var sel = pl.selectVictimsOnNode(new CycleState(), preemptor, nodes.get(0).snapshot(), DisruptionBudgets.NONE);
                String pattern = n + " pods, eligible mask " + Integer.toBinaryString(mask);
                assertEquals(inPlaceWalk(names, eligible), h.removed, pattern);
                assertEquals(mask == 0 ? Code.UNSCHEDULABLE_AND_UNRESOLVABLE : Code.UNSCHEDULABLE, sel.status().code(), pattern);
            }
        }
    }

    /** v1.35's walk over the node's pod slice, removing each eligible pod from it as it goes. */
    private static List<String> inPlaceWalk(List<String> pods, boolean[] eligible) {
        String[] backing = pods.toArray(new String[0]);
        int live = backing.length;
        List<String> removed = new ArrayList<>();
        for (int k = 0; k < backing.length; k++) {
            String pod = backing[k];
            if (!eligible[Integer.parseInt(pod.substring(1))]) {
                continue;
            }
            removed.add(pod);
            for (int i = 0; i < live; i++) {
                if (backing[i].equals(pod)) {
                    backing[i] = backing[live - 1];
                    live--;
                    break;
                }
            }
        }
        return removed;
    }

    // ---- Choosing the node (TestSelectBestCandidate, preempt-* scenarios) ----

    record SelectCase(String name, PodInfo pod, List<NodeInfo> nodes, String wantNode, List<String> wantBest, Map<String, String> wantRankedLower) {
        @Override
        public String toString() {
            return name;
        }
    }

    static PodFixture at(String node, String name, int priority, String startTime) {
        return on(node, name, priority).startTime(startTime);
    }

    static Stream<SelectCase> selectCases() {
        return Stream.of(
                new SelectCase("a full tie goes to the smallest node name", large(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node2", "node1"), List.of(large(at("node1", "p1", MID, EPOCH)), large(at("node2", "p2", MID, EPOCH)))),
                        "node1", List.of("node1", "node2"), Map.of("node2", "node name: node2 vs node1")),
                new SelectCase("node with min highest priority pod is picked", veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                medium(at("node1", "p1.1", MID, EPOCH)), large(at("node1", "p1.2", MID, EPOCH)),
                                medium(at("node2", "p2.1", MID, EPOCH)), medium(at("node2", "p2.2", LOW, EPOCH)),
                                medium(at("node3", "p3.1", LOW, EPOCH)), medium(at("node3", "p3.2", LOW, EPOCH)))),
                        "node3", List.of("node3"), Map.of("node1", "highest victim priority: 100 vs 0", "node2", "highest victim priority: 100 vs 0")),
                new SelectCase("when highest priorities are the same, minimum sum of priorities is picked", veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                medium(at("node1", "p1.1", MID, EPOCH)), large(at("node1", "p1.2", MID, EPOCH)),
                                large(at("node2", "p2.1", MID, EPOCH)), medium(at("node2", "p2.2", LOW, EPOCH)),
                                medium(at("node3", "p3.1", MID, EPOCH)), medium(at("node3", "p3.2", MID, EPOCH)))),
                        "node2", List.of("node2"), null),
                new SelectCase("when highest priority and sum are the same, minimum number of pods is picked", veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                small(at("node1", "p1.1", MID, EPOCH)), small(at("node1", "p1.2", NEG, EPOCH)),
                                small(at("node1", "p1.3", MID, EPOCH)), small(at("node1", "p1.4", NEG, EPOCH)),
                                large(at("node2", "p2.1", MID, EPOCH)), medium(at("node2", "p2.2", NEG, EPOCH)),
                                medium(at("node3", "p3.1", MID, EPOCH)), small(at("node3", "p3.2", NEG, EPOCH)),
                                small(at("node3", "p3.3", LOW, EPOCH)))),
                        "node2", List.of("node2"), null),
                new SelectCase("sum of adjusted priorities is considered", veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                small(at("node1", "p1.1", MID, EPOCH)), small(at("node1", "p1.2", NEG, EPOCH)),
                                small(at("node1", "p1.3", NEG, EPOCH)),
                                large(at("node2", "p2.1", MID, EPOCH)), medium(at("node2", "p2.2", NEG, EPOCH)),
                                medium(at("node3", "p3.1", MID, EPOCH)), small(at("node3", "p3.2", NEG, EPOCH)),
                                small(at("node3", "p3.3", LOW, EPOCH)))),
                        "node2", List.of("node2"), null),
                new SelectCase("non-overlapping lowest high priority, sum priorities, and number of pods", veryLarge(p("p", VERY_HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3", "node4"), List.of(
                                small(at("node1", "p1.1", MID, EPOCH)), small(at("node1", "p1.2", LOW, EPOCH)),
                                small(at("node1", "p1.3", LOW, EPOCH)),
                                large(at("node2", "p2.1", HIGH, EPOCH)),
                                medium(at("node3", "p3.1", MID, EPOCH)), small(at("node3", "p3.2", LOW, EPOCH)),
                                small(at("node3", "p3.3", LOW, EPOCH)), medium(at("node3", "p3.4", LOW, EPOCH)),
                                medium(at("node4", "p4.1", MID, EPOCH)), small(at("node4", "p4.2", MID, EPOCH)),
                                small(at("node4", "p4.3", MID, EPOCH)), small(at("node4", "p4.4", NEG, EPOCH)))),
                        "node1", List.of("node1"), null),
                new SelectCase("same priority, same number of victims, different start time for each node's pod", veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                medium(at("node1", "p1.1", MID, "1970-01-01T00:00:02Z")), medium(at("node1", "p1.2", MID, "1970-01-01T00:00:02Z")),
                                medium(at("node2", "p2.1", MID, "1970-01-01T00:00:03Z")), medium(at("node2", "p2.2", MID, "1970-01-01T00:00:03Z")),
                                medium(at("node3", "p3.1", MID, "1970-01-01T00:00:01Z")), medium(at("node3", "p3.2", MID, "1970-01-01T00:00:01Z")))),
                        "node2", List.of("node2"),
                        Map.of("node1", "earliest start of the highest-priority victims: 1970-01-01T00:00:02Z vs 1970-01-01T00:00:03Z",
                                "node3", "earliest start of the highest-priority victims: 1970-01-01T00:00:01Z vs 1970-01-01T00:00:03Z")),
                new SelectCase("same priority, same number of victims, different start time for all pods", veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                medium(at("node1", "p1.1", MID, "1970-01-01T00:00:04Z")), medium(at("node1", "p1.2", MID, "1970-01-01T00:00:02Z")),
                                medium(at("node2", "p2.1", MID, "1970-01-01T00:00:05Z")), medium(at("node2", "p2.2", MID, "1970-01-01T00:00:01Z")),
                                medium(at("node3", "p3.1", MID, "1970-01-01T00:00:03Z")), medium(at("node3", "p3.2", MID, "1970-01-01T00:00:06Z")))),
                        "node3", List.of("node3"), null),
                new SelectCase("different priority, same number of victims, different start time for all pods", veryLarge(p("p", HIGH)).info(),
                        cluster(veryLargeNodes("node1", "node2", "node3"), List.of(
                                medium(at("node1", "p1.1", LOW, "1970-01-01T00:00:04Z")), medium(at("node1", "p1.2", MID, "1970-01-01T00:00:02Z")),
                                medium(at("node2", "p2.1", MID, "1970-01-01T00:00:06Z")), medium(at("node2", "p2.2", LOW, "1970-01-01T00:00:01Z")),
                                medium(at("node3", "p3.1", LOW, "1970-01-01T00:00:03Z")), medium(at("node3", "p3.2", MID, "1970-01-01T00:00:05Z")))),
                        "node2", List.of("node2"), null),
                // preempt-priority-sum-offset-negative: without the 2^31 offset per victim node-a (30 + -20) would win.
                new SelectCase("preempt-priority-sum-offset-negative", p("pending", 1000).req("cpu", "3").info(),
                        cluster(List.of(node("node-a").cap("cpu", "4"), node("node-b").cap("cpu", "4")), List.of(
                                at("node-a", "a-30", 30, "2025-01-01T00:00:00Z").req("cpu", "2"),
                                at("node-a", "a-neg", -20, "2025-01-01T00:00:00Z").req("cpu", "1500m"),
                                at("node-b", "b-30", 30, "2025-01-01T00:00:00Z").req("cpu", "3500m"))),
                        "node-b", List.of("node-b"), Map.of("node-a", "victim priority sum (each + 2^31): 4294967306 vs 2147483678")),
                new SelectCase("preempt-latest-start-time", p("pending", 1000).req("cpu", "2").info(),
                        cluster(List.of(node("node-a").cap("cpu", "4"), node("node-b").cap("cpu", "4")), List.of(
                                at("node-a", "old-a", 10, "2025-01-01T00:00:00Z").req("cpu", "3"),
                                at("node-b", "new-b", 10, "2025-03-01T00:00:00Z").req("cpu", "3"))),
                        "node-b", List.of("node-b"), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("selectCases")
    void selectsTheBestCandidate(SelectCase c) {
        DefaultPreemption pl = new DefaultPreemption(new FakeHandle(c.nodes(), List.of(), List.of()), 10, 100, CLOCK);
        PostFilterResult r = run(pl, c.pod(), allUnschedulable(c.nodes()));
        assertEquals(Code.SUCCESS, r.status().code(), r.status().message());
        assertEquals(c.wantNode(), r.nominatedNodeName());
        PreemptionDetails d = (PreemptionDetails) r.details();
        assertEquals(c.wantBest(), d.bestCandidates());
        for (PreemptionDetails.Candidate cand : d.candidates()) {
            if (cand.node().equals(c.wantNode())) {
                assertNull(cand.rankedLower());
            } else {
                assertTrue(cand.rankedLower() != null, cand.node());
                if (c.wantRankedLower() != null) {
                    assertEquals(c.wantRankedLower().get(cand.node()), cand.rankedLower(), cand.node());
                }
            }
        }
    }

    @Test
    void reportsVictimDetailsAndClearedNominations() {
        List<NodeInfo> nodes = cluster(List.of(node("node-a").cap("cpu", "4")), List.of(
                at("node-a", "low", 10, "2024-01-01T00:00:00Z").req("cpu", "3").label("app", "db")));
        PodInfo lowNominated = p("waiting-low", 5).nominated("node-a").info();
        PodInfo highNominated = p("waiting-high", 2000).nominated("node-a").info();
        FakeHandle h = new FakeHandle(nodes, List.of(pdb("db", "app", "db", 0)), List.of(lowNominated, highNominated));
        DefaultPreemption pl = new DefaultPreemption(h, 10, 100, CLOCK);
        PostFilterResult r = run(pl, p("p", 1000).req("cpu", "2").info(), allUnschedulable(nodes));
        assertEquals(Code.SUCCESS, r.status().code(), r.status().message());
        PreemptionDetails d = (PreemptionDetails) r.details();
        assertEquals(List.of(new PreemptionDetails.Candidate("node-a", List.of("default/low"), 1,
                List.of(new PreemptionDetails.Victim("default/low", 10, "2024-01-01T00:00:00Z", true)), null)), d.candidates());
        assertEquals(List.of("default/waiting-low"), d.clearedNominations());
    }

    // ---- Eligibility (PodEligibleToPreemptOthers) ----

    record EligibilityCase(String name, PodInfo pod, List<NodeInfo> nodes, Code nominatedNodeStatus, boolean wantEligible, String wantReason) {
        @Override
        public String toString() {
            return name;
        }
    }

    static PodFixture terminating(PodFixture f, String conditionType, String status, String reason) {
        f.edit().editMetadata().withDeletionTimestamp("2024-01-01T00:00:00Z").endMetadata();
        if (conditionType != null) {
            f.edit().editStatus().addNewCondition().withType(conditionType).withStatus(status).withReason(reason).endCondition().endStatus();
        }
        return f;
    }

    static Stream<EligibilityCase> eligibilityCases() {
        String terminatingMsg = "not eligible due to a terminating pod on the nominated node.";
        return Stream.of(
                new EligibilityCase("preemptionPolicy Never", never(p("p", HIGH)), List.of(), Code.UNSCHEDULABLE, false,
                        "not eligible due to preemptionPolicy=Never."),
                new EligibilityCase("not nominated", p("p", HIGH).info(), List.of(), Code.UNSCHEDULABLE, true, ""),
                new EligibilityCase("nominated node has a lower-priority pod terminating by preemption",
                        p("p", HIGH).nominated("node1").info(),
                        cluster(List.of(node("node1")), List.of(terminating(on("node1", "v", LOW), "DisruptionTarget", "True", "PreemptionByScheduler"))),
                        Code.UNSCHEDULABLE, false, terminatingMsg),
                new EligibilityCase("nominated node became unresolvable", p("p", HIGH).nominated("node1").info(),
                        cluster(List.of(node("node1")), List.of(terminating(on("node1", "v", LOW), "DisruptionTarget", "True", "PreemptionByScheduler"))),
                        Code.UNSCHEDULABLE_AND_UNRESOLVABLE, true, ""),
                new EligibilityCase("terminating pod has a higher priority", p("p", HIGH).nominated("node1").info(),
                        cluster(List.of(node("node1")), List.of(terminating(on("node1", "v", VERY_HIGH), "DisruptionTarget", "True", "PreemptionByScheduler"))),
                        Code.UNSCHEDULABLE, true, ""),
                new EligibilityCase("terminating pod was not preempted by the scheduler", p("p", HIGH).nominated("node1").info(),
                        cluster(List.of(node("node1")), List.of(terminating(on("node1", "v", LOW), null, null, null))),
                        Code.UNSCHEDULABLE, true, ""),
                new EligibilityCase("DisruptionTarget for another reason", p("p", HIGH).nominated("node1").info(),
                        cluster(List.of(node("node1")), List.of(terminating(on("node1", "v", LOW), "DisruptionTarget", "True", "EvictionByEvictionAPI"))),
                        Code.UNSCHEDULABLE, true, ""),
                new EligibilityCase("nominated node unknown", p("p", HIGH).nominated("gone").info(), List.of(), Code.UNSCHEDULABLE, true, ""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eligibilityCases")
    void eligibility(EligibilityCase c) {
        DefaultPreemption pl = new DefaultPreemption(new FakeHandle(c.nodes(), List.of(), List.of()), 10, 100, CLOCK);
        var e = pl.podEligibleToPreemptOthers(c.pod(), Status.of(c.nominatedNodeStatus()));
        assertEquals(c.wantEligible(), e.eligible());
        assertEquals(c.wantReason(), e.reason());
    }

    @Test
    void notEligibleLeavesTheNominationAlone() {
        List<NodeInfo> nodes = cluster(List.of(onePodNode("node1")),
                List.of(terminating(on("node1", "v", LOW), "DisruptionTarget", "True", "PreemptionByScheduler")));
        DefaultPreemption pl = new DefaultPreemption(new FakeHandle(nodes, List.of(), List.of()), 10, 100, CLOCK);
        PostFilterResult r = run(pl, p("p", HIGH).nominated("node1").info(), allUnschedulable(nodes));
        assertEquals(Status.unschedulable("preemption: not eligible due to a terminating pod on the nominated node."), r.status());
        assertEquals(NominatingMode.NOOP, r.mode());
        assertNull(r.details());
    }

    // ---- Args ----

    record NumCandidatesCase(int numNodes, int percentage, int absolute, int want) {
    }

    static Stream<NumCandidatesCase> numCandidatesCases() {
        return Stream.of(
                new NumCandidatesCase(10, 10, 100, 10),
                new NumCandidatesCase(1000, 10, 100, 100),
                new NumCandidatesCase(1000, 40, 100, 400),
                new NumCandidatesCase(5000, 10, 100, 500),
                new NumCandidatesCase(5, 40, 1, 2),
                new NumCandidatesCase(5, 0, 3, 3),
                new NumCandidatesCase(7, 100, 0, 7),
                new NumCandidatesCase(1, 10, 100, 1));
    }

    @ParameterizedTest
    @MethodSource("numCandidatesCases")
    void numCandidates(NumCandidatesCase c) {
        DefaultPreemption pl = new DefaultPreemption(null, c.percentage(), c.absolute());
        assertEquals(c.want(), pl.offsetAndNumCandidates(c.numNodes()).count());
        assertEquals(0, pl.offsetAndNumCandidates(c.numNodes()).offset());
    }

    record ArgsCase(Object args, String wantError) {
    }

    static Stream<ArgsCase> argsCases() {
        return Stream.of(
                new ArgsCase(null, null),
                new ArgsCase(new DefaultPreemption.Args(40, 1), null),
                new ArgsCase(Map.of("minCandidateNodesPercentage", 0, "minCandidateNodesAbsolute", 5), null),
                new ArgsCase(Map.of(), null),
                new ArgsCase(new DefaultPreemption.Args(0, 0),
                        "[minCandidateNodesPercentage: Invalid value: 0: cannot be zero at the same time as minCandidateNodesAbsolute, "
                                + "minCandidateNodesAbsolute: Invalid value: 0: cannot be zero at the same time as minCandidateNodesPercentage]"),
                new ArgsCase(new DefaultPreemption.Args(101, 5), "minCandidateNodesPercentage: Invalid value: 101: not in valid range [0, 100]"),
                new ArgsCase(new DefaultPreemption.Args(10, -1), "minCandidateNodesAbsolute: Invalid value: -1: not in valid range [0, inf)"),
                new ArgsCase("nonsense", "got args of type java.lang.String, want *DefaultPreemptionArgs"));
    }

    @ParameterizedTest
    @MethodSource("argsCases")
    void create(ArgsCase c) throws PluginInitException {
        if (c.wantError() == null) {
            assertEquals(DefaultPreemption.NAME, DefaultPreemption.create(c.args(), null).name());
        } else {
            PluginInitException e = assertThrows(PluginInitException.class, () -> DefaultPreemption.create(c.args(), null));
            assertEquals(c.wantError(), e.getMessage());
        }
    }

    @Test
    void preEnqueueNeverBlocks() {
        DefaultPreemption pl = new DefaultPreemption(null, 10, 100);
        assertEquals(Status.SUCCESS, pl.preEnqueue(p("p", 0).info()));
    }
}
