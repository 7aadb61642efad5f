package io.kubewhatif.engine.plugins.volumerestrictions;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.claimVolume;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.handle;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.podWithClaims;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.podWithVolumes;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.pvc;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.snapshot;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static org.junit.jupiter.api.Assertions.assertEquals;

class VolumeRestrictionsTest {
    private static final Status DISK_CONFLICT = Status.unschedulable(VolumeRestrictions.ERR_REASON_DISK_CONFLICT);
    private static final Status RWOP_CONFLICT = Status.unschedulable(VolumeRestrictions.ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT);

    /** The pod, the pods already on the only node, other cluster objects, PreFilter's and Filter's statuses. */
    record Case(String name, PodInfo pod, List<PodInfo> onNode, List<HasMetadata> objects, Status wantPreFilter, Status wantFilter) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Volume gce(String pd, boolean readOnly) {
        return new VolumeBuilder().withName("g-" + pd).withNewGcePersistentDisk().withPdName(pd).withReadOnly(readOnly).endGcePersistentDisk().build();
    }

    private static Volume ebs(String id) {
        return new VolumeBuilder().withName("a-" + id).withNewAwsElasticBlockStore().withVolumeID(id).endAwsElasticBlockStore().build();
    }

    private static Volume rbd(List<String> monitors, String pool, String image, boolean readOnly) {
        return new VolumeBuilder().withName("r-" + image).withNewRbd().withMonitors(monitors).withPool(pool).withImage(image).withReadOnly(readOnly).endRbd().build();
    }

    private static Volume iscsi(String iqn, boolean readOnly) {
        return new VolumeBuilder().withName("i-" + iqn.hashCode()).withNewIscsi().withIqn(iqn).withTargetPortal("127.0.0.1:3260").withLun(0).withReadOnly(readOnly).endIscsi().build();
    }

    private static PodInfo with(String name, Volume... v) {
        return podWithVolumes(name, v).nodeName("n").info();
    }

    private static PodInfo incoming(Volume... v) {
        return podWithVolumes("incoming", v).info();
    }

