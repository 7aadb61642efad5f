package io.kubewhatif.engine.framework;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.HashMap;
import java.util.Map;

/**
 * Which pods of a sequence their controller would have created: a StatefulSet with {@code podManagementPolicy:
 * OrderedReady} (the default) creates its next pod only once the one before it is Running and Ready, so after a pod
 * of it that gets no node, its later pods do not exist (they wait for that one). A scheduled pod counts as Running and
 * Ready. {@code Parallel} StatefulSets and other workloads create all their pods at once.
 */
final class CreationOrder {
    /** Per ordered StatefulSet (namespace/name), its first pod of the sequence left without a node. */
    private final Map<String, PodInfo> blockedBy = new HashMap<>();
    private final ClusterSnapshot snapshot;

    CreationOrder(ClusterSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** The pod (namespace/name) this one waits for, or null when its controller would have created it. */
    String waitingFor(PodInfo pod) {
        String set = orderedStatefulSet(pod);
        PodInfo blocker = set == null ? null : blockedBy.get(set);
        return blocker == null || ordinal(pod) < ordinal(blocker) ? null : blocker.key();
    }

    /** Records how the pod's cycle ended. */
    void record(PodInfo pod, CycleReport report) {
        String set = orderedStatefulSet(pod);
        if (set != null && !report.bound()) {
            blockedBy.putIfAbsent(set, pod);
        }
    }

    private String orderedStatefulSet(PodInfo pod) {
        var refs = pod.pod().getMetadata().getOwnerReferences();
        if (refs == null) {
            return null;
        }
        for (OwnerReference r : refs) {
            if (Boolean.TRUE.equals(r.getController()) && "StatefulSet".equals(r.getKind())) {
                StatefulSet ss = snapshot.get(StatefulSet.class, pod.namespace(), r.getName());
                if (ss == null) {
                    return null;
                }
                String policy = ss.getSpec() == null ? null : ss.getSpec().getPodManagementPolicy();
                return policy == null || policy.isEmpty() || "OrderedReady".equals(policy) ? pod.namespace() + "/" + r.getName() : null;
            }
        }
        return null;
    }

    /** The pod's ordinal (its apps.kubernetes.io/pod-index label); without one, pods keep their sequence order. */
    private static long ordinal(PodInfo pod) {
        String index = pod.labels().get("apps.kubernetes.io/pod-index");
        try {
            return index == null ? Long.MAX_VALUE : Long.parseLong(index);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }
}
