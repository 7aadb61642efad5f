package io.kubewhatif.engine.plugins.tainttoleration;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import io.kubewhatif.engine.testing.ScoreAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaintTolerationTest {
    record FilterCase(String name, UnaryOperator<Fixtures.PodFixture> pod, UnaryOperator<Fixtures.NodeFixture> node, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Status untolerated(String kv) {
        return Status.unresolvable("node(s) had untolerated taint {" + kv + "}");
    }

    static Stream<FilterCase> filterCases() {
        return Stream.of(
                new FilterCase("no tolerations, NoSchedule taint", p -> p, n -> n.taint("dedicated", "user1", "NoSchedule"), untolerated("dedicated: user1")),
                new FilterCase("toleration matches key, value and effect", p -> p.toleration("dedicated", null, "user1", "NoSchedule"),
                        n -> n.taint("dedicated", "user1", "NoSchedule"), Status.SUCCESS),
                new FilterCase("Equal toleration with another value", p -> p.toleration("dedicated", "Equal", "user2", "NoSchedule"),
                        n -> n.taint("dedicated", "user1", "NoSchedule"), untolerated("dedicated: user1")),
                new FilterCase("Exists toleration", p -> p.toleration("foo", "Exists", null, "NoSchedule"),
                        n -> n.taint("foo", "bar", "NoSchedule"), Status.SUCCESS),
                new FilterCase("all of several taints tolerated",
                        p -> p.toleration("dedicated", "Equal", "user2", "NoSchedule").toleration("foo", "Exists", null, "NoSchedule"),
                        n -> n.taint("dedicated", "user2", "NoSchedule").taint("foo", "bar", "NoSchedule"), Status.SUCCESS),
                new FilterCase("effect of the toleration differs", p -> p.toleration("foo", "Equal", "bar", "PreferNoSchedule"),
                        n -> n.taint("foo", "bar", "NoSchedule"), untolerated("foo: bar")),
                new FilterCase("empty toleration effect matches NoSchedule", p -> p.toleration("foo", "Equal", "bar", null),
                        n -> n.taint("foo", "bar", "NoSchedule"), Status.SUCCESS),
                new FilterCase("PreferNoSchedule taints never filter", p -> p.toleration("dedicated", "Equal", "user2", "NoSchedule"),
                        n -> n.taint("dedicated", "user1", "PreferNoSchedule"), Status.SUCCESS),
                // taint-effect-mismatch
                new FilterCase("NoSchedule toleration does not cover NoExecute", p -> p.toleration("db", "Equal", "only", "NoSchedule"),
                        n -> n.taint("db", "only", "NoExecute"), untolerated("db: only")),
                // taint-equal-operator-value: a taint without value prints as "{team: }"
                new FilterCase("taint without value", p -> p.toleration("team", "Equal", "red", "NoSchedule"),
                        n -> n.taint("team", null, "NoSchedule"), untolerated("team: ")),
                new FilterCase("the first untolerated taint is reported", p -> p.toleration("a", "Exists", null, null),
                        n -> n.taint("p", "x", "PreferNoSchedule").taint("a", "1", "NoSchedule").taint("b", "2", "NoExecute").taint("c", "3", "NoSchedule"),
                        untolerated("b: 2")),
                // unschedulable-all-cordoned: the cordon taint is checked like any other
                new FilterCase("cordon taint", p -> p, n -> n.taint("node.kubernetes.io/unschedulable", null, "NoSchedule"),
                        untolerated("node.kubernetes.io/unschedulable: ")),
                new FilterCase("no taints", p -> p, n -> n, Status.SUCCESS));
    }

    @ParameterizedTest
    @MethodSource("filterCases")
    void filter(FilterCase c) {
        PodInfo p = c.pod().apply(pod("p")).info();
        NodeInfo n = c.node().apply(node("n")).info();
        assertEquals(c.want(), new TaintToleration().filter(new CycleState(), p, n));
    }

    record ScoreCase(String name, UnaryOperator<Fixtures.PodFixture> pod, List<UnaryOperator<Fixtures.NodeFixture>> nodes, long[] raw, long[] want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<ScoreCase> scoreCases() {
        return Stream.of(
                new ScoreCase("tolerated taints score higher than intolerable ones", p -> p.toleration("foo", "Equal", "bar", "PreferNoSchedule"),
                        List.of(n -> n.taint("foo", "bar", "PreferNoSchedule"), n -> n.taint("foo", "blah", "PreferNoSchedule")),
                        new long[] {0, 1}, new long[] {100, 0}),
                new ScoreCase("the number of tolerated taints does not matter",
                        p -> p.toleration("cpu-type", "Equal", "arm64", "PreferNoSchedule").toleration("disk-type", "Equal", "ssd", "PreferNoSchedule"),
                        List.of(n -> n, n -> n.taint("cpu-type", "arm64", "PreferNoSchedule"),
                                n -> n.taint("cpu-type", "arm64", "PreferNoSchedule").taint("disk-type", "ssd", "PreferNoSchedule")),
                        new long[] {0, 0, 0}, new long[] {100, 100, 100}),
                new ScoreCase("the more intolerable taints, the lower the score", p -> p.toleration("foo", "Equal", "bar", "PreferNoSchedule"),
                        List.of(n -> n, n -> n.taint("cpu-type", "arm64", "PreferNoSchedule"),
                                n -> n.taint("cpu-type", "arm64", "PreferNoSchedule").taint("disk-type", "ssd", "PreferNoSchedule")),
                        new long[] {0, 1, 2}, new long[] {100, 50, 0}),
                new ScoreCase("only PreferNoSchedule taints and tolerations count",
                        p -> p.toleration("cpu-type", "Equal", "arm64", "NoSchedule").toleration("disk-type", "Equal", "ssd", "NoSchedule"),
                        List.of(n -> n, n -> n.taint("cpu-type", "arm64", "NoSchedule"),
                                n -> n.taint("cpu-type", "arm64", "PreferNoSchedule").taint("disk-type", "ssd", "PreferNoSchedule")),
                        new long[] {0, 0, 2}, new long[] {100, 100, 0}),
                new ScoreCase("no tolerations, the untainted node wins", p -> p,
                        List.of(n -> n, n -> n.taint("cpu-type", "arm64", "PreferNoSchedule")),
                        new long[] {0, 1}, new long[] {100, 0}),
                // taint-toleration-empty-effect: a toleration with empty effect covers PreferNoSchedule
                new ScoreCase("empty-effect toleration counts for scoring", p -> p.toleration("gpu", "Equal", "true", null),
                        List.of(n -> n.taint("gpu", "true", "PreferNoSchedule"), n -> n),
                        new long[] {0, 0}, new long[] {100, 100}),
                // basic-02-prefer-noschedule-nodeselector
                new ScoreCase("one PreferNoSchedule taint among two nodes", p -> p,
                        List.of(n -> n, n -> n.taint("dedicated", "batch", "PreferNoSchedule")),
                        new long[] {0, 1}, new long[] {100, 0}));
    }

    @ParameterizedTest
    @MethodSource("scoreCases")
    void score(ScoreCase c) {
        TaintToleration pl = new TaintToleration();
        PodInfo p = c.pod().apply(pod("p")).info();
        List<NodeInfo> nodes = new ArrayList<>();
        for (int i = 0; i < c.nodes().size(); i++) {
            nodes.add(c.nodes().get(i).apply(node("n" + i)).info());
        }
        CycleState state = new CycleState();
        assertTrue(pl.preScore(state, p, nodes).isSuccess());
        ScoreAssertions.assertScores(pl, state, p, nodes, c.raw(), c.want());
    }

    @Test
    void scoreWithoutPreScoreIsAnError() {
        PluginException e = assertThrows(PluginException.class,
                () -> new TaintToleration().score(new CycleState(), pod("p").info(), node("n").info()));
        assertEquals(Status.error("failed to read \"PreScoreTaintToleration\" from cycleState: not found"), e.status());
    }
}