    static Stream<Case> cases() {
        List<HasMetadata> none = List.of();
        List<HasMetadata> rwop = List.of(pvc("once", "csi", "1Gi", "ReadWriteOncePod").build(), pvc("shared", "csi", "1Gi", "ReadWriteOnce").build());
        return Stream.of(
                new Case("no volumes: skip", incoming(), List.of(), none, Status.SKIP, null),
                new Case("GCE PD on an empty node", incoming(gce("foo", false)), List.of(), none, Status.SUCCESS, Status.SUCCESS),
                new Case("GCE PD already mounted", incoming(gce("foo", false)), List.of(with("e", gce("foo", false))), none, Status.SUCCESS, DISK_CONFLICT),
                new Case("GCE PD another disk", incoming(gce("foo", false)), List.of(with("e", gce("bar", false))), none, Status.SUCCESS, Status.SUCCESS),
                new Case("GCE PD both read-only", incoming(gce("foo", true)), List.of(with("e", gce("foo", true))), none, Status.SUCCESS, Status.SUCCESS),
                new Case("GCE PD only existing read-only", incoming(gce("foo", false)), List.of(with("e", gce("foo", true))), none, Status.SUCCESS, DISK_CONFLICT),
                new Case("AWS EBS same volume", incoming(ebs("vol-1")), List.of(with("e", ebs("vol-1"))), none, Status.SUCCESS, DISK_CONFLICT),
                new Case("AWS EBS other volume", incoming(ebs("vol-1")), List.of(with("e", ebs("vol-2"))), none, Status.SUCCESS, Status.SUCCESS),
                new Case("RBD shared monitor, same pool and image", incoming(rbd(List.of("a", "b"), "pool", "img", false)),
                        List.of(with("e", rbd(List.of("b", "c"), "pool", "img", false))), none, Status.SUCCESS, DISK_CONFLICT),
                new Case("RBD disjoint monitors", incoming(rbd(List.of("a"), "pool", "img", false)),
                        List.of(with("e", rbd(List.of("c"), "pool", "img", false))), none, Status.SUCCESS, Status.SUCCESS),
                new Case("RBD default pool equals rbd", incoming(rbd(List.of("a"), null, "img", false)),
                        List.of(with("e", rbd(List.of("a"), "rbd", "img", false))), none, Status.SUCCESS, DISK_CONFLICT),
                new Case("RBD both read-only", incoming(rbd(List.of("a"), "pool", "img", true)),
                        List.of(with("e", rbd(List.of("a"), "pool", "img", true))), none, Status.SUCCESS, Status.SUCCESS),
                new Case("iSCSI same IQN", incoming(iscsi("iqn.2016-12.server:storage.target01", false)),
                        List.of(with("e", iscsi("iqn.2016-12.server:storage.target01", false))), none, Status.SUCCESS, DISK_CONFLICT),
                new Case("iSCSI other IQN", incoming(iscsi("iqn.2016-12.server:storage.target01", false)),
                        List.of(with("e", iscsi("iqn.2017-12.server:storage.target01", false))), none, Status.SUCCESS, Status.SUCCESS),
                new Case("missing claim", podWithClaims("incoming", "nope").info(), List.of(), none,
                        Status.unresolvable("persistentvolumeclaim \"nope\" not found"), null),
                new Case("ReadWriteOncePod claim unused: skip", podWithClaims("incoming", "once").info(), List.of(), rwop, Status.SKIP, null),
                new Case("ReadWriteOncePod claim used by a scheduled pod", podWithClaims("incoming", "once").info(),
                        List.of(podWithClaims("holder", "once").nodeName("n").info()), rwop, Status.SUCCESS, RWOP_CONFLICT),
                new Case("ReadWriteOnce claim used by a scheduled pod: skip", podWithClaims("incoming", "shared").info(),
                        List.of(podWithClaims("holder", "shared").nodeName("n").info()), rwop, Status.SKIP, null),
                new Case("GCE PD and a used ReadWriteOncePod claim: disk first", incoming(gce("foo", false), claimVolume("v", "once")),
                        List.of(with("holder", gce("foo", false), claimVolume("v", "once"))),
                        rwop, Status.SUCCESS, DISK_CONFLICT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void preFilterAndFilter(Case c) {
        NodeInfo n = node("n").info(c.onNode.toArray(PodInfo[]::new));
        ClusterSnapshot snapshot = snapshot(List.of(n), c.objects);
        VolumeRestrictions pl = new VolumeRestrictions(handle(snapshot));
        CycleState state = new CycleState();
        PreFilterResult pre = pl.preFilter(state, c.pod, snapshot.nodes());
        assertEquals(c.wantPreFilter, pre.status());
        if (c.wantFilter != null) {
            assertEquals(c.wantFilter, pl.filter(state, c.pod, n));
        }
    }

    @Test
    void claimHolderOnAnotherNodeConflictsEverywhere() {
        NodeInfo a = node("a").info(podWithClaims("holder", "once").nodeName("a").info());
        NodeInfo b = node("b").info();
        ClusterSnapshot snapshot = snapshot(List.of(a, b), List.of(pvc("once", "csi", "1Gi", "ReadWriteOncePod").build()));
        VolumeRestrictions pl = new VolumeRestrictions(handle(snapshot));
        PodInfo pod = podWithClaims("incoming", "once").info();
        CycleState state = new CycleState();
        assertEquals(Status.SUCCESS, pl.preFilter(state, pod, snapshot.nodes()).status());
        assertEquals(RWOP_CONFLICT, pl.filter(state, pod, a));
        assertEquals(RWOP_CONFLICT, pl.filter(state, pod, b));
    }

    @Test
    void removingTheHolderOnAClonedStateResolvesTheConflict() {
        PodInfo holder = podWithClaims("holder", "once").nodeName("a").info();
        NodeInfo a = node("a").info(holder);
        ClusterSnapshot snapshot = snapshot(List.of(a), List.of(pvc("once", "csi", "1Gi", "ReadWriteOncePod").build()));
        VolumeRestrictions pl = new VolumeRestrictions(handle(snapshot));
        PodInfo pod = podWithClaims("incoming", "once").info();
        CycleState state = new CycleState();
        pl.preFilter(state, pod, snapshot.nodes());

        CycleState clone = state.copy();
        NodeInfo without = a.snapshot();
        without.removePod(holder);
        assertEquals(Status.SUCCESS, pl.removePod(clone, pod, holder, without));
        assertEquals(Status.SUCCESS, pl.filter(clone, pod, without));
        // The original state is untouched by the clone's update.
        assertEquals(RWOP_CONFLICT, pl.filter(state, pod, a));
        assertEquals(Status.SUCCESS, pl.addPod(clone, pod, holder, a));
        assertEquals(RWOP_CONFLICT, pl.filter(clone, pod, a));
    }

    @Test
    void filterWithoutPreFilterStateIsAnError() {
        VolumeRestrictions pl = new VolumeRestrictions(handle(snapshot(List.of(), List.of())));
        assertEquals(Status.error("cannot read \"PreFilterVolumeRestrictions\" from cycleState"),
                pl.filter(new CycleState(), podWithClaims("p").info(), node("n").info()));
    }
}
