package io.kubewhatif.engine.plugins.volumebinding;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.storage.CSIDriverBuilder;
import io.fabric8.kubernetes.api.model.storage.CSIStorageCapacityBuilder;
import io.fabric8.kubernetes.api.model.storage.CSIStorageCapacity;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.UtilizationShapePoint;
import io.kubewhatif.engine.config.VolumeBindingArgs;
import io.kubewhatif.engine.plugins.storage.StorageHelpers;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.boundPvc;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.csiNode;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.ephemeralVolume;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.handle;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.nodeAffinity;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.ownedBy;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.podWithClaims;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.podWithVolumes;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.pv;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.pvc;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.snapshot;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.storageClass;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VolumeBindingTest {
    private static final String HOST = "kubernetes.io/hostname";
    private static final String ZONE = "topology.kubernetes.io/zone";
    private static final String WFFC = "WaitForFirstConsumer";
    private static final String NO_PROVISIONER = StorageHelpers.NOT_SUPPORTED_PROVISIONER;

    private static final Status BIND_CONFLICT = Status.unresolvable(VolumeBinding.ERR_REASON_BIND_CONFLICT);
    private static final Status NODE_CONFLICT = Status.unresolvable(VolumeBinding.ERR_REASON_NODE_CONFLICT);

    /** Nodes node-a (zone-a) and node-b (zone-b); the pod; cluster objects; PreFilter's status; Filter's per node. */
    record Case(String name, PodInfo pod, List<HasMetadata> objects, Status wantPreFilter, Map<String, Status> wantFilter) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static List<NodeInfo> nodes() {
        return List.of(node("node-a").label(ZONE, "zone-a").info(), node("node-b").label(ZONE, "zone-b").info());
    }

    private static Map<String, Status> perNode(Status a, Status b) {
        Map<String, Status> m = new LinkedHashMap<>();
        m.put("node-a", a);
        m.put("node-b", b);
        return m;
    }

    private static List<HasMetadata> objects(HasMetadata... o) {
        List<HasMetadata> l = new ArrayList<>(List.of(
                storageClass("local", NO_PROVISIONER, WFFC),
                storageClass("immediate", NO_PROVISIONER, "Immediate"),
                storageClass("csi-wffc", "ebs.csi.aws.com", WFFC),
                storageClass("csi-zone-a", "ebs.csi.aws.com", WFFC, ZONE, "zone-a")));
        l.addAll(List.of(o));
        return l;
    }

    private static PersistentVolume localPv(String name, String size, String node) {
        return nodeAffinity(pv(name, "local", size), HOST, node).build();
    }

    private static PersistentVolume boundLocalPv(String name, String claim, String node) {
        return nodeAffinity(pv(name, "local", "1Gi"), HOST, node)
                .editSpec().withNewClaimRef().withNamespace("default").withName(claim).withUid("default/" + claim).endClaimRef().endSpec()
                .editStatus().withPhase("Bound").endStatus().build();
    }

    static Stream<Case> cases() {
        PodInfo podA = podWithClaims("p", "pvc-a").info();
        return Stream.of(
                new Case("pod without claims", podWithVolumes("p").info(), objects(), Status.SKIP, null),
                new Case("claim missing", podA, objects(), Status.unresolvable("persistentvolumeclaim \"pvc-a\" not found"), null),
                new Case("one of two claims missing", podWithClaims("p", "pvc-a", "pvc-b").info(), objects(pvc("pvc-a", "local", "1Gi").build()),
                        Status.unresolvable("persistentvolumeclaim \"pvc-b\" not found"), null),
                new Case("claim lost", podA, objects(pvc("pvc-a", "local", "1Gi").editSpec().withVolumeName("pv-a").endSpec().editStatus().withPhase("Lost").endStatus().build()),
                        Status.unresolvable("persistentvolumeclaim \"pvc-a\" bound to non-existent persistentvolume \"pv-a\""), null),
                new Case("claim being deleted", podA, objects(pvc("pvc-a", "local", "1Gi").editMetadata().withDeletionTimestamp("2025-01-01T00:00:00Z").endMetadata().build()),
                        Status.unresolvable("persistentvolumeclaim \"pvc-a\" is being deleted"), null),
                new Case("ephemeral claim not created yet", podWithVolumes("p", ephemeralVolume("eph")).info(), objects(),
                        Status.unresolvable("waiting for ephemeral volume controller to create the persistentvolumeclaim \"p-eph\""), null),
                new Case("ephemeral claim of another owner", podWithVolumes("p", ephemeralVolume("eph")).info(), objects(pvc("p-eph", "local", "1Gi").build()),
                        Status.unresolvable("PVC default/p-eph was not created for pod default/p (pod is not owner)"), null),
                new Case("immediate claim unbound", podA, objects(pvc("pvc-a", "immediate", "1Gi").build()),
                        Status.unresolvable(VolumeBinding.ERR_REASON_UNBOUND_IMMEDIATE), null),
                new Case("claim without class is immediate", podA, objects(pvc("pvc-a", "", "1Gi").build()),
                        Status.unresolvable(VolumeBinding.ERR_REASON_UNBOUND_IMMEDIATE), null),
                new Case("claim of a missing class is immediate", podA, objects(pvc("pvc-a", "nope", "1Gi").build()),
                        Status.unresolvable(VolumeBinding.ERR_REASON_UNBOUND_IMMEDIATE), null),
                // IsDelayBindingMode fails on a class without a mode (upstream volume_zone_test's Class_Immediate).
                new Case("claim of a class without volumeBindingMode", podA,
                        objects(storageClass("no-mode", NO_PROVISIONER, null), pvc("pvc-a", "no-mode", "1Gi").build()),
                        Status.error("VolumeBindingMode not set for StorageClass \"no-mode\""), null),
                new Case("a bound claim of a class without volumeBindingMode is not looked up", podA,
                        objects(storageClass("no-mode", NO_PROVISIONER, null), boundPvc("pvc-a", "no-mode", "pv-a"), pv("pv-a", "no-mode", "1Gi").build()),
                        Status.SUCCESS, perNode(Status.SUCCESS, Status.SUCCESS)),
                new Case("pre-bound WaitForFirstConsumer claim waits for the PV controller", podA,
                        objects(pvc("pvc-a", "local", "1Gi").editSpec().withVolumeName("pv-a").endSpec().build(), localPv("pv-a", "1Gi", "node-a")),
                        Status.unresolvable(VolumeBinding.ERR_REASON_UNBOUND_IMMEDIATE), null),
                new Case("bound claim, PV without affinity", podA, objects(boundPvc("pvc-a", "", "pv-a"), pv("pv-a", "", "1Gi").build()),
                        Status.SUCCESS, perNode(Status.SUCCESS, Status.SUCCESS)),
                new Case("bound claim, PV pinned to node-b", podA, objects(boundPvc("pvc-a", "local", "pv-a"), boundLocalPv("pv-a", "pvc-a", "node-b")),
                        Status.SUCCESS, perNode(NODE_CONFLICT, Status.SUCCESS)),
                new Case("bound claim, PV missing", podA, objects(boundPvc("pvc-a", "local", "pv-a")),
                        Status.SUCCESS, perNode(Status.unresolvable(VolumeBinding.ERR_REASON_PV_NOT_EXIST), Status.unresolvable(VolumeBinding.ERR_REASON_PV_NOT_EXIST))),
                new Case("unbound claim, local PV on node-b", podA, objects(pvc("pvc-a", "local", "5Gi").build(), localPv("pv-b", "10Gi", "node-b")),
                        Status.SUCCESS, perNode(BIND_CONFLICT, Status.SUCCESS)),
                new Case("unbound claim, PV too small", podA, objects(pvc("pvc-a", "local", "5Gi").build(), localPv("pv-b", "1Gi", "node-b")),
                        Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("unbound claim, PV of another class", podA, objects(pvc("pvc-a", "local", "1Gi").build(),
                        nodeAffinity(pv("pv-b", "other", "1Gi"), HOST, "node-b").build()), Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("unbound claim, PV lacks an access mode", podA, objects(pvc("pvc-a", "local", "1Gi", "ReadWriteOnce", "ReadOnlyMany").build(),
                        localPv("pv-b", "1Gi", "node-b")), Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("unbound claim, PV not Available", podA, objects(pvc("pvc-a", "local", "1Gi").build(),
                        nodeAffinity(pv("pv-b", "local", "1Gi"), HOST, "node-b").editStatus().withPhase("Released").endStatus().build()),
                        Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("unbound claim, selector does not match the PV", podA, objects(
                        pvc("pvc-a", "local", "1Gi").editSpec().withSelector(new LabelSelectorBuilder().addToMatchLabels("tier", "fast").build()).endSpec().build(),
                        localPv("pv-b", "1Gi", "node-b")), Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("unbound claim, selector matches the PV", podA, objects(
                        pvc("pvc-a", "local", "1Gi").editSpec().withSelector(new LabelSelectorBuilder().addToMatchLabels("tier", "fast").build()).endSpec().build(),
                        nodeAffinity(pv("pv-b", "local", "1Gi"), HOST, "node-b").editMetadata().addToLabels("tier", "fast").endMetadata().build()),
                        Status.SUCCESS, perNode(BIND_CONFLICT, Status.SUCCESS)),
                new Case("unbound claim, block PV for a filesystem claim", podA, objects(pvc("pvc-a", "local", "1Gi").build(),
                        nodeAffinity(pv("pv-b", "local", "1Gi"), HOST, "node-b").editSpec().withVolumeMode("Block").endSpec().build()),
                        Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("unbound claim, PV pre-bound to another claim", podA, objects(pvc("pvc-a", "local", "1Gi").build(),
                        boundLocalPv("pv-b", "other", "node-b")), Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("unbound claim, PV pre-bound to it ignores phase", podA, objects(pvc("pvc-a", "local", "1Gi").build(),
                        boundLocalPv("pv-b", "pvc-a", "node-b")), Status.SUCCESS, perNode(BIND_CONFLICT, Status.SUCCESS)),
                new Case("two claims, one PV", podWithClaims("p", "pvc-a", "pvc-b").info(), objects(pvc("pvc-a", "local", "1Gi").build(),
                        pvc("pvc-b", "local", "1Gi").build(), localPv("pv-b", "1Gi", "node-b")), Status.SUCCESS, perNode(BIND_CONFLICT, BIND_CONFLICT)),
                new Case("two claims, two PVs on node-b", podWithClaims("p", "pvc-a", "pvc-b").info(), objects(pvc("pvc-a", "local", "1Gi").build(),
                        pvc("pvc-b", "local", "1Gi").build(), localPv("pv-b1", "1Gi", "node-b"), localPv("pv-b2", "1Gi", "node-b")),
                        Status.SUCCESS, perNode(BIND_CONFLICT, Status.SUCCESS)),
                new Case("bound claim on node-a and unbound claim on node-b", podWithClaims("p", "pvc-a", "pvc-b").info(), objects(
                        boundPvc("pvc-a", "local", "pv-a"), boundLocalPv("pv-a", "pvc-a", "node-a"), pvc("pvc-b", "local", "1Gi").build(), localPv("pv-b", "1Gi", "node-b")),
                        Status.SUCCESS, perNode(BIND_CONFLICT, NODE_CONFLICT)),
                new Case("bound and unbound both unsatisfied", podWithClaims("p", "pvc-a", "pvc-b").info(), objects(
                        boundPvc("pvc-a", "local", "pv-a"), boundLocalPv("pv-a", "pvc-a", "node-b"), pvc("pvc-b", "local", "1Gi").build(), localPv("pv-b", "1Gi", "node-b")),
                        Status.SUCCESS, perNode(new Status(Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
                                List.of(VolumeBinding.ERR_REASON_NODE_CONFLICT, VolumeBinding.ERR_REASON_BIND_CONFLICT), ""), Status.SUCCESS)),
                new Case("dynamic provisioning without topology", podA, objects(pvc("pvc-a", "csi-wffc", "1Gi").build()),
                        Status.SUCCESS, perNode(Status.SUCCESS, Status.SUCCESS)),
                new Case("dynamic provisioning within allowedTopologies", podA, objects(pvc("pvc-a", "csi-zone-a", "1Gi").build()),
                        Status.SUCCESS, perNode(Status.SUCCESS, BIND_CONFLICT)),
                new Case("provisioning already started on node-a", podA, objects(pvc("pvc-a", "csi-wffc", "1Gi")
                        .editMetadata().addToAnnotations(StorageHelpers.ANN_SELECTED_NODE, "node-a").endMetadata().build()),
                        Status.SUCCESS, perNode(Status.SUCCESS, BIND_CONFLICT)),
                new Case("storage capacity tracking: too little capacity", podA, objects(pvc("pvc-a", "csi-wffc", "10Gi").build(),
                        new CSIDriverBuilder().withNewMetadata().withName("ebs.csi.aws.com").endMetadata().withNewSpec().withStorageCapacity(true).endSpec().build(),
                        new CSIStorageCapacityBuilder().withNewMetadata().withName("cap-a").withNamespace("kube-system").endMetadata()
                                .withStorageClassName("csi-wffc").withCapacity(new io.fabric8.kubernetes.api.model.Quantity("20Gi"))
                                .withNodeTopology(new LabelSelectorBuilder().addToMatchLabels(ZONE, "zone-a").build()).build(),
                        new CSIStorageCapacityBuilder().withNewMetadata().withName("cap-b").withNamespace("kube-system").endMetadata()
                                .withStorageClassName("csi-wffc").withCapacity(new io.fabric8.kubernetes.api.model.Quantity("5Gi"))
                                .withNodeTopology(new LabelSelectorBuilder().addToMatchLabels(ZONE, "zone-b").build()).build()),
                        Status.SUCCESS, perNode(Status.SUCCESS, Status.unresolvable(VolumeBinding.ERR_REASON_NOT_ENOUGH_SPACE))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void preFilterAndFilter(Case c) throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        ClusterSnapshot snapshot = snapshot(nodes, c.objects);
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);
        CycleState state = new CycleState();
        assertEquals(c.wantPreFilter, pl.preFilter(state, c.pod, nodes).status());
        if (c.wantFilter != null) {
            for (NodeInfo n : nodes) {
                assertEquals(c.wantFilter.get(n.name()), pl.filter(state, c.pod, n), n.name());
            }
        }
        assertEquals(Status.SKIP, pl.preScore(state, c.pod, nodes));
    }

    @Test
    void smallestFittingPvIsChosenAndEachClaimGetsItsOwn() throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        ClusterSnapshot snapshot = snapshot(nodes, objects(
                pvc("small", "local", "1Gi").build(), pvc("big", "local", "5Gi").build(),
                localPv("pv-10", "10Gi", "node-b"), localPv("pv-5", "5Gi", "node-b"), localPv("pv-2", "2Gi", "node-b"), localPv("pv-5b", "5Gi", "node-b")));
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);
        PodInfo pod = podWithClaims("p", "big", "small").info();
        CycleState state = new CycleState();
        pl.preFilter(state, pod, nodes);
        assertEquals(Status.SUCCESS, pl.filter(state, pod, nodes.get(1)));
        assertEquals(Status.SUCCESS, pl.reserve(state, pod, "node-b"));
        assertEquals(Status.SUCCESS, pl.preBindPreFlight(state, pod, "node-b"));
        assertEquals(Status.SUCCESS, pl.preBind(state, pod, "node-b"));
        // Smallest claim first: small takes pv-2, then big takes the first 5Gi PV.
        assertEquals("small", claimRefName(snapshot, "pv-2"));
        assertEquals("big", claimRefName(snapshot, "pv-5"));
        assertNull(claimRefName(snapshot, "pv-5b"));
        assertNull(claimRefName(snapshot, "pv-10"));
        assertEquals("yes", snapshot.get(PersistentVolume.class, null, "pv-2").getMetadata().getAnnotations().get(StorageHelpers.ANN_BOUND_BY_CONTROLLER));
    }

    /** basic-17-volumes: the first pod pre-binds pv-b; the claim stays unbound, so a second pod finds the pre-bound PV. */
    @Test
    void preBindPreBindsThePvForLaterPods() throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        PersistentVolume original = localPv("pv-b", "10Gi", "node-b");
        ClusterSnapshot snapshot = snapshot(nodes, objects(pvc("data", "local", "5Gi").build(), original));
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);

        PodInfo first = podWithClaims("first", "data").info();
        CycleState state = new CycleState();
        pl.preFilter(state, first, nodes);
        assertEquals(BIND_CONFLICT, pl.filter(state, first, nodes.get(0)));
        assertEquals(Status.SUCCESS, pl.filter(state, first, nodes.get(1)));
        assertEquals(Status.SUCCESS, pl.reserve(state, first, "node-b"));
        assertNull(original.getSpec().getClaimRef(), "Reserve writes nothing");
        assertNull(claimRefName(snapshot, "pv-b"));
        assertEquals(Status.SUCCESS, pl.preBind(state, first, "node-b"));
        assertEquals("data", claimRefName(snapshot, "pv-b"));
        assertNull(original.getSpec().getClaimRef(), "the snapshot's old object is not mutated");
        assertFalse(StorageHelpers.isFullyBound(snapshot.get(PersistentVolumeClaim.class, "default", "data")));

        PodInfo second = podWithClaims("second", "data").info();
        CycleState s2 = new CycleState();
        assertEquals(Status.SUCCESS, pl.preFilter(s2, second, nodes).status());
        assertEquals(BIND_CONFLICT, pl.filter(s2, second, nodes.get(0)));
        assertEquals(Status.SUCCESS, pl.filter(s2, second, nodes.get(1)));

        // Another claim cannot take the pre-bound PV.
        snapshot.put(pvc("other", "local", "1Gi").build());
        PodInfo third = podWithClaims("third", "other").info();
        CycleState s3 = new CycleState();
        pl.preFilter(s3, third, nodes);
        assertEquals(BIND_CONFLICT, pl.filter(s3, third, nodes.get(1)));
    }

    @Test
    void preBindAnnotatesClaimsToProvision() throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        PersistentVolumeClaim original = pvc("cache", "csi-wffc", "1Gi").build();
        ClusterSnapshot snapshot = snapshot(nodes, objects(original));
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);
        PodInfo pod = podWithClaims("p", "cache").info();
        CycleState state = new CycleState();
        pl.preFilter(state, pod, nodes);
        pl.filter(state, pod, nodes.get(0));
        pl.filter(state, pod, nodes.get(1));
        assertEquals(Status.SUCCESS, pl.reserve(state, pod, "node-a"));
        assertEquals(Status.SUCCESS, pl.preBind(state, pod, "node-a"));
        assertEquals("node-a", StorageHelpers.annotations(snapshot.get(PersistentVolumeClaim.class, "default", "cache")).get(StorageHelpers.ANN_SELECTED_NODE));
        assertFalse(StorageHelpers.annotations(original).containsKey(StorageHelpers.ANN_SELECTED_NODE));

        PodInfo next = podWithClaims("q", "cache").info();
        CycleState s2 = new CycleState();
        pl.preFilter(s2, next, nodes);
        assertEquals(Status.SUCCESS, pl.filter(s2, next, nodes.get(0)));
        assertEquals(BIND_CONFLICT, pl.filter(s2, next, nodes.get(1)));
    }

    @Test
    void reserveAndPreBindSkipWhenEverythingIsBound() throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        ClusterSnapshot snapshot = snapshot(nodes, objects(boundPvc("pvc-a", "", "pv-a"), pv("pv-a", "", "1Gi").build()));
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);
        PodInfo pod = podWithClaims("p", "pvc-a").info();
        CycleState state = new CycleState();
        pl.preFilter(state, pod, nodes);
        pl.filter(state, pod, nodes.get(0));
        assertEquals(Status.SUCCESS, pl.reserve(state, pod, "node-a"));
        assertEquals(Status.SKIP, pl.preBindPreFlight(state, pod, "node-a"));
        assertEquals(Status.SUCCESS, pl.preBind(state, pod, "node-a"));

        PodInfo none = podWithVolumes("n").info();
        CycleState s2 = new CycleState();
        assertEquals(Status.SKIP, pl.preFilter(s2, none, nodes).status());
        assertEquals(Status.SUCCESS, pl.reserve(s2, none, "node-a"));
        assertEquals(Status.SKIP, pl.preBindPreFlight(s2, none, "node-a"));
    }

    @Test
    void preBindPreFlightNeedsFilteredVolumesForTheNode() throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        ClusterSnapshot snapshot = snapshot(nodes, objects(pvc("pvc-a", "csi-wffc", "1Gi").build()));
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);
        PodInfo pod = podWithClaims("p", "pvc-a").info();
        CycleState state = new CycleState();
        pl.preFilter(state, pod, nodes);
        pl.filter(state, pod, nodes.get(0));
        // A node Filter never accepted has nothing to reserve: upstream then treats the pod as all bound.
        assertEquals(Status.SUCCESS, pl.reserve(state, pod, "node-b"));
        assertEquals(Status.SKIP, pl.preBindPreFlight(state, pod, "node-b"));
        assertEquals(Status.SUCCESS, pl.reserve(state, pod, "node-a"));
        assertEquals(Status.SUCCESS, pl.preBindPreFlight(state, pod, "node-a"));
        assertEquals(Status.error("no pod volume found for node \"node-b\""), pl.preBindPreFlight(state, pod, "node-b"));
        assertEquals(Status.error("no pod volume found for node \"node-b\""), pl.preBind(state, pod, "node-b"));
        assertEquals(Status.error("not found"), pl.reserve(new CycleState(), pod, "node-a"));
    }

    @Test
    void ephemeralClaimOwnedByThePodIsProvisioned() throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        PodInfo pod = podWithVolumes("p", ephemeralVolume("eph")).info();
        ClusterSnapshot snapshot = snapshot(nodes, objects(ownedBy(pvc("p-eph", "csi-zone-a", "1Gi").build(), pod)));
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);
        CycleState state = new CycleState();
        assertEquals(Status.SUCCESS, pl.preFilter(state, pod, nodes).status());
        assertEquals(Status.SUCCESS, pl.filter(state, pod, nodes.get(0)));
        assertEquals(BIND_CONFLICT, pl.filter(state, pod, nodes.get(1)));
    }

    /** A bound in-tree GCE PD is checked with its CSI translation where the node lists the plugin as migrated. */
    @Test
    void migratedInTreePvUsesTheTranslatedTopology() throws PluginInitException {
        List<NodeInfo> nodes = List.of(
                node("node-a").label(ZONE, "us-central1-a").info(),
                node("node-b").label(ZONE, "us-central1-a").label("topology.gke.io/zone", "us-central1-a").info(),
                node("node-c").label(ZONE, "us-central1-b").info());
        PersistentVolume gce = pv("pd", "", "1Gi").editMetadata().addToLabels(ZONE, "us-central1-a").endMetadata()
                .editSpec().withNewGcePersistentDisk().withPdName("disk").endGcePersistentDisk().endSpec().build();
        gce = nodeAffinity(new io.fabric8.kubernetes.api.model.PersistentVolumeBuilder(gce), ZONE, "us-central1-a").build();
        ClusterSnapshot snapshot = snapshot(nodes, List.of(boundPvc("pvc-a", "", "pd"), gce,
                csiNode("node-a", Map.of(), "kubernetes.io/gce-pd"), csiNode("node-b", Map.of(), "kubernetes.io/gce-pd")));
        VolumeBinding pl = new VolumeBinding(handle(snapshot), 600, null);
        PodInfo pod = podWithClaims("p", "pvc-a").info();
        CycleState state = new CycleState();
        pl.preFilter(state, pod, nodes);
        // node-a migrated the plugin but lacks the GKE topology label the translated PV requires.
        assertEquals(NODE_CONFLICT, pl.filter(state, pod, nodes.get(0)));
        assertEquals(Status.SUCCESS, pl.filter(state, pod, nodes.get(1)));
        // node-c did not migrate: the in-tree affinity applies.
        assertEquals(NODE_CONFLICT, pl.filter(state, pod, nodes.get(2)));
    }

    @Test
    void argsValidation() {
        PluginInitException e = assertThrows(PluginInitException.class,
                () -> new VolumeBinding(handle(snapshot(List.of(), List.of())), 600, List.of(new UtilizationShapePoint(0, 10), new UtilizationShapePoint(100, 0))));
        assertEquals("shape: Invalid value: [{\"Utilization\":0,\"Score\":10},{\"Utilization\":100,\"Score\":0}]: "
                + "unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring", e.getMessage());
        e = assertThrows(PluginInitException.class, () -> new VolumeBinding(handle(snapshot(List.of(), List.of())), -1, null));
        assertEquals("bindTimeoutSeconds: Invalid value: -1: invalid BindTimeoutSeconds, should not be a negative value", e.getMessage());
        e = assertThrows(PluginInitException.class, () -> new VolumeBinding(handle(snapshot(List.of(), List.of())), -1, List.of()));
        assertEquals("[bindTimeoutSeconds: Invalid value: -1: invalid BindTimeoutSeconds, should not be a negative value, "
                + "shape: Invalid value: []: unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring]", e.getMessage());
    }

    @Test
    void createUsesDefaultsWithoutArgs() throws PluginInitException {
        VolumeBinding pl = (VolumeBinding) VolumeBinding.create(null, handle(snapshot(List.of(), List.of())));
        assertEquals(600, pl.bindTimeoutSeconds());
        pl = (VolumeBinding) VolumeBinding.create(new VolumeBinding.Args(30, null), handle(snapshot(List.of(), List.of())));
        assertEquals(30, pl.bindTimeoutSeconds());
        assertTrue(pl.name().equals(VolumeBinding.NAME));
        // The configuration's record: an absent shape arrives as an empty list.
        pl = (VolumeBinding) VolumeBinding.create(new VolumeBindingArgs(45, List.of()), handle(snapshot(List.of(), List.of())));
        assertEquals(45, pl.bindTimeoutSeconds());
        assertThrows(PluginInitException.class, () -> VolumeBinding.create(
                new VolumeBindingArgs(600, List.of(new UtilizationShapePoint(0, 10))), handle(snapshot(List.of(), List.of()))));
        assertThrows(PluginInitException.class, () -> VolumeBinding.create("bogus", handle(snapshot(List.of(), List.of()))));
    }

    // ---- StorageCapacityScoring (beta and on in 1.37; alpha and off before) ----------------------------------------

    private static final Features V1_36 = Features.of(KubeVersion.parse("1.36"), Map.of());
    private static final Features V1_37 = Features.of(KubeVersion.parse("1.37"), Map.of());

    private static Handle handleOf(ClusterSnapshot snapshot, Features f) {
        return new SnapshotHandle(snapshot) {
            @Override
            public Features features() {
                return f;
            }
        };
    }

    private static CSIStorageCapacity capacity(String name, String size, String zone) {
        return new CSIStorageCapacityBuilder().withNewMetadata().withName(name).withNamespace("kube-system").endMetadata()
                .withStorageClassName("csi-wffc").withCapacity(new io.fabric8.kubernetes.api.model.Quantity(size))
                .withNodeTopology(new LabelSelectorBuilder().addToMatchLabels(ZONE, zone).build()).build();
    }

    private static HasMetadata trackingDriver() {
        return new CSIDriverBuilder().withNewMetadata().withName("ebs.csi.aws.com").endMetadata().withNewSpec().withStorageCapacity(true).endSpec().build();
    }

    /** A pod's PreScore status and its scores on node-a and node-b (null when PreScore skips). */
    record ScoreCase(String name, Features features, List<UtilizationShapePoint> shape, PodInfo pod, List<HasMetadata> objects,
                     Status wantPreScore, long[] wantScores) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<ScoreCase> scoreCases() {
        PodInfo claimA = podWithClaims("p", "pvc-a").info();
        List<UtilizationShapePoint> mostAllocated = List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 10));
        return Stream.of(
                new ScoreCase("1.36: no scorer", V1_36, null, claimA, objects(pvc("pvc-a", "local", "1Gi").build(),
                        localPv("pv-a", "2Gi", "node-a"), localPv("pv-b", "8Gi", "node-b")), Status.SKIP, null),
                new ScoreCase("1.37: a pod without claims scores 0", V1_37, null, podWithVolumes("p").info(), objects(), Status.SUCCESS,
                        new long[] {0, 0}),
                // 1Gi of 2Gi is 50% used: 50; 1Gi of 8Gi is 12%: 88 (integer division)
                new ScoreCase("1.37: static bindings by the chosen PV's room", V1_37, null, claimA, objects(pvc("pvc-a", "local", "1Gi").build(),
                        localPv("pv-a", "2Gi", "node-a"), localPv("pv-b", "8Gi", "node-b")), Status.SUCCESS, new long[] {50, 88}),
                // 4Gi of 20Gi: 80; 4Gi of 8Gi: 50
                new ScoreCase("1.37: provisioning by the CSIStorageCapacity with room", V1_37, null, claimA, objects(pvc("pvc-a", "csi-wffc", "4Gi").build(),
                        trackingDriver(), capacity("cap-a", "20Gi", "zone-a"), capacity("cap-b", "8Gi", "zone-b")), Status.SUCCESS, new long[] {80, 50}),
                new ScoreCase("1.37: two claims of one class draw on one pool", V1_37, null, podWithClaims("p", "pvc-a", "pvc-b").info(),
                        objects(pvc("pvc-a", "csi-wffc", "4Gi").build(), pvc("pvc-b", "csi-wffc", "4Gi").build(), trackingDriver(),
                                capacity("cap-a", "20Gi", "zone-a"), capacity("cap-b", "8Gi", "zone-b")), Status.SUCCESS, new long[] {60, 0}),
                new ScoreCase("1.37: a driver that does not track capacity gives nothing to score", V1_37, null, claimA,
                        objects(pvc("pvc-a", "csi-wffc", "4Gi").build()), Status.SUCCESS, new long[] {0, 0}),
                new ScoreCase("1.37: a configured shape", V1_37, mostAllocated, claimA, objects(pvc("pvc-a", "csi-wffc", "4Gi").build(),
                        trackingDriver(), capacity("cap-a", "20Gi", "zone-a"), capacity("cap-b", "8Gi", "zone-b")), Status.SUCCESS, new long[] {20, 50}),
                new ScoreCase("1.36 with StorageCapacityScoring=true", Features.of(KubeVersion.parse("1.36"), Features.parseGates("StorageCapacityScoring=true")),
                        null, claimA, objects(pvc("pvc-a", "csi-wffc", "4Gi").build(), trackingDriver(), capacity("cap-a", "20Gi", "zone-a"),
                                capacity("cap-b", "8Gi", "zone-b")), Status.SUCCESS, new long[] {80, 50}),
                new ScoreCase("1.37 with StorageCapacityScoring=false", Features.of(KubeVersion.parse("1.37"), Features.parseGates("StorageCapacityScoring=false")),
                        null, claimA, objects(pvc("pvc-a", "csi-wffc", "4Gi").build(), trackingDriver(), capacity("cap-a", "20Gi", "zone-a"),
                                capacity("cap-b", "8Gi", "zone-b")), Status.SKIP, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scoreCases")
    void storageCapacityScoring(ScoreCase c) throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        ClusterSnapshot snapshot = snapshot(nodes, c.objects());
        VolumeBinding pl = new VolumeBinding(handleOf(snapshot, c.features()), 600, c.shape());
        CycleState state = new CycleState();
        pl.preFilter(state, c.pod(), nodes);
        for (NodeInfo n : nodes) {
            assertEquals(Status.SUCCESS, pl.filter(state, c.pod(), n), n.name());
        }
        assertEquals(c.wantPreScore(), pl.preScore(state, c.pod(), nodes));
        if (c.wantScores() != null) {
            assertEquals(c.wantScores()[0], pl.score(state, c.pod(), nodes.get(0)), "node-a");
            assertEquals(c.wantScores()[1], pl.score(state, c.pod(), nodes.get(1)), "node-b");
        }
    }

    @Test
    void twoClassesWeighTheSameAndTheMeanIsRounded() throws PluginInitException {
        List<NodeInfo> nodes = nodes();
        // node-a: class local 1Gi of 3Gi (33% used: 67), class local2 1Gi of 2Gi (50%: 50)
        ClusterSnapshot snapshot = snapshot(nodes, objects(pvc("pvc-a", "local", "1Gi").build(), pvc("pvc-b", "local2", "1Gi").build(),
                storageClass("local2", NO_PROVISIONER, WFFC), localPv("pv-a", "3Gi", "node-a"),
                nodeAffinity(pv("pv-c", "local2", "2Gi"), HOST, "node-a").build()));
        VolumeBinding pl = new VolumeBinding(handleOf(snapshot, V1_37), 600, null);
        PodInfo pod = podWithClaims("p", "pvc-a", "pvc-b").info();
        CycleState state = new CycleState();
        pl.preFilter(state, pod, nodes);
        assertEquals(Status.SUCCESS, pl.filter(state, pod, nodes.get(0)));
        // (67 + 50) / 2 = 58.5, rounded half away from zero
        assertEquals(59, pl.score(state, pod, nodes.get(0)));
    }

    @Test
    void withStorageCapacityScoringTheShapeIsValidatedNotRefused() throws PluginInitException {
        ClusterSnapshot empty = snapshot(List.of(), List.of());
        new VolumeBinding(handleOf(empty, V1_37), 600, List.of(new UtilizationShapePoint(0, 10), new UtilizationShapePoint(100, 0)));
        PluginInitException e = assertThrows(PluginInitException.class, () -> new VolumeBinding(handleOf(empty, V1_37), 600, List.of()));
        assertEquals("shape: Required value: at least one point must be specified", e.getMessage());
        e = assertThrows(PluginInitException.class, () -> new VolumeBinding(handleOf(empty, V1_37), -1,
                List.of(new UtilizationShapePoint(50, 10), new UtilizationShapePoint(50, 11))));
        assertEquals("[bindTimeoutSeconds: Invalid value: -1: invalid BindTimeoutSeconds, should not be a negative value, "
                + "shape[1].utilization: Invalid value: 50: values must be sorted in increasing order, "
                + "shape[1].score: Invalid value: 11: not in valid range [0, 10]]", e.getMessage());
        e = assertThrows(PluginInitException.class, () -> new VolumeBinding(handleOf(empty, V1_36), 600, List.of(new UtilizationShapePoint(0, 10))));
        assertTrue(e.getMessage().endsWith("remove it or turn on the feature gate StorageCapacityScoring"), e.getMessage());
    }

    private static String claimRefName(ClusterSnapshot snapshot, String pv) {
        PersistentVolume p = snapshot.get(PersistentVolume.class, null, pv);
        return p.getSpec().getClaimRef() == null ? null : p.getSpec().getClaimRef().getName();
    }
}
