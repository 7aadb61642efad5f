package io.kubewhatif.engine.plugins.storage;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.TopologySelectorLabelRequirement;
import io.fabric8.kubernetes.api.model.TopologySelectorTerm;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.PodResources;
import io.kubewhatif.engine.util.NodeSelectorMatcher;
import io.kubewhatif.engine.util.QuantityFormatException;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The storage helpers the volume plugins share (component-helpers storage/volume and storage/ephemeral, plus the
 * lister error texts), over fabric8 objects.
 */
public final class StorageHelpers {
    public static final String ANN_BIND_COMPLETED = "pv.kubernetes.io/bind-completed";
    public static final String ANN_BOUND_BY_CONTROLLER = "pv.kubernetes.io/bound-by-controller";
    public static final String ANN_SELECTED_NODE = "volume.kubernetes.io/selected-node";
    public static final String BETA_STORAGE_CLASS_ANNOTATION = "volume.beta.kubernetes.io/storage-class";
    public static final String MIGRATED_PLUGINS_ANNOTATION = "storage.alpha.kubernetes.io/migrated-plugins";
    public static final String NOT_SUPPORTED_PROVISIONER = "kubernetes.io/no-provisioner";
    public static final String WAIT_FOR_FIRST_CONSUMER = "WaitForFirstConsumer";

    /** Group-qualified resource names as the listers' NotFound errors spell them. */
    public static final String RESOURCE_PVC = "persistentvolumeclaim";
    public static final String RESOURCE_PV = "persistentvolume";
    public static final String RESOURCE_STORAGE_CLASS = "storageclass.storage.k8s.io";

    private StorageHelpers() {
    }

    /** The text of a lister's NotFound error: {@code persistentvolumeclaim "x" not found}. */
    public static String notFound(String resource, String name) {
        return resource + " \"" + name + "\" not found";
    }

    public static Map<String, String> annotations(HasMetadata o) {
        Map<String, String> a = o.getMetadata().getAnnotations();
        return a == null ? Map.of() : a;
    }

    public static Map<String, String> labels(HasMetadata o) {
        Map<String, String> l = o.getMetadata().getLabels();
        return l == null ? Map.of() : l;
    }

    /** The claim's storage class; the beta annotation wins over the field, "" when neither is set. */
    public static String claimClass(PersistentVolumeClaim pvc) {
        Map<String, String> a = annotations(pvc);
        if (a.containsKey(BETA_STORAGE_CLASS_ANNOTATION)) {
            return a.get(BETA_STORAGE_CLASS_ANNOTATION);
        }
        String c = pvc.getSpec() == null ? null : pvc.getSpec().getStorageClassName();
        return c == null ? "" : c;
    }

    public static String volumeClass(PersistentVolume pv) {
        Map<String, String> a = annotations(pv);
        if (a.containsKey(BETA_STORAGE_CLASS_ANNOTATION)) {
            return a.get(BETA_STORAGE_CLASS_ANNOTATION);
        }
        String c = pv.getSpec() == null ? null : pv.getSpec().getStorageClassName();
        return c == null ? "" : c;
    }

    public static String volumeName(PersistentVolumeClaim pvc) {
        String v = pvc.getSpec() == null ? null : pvc.getSpec().getVolumeName();
        return v == null ? "" : v;
    }

    /** Bound and past the controller's initial setup: spec.volumeName set and the bind-completed annotation. */
    public static boolean isFullyBound(PersistentVolumeClaim pvc) {
        return !volumeName(pvc).isEmpty() && annotations(pvc).containsKey(ANN_BIND_COMPLETED);
    }

    /** WaitForFirstConsumer; callers first reject a class without a mode ({@link #bindingModeNotSet}). */
    public static boolean isWaitForFirstConsumer(StorageClass sc) {
        return WAIT_FOR_FIRST_CONSUMER.equals(sc.getVolumeBindingMode());
    }

    /**
     * The error of IsDelayBindingMode and VolumeZone for a class without {@code volumeBindingMode}, null when it has
     * one. The API server would default it to Immediate; the scheduler, given the object without it, fails.
     */
    public static String bindingModeNotSet(StorageClass sc) {
        return sc.getVolumeBindingMode() != null ? null
                : "VolumeBindingMode not set for StorageClass \"" + sc.getMetadata().getName() + "\"";
    }

    public static List<String> accessModes(PersistentVolumeClaim pvc) {
        List<String> m = pvc.getSpec() == null ? null : pvc.getSpec().getAccessModes();
        return m == null ? List.of() : m;
    }

