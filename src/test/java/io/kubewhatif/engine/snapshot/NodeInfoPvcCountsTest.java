package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The PVC reference counts a node keeps (VolumeRestrictions' ReadWriteOncePod check) follow its pods. */
class NodeInfoPvcCountsTest {
    private static Pod pod(String name, String namespace, String... claims) {
        Pod p = Fixtures.pod(name).ns(namespace).build();
        p.getSpec().setVolumes(new java.util.ArrayList<>());
        p.getSpec().getVolumes().add(new VolumeBuilder().withName("scratch").withNewEmptyDir().endEmptyDir().build());
        for (String c : claims) {
            p.getSpec().getVolumes().add(new VolumeBuilder().withName("v-" + c).withNewPersistentVolumeClaim().withClaimName(c).endPersistentVolumeClaim().build());
        }
        return p;
    }

    @Test
    void claimsAreCountedPerNamespaceAndDroppedWithTheirLastPod() {
        NodeInfo n = new NodeInfo(Fixtures.node("n").build(), new Resource(), Map.of());
        PodInfo a = PodInfo.of(pod("a", "team", "data", "logs"));
        PodInfo b = PodInfo.of(pod("b", "team", "data"));
        PodInfo c = PodInfo.of(pod("c", "other", "data"));
        assertEquals(List.of("team/data", "team/logs"), a.pvcKeys());
        n.addPod(a);
        n.addPod(b);
        n.addPod(c);
        assertEquals(Map.of("team/data", 2, "team/logs", 1, "other/data", 1), n.pvcRefCounts());
        n.removePod(a);
        assertEquals(Map.of("team/data", 1, "other/data", 1), n.pvcRefCounts());
        NodeInfo copy = n.snapshot();
        copy.removePod(b);
        assertEquals(Map.of("other/data", 1), copy.pvcRefCounts());
        assertEquals(Map.of("team/data", 1, "other/data", 1), n.pvcRefCounts());
    }

    @Test
    void aPodWithoutClaimsHasNoKeys() {
        assertEquals(List.of(), PodInfo.of(pod("p", "default")).pvcKeys());
    }
}
