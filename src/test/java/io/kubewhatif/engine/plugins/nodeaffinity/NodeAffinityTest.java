package io.kubewhatif.engine.plugins.nodeaffinity;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import io.kubewhatif.engine.testing.ScoreAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NodeAffinityTest {
    private static final Status POD = Status.unresolvable("node(s) didn't match Pod's node affinity/selector");
    private static final Status ENFORCED = Status.unresolvable("node(s) didn't match scheduler-enforced node affinity");
    private static final Status CONFLICT = Status.unresolvable("pod affinity terms conflict");

    static NodeSelectorRequirement expr(String key, String op, String... values) {
        return new NodeSelectorRequirement(key, op, values.length == 0 ? null : List.of(values));
    }

    static NodeSelectorRequirement nameIn(String... values) {
        return new NodeSelectorRequirement("metadata.name", "In", List.of(values));
    }

    static NodeSelectorTerm term(List<NodeSelectorRequirement> exprs, List<NodeSelectorRequirement> fields) {
        return new NodeSelectorTerm(exprs, fields);
    }

    static NodeSelectorTerm exprs(NodeSelectorRequirement... r) {
        return term(List.of(r), null);
    }

    static NodeSelectorTerm fields(NodeSelectorRequirement... r) {
        return term(null, List.of(r));
    }

    static io.fabric8.kubernetes.api.model.NodeAffinity required(NodeSelectorTerm... terms) {
        io.fabric8.kubernetes.api.model.NodeAffinity na = new io.fabric8.kubernetes.api.model.NodeAffinity();
        na.setRequiredDuringSchedulingIgnoredDuringExecution(new NodeSelector(new ArrayList<>(List.of(terms))));
        return na;
    }

    static PreferredSchedulingTerm pref(int weight, NodeSelectorRequirement... r) {
        return new PreferredSchedulingTerm(new NodeSelectorTerm(List.of(r), null), weight);
    }

    static io.fabric8.kubernetes.api.model.NodeAffinity preferred(PreferredSchedulingTerm... terms) {
        io.fabric8.kubernetes.api.model.NodeAffinity na = new io.fabric8.kubernetes.api.model.NodeAffinity();
        na.setPreferredDuringSchedulingIgnoredDuringExecution(new ArrayList<>(List.of(terms)));
        return na;
    }

    static Map<String, String> labels(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    /** A PreFilter expectation: its status and node set (null: all nodes). */
    record Pre(Status status, Set<String> nodeNames) {
        static final Pre OK = new Pre(Status.SUCCESS, null);
        static final Pre SKIP = new Pre(Status.SKIP, null);

        static Pre nodes(String... names) {
            return new Pre(Status.SUCCESS, Set.of(names));
        }
    }

    record FilterCase(String name, UnaryOperator<Fixtures.PodFixture> pod, String nodeName, Map<String, String> labels,
                      io.fabric8.kubernetes.api.model.NodeAffinity added, boolean runPreFilter, Pre wantPre, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static FilterCase filterCase(String name, UnaryOperator<Fixtures.PodFixture> pod, Map<String, String> labels, Pre pre, Status want) {
        return new FilterCase(name, pod, "node1", labels, null, true, pre, want);
    }

    static Stream<FilterCase> filterCases() {
        return Stream.of(
                filterCase("missing labels", p -> p.nodeSelector("foo", "bar"), labels(), Pre.OK, POD),
                filterCase("same labels", p -> p.nodeSelector("foo", "bar"), labels("foo", "bar"), Pre.OK, Status.SUCCESS),
                filterCase("node labels are superset", p -> p.nodeSelector("foo", "bar"), labels("foo", "bar", "baz", "blah"), Pre.OK, Status.SUCCESS),
                filterCase("node labels are subset", p -> p.nodeSelector("foo", "bar").nodeSelector("baz", "blah"), labels("foo", "bar"), Pre.OK, POD),
                filterCase("nodeSelector with an empty value needs the label", p -> p.nodeSelector("foo", ""), labels(), Pre.OK, POD),
                filterCase("In matches", p -> p.nodeAffinity(required(exprs(expr("foo", "In", "bar", "value2")))), labels("foo", "bar"), Pre.OK, Status.SUCCESS),
                filterCase("Gt matches", p -> p.nodeAffinity(required(exprs(expr("kernel-version", "Gt", "0204")))), labels("kernel-version", "0206"), Pre.OK, Status.SUCCESS),
                filterCase("Lt does not match", p -> p.nodeAffinity(required(exprs(expr("kernel-version", "Lt", "0204")))), labels("kernel-version", "0206"), Pre.OK, POD),
                filterCase("NotIn matches", p -> p.nodeAffinity(required(exprs(expr("mem-type", "NotIn", "DDR", "DDR2")))), labels("mem-type", "DDR3"), Pre.OK, Status.SUCCESS),
                filterCase("Exists matches", p -> p.nodeAffinity(required(exprs(expr("GPU", "Exists")))), labels("GPU", "NVIDIA-GRID-K1"), Pre.OK, Status.SUCCESS),
                filterCase("DoesNotExist", p -> p.nodeAffinity(required(exprs(expr("GPU", "DoesNotExist")))), labels("GPU", "x"), Pre.OK, POD),
                filterCase("In does not match", p -> p.nodeAffinity(required(exprs(expr("foo", "In", "value1", "value2")))), labels("foo", "bar"), Pre.OK, POD),
                filterCase("empty matchExpressions match nothing", p -> p.nodeAffinity(required(term(List.of(), null))), labels("foo", "bar"), Pre.OK, POD),
                // nodeaffinity-empty-term-matches-nothing
                filterCase("an empty term among ORed terms", p -> p.nodeAffinity(required(term(null, null), exprs(expr("disktype", "In", "ssd")))),
                        labels("disktype", "ssd"), Pre.OK, Status.SUCCESS),
                filterCase("an empty term alone", p -> p.nodeAffinity(required(term(null, null))), labels("disktype", "ssd"), Pre.OK, POD),
                filterCase("no terms at all", p -> p.nodeAffinity(required()), labels("foo", "bar"), Pre.OK, POD),
                filterCase("no affinity", p -> p, labels("foo", "bar"), Pre.SKIP, Status.SUCCESS),
                filterCase("node affinity without required part", p -> p.nodeAffinity(new io.fabric8.kubernetes.api.model.NodeAffinity()), labels("foo", "bar"), Pre.SKIP, Status.SUCCESS),
                filterCase("matchExpressions ANDed, all match", p -> p.nodeAffinity(required(exprs(expr("GPU", "Exists"), expr("GPU", "NotIn", "AMD", "INTER")))),
                        labels("GPU", "NVIDIA-GRID-K1"), Pre.OK, Status.SUCCESS),
                filterCase("matchExpressions ANDed, one fails", p -> p.nodeAffinity(required(exprs(expr("GPU", "Exists"), expr("GPU", "In", "AMD", "INTER")))),
                        labels("GPU", "NVIDIA-GRID-K1"), Pre.OK, POD),
                filterCase("terms ORed", p -> p.nodeAffinity(required(exprs(expr("foo", "In", "bar", "value2")), exprs(expr("diffkey", "In", "wrong", "value2")))),
                        labels("foo", "bar"), Pre.OK, Status.SUCCESS),
                filterCase("affinity and nodeSelector both satisfied", p -> p.nodeSelector("foo", "bar").nodeAffinity(required(exprs(expr("foo", "Exists")))),
                        labels("foo", "bar"), Pre.OK, Status.SUCCESS),
                filterCase("affinity satisfied, nodeSelector not", p -> p.nodeSelector("foo", "bar").nodeAffinity(required(exprs(expr("foo", "Exists")))),
                        labels("foo", "barrrrrr"), Pre.OK, POD),
                filterCase("unknown operator never matches", p -> p.nodeAffinity(required(exprs(expr("foo", "Foo", "bar")))), labels("foo", "bar"), Pre.OK, POD),
                filterCase("Gt with a non-integer value never matches", p -> p.nodeAffinity(required(exprs(expr("v", "Gt", "x")))), labels("v", "5"), Pre.OK, POD),
                new FilterCase("matchFields In matches", p -> p.nodeAffinity(required(fields(nameIn("node1")))), "node1", labels(), null, true, Pre.nodes("node1"), Status.SUCCESS),
                new FilterCase("matchFields In does not match", p -> p.nodeAffinity(required(fields(nameIn("node1")))), "node2", labels(), null, true, Pre.nodes("node1"), POD),
                new FilterCase("two terms: matchFields conflict, matchExpressions match",
                        p -> p.nodeAffinity(required(fields(nameIn("node1"), nameIn("node2")), exprs(expr("foo", "In", "bar")))),
                        "node2", labels("foo", "bar"), null, true, Pre.OK, Status.SUCCESS),
                new FilterCase("one term: matchFields does not match, matchExpressions match",
                        p -> p.nodeAffinity(required(term(List.of(expr("foo", "In", "bar")), List.of(nameIn("node1"))))),
                        "node2", labels("foo", "bar"), null, true, Pre.nodes("node1"), POD),
                new FilterCase("one term: both match",
                        p -> p.nodeAffinity(required(term(List.of(expr("foo", "In", "bar")), List.of(nameIn("node1"))))),
                        "node1", labels("foo", "bar"), null, true, Pre.nodes("node1"), Status.SUCCESS),
                new FilterCase("two terms, neither matches",
                        p -> p.nodeAffinity(required(fields(nameIn("node1")), exprs(expr("foo", "In", "not-match-to-bar")))),
                        "node2", labels("foo", "bar"), null, true, Pre.OK, POD),
                // basic-18-prefilter-result, nodeaffinity-match-fields-node-name
                new FilterCase("two terms of node names are united",
                        p -> p.nodeAffinity(required(fields(nameIn("node-a")), fields(nameIn("node-c")))),
                        "node-c", labels(), null, true, Pre.nodes("node-a", "node-c"), Status.SUCCESS),
                new FilterCase("conflicting matchFields requirements",
                        p -> p.nodeAffinity(required(fields(nameIn("node1"), nameIn("node2")))),
                        "node2", labels("foo", "bar"), null, true, new Pre(CONFLICT, null), POD),
                new FilterCase("NotIn matchFields do not narrow",
                        p -> p.nodeAffinity(required(fields(new NodeSelectorRequirement("metadata.name", "NotIn", List.of("node1"))))),
                        "node2", labels(), null, true, Pre.OK, Status.SUCCESS),
                new FilterCase("several values narrow to all of them, but the term never matches",
                        p -> p.nodeAffinity(required(fields(nameIn("node1", "node2")))),
                        "node1", labels(), null, true, Pre.nodes("node1", "node2"), POD),
                new FilterCase("matches added affinity and the pod's",
                        p -> p.nodeAffinity(required(exprs(expr("zone", "In", "foo")))),
                        "node2", labels("zone", "foo"), required(fields(nameIn("node2"))), true, Pre.OK, Status.SUCCESS),
                new FilterCase("matches added affinity but not the pod's",
                        p -> p.nodeAffinity(required(exprs(expr("zone", "In", "bar")))),
                        "node2", labels("zone", "foo"), required(fields(nameIn("node2"))), true, Pre.OK, POD),
                new FilterCase("does not match added affinity",
                        p -> p, "node2", labels("zone", "foo"), required(exprs(expr("zone", "In", "bar"))), true, Pre.OK, ENFORCED),
                new FilterCase("added affinity is checked before the pod's",
                        p -> p.nodeSelector("a", "b"), "node2", labels("zone", "foo"), required(exprs(expr("zone", "In", "bar"))), true, Pre.OK, ENFORCED),
                new FilterCase("nodeSelector matches even if PreFilter is not called",
                        p -> p.nodeSelector("foo", "bar"), "node1", labels("foo", "bar", "baz", "blah"), null, false, null, Status.SUCCESS),
                new FilterCase("nodeSelector fails even if PreFilter is not called",
                        p -> p.nodeSelector("foo", "bar"), "node1", labels("baz", "blah"), null, false, null, POD),
                new FilterCase("node affinity matches even if PreFilter is not called",
                        p -> p.nodeAffinity(required(exprs(expr("GPU", "Exists"), expr("GPU", "NotIn", "AMD", "INTER")))),
                        "node1", labels("GPU", "NVIDIA-GRID-K1"), null, false, null, Status.SUCCESS));
    }

    @ParameterizedTest
    @MethodSource("filterCases")
    void filter(FilterCase c) throws PluginInitException {
        NodeAffinity pl = new NodeAffinity(c.added());
        PodInfo p = c.pod().apply(pod("p")).info();
        var nf = node(c.nodeName());
        c.labels().forEach(nf::label);
        NodeInfo n = nf.info();
        CycleState state = new CycleState();
        if (c.runPreFilter()) {
            PreFilterResult r = pl.preFilter(state, p, List.of(n));
            assertEquals(c.wantPre().status(), r.status(), "PreFilter status");
            assertEquals(c.wantPre().nodeNames(), r.nodeNames(), "PreFilter node names");
        }
        assertEquals(c.want(), pl.filter(state, p, n));
    }

    record ScoreCase(String name, io.fabric8.kubernetes.api.model.NodeAffinity podAffinity, io.fabric8.kubernetes.api.model.NodeAffinity added,
                     List<Map<String, String>> nodes, boolean runPreScore, Status wantPreScore, long[] raw, long[] want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final Map<String, String> LABEL1 = labels("foo", "bar");
    static final Map<String, String> LABEL2 = labels("key", "value");
    static final Map<String, String> LABEL3 = labels("az", "az1");
    static final Map<String, String> LABEL4 = labels("abc", "az11", "def", "az22");
    static final Map<String, String> LABEL5 = labels("foo", "bar", "key", "value", "az", "az1");

    static io.fabric8.kubernetes.api.model.NodeAffinity affinity1() {
        return preferred(pref(2, expr("foo", "In", "bar")));
    }

    static io.fabric8.kubernetes.api.model.NodeAffinity affinity2() {
        return preferred(pref(2, expr("foo", "In", "bar")), pref(4, expr("key", "In", "value")),
                pref(5, expr("foo", "In", "bar"), expr("key", "In", "value"), expr("az", "In", "az1")));
    }

    static Stream<ScoreCase> scoreCases() {
        return Stream.of(
                new ScoreCase("no node affinity: PreScore skips", null, null, List.of(LABEL1, LABEL2, LABEL3), true, Status.SKIP, null, null),
                new ScoreCase("an empty preferred list is as good as none", preferred(), null, List.of(LABEL1, LABEL2), true, Status.SKIP, null, null),
                new ScoreCase("terms with zero weight are dropped, but the pod still scores", preferred(pref(0, expr("foo", "In", "bar"))), null,
                        List.of(LABEL1, LABEL2), true, Status.SUCCESS, new long[] {0, 0}, new long[] {0, 0}),
                new ScoreCase("no node matches", affinity1(), null, List.of(LABEL4, LABEL2, LABEL3), true, Status.SUCCESS, new long[] {0, 0, 0}, new long[] {0, 0, 0}),
                new ScoreCase("only node1 matches", affinity1(), null, List.of(LABEL1, LABEL2, LABEL3), true, Status.SUCCESS, new long[] {2, 0, 0}, new long[] {100, 0, 0}),
                new ScoreCase("all match with different weights", affinity2(), null, List.of(LABEL1, LABEL5, LABEL2), true, Status.SUCCESS,
                        new long[] {2, 11, 4}, new long[] {18, 100, 36}),
                new ScoreCase("added affinity only", null, affinity1(), List.of(LABEL1, LABEL2), true, Status.SUCCESS, new long[] {2, 0}, new long[] {100, 0}),
                new ScoreCase("added affinity and the pod's", affinity1(), preferred(pref(3, expr("key", "In", "value"))), List.of(LABEL1, LABEL2, LABEL5), true, Status.SUCCESS,
                        new long[] {2, 3, 5}, new long[] {40, 60, 100}),
                new ScoreCase("scores even if PreScore is not called", affinity2(), null, List.of(LABEL1, LABEL5, LABEL2), false, null,
                        new long[] {2, 11, 4}, new long[] {18, 100, 36}),
                // nodeaffinity-added-affinity-preferred
                new ScoreCase("added preferred weight 100", null, preferred(pref(100, expr("pool", "In", "batch"))),
                        List.of(labels("pool", "batch"), labels("pool", "web")), true, Status.SUCCESS, new long[] {100, 0}, new long[] {100, 0}),
                new ScoreCase("a preferred term on the node name", preferred(new PreferredSchedulingTerm(fields(nameIn("n1")), 7)), null,
                        List.of(LABEL1, LABEL2), true, Status.SUCCESS, new long[] {0, 7}, new long[] {0, 100}),
                new ScoreCase("a preferred term that does not parse is an error", preferred(pref(3, expr("foo", "Foo", "bar"))), null,
                        List.of(LABEL1), true, Status.error("[0].matchExpressions[0].operator: Unsupported value: \"Foo\": supported values: "
                                + "\"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\""), null, null),
                // PreScore returns error when an incoming Pod has a broken affinity (the API server allows invalid values here)
                new ScoreCase("a preferred term with an invalid label value is an error", preferred(pref(2, expr("foo", "NotIn", "invalid value: ___@#$%^"))),
                        null, List.of(LABEL1), true, Status.error("[0].matchExpressions[0].values[0][foo]: Invalid value: \"invalid value: ___@#$%^\": "
                                + "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end "
                                + "with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
                                + "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"), null, null),
                new ScoreCase("every parse error of every term is reported", preferred(pref(2, expr("foo", "In", "a b", "c d")), pref(1, expr("bar", "Exists")),
                        pref(3, expr("baz", "In", "e f"))), null, List.of(LABEL1), true, Status.error("[[0].matchExpressions[0].values[0][foo]: Invalid value: "
                                + "\"a b\": " + LABEL_VALUE_MSG + ", [0].matchExpressions[0].values[1][foo]: Invalid value: \"c d\": " + LABEL_VALUE_MSG
                                + ", [2].matchExpressions[0].values[0][baz]: Invalid value: \"e f\": " + LABEL_VALUE_MSG + "]"), null, null));
    }

    private static final String LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
            + "and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
            + "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

    @ParameterizedTest
    @MethodSource("scoreCases")
    void score(ScoreCase c) throws PluginInitException {
        NodeAffinity pl = new NodeAffinity(c.added());
        var pf = pod("p");
        if (c.podAffinity() != null) {
            pf.nodeAffinity(c.podAffinity());
        }
        PodInfo p = pf.info();
        List<NodeInfo> nodes = new ArrayList<>();
        for (int i = 0; i < c.nodes().size(); i++) {
            var nf = node("n" + i);
            c.nodes().get(i).forEach(nf::label);
            nodes.add(nf.info());
        }
        CycleState state = new CycleState();
        if (c.runPreScore()) {
            Status s = pl.preScore(state, p, nodes);
            assertEquals(c.wantPreScore(), s);
            if (!s.isSuccess()) {
                return;
            }
        }
        ScoreAssertions.assertScores(pl, state, p, nodes, c.raw(), c.want());
    }

    @Test
    void invalidAddedAffinityFailsWhenBuilt() {
        PluginInitException e = assertThrows(PluginInitException.class, () -> new NodeAffinity(required(exprs(expr("foo", "Foo", "bar")))));
        assertTrue(e.getMessage().startsWith("parsing addedAffinity.requiredDuringSchedulingIgnoredDuringExecution: "), e.getMessage());
        e = assertThrows(PluginInitException.class, () -> new NodeAffinity(preferred(pref(1, expr("v", "Gt", "x")))));
        assertTrue(e.getMessage().startsWith("parsing addedAffinity.preferredDuringSchedulingIgnoredDuringExecution: "), e.getMessage());
    }

    @Test
    void createWithoutArgsUsesDefaults() throws PluginInitException {
        var pl = (NodeAffinity) NodeAffinity.create(null, null);
        assertEquals(Status.SKIP, pl.preFilter(new CycleState(), pod("p").info(), List.of()).status());
        assertEquals(Status.SKIP, pl.preScore(new CycleState(), pod("p").info(), List.of()));
    }

    @Test
    void createWithAddedAffinity() throws PluginInitException {
        var pl = (NodeAffinity) NodeAffinity.create(required(exprs(expr("zone", "In", "bar"))), null);
        CycleState state = new CycleState();
        PodInfo p = pod("p").info();
        assertEquals(Status.SUCCESS, pl.preFilter(state, p, List.of()).status());
        assertEquals(ENFORCED, pl.filter(state, p, node("n").label("zone", "foo").info()));
    }

    @Test
    void createWithAddedAffinityAsJson() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                "{\"preferredDuringSchedulingIgnoredDuringExecution\":[{\"weight\":100,\"preference\":"
                        + "{\"matchExpressions\":[{\"key\":\"pool\",\"operator\":\"In\",\"values\":[\"batch\"]}]}}]}");
        var pl = (NodeAffinity) NodeAffinity.create(json, null);
        CycleState state = new CycleState();
        PodInfo p = pod("p").info();
        assertEquals(Status.SUCCESS, pl.preScore(state, p, List.of()));
        assertEquals(100, pl.score(state, p, node("a").label("pool", "batch").info()));
        assertEquals(0, pl.score(state, p, node("b").label("pool", "web").info()));
    }
}
