package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.plugins.dynamicresources.ClaimTemplates;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Missing;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Objects the pod names that do not exist: a PersistentVolumeClaim, the StorageClass of an unbound claim, a
 * ResourceClaim or ResourceClaimTemplate, the DeviceClass of a claim's request. No node change can help such a pod;
 * creating minimal objects can, and is suggested when a re-run with the objects added places the pod. A claim or
 * template is only written when something implies its requests ({@link DeviceManifests}); otherwise the missing entry
 * says what the user must write.
 */
final class MissingObjects {
    private static final String DEFAULT_CLASS = "storageclass.kubernetes.io/is-default-class";

    private final Search search;
    private final List<Missing> missing = new ArrayList<>();
    /** The claims the resourceclaim controller would generate from created templates (for the verifying cycle only). */
    private final List<HasMetadata> generated = new ArrayList<>();

    MissingObjects(Search search) {
        this.search = search;
    }

    /** The missing objects found by {@link #run}, as {@code Kind namespace/name}, each with what names it. */
    List<Missing> missing() {
        return missing;
    }

    /** Records a missing object; one that several objects name is listed once, with every one of them. */
    private void missing(String object, String namedBy) {
        for (int i = 0; i < missing.size(); i++) {
            Missing m = missing.get(i);
            if (m.object().equals(object)) {
                if (!m.namedBy().equals(namedBy)) {
                    missing.set(i, new Missing(object, m.namedBy() + " and " + namedBy));
                }
                return;
            }
        }
        missing.add(new Missing(object, namedBy));
    }

    private boolean isMissing(String object) {
        return missing.stream().anyMatch(m -> m.object().equals(object));
    }

    void run() throws FrameworkException {
        Pod target = search.target;
        String ns = target.getMetadata().getNamespace();
        List<HasMetadata> creates = new ArrayList<>();
        List<String> what = new ArrayList<>();
        java.util.Set<String> claims = new java.util.HashSet<>();
        for (Volume v : target.getSpec().getVolumes() == null ? List.<Volume>of() : target.getSpec().getVolumes()) {
            if (v.getPersistentVolumeClaim() == null || v.getPersistentVolumeClaim().getClaimName() == null) {
                continue;
            }
            String claim = v.getPersistentVolumeClaim().getClaimName();
            if (!claims.add(claim)) {
                continue; // two volumes of one claim: one claim to create
            }
            PersistentVolumeClaim pvc = find(PersistentVolumeClaim.class, ns, claim);
            if (pvc == null) {
                missing("PersistentVolumeClaim " + ns + "/" + claim, Missing.POD);
                StorageClass cls = defaultClass();
                creates.add(claim(ns, claim, cls == null ? null : cls.getMetadata().getName()));
                what.add("PersistentVolumeClaim " + ns + "/" + claim);
                continue;
            }
            String cls = pvc.getSpec() == null ? null : pvc.getSpec().getStorageClassName();
            boolean bound = pvc.getSpec() != null && pvc.getSpec().getVolumeName() != null && !pvc.getSpec().getVolumeName().isEmpty();
            if (!bound && cls != null && !cls.isEmpty() && find(StorageClass.class, null, cls) == null) {
                missing("StorageClass " + cls, "PersistentVolumeClaim " + ns + "/" + claim);
                StorageClass like = defaultClass();
                if (like != null && creates.stream().noneMatch(o -> o instanceof StorageClass s && s.getMetadata().getName().equals(cls))) {
                    creates.add(storageClass(cls, like));
                    what.add("StorageClass " + cls + " (like " + like.getMetadata().getName() + ")");
                }
            }
        }
        Pod verified = devices(target, ns, creates, what);
        if (creates.isEmpty()) {
            return;
        }
        List<HasMetadata> copy = new ArrayList<>(search.cluster);
        copy.addAll(creates);
        copy.addAll(generated);
        Search.Verified v = search.verifyCluster(copy, search.before, verified);
        if (v != null) {
            List<Change> changes = new ArrayList<>();
            for (String w : what) {
                changes.add(new Change(w.replaceAll(" \\(.*\\)$", ""), "", null, "created"));
            }
            search.keep(new Candidate(Kind.CREATE, Rank.CREATE, creates.size(), "create " + String.join(" and ", what), changes, List.of(), null,
                    List.copyOf(creates), null), v);
        }
    }

