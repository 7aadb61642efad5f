package io.kubewhatif.engine.plugins.nodename;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class NodeNameTest {
    record Case(String name, String podNodeName, String node, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("no host specified", null, "foo", Status.SUCCESS),
                new Case("host matches", "foo", "foo", Status.SUCCESS),
                new Case("host doesn't match", "bar", "foo", Status.unresolvable("node(s) didn't match the requested node name")));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void filter(Case c) {
        var p = pod("p");
        if (c.podNodeName() != null) {
            p.nodeName(c.podNodeName());
        }
        assertEquals(c.want(), new NodeName().filter(new CycleState(), p.info(), node(c.node()).info()));
    }
}
