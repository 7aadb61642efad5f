package io.kubewhatif.engine.plugins.volumezone;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.storage.CsiTranslation;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.boundPv;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.boundPvc;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.handle;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.podWithClaims;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.pvc;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.snapshot;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.storageClass;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class VolumeZoneTest {
    private static final Status CONFLICT = Status.unresolvable(VolumeZone.ERR_REASON_CONFLICT);
    private static final String BETA_ZONE = CsiTranslation.LABEL_BETA_ZONE;
    private static final String BETA_REGION = CsiTranslation.LABEL_BETA_REGION;
    private static final String ZONE = CsiTranslation.LABEL_ZONE;
    private static final String REGION = CsiTranslation.LABEL_REGION;

    /** Claims of the pod, node labels, and the statuses of PreFilter and Filter (null: not reached). */
    record Case(String name, List<String> claims, Map<String, String> nodeLabels, Status wantPreFilter, Status wantFilter) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Upstream's fixtures: claims bound to PVs labelled with zones and regions, plus unbound claims. */
    private static List<HasMetadata> cluster() {
        List<HasMetadata> o = new ArrayList<>();
        o.add(boundPv("Vol_1", "PVC_1").editMetadata().addToLabels(BETA_ZONE, "us-west1-a").endMetadata().build());
        o.add(boundPv("Vol_2", "PVC_2").editMetadata().addToLabels(BETA_REGION, "us-west1").addToLabels(BETA_ZONE, "us-west1-a").endMetadata().build());
        o.add(boundPv("Vol_3", "PVC_3").editMetadata().addToLabels(BETA_REGION, "us-west1").endMetadata().build());
        o.add(boundPv("Vol_Multi", "PVC_Multi").editMetadata().addToLabels(BETA_ZONE, "us-west1-b__us-west1-c").endMetadata().build());
        o.add(boundPv("Vol_GA", "PVC_GA").editMetadata().addToLabels(ZONE, "us-west1-a").addToLabels(REGION, "us-west1").endMetadata().build());
        o.add(boundPv("Vol_Bad", "PVC_Bad").editMetadata().addToLabels(BETA_ZONE, "us-west1-a__").endMetadata().build());
        o.add(boundPvc("PVC_1", "", "Vol_1"));
        o.add(boundPvc("PVC_2", "", "Vol_2"));
        o.add(boundPvc("PVC_3", "", "Vol_3"));
        o.add(boundPvc("PVC_Multi", "", "Vol_Multi"));
        o.add(boundPvc("PVC_GA", "", "Vol_GA"));
        o.add(boundPvc("PVC_Bad", "", "Vol_Bad"));
        o.add(boundPvc("PVC_4", "", "Vol_not_exist"));
        o.add(pvc("PVC_NoClass", null, "1Gi").build());
        o.add(pvc("PVC_WFFC", "wffc", "1Gi").build());
        o.add(pvc("PVC_Immediate", "immediate", "1Gi").build());
        o.add(pvc("PVC_NoSuchClass", "Class_NotExist", "1Gi").build());
        o.add(storageClass("wffc", "kubernetes.io/no-provisioner", "WaitForFirstConsumer"));
        o.add(storageClass("immediate", "kubernetes.io/no-provisioner", "Immediate"));
        o.add(storageClass("Class_Immediate", "kubernetes.io/no-provisioner", null));
        o.add(pvc("PVC_NoMode", "Class_Immediate", "1Gi").build());
        return o;
    }

    static Stream<Case> cases() {
        Map<String, String> zoneA = Map.of(BETA_ZONE, "us-west1-a", "uselessLabel", "none");
        Map<String, String> regionA = Map.of(BETA_REGION, "us-west1", "uselessLabel", "none");
        return Stream.of(
                new Case("pod without volumes", List.of(), zoneA, Status.SKIP, null),
                new Case("node without topology labels", List.of("PVC_1"), Map.of("uselessLabel", "none"), Status.SUCCESS, Status.SUCCESS),
                new Case("beta zone matched", List.of("PVC_1"), zoneA, Status.SUCCESS, Status.SUCCESS),
                new Case("beta region matched", List.of("PVC_3"), regionA, Status.SUCCESS, Status.SUCCESS),
                new Case("region label missing on the node", List.of("PVC_2"), zoneA, Status.SUCCESS, CONFLICT),
                new Case("beta region mismatched", List.of("PVC_3"), Map.of(BETA_REGION, "no_us-west1", "uselessLabel", "none"), Status.SUCCESS, CONFLICT),
                new Case("beta zone mismatched", List.of("PVC_1"), Map.of(BETA_ZONE, "no_us-west1-a"), Status.SUCCESS, CONFLICT),
                new Case("beta PV label against GA node label", List.of("PVC_1"), Map.of(ZONE, "us-west1-a"), Status.SUCCESS, Status.SUCCESS),
                new Case("GA PV labels against beta node labels do not translate", List.of("PVC_GA"), Map.of(BETA_ZONE, "us-west1-a", BETA_REGION, "us-west1"),
                        Status.SUCCESS, CONFLICT),
                new Case("multi-zone PV, zone listed", List.of("PVC_Multi"), Map.of(BETA_ZONE, "us-west1-c"), Status.SUCCESS, Status.SUCCESS),
                new Case("multi-zone PV, zone not listed", List.of("PVC_Multi"), Map.of(BETA_ZONE, "us-west1-a"), Status.SUCCESS, CONFLICT),
                new Case("unparsable zone label is ignored", List.of("PVC_Bad"), Map.of(BETA_ZONE, "elsewhere"), Status.SKIP, null),
                new Case("PV missing", List.of("PVC_4"), zoneA, Status.unresolvable("persistentvolume \"Vol_not_exist\" not found"), null),
                new Case("claim missing", List.of("PVC_NotExist"), zoneA, Status.unresolvable("persistentvolumeclaim \"PVC_NotExist\" not found"), null),
                new Case("unbound claim without class", List.of("PVC_NoClass"), zoneA,
                        Status.unresolvable("PersistentVolumeClaim had no pv name and storageClass name"), null),
                new Case("unbound WaitForFirstConsumer claim is left to VolumeBinding", List.of("PVC_WFFC"), zoneA, Status.SKIP, null),
                new Case("unbound WaitForFirstConsumer and a zonal PV", List.of("PVC_WFFC", "PVC_1"), Map.of(BETA_ZONE, "other"), Status.SUCCESS, CONFLICT),
                new Case("unbound Immediate claim", List.of("PVC_Immediate"), zoneA, Status.unresolvable("PersistentVolume had no name"), null),
                // TestWithBinding "unbound volume immediate binding mode": the class has no volumeBindingMode.
                new Case("class without volumeBindingMode", List.of("PVC_NoMode"), zoneA,
                        Status.unresolvable("VolumeBindingMode not set for StorageClass \"Class_Immediate\""), null),
                new Case("class missing", List.of("PVC_NoSuchClass"), zoneA,
                        Status.unresolvable("storageclass.storage.k8s.io \"Class_NotExist\" not found"), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void preFilterAndFilter(Case c) {
        Fixtures.NodeFixture nf = Fixtures.node("n");
        c.nodeLabels.forEach(nf::label);
        NodeInfo n = nf.info();
        ClusterSnapshot snapshot = snapshot(List.of(n), cluster());
        VolumeZone pl = new VolumeZone(handle(snapshot));
        PodInfo pod = podWithClaims("p", c.claims.toArray(String[]::new)).info();
        CycleState state = new CycleState();
        PreFilterResult pre = pl.preFilter(state, pod, snapshot.nodes());
        assertEquals(c.wantPreFilter, pre.status());
        if (c.wantFilter != null) {
            assertEquals(c.wantFilter, pl.filter(state, pod, n));
        }
    }

    @Test
    void filterWithoutStateComputesTheTopologies() {
        NodeInfo n = Fixtures.node("n").label(BETA_ZONE, "us-west1-b").info();
        VolumeZone pl = new VolumeZone(handle(snapshot(List.of(n), cluster())));
        assertEquals(CONFLICT, pl.filter(new CycleState(), podWithClaims("p", "PVC_1").info(), n));
        assertEquals(Status.unresolvable("persistentvolumeclaim \"x\" not found"), pl.filter(new CycleState(), podWithClaims("p", "x").info(), n));
    }

    @Test
    void labelZonesToSet() {
        assertEquals(Set.of("a", "b"), VolumeZone.labelZonesToSet(" a__b "));
        assertNull(VolumeZone.labelZonesToSet(""));
        assertNull(VolumeZone.labelZonesToSet("a____b"));
    }
}
