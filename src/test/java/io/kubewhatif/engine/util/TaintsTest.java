package io.kubewhatif.engine.util;

import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class TaintsTest {
    record Case(String name, Toleration toleration, Taint taint, boolean want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Toleration tol(String key, String op, String value, String effect) {
        return new Toleration(effect, key, op, null, value);
    }

    static Taint taint(String key, String value, String effect) {
        return new Taint(effect, key, null, value);
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("same key, value and effect", tol("foo", "Equal", "bar", "NoSchedule"), taint("foo", "bar", "NoSchedule"), true),
                new Case("empty operator means Equal", tol("foo", null, "bar", "NoSchedule"), taint("foo", "bar", "NoSchedule"), true),
                new Case("Equal with a different value", tol("foo", "Equal", "baz", "NoSchedule"), taint("foo", "bar", "NoSchedule"), false),
                new Case("Equal with no value tolerates an empty taint value", tol("foo", "Equal", null, "NoSchedule"), taint("foo", null, "NoSchedule"), true),
                new Case("Equal with no value vs a valued taint", tol("foo", "Equal", null, "NoSchedule"), taint("foo", "bar", "NoSchedule"), false),
                new Case("Exists ignores the value", tol("foo", "Exists", null, "NoSchedule"), taint("foo", "bar", "NoSchedule"), true),
                new Case("different key", tol("foo", "Exists", null, "NoSchedule"), taint("bar", "x", "NoSchedule"), false),
                new Case("empty effect matches every effect", tol("foo", "Equal", "bar", null), taint("foo", "bar", "NoExecute"), true),
                new Case("different effect", tol("foo", "Equal", "bar", "PreferNoSchedule"), taint("foo", "bar", "NoSchedule"), false),
                new Case("empty key with Exists tolerates everything", tol(null, "Exists", null, null), taint("any", "thing", "NoExecute"), true),
                new Case("empty key with Exists, effect restricted", tol(null, "Exists", null, "NoSchedule"), taint("any", "thing", "NoExecute"), false),
                new Case("empty key with Equal matches only an equal value", tol(null, "Equal", "v", null), taint("k", "v", "NoSchedule"), true),
                new Case("Gt is not an operator in v1.34", tol("sla", "Gt", "5", "NoSchedule"), taint("sla", "9", "NoSchedule"), false),
                new Case("unknown operator", tol("foo", "Foo", "bar", "NoSchedule"), taint("foo", "bar", "NoSchedule"), false));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void tolerates(Case c) {
        assertEquals(c.want(), Taints.tolerates(c.toleration(), c.taint()));
        assertEquals(c.want(), Taints.tolerated(List.of(c.toleration()), c.taint()));
    }

    @Test
    void findUntoleratedReturnsTheFirstIncludedUntoleratedTaint() {
        Taint prefer = taint("a", "1", "PreferNoSchedule");
        Taint tolerated = taint("b", "2", "NoSchedule");
        Taint first = taint("c", "3", "NoExecute");
        Taint second = taint("d", "4", "NoSchedule");
        List<Toleration> tols = List.of(tol("b", "Equal", "2", "NoSchedule"));
        assertSame(first, Taints.findUntolerated(List.of(prefer, tolerated, first, second), tols, Taints.DO_NOT_SCHEDULE));
        assertSame(prefer, Taints.findUntolerated(List.of(prefer, tolerated, first, second), tols, null));
        assertNull(Taints.findUntolerated(List.of(prefer, tolerated), tols, Taints.DO_NOT_SCHEDULE));
        assertNull(Taints.findUntolerated(null, tols, Taints.DO_NOT_SCHEDULE));
        assertSame(first, Taints.findUntolerated(List.of(first), null, Taints.DO_NOT_SCHEDULE));
    }
}
