package io.kubewhatif.engine.plugins.storage;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TopologySelectorLabelRequirement;
import io.fabric8.kubernetes.api.model.TopologySelectorTerm;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.storage.CSINode;
import io.fabric8.kubernetes.api.model.storage.CSINodeBuilder;
import io.fabric8.kubernetes.api.model.storage.CSINodeDriver;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.api.model.storage.VolumeNodeResources;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import io.kubewhatif.engine.testing.SnapshotHandle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test builders for storage objects, pods with volumes, and a snapshot-backed {@link Handle}. */
public final class VolumeFixtures {
    private VolumeFixtures() {
    }

    // ---- pods

    public static Volume claimVolume(String volumeName, String claimName) {
        return new VolumeBuilder().withName(volumeName).withNewPersistentVolumeClaim().withClaimName(claimName).endPersistentVolumeClaim().build();
    }

    public static Volume ephemeralVolume(String volumeName) {
        return new VolumeBuilder().withName(volumeName).withNewEphemeral().withNewVolumeClaimTemplate().withNewSpec().endSpec().endVolumeClaimTemplate().endEphemeral().build();
    }

    /** A pod using the claims, one volume per claim. */
    public static Fixtures.PodFixture podWithClaims(String name, String... claims) {
        Fixtures.PodFixture f = Fixtures.pod(name);
        for (String c : claims) {
            f.edit().editSpec().addToVolumes(claimVolume("vol-" + c, c)).endSpec();
        }
        return f;
    }

    public static Fixtures.PodFixture podWithVolumes(String name, Volume... volumes) {
        Fixtures.PodFixture f = Fixtures.pod(name);
        f.edit().editSpec().addToVolumes(volumes).endSpec();
        return f;
    }

    // ---- claims and volumes

    public static PersistentVolumeClaimBuilder pvc(String name, String storageClass, String size, String... accessModes) {
        PersistentVolumeClaimBuilder b = new PersistentVolumeClaimBuilder()
                .withNewMetadata().withName(name).withNamespace("default").withUid("default/" + name).endMetadata()
                .withNewSpec().withStorageClassName(storageClass).withAccessModes(accessModes.length == 0 ? List.of("ReadWriteOnce") : Arrays.asList(accessModes))
                .withNewResources().withRequests(size == null ? null : new HashMap<>(Map.of("storage", new Quantity(size)))).endResources()
                .endSpec().withNewStatus().withPhase("Pending").endStatus();
        return b;
    }

    /** A claim bound to the PV with the loader's bind-completed annotation. */
    public static PersistentVolumeClaim boundPvc(String name, String storageClass, String pvName, String... accessModes) {
        return pvc(name, storageClass, "1Gi", accessModes)
                .editMetadata().addToAnnotations(StorageHelpers.ANN_BIND_COMPLETED, "yes").endMetadata()
                .editSpec().withVolumeName(pvName).endSpec()
                .editStatus().withPhase("Bound").endStatus().build();
    }

    /** An Available local-style PV of the class. */
    public static PersistentVolumeBuilder pv(String name, String storageClass, String size, String... accessModes) {
        return new PersistentVolumeBuilder()
                .withNewMetadata().withName(name).withUid(name).endMetadata()
                .withNewSpec().withStorageClassName(storageClass).withCapacity(new HashMap<>(Map.of("storage", new Quantity(size))))
                .withAccessModes(accessModes.length == 0 ? List.of("ReadWriteOnce") : Arrays.asList(accessModes))
                .endSpec().withNewStatus().withPhase("Available").endStatus();
    }

    /** A PV bound to default/claim. */
    public static PersistentVolumeBuilder boundPv(String name, String claim) {
        return pv(name, "", "1Gi").editSpec().withNewClaimRef().withNamespace("default").withName(claim).withUid("default/" + claim).endClaimRef().endSpec()
                .editStatus().withPhase("Bound").endStatus();
    }

    /** Required node affinity of one term: key In values. */
    public static PersistentVolumeBuilder nodeAffinity(PersistentVolumeBuilder b, String key, String... values) {
        return b.editSpec().withNewNodeAffinity().withNewRequired()
                .withNodeSelectorTerms(new NodeSelectorTermBuilder().withMatchExpressions(new NodeSelectorRequirement(key, "In", Arrays.asList(values))).build())
                .endRequired().endNodeAffinity().endSpec();
    }

    public static StorageClass storageClass(String name, String provisioner, String bindingMode) {
        return new StorageClassBuilder().withNewMetadata().withName(name).endMetadata()
                .withProvisioner(provisioner).withVolumeBindingMode(bindingMode).build();
    }

    public static StorageClass storageClass(String name, String provisioner, String bindingMode, String topologyKey, String... values) {
        StorageClass sc = storageClass(name, provisioner, bindingMode);
        sc.setAllowedTopologies(new ArrayList<>(List.of(new TopologySelectorTerm(List.of(new TopologySelectorLabelRequirement(topologyKey, Arrays.asList(values)))))));
        return sc;
    }

    /** A CSINode; drivers as name → allocatable count (null: no limit). */
    public static CSINode csiNode(String node, Map<String, Integer> drivers, String migratedPlugins) {
        List<CSINodeDriver> ds = new ArrayList<>();
        for (Map.Entry<String, Integer> e : drivers.entrySet()) {
            CSINodeDriver d = new CSINodeDriver();
            d.setName(e.getKey());
            d.setNodeID(node);
            if (e.getValue() != null) {
                d.setAllocatable(new VolumeNodeResources(e.getValue()));
            }
            ds.add(d);
        }
        CSINodeBuilder b = new CSINodeBuilder().withNewMetadata().withName(node).endMetadata().withNewSpec().withDrivers(ds).endSpec();
        if (migratedPlugins != null) {
            b.editMetadata().addToAnnotations(StorageHelpers.MIGRATED_PLUGINS_ANNOTATION, migratedPlugins).endMetadata();
        }
        return b.build();
    }

    /** Marks the claim as created for the pod (the generic ephemeral volume's owner). */
    public static PersistentVolumeClaim ownedBy(PersistentVolumeClaim pvc, PodInfo pod) {
        pvc.getMetadata().setOwnerReferences(new ArrayList<>(List.of(new OwnerReferenceBuilder()
                .withApiVersion("v1").withKind("Pod").withName(pod.name()).withUid(pod.uid()).withController(true).build())));
        return pvc;
    }

    // ---- snapshot and handle

    public static ClusterSnapshot snapshot(List<NodeInfo> nodes, List<? extends HasMetadata> objects) {
        Map<Class<?>, LinkedHashMap<String, HasMetadata>> m = new HashMap<>();
        ClusterSnapshot s = new ClusterSnapshot(nodes, m, List.of());
        for (HasMetadata o : objects) {
            s.put(o);
        }
        return s;
    }

    public static Handle handle(ClusterSnapshot snapshot) {
        return new SnapshotHandle(snapshot);
    }
}
