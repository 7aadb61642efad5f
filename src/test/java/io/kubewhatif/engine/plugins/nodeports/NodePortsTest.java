package io.kubewhatif.engine.plugins.nodeports;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class NodePortsTest {
    private static final Status TAKEN = Status.unschedulable("node(s) didn't have free ports for the requested pod ports");

    /** "PROTO/IP/PORT" triples, as upstream's newPod helper takes them. */
    static Fixtures.PodFixture withPorts(String name, String... ports) {
        Fixtures.PodFixture p = pod(name);
        for (String s : ports) {
            String[] parts = s.split("/");
            p.hostPort(Integer.parseInt(parts[2]), parts[0], parts[1]);
        }
        return p;
    }

    record Case(String name, Fixtures.PodFixture pod, List<Fixtures.PodFixture> existing, Status wantPreFilter, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case fits(String name, Fixtures.PodFixture pod, Fixtures.PodFixture... existing) {
        return new Case(name, pod, List.of(existing), Status.SUCCESS, Status.SUCCESS);
    }

    static Case conflict(String name, Fixtures.PodFixture pod, Fixtures.PodFixture... existing) {
        return new Case(name, pod, List.of(existing), Status.SUCCESS, TAKEN);
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("nothing running, pod without host ports: PreFilter skips", pod("p"), List.of(), Status.SKIP, null),
                new Case("pod without host ports on a node with used ports", pod("p"), List.of(withPorts("e", "TCP/0.0.0.0/8080")), Status.SKIP, null),
                fits("other port", withPorts("p", "UDP/127.0.0.1/8080"), withPorts("e", "UDP/127.0.0.1/9090")),
                conflict("same udp port", withPorts("p", "UDP/127.0.0.1/8080"), withPorts("e", "UDP/127.0.0.1/8080")),
                conflict("same tcp port", withPorts("p", "TCP/127.0.0.1/8080"), withPorts("e", "TCP/127.0.0.1/8080")),
                fits("different host ip", withPorts("p", "TCP/127.0.0.1/8080"), withPorts("e", "TCP/127.0.0.2/8080")),
                fits("different protocol", withPorts("p", "UDP/127.0.0.1/8080"), withPorts("e", "TCP/127.0.0.1/8080")),
                conflict("second udp port conflict", withPorts("p", "TCP/127.0.0.1/8000", "UDP/127.0.0.1/8080"), withPorts("e", "UDP/127.0.0.1/8080")),
                conflict("first tcp port conflict", withPorts("p", "TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"), withPorts("e", "TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081")),
                conflict("wildcard pod port vs specific existing", withPorts("p", "TCP/0.0.0.0/8001"), withPorts("e", "TCP/127.0.0.1/8001")),
                conflict("specific and wildcard vs wildcard", withPorts("p", "TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"), withPorts("e", "TCP/127.0.0.1/8001")),
                conflict("specific pod port vs wildcard existing", withPorts("p", "TCP/127.0.0.1/8001"), withPorts("e", "TCP/0.0.0.0/8001")),
                fits("wildcard, different protocol", withPorts("p", "UDP/127.0.0.1/8001"), withPorts("e", "TCP/0.0.0.0/8001")),
                conflict("two protocols, one taken", withPorts("p", "UDP/127.0.0.1/8001", "TCP/127.0.0.1/8001"), withPorts("e", "TCP/0.0.0.0/8001")),
                // ports-hostip-specific: an empty host IP binds all addresses
                conflict("empty host ip is the wildcard", withPorts("p", "TCP//8080"), withPorts("e", "TCP/10.1.2.3/8080")),
                new Case("restartable init container ports count", sidecar(pod("p"), "Always", 8080), List.of(withPorts("e", "TCP/0.0.0.0/8080")), Status.SUCCESS, TAKEN),
                new Case("classic init container ports do not count", sidecar(pod("p"), null, 8080), List.of(withPorts("e", "TCP/0.0.0.0/8080")), Status.SKIP, null),
                conflict("existing sidecar port is in use", withPorts("p", "TCP/0.0.0.0/8080"), sidecar(pod("e"), "Always", 8080)));
    }

    static Fixtures.PodFixture sidecar(Fixtures.PodFixture p, String restartPolicy, int port) {
        p.edit().editSpec().addNewInitContainer().withName("init").withImage("x").withRestartPolicy(restartPolicy)
                .addNewPort().withContainerPort(port).withHostPort(port).withProtocol("TCP").endPort().endInitContainer().endSpec();
        return p;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void filter(Case c) {
        NodePorts pl = new NodePorts();
        PodInfo p = c.pod().info();
        var n = node("n").info(c.existing().stream().map(e -> e.nodeName("n").info()).toArray(PodInfo[]::new));
        CycleState state = new CycleState();
        PreFilterResult r = pl.preFilter(state, p, List.of(n));
        assertEquals(c.wantPreFilter(), r.status());
        assertEquals(null, r.nodeNames());
        if (r.status().isSuccess()) {
            assertEquals(c.want(), pl.filter(state, p, n));
            assertEquals(c.want().isSuccess(), NodePorts.fits(p, n));
        }
    }

    @Test
    void filterWithoutPreFilterIsAnError() {
        assertEquals(Status.error("reading \"PreFilterNodePorts\" from cycleState: not found"),
                new NodePorts().filter(new CycleState(), withPorts("p", "TCP/0.0.0.0/80").info(), node("n").info()));
    }
}
