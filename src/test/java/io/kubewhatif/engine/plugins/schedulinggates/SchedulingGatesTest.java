package io.kubewhatif.engine.plugins.schedulinggates;

import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.Status;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SchedulingGatesTest {
    record Case(String name, List<String> gates, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("pod without scheduling gates", List.of(), Status.SUCCESS),
                // gates-single-gate, basic-15-gated
                new Case("one gate", List.of("example.com/quota-check"),
                        Status.of(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, "waiting for scheduling gates: [example.com/quota-check]")),
                // gates-multiple-gates: spec order, space separated
                new Case("two gates", List.of("example.com/quota-check", "example.com/capacity"),
                        Status.of(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, "waiting for scheduling gates: [example.com/quota-check example.com/capacity]")));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void preEnqueue(Case c) {
        var p = pod("p");
        c.gates().forEach(p::gate);
        assertEquals(c.want(), new SchedulingGates().preEnqueue(p.info()));
    }
}