    public static List<String> accessModes(PersistentVolume pv) {
        List<String> m = pv.getSpec() == null ? null : pv.getSpec().getAccessModes();
        return m == null ? List.of() : m;
    }

    /** The claim's storage request in bytes-exact decimal; zero when absent. */
    public static BigDecimal requestedStorage(PersistentVolumeClaim pvc) {
        if (pvc.getSpec() == null || pvc.getSpec().getResources() == null || pvc.getSpec().getResources().getRequests() == null) {
            return BigDecimal.ZERO;
        }
        return quantity(pvc.getSpec().getResources().getRequests().get("storage"));
    }

    public static boolean hasStorageRequest(PersistentVolumeClaim pvc) {
        return pvc.getSpec() != null && pvc.getSpec().getResources() != null && pvc.getSpec().getResources().getRequests() != null
                && pvc.getSpec().getResources().getRequests().containsKey("storage");
    }

    public static BigDecimal capacity(PersistentVolume pv) {
        if (pv.getSpec() == null || pv.getSpec().getCapacity() == null) {
            return BigDecimal.ZERO;
        }
        return quantity(pv.getSpec().getCapacity().get("storage"));
    }

    public static BigDecimal quantity(io.fabric8.kubernetes.api.model.Quantity q) {
        try {
            return PodResources.parse(q);
        } catch (QuantityFormatException e) {
            return BigDecimal.ZERO;
        }
    }

    /** The generic ephemeral volume's claim name: {@code <pod>-<volume>}. */
    public static String ephemeralClaimName(Pod pod, Volume v) {
        return pod.getMetadata().getName() + "-" + v.getName();
    }

    /** Null when the claim was created for the pod (same namespace, controlled by it), else the upstream error text. */
    public static String ephemeralClaimOwnershipError(PodInfo pod, PersistentVolumeClaim pvc) {
        String pvcNs = pvc.getMetadata().getNamespace();
        if (!pod.namespace().equals(pvcNs) || !isControlledBy(pvc, pod.uid())) {
            return "PVC " + pvcNs + "/" + pvc.getMetadata().getName() + " was not created for pod " + pod.namespace() + "/" + pod.name() + " (pod is not owner)";
        }
        return null;
    }

    /** metav1.IsControlledBy: the first controller reference decides. */
    private static boolean isControlledBy(HasMetadata o, String ownerUid) {
        List<OwnerReference> refs = o.getMetadata().getOwnerReferences();
        if (refs == null) {
            return false;
        }
        for (OwnerReference r : refs) {
            if (Boolean.TRUE.equals(r.getController())) {
                return ownerUid.equals(r.getUid());
            }
        }
        return false;
    }

    /** PV node affinity as CheckNodeAffinity reads it: null when any node fits, else the required terms' matcher. */
    public static NodeSelectorMatcher nodeAffinity(PersistentVolume pv) {
        if (pv.getSpec() == null || pv.getSpec().getNodeAffinity() == null) {
            return null;
        }
        NodeSelector required = pv.getSpec().getNodeAffinity().getRequired();
        return required == null ? null : NodeSelectorMatcher.of(required);
    }

    /**
     * CheckNodeAffinity: the check sees only the node's labels (no name), so matchFields terms never constrain and
     * a term that fails to parse never matches.
     */
    public static boolean nodeAffinityMatches(NodeSelectorMatcher affinity, Map<String, String> nodeLabels) {
        return affinity == null || affinity.matches("", nodeLabels);
    }

    /** MatchTopologySelectorTerms: no terms match everything, an empty term nothing; terms are ORed. */
    public static boolean matchTopologySelectorTerms(List<TopologySelectorTerm> terms, Map<String, String> labels) {
        if (terms == null || terms.isEmpty()) {
            return true;
        }
        for (TopologySelectorTerm t : terms) {
            List<TopologySelectorLabelRequirement> reqs = t == null ? null : t.getMatchLabelExpressions();
            if (reqs == null || reqs.isEmpty() || !validTopologyTerm(reqs)) {
                continue;
            }
            boolean all = true;
            for (TopologySelectorLabelRequirement r : reqs) {
                String v = labels.get(r.getKey());
                if (v == null || !r.getValues().contains(v)) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /** labels.NewRequirement(key, In, values) rejects an empty key or an empty value list. */
    private static boolean validTopologyTerm(List<TopologySelectorLabelRequirement> reqs) {
        for (TopologySelectorLabelRequirement r : reqs) {
            if (r.getKey() == null || r.getKey().isEmpty() || r.getValues() == null || r.getValues().isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
