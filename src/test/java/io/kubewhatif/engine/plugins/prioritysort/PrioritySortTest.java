package io.kubewhatif.engine.plugins.prioritysort;

import io.kubewhatif.engine.api.QueueSortPlugin.QueuedPod;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class PrioritySortTest {
    record Case(String name, Integer p1, long t1, Integer p2, long t2, boolean want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("p1.priority greater than p2.priority", 100, 1, 50, 0, true),
                new Case("p1.priority less than p2.priority", 50, 0, 100, 1, false),
                new Case("equal priority, p1 added to the queue earlier", 100, 1, 100, 2, true),
                new Case("equal priority, p2 added to the queue earlier", 100, 2, 100, 1, false),
                new Case("equal priority and timestamp", 100, 1, 100, 1, false),
                new Case("absent priority is 0", null, 5, -1, 0, true),
                new Case("both absent, earlier first", null, 1, null, 2, true));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void less(Case c) {
        var a = pod("a");
        if (c.p1() != null) {
            a.priority(c.p1());
        }
        var b = pod("b");
        if (c.p2() != null) {
            b.priority(c.p2());
        }
        assertEquals(c.want(), new PrioritySort().less(new QueuedPod(a.info(), c.t1()), new QueuedPod(b.info(), c.t2())));
    }
}
