package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Node;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SnapshotBuilderTest {
    private static Node node(String name, String zone) {
        var f = Fixtures.node(name);
        if (zone != null) {
            f.label("topology.kubernetes.io/zone", zone);
        }
        return f.build();
    }

    @Test
    void nodesAreSortedByNameThenInterleavedByZoneInOrderOfFirstAppearance() {
        List<Node> nodes = List.of(node("c1", "b"), node("a1", "a"), node("a2", "a"), node("b1", "b"), node("z", null), node("a3", "a"));
        List<String> order = new ArrayList<>();
        for (Node n : SnapshotBuilder.order(nodes)) {
            order.add(n.getMetadata().getName());
        }
        // sorted: a1(a) a2(a) a3(a) b1(b) c1(b) z(-); zones a, b, "" in that order
        assertEquals(List.of("a1", "b1", "z", "a2", "c1", "a3"), order);
    }

    @Test
    void betaZoneLabelsAreTheFallback() {
        Node n = Fixtures.node("n").label("failure-domain.beta.kubernetes.io/zone", "z1").build();
        assertEquals(":\u0000:z1", SnapshotBuilder.zoneKey(n));
        Node m = Fixtures.node("m").label("failure-domain.beta.kubernetes.io/zone", "z1").label("topology.kubernetes.io/zone", "z2").build();
        assertEquals(":\u0000:z2", SnapshotBuilder.zoneKey(m));
    }

    @Test
    void imageStatesCountNodesPerImageName() {
        Node a = Fixtures.node("a").build();
        Node b = Fixtures.node("b").build();
        a.getStatus().setImages(List.of(new io.fabric8.kubernetes.api.model.ContainerImage(List.of("nginx:1", "nginx@sha"), 100L)));
        b.getStatus().setImages(List.of(new io.fabric8.kubernetes.api.model.ContainerImage(List.of("nginx:1"), 100L)));
        ClusterSnapshot s = SnapshotBuilder.build(List.of(a, b));
        assertEquals(new ImageStateSummary(100, 2), s.node("a").imageStates().get("nginx:1"));
        assertEquals(new ImageStateSummary(100, 1), s.node("a").imageStates().get("nginx@sha"));
    }

    @Test
    void anImageEntryKeepsTheSizeOfTheFirstNodeByNameAndCountsEachNodeOnce() {
        // cacheImpl.addNodeImageStates: the entry for a name is created once (by the first node added, in name
        // order) and then only gains nodes; a node that lists a name twice still counts once.
        Node b = Fixtures.node("b").build();
        Node a = Fixtures.node("a").build();
        b.getStatus().setImages(List.of(new io.fabric8.kubernetes.api.model.ContainerImage(List.of("app:1"), 900L),
                new io.fabric8.kubernetes.api.model.ContainerImage(List.of("app:1", "app@sha"), 900L)));
        a.getStatus().setImages(List.of(new io.fabric8.kubernetes.api.model.ContainerImage(List.of("app:1"), 300L)));
        ClusterSnapshot s = SnapshotBuilder.build(List.of(b, a));
        assertEquals(new ImageStateSummary(300, 2), s.node("b").imageStates().get("app:1"));
        assertEquals(new ImageStateSummary(300, 2), s.node("a").imageStates().get("app:1"));
        assertEquals(new ImageStateSummary(900, 1), s.node("b").imageStates().get("app@sha"));
    }

    @Test
    void boundPodsJoinTheirNodesInLoadOrderNominatedOnesWaitAndTheRestAreLeftOut() {
        List<io.fabric8.kubernetes.api.model.HasMetadata> objects = new ArrayList<>(List.of(node("n1", null), node("n2", null)));
        objects.add(Fixtures.pod("b").nodeName("n1").build());
        objects.add(Fixtures.pod("a").nodeName("n2").build());
        objects.add(Fixtures.pod("c").nodeName("n1").build());
        objects.add(Fixtures.pod("lost").nodeName("gone").build());
        objects.add(Fixtures.pod("waiting").nominated("n2").build());
        objects.add(Fixtures.pod("pending").build());
        ClusterSnapshot s = SnapshotBuilder.build(objects);
        assertEquals(List.of("b", "c"), s.node("n1").pods().stream().map(PodInfo::name).toList());
        assertEquals(List.of("a"), s.node("n2").pods().stream().map(PodInfo::name).toList());
        assertEquals(List.of("waiting"), s.nominatedPods().stream().map(PodInfo::name).toList());
        assertEquals(3, s.allPods().size());
    }
}