    /**
     * The pod's missing DRA objects: each claim or template gets a manifest when its requests can be inferred (else
     * the missing entry says what to write), each missing DeviceClass one by name. Returns the pod as the cycle that
     * verifies the creation sees it: a template's claim generated (as the resourceclaim controller does) and
     * recorded in the pod's status.
     */
    private Pod devices(Pod target, String ns, List<HasMetadata> creates, List<String> what) {
        List<PodResourceClaim> refs = target.getSpec().getResourceClaims() == null ? List.of() : target.getSpec().getResourceClaims();
        DeviceClaim sibling = null;
        for (PodResourceClaim rc : refs) {
            DeviceClaim d = existingDevices(rc, ns);
            if (d != null && sibling == null) {
                sibling = d;
            }
            if (d != null) {
                deviceClasses(d, claimName(rc, ns), creates, what);
            }
        }
        List<DeviceClass> classes = new ArrayList<>();
        for (HasMetadata o : search.cluster) {
            if (o instanceof DeviceClass dc) {
                classes.add(dc);
            }
        }
        String onlyClass = classes.size() == 1 ? classes.get(0).getMetadata().getName() : null;
        Pod pod = target;
        for (PodResourceClaim rc : refs) {
            boolean isTemplate = rc.getResourceClaimName() == null && rc.getResourceClaimTemplateName() != null;
            String name = isTemplate ? rc.getResourceClaimTemplateName() : rc.getResourceClaimName();
            if (name == null || exists(rc, ns)) {
                continue;
            }
            String kind = isTemplate ? "ResourceClaimTemplate" : "ResourceClaim";
            List<DeviceRequest> requests = DeviceManifests.requests(target, rc, sibling, onlyClass);
            if (requests == null) {
                missing(kind + " " + ns + "/" + name + " (write its devices.requests: nothing in the snapshot implies them)", Missing.POD);
                continue;
            }
            missing(kind + " " + ns + "/" + name, Missing.POD);
            HasMetadata made;
            if (isTemplate) {
                ResourceClaimTemplate t = DeviceManifests.template(ns, name, requests);
                made = t;
                if (pod == target) {
                    pod = PodEdits.copy(target);
                }
                ResourceClaim claim = ClaimTemplates.instantiate(pod, rc.getName(), t, "whatif");
                generated.add(claim);
                if (pod.getStatus() == null) {
                    pod.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
                }
                List<PodResourceClaimStatus> st = pod.getStatus().getResourceClaimStatuses() == null ? new ArrayList<>()
                        : new ArrayList<>(pod.getStatus().getResourceClaimStatuses());
                st.add(ClaimTemplates.status(rc.getName(), claim));
                pod.getStatus().setResourceClaimStatuses(st);
            } else {
                made = DeviceManifests.claim(ns, name, requests);
            }
            creates.add(made);
            what.add(kind + " " + ns + "/" + name + " (" + describe(requests) + ")");
            DeviceClaim d = new DeviceClaim();
            d.setRequests(requests);
            deviceClasses(d, kind + " " + ns + "/" + name, creates, what);
        }
        return pod;
    }

    /** {@code ResourceClaim ns/name} or {@code ResourceClaimTemplate ns/name}: the object a pod's claim entry names. */
    private static String claimName(PodResourceClaim rc, String ns) {
        return rc.getResourceClaimName() != null ? "ResourceClaim " + ns + "/" + rc.getResourceClaimName()
                : "ResourceClaimTemplate " + ns + "/" + rc.getResourceClaimTemplateName();
    }

    /** The device requests of an existing claim (or template) the entry names, or null. */
    private DeviceClaim existingDevices(PodResourceClaim rc, String ns) {
        if (rc.getResourceClaimName() != null) {
            ResourceClaim c = find(ResourceClaim.class, ns, rc.getResourceClaimName());
            return c == null || c.getSpec() == null ? null : c.getSpec().getDevices();
        }
        if (rc.getResourceClaimTemplateName() != null) {
            ResourceClaimTemplate t = find(ResourceClaimTemplate.class, ns, rc.getResourceClaimTemplateName());
            return t == null || t.getSpec() == null || t.getSpec().getSpec() == null ? null : t.getSpec().getSpec().getDevices();
        }
        return null;
    }

    private boolean exists(PodResourceClaim rc, String ns) {
        return rc.getResourceClaimName() != null ? find(ResourceClaim.class, ns, rc.getResourceClaimName()) != null
                : find(ResourceClaimTemplate.class, ns, rc.getResourceClaimTemplateName()) != null;
    }

    /** {@code requests 1 device(s) of gpu.example.com}, per request. */
    private static String describe(List<DeviceRequest> requests) {
        List<String> parts = new ArrayList<>();
        for (DeviceRequest r : requests) {
            if (r.getExactly() != null) {
                ExactDeviceRequest e = r.getExactly();
                String n = "All".equals(e.getAllocationMode()) ? "all devices" : (e.getCount() == null ? 1 : e.getCount()) + " device(s)";
                parts.add(n + " of " + e.getDeviceClassName());
            } else if (r.getFirstAvailable() != null && !r.getFirstAvailable().isEmpty()) {
                parts.add("the first available of " + r.getFirstAvailable().size() + " alternatives");
            }
        }
        return "requesting " + String.join(" and ", parts);
    }

    /** The DeviceClasses a claim's requests name that do not exist: each is created by name. */
    private void deviceClasses(DeviceClaim devices, String claim, List<HasMetadata> creates, List<String> what) {
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
            if (n != null && !n.isEmpty() && find(DeviceClass.class, null, n) == null) {
                boolean known = isMissing("DeviceClass " + n);
                missing("DeviceClass " + n, claim);
                if (known) {
                    continue;
                }
                DeviceClass dc = DeviceManifests.deviceClass(n, search.cluster);
                creates.add(dc);
                what.add("DeviceClass " + n + (dc.getSpec().getSelectors() == null || dc.getSpec().getSelectors().isEmpty()
                        ? " (no selectors: it matches every device; narrow it to the devices it is meant for)"
                        : " (selecting the devices of driver " + n + ")"));
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
