package io.kubewhatif.engine.plugins.nodevolumelimits;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.storage.CSIDriver;
import io.fabric8.kubernetes.api.model.storage.CSIDriverBuilder;
import io.fabric8.kubernetes.api.model.storage.VolumeAttachmentBuilder;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.version.FeatureGate;
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
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.claimVolume;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.csiNode;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.ephemeralVolume;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.handle;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

class NodeVolumeLimitsTest {
    private static final String EBS = "ebs.csi.aws.com";
    private static final Status EXCEEDED = Status.unschedulable(NodeVolumeLimits.ERR_REASON_MAX_VOLUME_COUNT_EXCEEDED);

    /** The incoming pod, pods on the node, the node's EBS limit (null: no CSINode), extra objects, Filter's status. */
    record Case(String name, PodInfo pod, List<PodInfo> onNode, Integer ebsLimit, String migratedPlugins, List<HasMetadata> extra, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** csi-0..csi-4: CSI EBS PVs bound to claims c-0..c-4; in-tree EBS PV bound to c-intree; c-unbound is provisioned by EBS. */
    private static List<HasMetadata> cluster() {
        List<HasMetadata> o = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            o.add(pv("csi-" + i, "", "1Gi").editSpec().withNewCsi().withDriver(EBS).withVolumeHandle("vol-" + i).endCsi().endSpec().build());
            o.add(boundPvc("c-" + i, "", "csi-" + i));
        }
        o.add(pv("intree", "", "1Gi").editSpec().withNewAwsElasticBlockStore().withVolumeID("aws://us-east-1a/vol-9").endAwsElasticBlockStore().endSpec().build());
        o.add(boundPvc("c-intree", "", "intree"));
        o.add(storageClass("ebs", EBS, "WaitForFirstConsumer"));
        o.add(storageClass("ebs-intree", "kubernetes.io/aws-ebs", "WaitForFirstConsumer"));
        o.add(storageClass("azfile", "kubernetes.io/azure-file", "WaitForFirstConsumer"));
        o.add(pvc("c-unbound", "ebs", "1Gi").build());
        o.add(pvc("c-unbound-intree", "ebs-intree", "1Gi").build());
        o.add(pvc("c-unbound-azfile", "azfile", "1Gi").build());
        o.add(boundPvc("c-missing-pv", "ebs", "gone"));
        return o;
    }

    private static PodInfo incoming(String... claims) {
        return podWithClaims("incoming", claims).info();
    }

    private static PodInfo running(String name, String... claims) {
        return podWithClaims(name, claims).nodeName("n").info();
    }

    private static Volume inlineEbs(String id) {
        return new VolumeBuilder().withName("inline-" + id).withNewAwsElasticBlockStore().withVolumeID(id).endAwsElasticBlockStore().build();
    }

    private static Volume inlinePortworx(String id) {
        return new VolumeBuilder().withName("px-" + id).withNewPortworxVolume().withVolumeID(id).endPortworxVolume().build();
    }

    private static Volume inlineAzureDisk(String kind) {
        return new VolumeBuilder().withName("az").withNewAzureDisk().withDiskName("d").withDiskURI("uri").withKind(kind).endAzureDisk().build();
    }

