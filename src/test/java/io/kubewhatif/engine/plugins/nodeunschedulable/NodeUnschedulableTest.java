package io.kubewhatif.engine.plugins.nodeunschedulable;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class NodeUnschedulableTest {
    private static final Status REJECT = Status.unresolvable("node(s) were unschedulable");

    record Case(String name, UnaryOperator<Fixtures.PodFixture> pod, Boolean unschedulable, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("schedulable node", p -> p, false, Status.SUCCESS),
                new Case("unschedulable absent", p -> p, null, Status.SUCCESS),
                new Case("cordoned node", p -> p, true, REJECT),
                new Case("cordoned node, pod tolerates the unschedulable taint", p -> p.toleration("node.kubernetes.io/unschedulable", "Exists", null, "NoSchedule"), true, Status.SUCCESS),
                new Case("cordoned node, toleration with empty effect", p -> p.toleration("node.kubernetes.io/unschedulable", "Exists", null, null), true, Status.SUCCESS),
                new Case("cordoned node, Equal toleration with empty value", p -> p.toleration("node.kubernetes.io/unschedulable", "Equal", null, "NoSchedule"), true, Status.SUCCESS),
                new Case("cordoned node, toleration for NoExecute only", p -> p.toleration("node.kubernetes.io/unschedulable", "Exists", null, "NoExecute"), true, REJECT),
                new Case("cordoned node, Equal toleration with a value", p -> p.toleration("node.kubernetes.io/unschedulable", "Equal", "true", "NoSchedule"), true, REJECT),
                new Case("cordoned node, tolerate-everything toleration", p -> p.toleration(null, "Exists", null, null), true, Status.SUCCESS),
                new Case("cordoned node, unrelated toleration", p -> p.toleration("dedicated", "Exists", null, null), true, REJECT));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void filter(Case c) {
        var n = node("n");
        n.edit().editSpec().withUnschedulable(c.unschedulable()).endSpec();
        assertEquals(c.want(), new NodeUnschedulable().filter(new CycleState(), c.pod().apply(pod("p")).info(), n.info()));
    }
}
