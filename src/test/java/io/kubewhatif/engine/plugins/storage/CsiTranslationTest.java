package io.kubewhatif.engine.plugins.storage;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.nodeAffinity;
import static io.kubewhatif.engine.plugins.storage.VolumeFixtures.pv;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CsiTranslationTest {
    private static final String ZONE = CsiTranslation.LABEL_ZONE;
    private static final String BETA_ZONE = CsiTranslation.LABEL_BETA_ZONE;
    private static final String BETA_REGION = CsiTranslation.LABEL_BETA_REGION;

    /** A PV, and its translation: driver, handle, the node affinity as "key op [values]" per term, or the error. */
    record Case(String name, PersistentVolume pv, String driver, String handle, List<String> affinity, String error) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static PersistentVolumeBuilder gce(String pd) {
        return pv("pd", "", "1Gi").editSpec().withNewGcePersistentDisk().withPdName(pd).endGcePersistentDisk().endSpec();
    }

    private static PersistentVolumeBuilder ebs(String id) {
        return pv("ebs", "", "1Gi").editSpec().withNewAwsElasticBlockStore().withVolumeID(id).endAwsElasticBlockStore().endSpec();
    }

    static Stream<Case> cases() {
        String gke = "topology.gke.io/zone";
        String aws = "topology.ebs.csi.aws.com/zone";
        return Stream.of(
                new Case("GCE PD without zone", gce("disk").build(), "pd.csi.storage.gke.io", "projects/UNSPECIFIED/zones/UNSPECIFIED/disks/disk", null, null),
                new Case("GCE PD zone label becomes affinity", gce("disk").editMetadata().addToLabels(ZONE, "us-central1-a").endMetadata().build(),
                        "pd.csi.storage.gke.io", "projects/UNSPECIFIED/zones/us-central1-a/disks/disk", List.of(gke + " In [us-central1-a]"), null),
                new Case("GCE PD regional", gce("disk").editMetadata().addToLabels(BETA_ZONE, "us-central1-a__us-central1-b").endMetadata().build(),
                        "pd.csi.storage.gke.io", "projects/UNSPECIFIED/regions/us-central1/disks/disk", List.of(gke + " In [us-central1-a, us-central1-b]"), null),
                new Case("GCE PD zones of two regions", gce("disk").editMetadata().addToLabels(ZONE, "us-central1-a__europe-west1-b").endMetadata().build(),
                        null, null, null, "failed to get region from zones: multiple or no regions gotten from zones, got: map[europe-west1:{} us-central1:{}]"),
                new Case("GCE PD zones not parsable", gce("disk").editMetadata().addToLabels(ZONE, "zone-a__zone-c").endMetadata().build(),
                        null, null, null, "failed to get region from zones: zone in unexpected format, expected: {locale}-{region}-{zone}, got: zone-a"),
                new Case("GCE PD affinity key replaced, beta region made GA", nodeAffinity(gce("disk"), BETA_ZONE, "us-central1-a")
                        .editSpec().editNodeAffinity().editRequired().editFirstNodeSelectorTerm().addToMatchExpressions(new NodeSelectorRequirement(BETA_REGION, "In", List.of("us-central1")))
                        .endNodeSelectorTerm().endRequired().endNodeAffinity().endSpec().build(),
                        "pd.csi.storage.gke.io", "projects/UNSPECIFIED/zones/UNSPECIFIED/disks/disk",
                        List.of(gke + " In [us-central1-a], " + CsiTranslation.LABEL_REGION + " In [us-central1]"), null),
                new Case("GCE PD zone label added to every hostname term", nodeAffinity(gce("disk"), "kubernetes.io/hostname", "n1")
                        .editMetadata().addToLabels(ZONE, "us-central1-a").endMetadata().build(),
                        "pd.csi.storage.gke.io", "projects/UNSPECIFIED/zones/us-central1-a/disks/disk",
                        List.of("kubernetes.io/hostname In [n1], " + gke + " In [us-central1-a]"), null),
                new Case("EBS aws:// id", ebs("aws://us-east-1a/vol-123").build(), "ebs.csi.aws.com", "vol-123", null, null),
                new Case("EBS plain id with zone label", ebs("vol-123").editMetadata().addToLabels(BETA_ZONE, "us-east-1a").endMetadata().build(),
                        "ebs.csi.aws.com", "vol-123", List.of(aws + " In [us-east-1a]"), null),
                new Case("EBS malformed aws:// id", ebs("aws://us-east-1a/disk-1").build(), null, null, null,
                        "failed to translate Kubernetes ID to EBS Volume ID Invalid format for AWS volume (aws://us-east-1a/disk-1)"),
                new Case("Azure disk of default kind", pv("az", "", "1Gi").editSpec().withNewAzureDisk().withDiskName("d").withDiskURI("uri").endAzureDisk().endSpec().build(),
                        null, null, null, "kind(Shared) is not supported in csi migration"),
                new Case("Azure managed disk", pv("az", "", "1Gi").editSpec().withNewAzureDisk().withDiskName("d").withDiskURI("uri").withKind("Managed").endAzureDisk().endSpec().build(),
                        "disk.csi.azure.com", "uri", null, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void translatePv(Case c) {
        CsiTranslation.Translated t = CsiTranslation.translate(c.pv);
        assertEquals(c.error, t.error());
        assertEquals(c.driver, t.driver());
        assertEquals(c.handle, t.volumeHandle());
        if (c.error == null) {
            assertEquals(c.affinity, render(t));
        }
    }

    private static List<String> render(CsiTranslation.Translated t) {
        if (t.nodeAffinity() == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (NodeSelectorTerm term : t.nodeAffinity().getNodeSelectorTerms()) {
            List<String> reqs = new ArrayList<>();
            for (NodeSelectorRequirement r : term.getMatchExpressions()) {
                reqs.add(r.getKey() + " " + r.getOperator() + " " + r.getValues());
            }
            out.add(String.join(", ", reqs));
        }
        return out;
    }

    @Test
    void translationDoesNotTouchThePv() {
        PersistentVolume p = nodeAffinity(gce("disk"), ZONE, "us-central1-a").build();
        CsiTranslation.translate(p);
        assertEquals(ZONE, p.getSpec().getNodeAffinity().getRequired().getNodeSelectorTerms().get(0).getMatchExpressions().get(0).getKey());
    }

    @Test
    void ebsVolumeIds() {
        assertArrayEquals(new String[] {"vol-1", null}, CsiTranslation.ebsVolumeId("aws:///vol-1"));
        assertArrayEquals(new String[] {"anything", null}, CsiTranslation.ebsVolumeId("anything"));
        assertNull(CsiTranslation.ebsVolumeId("aws://zone/")[0]);
    }
}