    static Stream<Case> cases() {
        List<HasMetadata> none = List.of();
        return Stream.of(
                new Case("new volumes within the limit", incoming("c-0", "c-1"), List.of(), 2, null, none, Status.SUCCESS),
                new Case("new volumes plus attached exceed the limit", incoming("c-0", "c-1"), List.of(running("e", "c-2")), 2, null, none, EXCEEDED),
                new Case("a volume shared with a running pod counts once", incoming("c-0", "c-1"), List.of(running("e", "c-1")), 2, null, none, Status.SUCCESS),
                new Case("the same claim twice in one pod counts once", incoming("c-0", "c-0"), List.of(running("e", "c-2")), 2, null, none, Status.SUCCESS),
                new Case("no CSINode: no limits", incoming("c-0", "c-1", "c-2"), List.of(running("e", "c-3")), null, null, none, Status.SUCCESS),
                new Case("limit of another driver", incoming("c-0", "c-1"), List.of(running("e", "c-2")), -1, null, none, Status.SUCCESS),
                new Case("unbound claim counts through its class's provisioner", incoming("c-unbound"), List.of(running("e", "c-2")), 1, null, none, EXCEEDED),
                new Case("unbound claim of a migrated in-tree provisioner", incoming("c-unbound-intree"), List.of(running("e", "c-2")), 1, null, none, EXCEEDED),
                new Case("unbound claim of a non-migrated in-tree provisioner", incoming("c-unbound-azfile"), List.of(running("e", "c-2")), 1, null, none, Status.SUCCESS),
                new Case("claim bound to a missing PV counts through its class", incoming("c-missing-pv"), List.of(running("e", "c-2")), 1, null, none, EXCEEDED),
                new Case("in-tree EBS PV translates to the EBS driver", incoming("c-intree"), List.of(running("e", "c-2")), 1, null, none, EXCEEDED),
                new Case("in-tree EBS PV and the same inline volume", incoming("c-intree"),
                        List.of(podWithVolumes("e", inlineEbs("vol-9")).nodeName("n").info()), 1, null, none, Status.SUCCESS),
                new Case("inline EBS volume counts", podWithVolumes("incoming", inlineEbs("vol-7")).info(), List.of(running("e", "c-2")), 1, null, none, EXCEEDED),
                new Case("inline EBS volume with a bad id", podWithVolumes("incoming", inlineEbs("aws://zone/bad")).info(), List.of(), 1, null, none,
                        Status.error("converting volume(inline-aws://zone/bad) from inline to csi: failed to translate Kubernetes ID to EBS Volume ID Invalid format for AWS volume (aws://zone/bad)")),
                new Case("inline Azure disk defaults to kind Shared, which does not migrate", podWithVolumes("incoming", inlineAzureDisk(null)).info(), List.of(), 1, null, none,
                        Status.error("converting volume(az) from inline to csi: kind(Shared) is not supported in csi migration")),
                new Case("inline Portworx volume without the migrated annotation", podWithVolumes("incoming", inlinePortworx("p1")).info(),
                        List.of(podWithVolumes("e", inlinePortworx("p2")).nodeName("n").info()), 1, null, none, Status.SUCCESS),
                new Case("missing claim of the incoming pod", incoming("nope"), List.of(), 1, null, none,
                        Status.unresolvable("looking up PVC default/nope: persistentvolumeclaim \"nope\" not found")),
                new Case("missing claim of a running pod is ignored", incoming("c-0"), List.of(running("e", "nope")), 1, null, none, Status.SUCCESS),
                new Case("volume attachment on the node counts", incoming("c-0"), List.of(), 1, null,
                        List.of(new VolumeAttachmentBuilder().withNewMetadata().withName("va").endMetadata()
                                .withNewSpec().withAttacher(EBS).withNodeName("n").withNewSource().withPersistentVolumeName("csi-3").endSource().endSpec().build()),
                        EXCEEDED),
                new Case("volume attachment of the pod's own volume", incoming("c-3"), List.of(), 1, null,
                        List.of(new VolumeAttachmentBuilder().withNewMetadata().withName("va").endMetadata()
                                .withNewSpec().withAttacher(EBS).withNodeName("n").withNewSource().withPersistentVolumeName("csi-3").endSource().endSpec().build()),
                        EXCEEDED),
                new Case("volume attachment on another node", incoming("c-0"), List.of(), 1, null,
                        List.of(new VolumeAttachmentBuilder().withNewMetadata().withName("va").endMetadata()
                                .withNewSpec().withAttacher(EBS).withNodeName("other").withNewSource().withPersistentVolumeName("csi-3").endSource().endSpec().build()),
                        Status.SUCCESS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void filter(Case c) {
        NodeInfo n = node("n").info(c.onNode.toArray(PodInfo[]::new));
        List<HasMetadata> objects = new ArrayList<>(cluster());
        objects.addAll(c.extra);
        if (c.ebsLimit != null) {
            Map<String, Integer> drivers = new LinkedHashMap<>();
            if (c.ebsLimit >= 0) {
                drivers.put(EBS, c.ebsLimit);
            } else {
                drivers.put("other.csi.driver", 0);
            }
            drivers.put("pxd.portworx.com", 1);
            drivers.put("unlimited.csi.driver", null);
            objects.add(csiNode("n", drivers, c.migratedPlugins));
        }
        ClusterSnapshot snapshot = snapshot(List.of(n), objects);
        NodeVolumeLimits pl = new NodeVolumeLimits(handle(snapshot));
        CycleState state = new CycleState();
        assertEquals(Status.SUCCESS, pl.preFilter(state, c.pod, snapshot.nodes()).status());
        assertEquals(c.want, pl.filter(state, c.pod, n));
    }

    @Test
    void portworxCountsWhereTheNodeListsItAsMigrated() {
        NodeInfo n = node("n").info(podWithVolumes("e", inlinePortworx("p2")).nodeName("n").info());
        List<HasMetadata> objects = new ArrayList<>(cluster());
        objects.add(csiNode("n", Map.of("pxd.portworx.com", 1), "kubernetes.io/portworx-volume"));
        NodeVolumeLimits pl = new NodeVolumeLimits(handle(snapshot(List.of(n), objects)));
        PodInfo pod = podWithVolumes("incoming", inlinePortworx("p1")).info();
        assertEquals(EXCEEDED, pl.filter(new CycleState(), pod, n));
    }

    @Test
    void ephemeralVolumes() {
        PodInfo pod = podWithVolumes("incoming", ephemeralVolume("xyz")).info();
        PersistentVolumeClaim owned = ownedBy(pvc("incoming-xyz", "ebs", "1Gi").build(), pod);
        PersistentVolumeClaim foreign = pvc("incoming-xyz", "ebs", "1Gi").build();
        NodeInfo n = node("n").info(running("e", "c-2"));

        List<HasMetadata> objects = new ArrayList<>(cluster());
        objects.add(csiNode("n", Map.of(EBS, 1), null));
        NodeVolumeLimits pl = new NodeVolumeLimits(handle(snapshot(List.of(n), objects)));
        assertEquals(Status.unresolvable("looking up PVC default/incoming-xyz: persistentvolumeclaim \"incoming-xyz\" not found"),
                pl.filter(new CycleState(), pod, n));

        objects.add(owned);
        pl = new NodeVolumeLimits(handle(snapshot(List.of(n), objects)));
        assertEquals(EXCEEDED, pl.filter(new CycleState(), pod, n));

        objects.set(objects.size() - 1, foreign);
        pl = new NodeVolumeLimits(handle(snapshot(List.of(n), objects)));
        assertEquals(Status.error("PVC default/incoming-xyz was not created for pod default/incoming (pod is not owner)"),
                pl.filter(new CycleState(), pod, n));
    }

    @Test
    void preFilterSkipsPodsWithoutAttachableVolumes() {
        NodeVolumeLimits pl = new NodeVolumeLimits(handle(snapshot(List.of(), List.of())));
        Volume emptyDir = new VolumeBuilder().withName("scratch").withNewEmptyDir().endEmptyDir().build();
        assertEquals(Status.SKIP, pl.preFilter(new CycleState(), podWithVolumes("p", emptyDir).info(), List.of()).status());
        assertEquals(Status.SKIP, pl.preFilter(new CycleState(), podWithVolumes("p").info(), List.of()).status());
        Volume gce = new VolumeBuilder().withName("g").withNewGcePersistentDisk().withPdName("pd").endGcePersistentDisk().build();
        assertEquals(Status.SUCCESS, pl.preFilter(new CycleState(), podWithVolumes("p", gce).info(), List.of()).status());
        assertEquals(Status.SUCCESS, pl.preFilter(new CycleState(), podWithVolumes("p", ephemeralVolume("e")).info(), List.of()).status());
        assertEquals(Status.SUCCESS, pl.preFilter(new CycleState(), podWithVolumes("p", claimVolume("v", "c")).info(), List.of()).status());
    }

    // ---- VolumeLimitScaling (upstream's TestVolumeLimitScalingGate and the paths around it) --------------------

    private static final Status EBS_NOT_INSTALLED = Status.unschedulable(EBS + NodeVolumeLimits.ERR_REASON_DRIVER_NOT_INSTALLED);

    private static Features features(String version, Boolean gate) {
        return Features.of(KubeVersion.parse(version), gate == null ? Map.of() : Map.of(FeatureGate.VOLUME_LIMIT_SCALING, gate));
    }

    private static CSIDriver csiDriver(String name, Boolean preventPodSchedulingIfMissing) {
        CSIDriver d = new CSIDriverBuilder().withNewMetadata().withName(name).endMetadata().withNewSpec().endSpec().build();
        if (preventPodSchedulingIfMissing != null) {
            d.getSpec().setAdditionalProperty(NodeVolumeLimits.PREVENT_POD_SCHEDULING_IF_MISSING, preventPodSchedulingIfMissing);
        }
        return d;
    }

    /**
     * The incoming pod and those on the node, the node's CSINode drivers (driver → limit, null entry value: no
     * limit; null map: no CSINode), the CSIDriver objects, the version and gate, and Filter's status.
     */
    record ScalingCase(String name, PodInfo pod, List<PodInfo> onNode, Map<String, Integer> csiNodeDrivers, List<CSIDriver> drivers,
                       Features features, Status want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<ScalingCase> scalingCases() {
        Features on = features("1.36", true);
        Features off = features("1.36", null);
        Map<String, Integer> noDrivers = Map.of();
        List<CSIDriver> optIn = List.of(csiDriver(EBS, true));
        return Stream.of(
                // upstream's table: a PVC bound to a CSI EBS PV, a CSINode without drivers unless limits are given
                new ScalingCase("gate on, CSIDriver without the opt-in", incoming("c-0"), List.of(), noDrivers, List.of(csiDriver(EBS, null)), on, Status.SUCCESS),
                new ScalingCase("gate on, opt-in, driver not on the node", incoming("c-0"), List.of(), noDrivers, optIn, on, EBS_NOT_INSTALLED),
                new ScalingCase("gate off: no driver check", incoming("c-0"), List.of(), noDrivers, optIn, off, Status.SUCCESS),
                new ScalingCase("gate on, driver on the node within its limit", incoming("c-0"), List.of(), Map.of(EBS, 2), optIn, on, Status.SUCCESS),
                new ScalingCase("gate on, no CSIDriver object: maybe not CSI", incoming("c-0"), List.of(), noDrivers, List.of(), on, Status.SUCCESS),
                // around it
                new ScalingCase("opt-in set to false", incoming("c-0"), List.of(), noDrivers, List.of(csiDriver(EBS, false)), on, Status.SUCCESS),
                new ScalingCase("no CSINode at all", incoming("c-0"), List.of(), null, optIn, on, EBS_NOT_INSTALLED),
                new ScalingCase("driver listed without a limit", incoming("c-0"), List.of(), Map.of(EBS, -1), optIn, on, Status.SUCCESS),
                new ScalingCase("driver listed, limit exceeded: the limit's reason", incoming("c-0", "c-1"), List.of(running("e", "c-2")),
                        Map.of(EBS, 2), optIn, on, EXCEEDED),
                new ScalingCase("checked before the limits of other drivers", incoming("c-0"), List.of(), Map.of("other.csi.driver", 0), optIn, on,
                        EBS_NOT_INSTALLED),
                new ScalingCase("a volume a running pod shares is still checked", incoming("c-0"), List.of(running("e", "c-0")), noDrivers, optIn, on,
                        EBS_NOT_INSTALLED),
                new ScalingCase("unbound claim: its class's provisioner", incoming("c-unbound"), List.of(), noDrivers, optIn, on, EBS_NOT_INSTALLED),
                new ScalingCase("migrated in-tree PV: the CSI driver it migrates to", incoming("c-intree"), List.of(), noDrivers, optIn, on,
                        EBS_NOT_INSTALLED),
                new ScalingCase("migrated in-tree PV without a CSINode: not counted, not checked", incoming("c-intree"), List.of(), null, optIn, on,
                        Status.SUCCESS),
                new ScalingCase("inline EBS volume", podWithVolumes("incoming", inlineEbs("vol-7")).info(), List.of(), noDrivers, optIn, on,
                        EBS_NOT_INSTALLED),
                new ScalingCase("non-migrated in-tree class: no CSI volume", incoming("c-unbound-azfile"), List.of(), noDrivers,
                        List.of(csiDriver("kubernetes.io/azure-file", true)), on, Status.SUCCESS),
                new ScalingCase("two drivers missing: the smallest name", incoming("c-0", "c-unbound-zz"), List.of(), noDrivers,
                        List.of(csiDriver(EBS, true), csiDriver("aa.csi.example.com", true)), on,
                        Status.unschedulable("aa.csi.example.com" + NodeVolumeLimits.ERR_REASON_DRIVER_NOT_INSTALLED)),
                new ScalingCase("1.35: any CSIDriver object requires the driver", incoming("c-0"), List.of(), noDrivers, List.of(csiDriver(EBS, null)),
                        features("1.35", true), EBS_NOT_INSTALLED),
                new ScalingCase("1.35: gate off by default", incoming("c-0"), List.of(), noDrivers, List.of(csiDriver(EBS, null)),
                        features("1.35", null), Status.SUCCESS),
                new ScalingCase("1.37: on by default, opt-in needed", incoming("c-0"), List.of(), noDrivers, optIn, features("1.37", null), EBS_NOT_INSTALLED),
                new ScalingCase("1.37: without the opt-in", incoming("c-0"), List.of(), noDrivers, List.of(csiDriver(EBS, null)), features("1.37", null),
                        Status.SUCCESS),
                new ScalingCase("1.37: gate turned off", incoming("c-0"), List.of(), noDrivers, optIn, features("1.37", false), Status.SUCCESS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scalingCases")
    void volumeLimitScaling(ScalingCase c) {
        NodeInfo n = node("n").info(c.onNode.toArray(PodInfo[]::new));
        List<HasMetadata> objects = new ArrayList<>(cluster());
        objects.add(storageClass("zz", "aa.csi.example.com", "WaitForFirstConsumer"));
        objects.add(pvc("c-unbound-zz", "zz", "1Gi").build());
        objects.addAll(c.drivers);
        if (c.csiNodeDrivers != null) {
            Map<String, Integer> drivers = new LinkedHashMap<>();
            c.csiNodeDrivers.forEach((d, limit) -> drivers.put(d, limit < 0 ? null : limit));
            objects.add(csiNode("n", drivers, null));
        }
        ClusterSnapshot snapshot = snapshot(List.of(n), objects);
        NodeVolumeLimits pl = new NodeVolumeLimits(handle(snapshot), c.features);
        CycleState state = new CycleState();
        assertEquals(Status.SUCCESS, pl.preFilter(state, c.pod, snapshot.nodes()).status());
        assertEquals(c.want, pl.filter(state, c.pod, n));
    }

    @Test
    void optInIsReadFromTheSpecsExtraFields() {
        assertTrue(NodeVolumeLimits.preventPodSchedulingIfMissing(csiDriver(EBS, true)));
        assertFalse(NodeVolumeLimits.preventPodSchedulingIfMissing(csiDriver(EBS, false)));
        assertFalse(NodeVolumeLimits.preventPodSchedulingIfMissing(csiDriver(EBS, null)));
        assertFalse(NodeVolumeLimits.preventPodSchedulingIfMissing(new CSIDriverBuilder().withNewMetadata().withName(EBS).endMetadata().build()));
    }
}
