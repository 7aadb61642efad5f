package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Objects the pod names that do not exist: a PersistentVolumeClaim, the StorageClass of an unbound claim, a
 * ResourceClaim or ResourceClaimTemplate, the DeviceClass of a claim's request. No node change can help such a pod;
 * creating a minimal object can, and is suggested for claims and StorageClasses when a re-run with the object added
 * places the pod (a device claim or class cannot be written without knowing the devices: it is named only).
 */
final class MissingObjects {
    private static final String DEFAULT_CLASS = "storageclass.kubernetes.io/is-default-class";

    private final Search search;
    private final List<String> missing = new ArrayList<>();

    MissingObjects(Search search) {
        this.search = search;
    }

    /** The missing objects found by {@link #run}, as {@code Kind namespace/name}. */
    List<String> missing() {
        return missing;
    }

    void run() throws FrameworkException {
        Pod target = search.target;
        String ns = target.getMetadata().getNamespace();
        List<HasMetadata> creates = new ArrayList<>();
        List<String> what = new ArrayList<>();
        for (Volume v : target.getSpec().getVolumes() == null ? List.<Volume>of() : target.getSpec().getVolumes()) {
            if (v.getPersistentVolumeClaim() == null || v.getPersistentVolumeClaim().getClaimName() == null) {
                continue;
            }
            String claim = v.getPersistentVolumeClaim().getClaimName();
            PersistentVolumeClaim pvc = find(PersistentVolumeClaim.class, ns, claim);
            if (pvc == null) {
                missing.add("PersistentVolumeClaim " + ns + "/" + claim);
                StorageClass cls = defaultClass();
                creates.add(claim(ns, claim, cls == null ? null : cls.getMetadata().getName()));
                what.add("PersistentVolumeClaim " + ns + "/" + claim);
                continue;
            }
            String cls = pvc.getSpec() == null ? null : pvc.getSpec().getStorageClassName();
            boolean bound = pvc.getSpec() != null && pvc.getSpec().getVolumeName() != null && !pvc.getSpec().getVolumeName().isEmpty();
            if (!bound && cls != null && !cls.isEmpty() && find(StorageClass.class, null, cls) == null) {
                missing.add("StorageClass " + cls);
                StorageClass like = defaultClass();
                if (like != null && creates.stream().noneMatch(o -> o instanceof StorageClass s && s.getMetadata().getName().equals(cls))) {
                    creates.add(storageClass(cls, like));
                    what.add("StorageClass " + cls + " (like " + like.getMetadata().getName() + ")");
                }
            }
        }
        for (PodResourceClaim rc : target.getSpec().getResourceClaims() == null ? List.<PodResourceClaim>of() : target.getSpec().getResourceClaims()) {
            if (rc.getResourceClaimName() != null) {
                ResourceClaim claim = find(ResourceClaim.class, ns, rc.getResourceClaimName());
                if (claim == null) {
                    missing.add("ResourceClaim " + ns + "/" + rc.getResourceClaimName());
                } else if (claim.getSpec() != null) {
                    deviceClasses(claim.getSpec().getDevices());
                }
            } else if (rc.getResourceClaimTemplateName() != null) {
                ResourceClaimTemplate t = find(ResourceClaimTemplate.class, ns, rc.getResourceClaimTemplateName());
                if (t == null) {
                    missing.add("ResourceClaimTemplate " + ns + "/" + rc.getResourceClaimTemplateName());
                } else if (t.getSpec() != null && t.getSpec().getSpec() != null) {
                    deviceClasses(t.getSpec().getSpec().getDevices());
                }
            }
        }
        if (creates.isEmpty()) {
            return;
        }
        List<HasMetadata> copy = new ArrayList<>(search.cluster);
        copy.addAll(creates);
        Search.Verified v = search.verifyCluster(copy, search.before, target);
        if (v != null) {
            List<Change> changes = new ArrayList<>();
            for (String w : what) {
                changes.add(new Change(w.replaceAll(" \\(like .*\\)$", ""), "", null, "created"));
            }
            search.keep(new Candidate(Kind.CREATE, Rank.CREATE, creates.size(), "create " + String.join(" and ", what), changes, List.of(), null,
                    List.copyOf(creates), null), v);
        }
    }

    /** The DeviceClasses a claim's requests name that do not exist. */
    private void deviceClasses(DeviceClaim devices) {
        if (devices == null || devices.getRequests() == null) {
            return;
        }
        List<String> names = new ArrayList<>();
        for (DeviceRequest r : devices.getRequests()) {
            if (r.getExactly() != null) {
                names.add(r.getExactly().getDeviceClassName());
            }
            if (r.getFirstAvailable() != null) {
                for (DeviceSubRequest sub : r.getFirstAvailable()) {
                    names.add(sub.getDeviceClassName());
                }
            }
        }
        for (String n : names) {
            if (n != null && !n.isEmpty() && find(DeviceClass.class, null, n) == null && !missing.contains("DeviceClass " + n)) {
                missing.add("DeviceClass " + n);
            }
        }
    }

    /** A minimal claim: ReadWriteOnce, 1Gi, of the default StorageClass (named, as admission would). */
    private static PersistentVolumeClaim claim(String ns, String name, String storageClass) {
        return new PersistentVolumeClaimBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                .withNewSpec().withAccessModes("ReadWriteOnce").withStorageClassName(storageClass).withNewResources()
                .withRequests(Map.of("storage", new Quantity("1Gi"))).endResources().endSpec().build();
    }

    /** The default class (else the first one), which a new claim gets and a new class is shaped like; null when there is none. */
    private StorageClass defaultClass() {
        StorageClass like = null;
        for (HasMetadata o : search.cluster) {
            if (o instanceof StorageClass sc) {
                boolean isDefault = sc.getMetadata().getAnnotations() != null && "true".equals(sc.getMetadata().getAnnotations().get(DEFAULT_CLASS));
                if (like == null || isDefault) {
                    like = sc;
                }
                if (isDefault) {
                    break;
                }
            }
        }
        return like;
    }

    /** A class named {@code name} with the provisioner, parameters and binding mode of {@code like}. */
    private static StorageClass storageClass(String name, StorageClass like) {
        StorageClass sc = new StorageClassBuilder().withMetadata(new ObjectMeta()).withProvisioner(like.getProvisioner())
                .withVolumeBindingMode(like.getVolumeBindingMode()).withParameters(like.getParameters()).build();
        sc.getMetadata().setName(name);
        return sc;
    }

    private <T extends HasMetadata> T find(Class<T> type, String ns, String name) {
        for (HasMetadata o : search.cluster) {
            if (type.isInstance(o) && name.equals(o.getMetadata().getName()) && (ns == null || Objects.equals(ns, o.getMetadata().getNamespace()))) {
                return type.cast(o);
            }
        }
        return null;
    }
}
