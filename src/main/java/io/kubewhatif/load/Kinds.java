package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.node.v1.RuntimeClass;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.kubernetes.api.model.storage.CSIDriver;
import io.fabric8.kubernetes.api.model.storage.CSINode;
import io.fabric8.kubernetes.api.model.storage.CSIStorageCapacity;
import io.fabric8.kubernetes.api.model.storage.StorageClass;

import java.util.Map;

/** The kinds kube-whatif reads: apiVersion/kind → fabric8 type, and which are cluster-scoped. */
public final class Kinds {
    public record Kind(String apiVersion, String kind, Class<? extends HasMetadata> type, boolean clusterScoped) {
    }

    private static final Map<String, Kind> KINDS = Map.ofEntries(
            k("v1", "Node", Node.class, true),
            k("v1", "Pod", Pod.class, false),
            k("v1", "Namespace", Namespace.class, true),
            k("v1", "Service", Service.class, false),
            k("v1", "PersistentVolume", PersistentVolume.class, true),
            k("v1", "PersistentVolumeClaim", PersistentVolumeClaim.class, false),
            k("v1", "ReplicationController", ReplicationController.class, false),
            k("apps/v1", "ReplicaSet", ReplicaSet.class, false),
            k("apps/v1", "StatefulSet", StatefulSet.class, false),
            k("apps/v1", "Deployment", Deployment.class, false),
            k("apps/v1", "DaemonSet", DaemonSet.class, false),
            k("batch/v1", "Job", Job.class, false),
            k("batch/v1", "CronJob", CronJob.class, false),
            k("policy/v1", "PodDisruptionBudget", PodDisruptionBudget.class, false),
            k("storage.k8s.io/v1", "StorageClass", StorageClass.class, true),
            k("storage.k8s.io/v1", "CSINode", CSINode.class, true),
            k("storage.k8s.io/v1", "CSIDriver", CSIDriver.class, true),
            k("storage.k8s.io/v1", "CSIStorageCapacity", CSIStorageCapacity.class, false),
            k("scheduling.k8s.io/v1", "PriorityClass", PriorityClass.class, true),
            k("node.k8s.io/v1", "RuntimeClass", RuntimeClass.class, true),
            k("resource.k8s.io/v1", "ResourceClaim", ResourceClaim.class, false),
            k("resource.k8s.io/v1", "ResourceClaimTemplate", ResourceClaimTemplate.class, false),
            k("resource.k8s.io/v1", "ResourceSlice", ResourceSlice.class, true),
            k("resource.k8s.io/v1", "DeviceClass", DeviceClass.class, true));

    private Kinds() {
    }

    private static Map.Entry<String, Kind> k(String apiVersion, String kind, Class<? extends HasMetadata> type, boolean clusterScoped) {
        return Map.entry(apiVersion + "/" + kind, new Kind(apiVersion, kind, type, clusterScoped));
    }

    /** Every kind kube-whatif reads. */
    public static java.util.Collection<Kind> all() {
        return KINDS.values();
    }

    /** The known kind, or null. */
    public static Kind lookup(String apiVersion, String kind) {
        return KINDS.get(apiVersion + "/" + kind);
    }

    /** Whether some apiVersion of this kind is known (to say "wrong apiVersion" rather than "unknown kind"). */
    public static String knownApiVersionOf(String kind) {
        for (Kind k : KINDS.values()) {
            if (k.kind().equals(kind)) {
                return k.apiVersion();
            }
        }
        return null;
    }
}
